// What the game page says about an offer to end the game (a draw, or the agreed end of agreed-end.js) that waits
// for the reader's answer or was declined: at a table of two it is the opponent's, at a larger one it names the
// player, since any of the others may have made or declined it.

import { t } from './i18n.js';

/** The texts of each offer: made to the reader, and declined, by the opponent or by a named player. */
const TEXTS = {
  draw: { offered: 'game.drawOfferedToYou', offeredBy: 'game.drawOfferedBy', declined: 'game.drawDeclined', declinedBy: 'game.drawDeclinedBy' },
  agreedEnd: {
    offered: 'game.agreedEndOfferedToYou', offeredBy: 'game.agreedEndOfferedBy',
    declined: 'game.agreedEndDeclined', declinedBy: 'game.agreedEndDeclinedBy',
  },
};

/** The banner's line for the standing offer of `kind` (`draw` or `agreedEnd`) that waits for the reader. */
export function offeredText(model, kind) {
  const texts = TEXTS[kind];
  if (model.seats().length === 2) return t(texts.offered);
  return t(texts.offeredBy, { name: model.player(model[`${kind}Offer`]).name });
}

/** The notice that `seat` declined the offer of `kind`, which has lapsed. */
export function declinedText(model, kind, seat) {
  const texts = TEXTS[kind];
  return model.seats().length === 2 ? t(texts.declined) : t(texts.declinedBy, { name: model.player(seat).name });
}
