// The offer to end a game now and count it (the protocol's `agreed_end`), for kinds whose rules score an agreed
// end (`agreedEnd` in kinds/index.js): the button that offers it on one's own turn, and the banner with the
// opponent's offer and its answers. Its life is a draw offer's: it stands until answered or the opponent moves.

import { t } from './i18n.js';
import { h } from './dom.js';
import { offeredText } from './offers.js';

/** What the player of `seat` sees of the offer to end and count: `{buttons, banner}`, both empty for a kind
 * that does not offer it. `button(label, attributes, onClick)`, `ending(name, label, confirmLabel, attributes,
 * onConfirmed)` (a button that ends the game, pressed twice) and `act(type, fields, done)` are the page's. */
export function agreedEndControls(model, seat, { button, ending, act }) {
  const none = { buttons: [], banner: [] };
  if (!model.kind.agreedEnd) return none;
  const answer = (action) => () => act('agreed_end', { action });
  if (model.awaitsAnswer('agreedEnd', seat)) {
    return {
      buttons: [],
      banner: [h('p', { text: offeredText(model, 'agreedEnd') }), h('div', { class: 'button-row' },
        ending('accept-agreed-end', t('game.acceptAgreedEnd'), t('game.reallyAcceptAgreedEnd'),
          { class: 'primary', id: 'accept-agreed-end' }, answer('accept')),
        button(t('game.declineAgreedEnd'), { id: 'decline-agreed-end' }, answer('decline')))],
    };
  }
  if (model.agreedEndOffer) return { buttons: [button(t('game.agreedEndOfferedByYou'), { disabled: true }, () => {})], banner: [] };
  if (model.toAct() !== seat) return none;
  const offer = () => act('agreed_end', { action: 'offer' }, t('game.agreedEndOfferSent'));
  return { buttons: [button(t('game.offerAgreedEnd'), { id: 'offer-agreed-end' }, offer)], banner: [] };
}
