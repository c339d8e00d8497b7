// A seat of a game kind (kinds/index.js, `seats`) whose words are catalog keys, read in the page's language.

import { t } from '../i18n.js';

/**
 * A seat named by the texts of `nameKey`, `roleKey` and `choiceKey`. A role that names a place on the screen (the
 * goal a seat attacks) depends on which way up the reader sees the board: `roleKey` is then `{upright, turned}`,
 * the keys for the board as drawn (the first seat's side at the bottom) and half a turn around.
 */
export function seat(nameKey, roleKey, choiceKey) {
  const roleKeys = typeof roleKey === 'string' ? { upright: roleKey, turned: roleKey } : roleKey;
  return {
    get name() { return t(nameKey); },
    /** What the seat does, as a reader sees it on a board shown half a turn around or not (`turned`). */
    role: (turned) => t(turned ? roleKeys.turned : roleKeys.upright),
    get choice() { return t(choiceKey); },
  };
}
