// A seat of a game kind (kinds/index.js, `seats`) whose words are catalog keys, read in the page's language.

import { t } from '../i18n.js';

/** A seat named by the texts of `nameKey`, `roleKey` and `choiceKey`. */
export function seat(nameKey, roleKey, choiceKey) {
  return {
    get name() { return t(nameKey); },
    get role() { return t(roleKey); },
    get choice() { return t(choiceKey); },
  };
}
