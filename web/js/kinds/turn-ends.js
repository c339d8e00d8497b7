// Where a turn can end, for kinds whose turns go on (Paper Soccer's bounces): a bounded search over a kind's own
// rules from the position now, through every continuation of the current turn, to the distinct points where it
// ends. A kind offers it as its optional `turnEnds(game)` (kinds/index.js); the analysis page only draws it.

/** How many actions the search may try before it stops: a few tens of milliseconds at most on a dense bounce
 * network of a long match (measured on the Paper Soccer variants), never a frozen page. */
export const TURN_END_WORK = 5000;

/**
 * Every distinct end of the turn the side to act is playing (or about to play) in `game`, a game of the kinds
 * table's shape. `where(game)` names the point a finished turn ended on (`{x, y}`); `state(game)` is a text that
 * is equal for two positions the rest of the turn cannot tell apart, so each is searched once (the memo).
 * At most `limit` actions are tried; `capped` says the search stopped there and more ends may exist.
 *
 * Returns `{ends, capped, work}`: each end `{at, line, winner}` is a point, the first line found that ends the
 * turn there (its actions), and the seat the rules made the winner when the turn ends the game (else null).
 * Ends that differ only in the winner are listed apart. A game that is over has no ends.
 */
export function searchTurnEnds(game, { where, state, limit = TURN_END_WORK }) {
  const ends = new Map();
  const seen = new Set();
  let work = 0;
  let capped = false;
  // Lines as linked lists (`{action, before}`), so a deep bounce network is not copied at every node.
  const actions = (line) => {
    const list = [];
    for (let link = line; link; link = link.before) list.push(link.action);
    return list.reverse();
  };
  const stack = game.outcome ? [] : [{ game, line: null }];
  while (stack.length > 0 && !capped) {
    const { game: from, line } = stack.pop();
    for (const action of from.legalActions()) {
      if (work === limit) {
        capped = true;
        break;
      }
      work += 1;
      const next = from.clone();
      next.play(action);
      const played = { action, before: line };
      if (next.midTurn && !next.outcome) {
        const key = state(next);
        if (!seen.has(key)) {
          seen.add(key);
          stack.push({ game: next, line: played });
        }
        continue;
      }
      const at = where(next);
      const winner = next.outcome?.winner ?? null;
      const key = `${at.x},${at.y}:${winner ?? ''}`;
      if (!ends.has(key)) ends.set(key, { at, line: actions(played), winner });
    }
  }
  return { ends: [...ends.values()], capped, work };
}
