// Rated or casual, as each form that starts a game asks it. Rated games need a registered account (the server
// refuses a guest with `registration_required`), so a guest sees Rated disabled and the reason beside it.

import { h } from '../dom.js';
import { choice } from '../forms.js';
import { t } from '../i18n.js';

/** Whether `account` may play rated games. */
export function mayPlayRated(account) {
  return Boolean(account) && !account.guest;
}

/** Why `account` may not play rated games, as a hint under the choice: one element, or none when it may. */
export function ratedHint(account) {
  return mayPlayRated(account) ? [] : [h('p', { class: 'hint rated-needs-account', text: t('lobby.ratedNeedsAccount') })];
}

/**
 * The Casual/Rated select named `name` for `account`, Rated chosen at first when `rated` and allowed.
 * `isRated()` is the choice.
 */
export function ratedChoice(name, account, { rated = false } = {}) {
  const allowed = mayPlayRated(account);
  const field = choice(t('lobby.games'), [
    { value: 'false', label: t('lobby.casual'), selected: !(allowed && rated) },
    { value: 'true', label: t('lobby.rated'), selected: allowed && rated, disabled: !allowed },
  ], { name });
  field.element.append(...ratedHint(account));
  return { element: field.element, isRated: () => field.input.value === 'true' };
}
