// The first-move time of a live game (docs/protocol.md, "Clocks"): before a side's first move its main clock does
// not run; a first-move time does instead, and when it runs out the server aborts the game, naming that side.

import { formatClock } from './format.js';
import { t } from './i18n.js';

/** What the game page says about the first-move time running at server time `now`, for the reader in `seat`
 * (null for a spectator); null while none runs. */
export function firstMoveNotice(model, seat, now) {
  const left = model.firstMoveTimeLeft(now);
  if (left === null) return null;
  // In a simultaneous phase several clocks run: the reader's own first.
  if (seat && model.clockRunning(seat)) return t('game.firstMoveYours', { left: formatClock(left) });
  return t('game.firstMoveOther', { name: model.player(model.clocks.running).name, left: formatClock(left) });
}

/** The short note on `seat`'s player card while its first-move time runs (beside its clock, which waits); empty
 * otherwise. */
export function firstMoveNote(model, seat, now) {
  const left = model.clockRunning(seat) ? model.firstMoveTimeLeft(now) : null;
  return left === null ? '' : t('card.firstMove', { time: formatClock(left) });
}

/** The status line of a game the server aborted because a side did not make its first move in time; null for
 * any other game. */
export function noFirstMoveText(model, seat) {
  if (model.status !== 'aborted' || model.abortReason !== 'no_first_move' || !model.abortedBy) return null;
  if (model.abortedBy === seat) return t('game.abortedNoFirstMoveYou');
  return t('game.abortedNoFirstMove', { name: model.player(model.abortedBy).name });
}
