// A finished game's `result.ranks` read for people (docs/protocol.md): one rank per seat in seat order, 1 best,
// tied seats sharing the better rank. A two-seat win is [1, 2], a draw [1, 1].

import { seatIndex } from './seats.js';

/** The rank of `seat` (1 best). */
export function rankOf(result, seat) {
  return result.ranks[seatIndex(seat)];
}

/** Whether every seat shares first place: the game is drawn. */
export function isDraw(result) {
  return result.ranks.every((rank) => rank === 1);
}

/** The index of the one seat ranked first, or null when several share first place. */
export function soleWinnerIndex(result) {
  const firsts = result.ranks.flatMap((rank, index) => (rank === 1 ? [index] : []));
  return firsts.length === 1 ? firsts[0] : null;
}

/** How the game went for `seat`: `win` (ranked first alone), `draw` (every seat first), `loss` (the last rank and
 * not first), or, between those at a table of more than two, `place`. */
export function outcomeOf(result, seat) {
  if (isDraw(result)) return 'draw';
  const rank = rankOf(result, seat);
  if (rank === 1) return soleWinnerIndex(result) === null ? 'place' : 'win';
  return rank === Math.max(...result.ranks) ? 'loss' : 'place';
}
