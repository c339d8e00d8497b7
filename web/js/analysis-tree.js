// The analysis board's variation tree: positions joined by actions, the main line (every node's first child)
// plus any number of branches, each node keeping the kind's game after it. Pure: no page, no server, so that
// web/test/analysis.test.mjs checks it; analysis.js draws it.

import { seatIndex } from './seats.js';

/** A node: `{action, parent, children, game, ply, seat, startsTurn, startsRound, number, stored}`; `ply` counts
 * the actions from the start, `seat` is the seat that played `action`, `startsTurn` whether it began a turn,
 * `startsRound` whether that turn began a round of turns (as the move list numbers them: a round ends where the
 * seat order starts again, so it goes on past a seat that left), `number` the round it belongs to (1 for the
 * first), `stored` whether it lies on the stored game's line. */
function node(parent, action, game, stored) {
  const before = parent?.game;
  const startsTurn = parent ? !before.midTurn : false;
  const seat = parent ? before.toMove : null;
  const startsRound = startsTurn && (parent.seat === null || seatIndex(seat) <= seatIndex(parent.seat));
  const number = parent ? parent.number + (startsRound ? 1 : 0) : 0;
  return { action, parent, children: [], game, ply: parent ? parent.ply + 1 : 0, seat, startsTurn, startsRound, number, stored };
}

export class AnalysisTree {
  /** An empty tree at the start of a game of `ruleset`, through its `kind` (kinds/index.js). A stored game's
   * `actions` and `departures` (`[{seat, ply, reason}]`: a seat that left a game that plays on, after the first
   * `ply` actions) make its line replay each departure at its ply, so that later turns pass that seat by; a
   * line that leaves the stored one before a departure does not have it. */
  constructor(kind, ruleset, { actions = [], departures = [] } = {}) {
    this.kind = kind;
    this.ruleset = ruleset;
    this.stored = { actions, departures };
    this.root = node(null, null, this.leaveAt(kind.newGame(ruleset), 0), true);
  }

  /** `game` after the stored game's departures at `ply`, in the order they happened. */
  leaveAt(game, ply) {
    for (const departure of this.stored.departures) if (departure.ply === ply) game.leave?.(departure.seat, departure.reason);
    return game;
  }

  /** The child of `parent` reached by `action`: the one already there, else a new last branch. Throws on an
   * illegal action, and the tree is unchanged then. */
  play(parent, action) {
    const known = parent.children.find((child) => child.action === action);
    if (known) return known;
    const game = parent.game.clone();
    game.play(action);
    const stored = parent.stored && this.stored.actions[parent.ply] === action;
    const child = node(parent, action, stored ? this.leaveAt(game, parent.ply + 1) : game, stored);
    parent.children.push(child);
    return child;
  }

  /** Plays `actions` from `from` (the root by default) and returns the last node. Throws on an illegal action,
   * keeping the nodes before it. */
  playLine(actions, from = this.root) {
    return actions.reduce((at, action) => this.play(at, action), from);
  }

  /** The actions from the start to `at`. */
  line(at) {
    const actions = [];
    for (let n = at; n.parent; n = n.parent) actions.push(n.action);
    return actions.reverse();
  }

  /** The stored game's departures that the line to `at` has had: those at a ply it reached along the stored line
   * (as the server's suggestion needs them, `[{seat, ply, reason}]`). */
  departuresOn(at) {
    const onStoredLine = new Set();
    for (let n = at; n; n = n.parent) if (n.stored) onStoredLine.add(n.ply);
    return this.stored.departures.filter((departure) => departure.ply <= at.ply && onStoredLine.has(departure.ply));
  }

  /** The last node of the line through `at`: `at` followed by first children. */
  lineEnd(at) {
    let n = at;
    while (n.children.length > 0) [n] = n.children;
    return n;
  }

  /** The node where the branch holding `at` leaves its parent's main continuation: `at` or its nearest ancestor
   * that is not a first child; null on the main line. */
  branchOf(at) {
    for (let n = at; n.parent; n = n.parent) if (n.parent.children[0] !== n) return n;
    return null;
  }

  /** Makes the branch holding `at` its parent's main continuation, one level up; false on the main line. */
  promote(at) {
    const branch = this.branchOf(at);
    if (!branch) return false;
    const siblings = branch.parent.children;
    siblings.splice(siblings.indexOf(branch), 1);
    siblings.unshift(branch);
    return true;
  }

  /** Deletes the branch holding `at` and everything after it, returning the node it left (where the page goes
   * next); null on the main line, which is not deleted. */
  remove(at) {
    const branch = this.branchOf(at);
    if (!branch) return null;
    const siblings = branch.parent.children;
    siblings.splice(siblings.indexOf(branch), 1);
    return branch.parent;
  }

  /** The node `steps` actions along the line through `at` (back with a negative count), stopping at either end. */
  step(at, steps) {
    let n = at;
    for (let k = 0; k < steps && n.children.length > 0; k += 1) [n] = n.children;
    for (let k = 0; k > steps && n.parent; k -= 1) n = n.parent;
    return n;
  }
}

/** A line's actions as one query value: each action URL-encoded, joined by commas (no action holds a raw one). */
export function encodeLine(actions) {
  return actions.map(encodeURIComponent).join(',');
}

/** The actions of a query value written by `encodeLine`; none for an empty or absent value. Throws a URIError
 * on a value no `encodeLine` wrote. */
export function decodeLine(text) {
  return text ? text.split(',').map(decodeURIComponent) : [];
}

/**
 * The address that reproduces a line and a position on it: `/analysis/GAME?moves=…&ply=N` on a stored game
 * (its moves the main line, the line a branch where it leaves them), `/analysis?ruleset=…&moves=…&ply=N`
 * otherwise, the ruleset as JSON. `ply` is how many of the line's actions lead to the position shown.
 */
export function analysisPath({ gameId, ruleset, line, ply }) {
  const parts = [];
  if (!gameId) parts.push(`ruleset=${encodeURIComponent(JSON.stringify(ruleset))}`);
  if (line.length > 0) parts.push(`moves=${encodeLine(line)}`);
  parts.push(`ply=${ply}`);
  return `${gameId ? `/analysis/${gameId}` : '/analysis'}?${parts.join('&')}`;
}

/** What an address of `analysisPath` asks for: `{ruleset, line, ply}` (`ruleset` null when absent or not JSON,
 * `ply` null when absent, else a whole number), from its query string. Throws a URIError on a mangled line. */
export function readAnalysisQuery(search) {
  const query = new URLSearchParams(search);
  let ruleset = null;
  try {
    ruleset = query.has('ruleset') ? JSON.parse(query.get('ruleset')) : null;
  } catch {
    ruleset = null;
  }
  // The raw value: URLSearchParams would decode the escaped commas inside actions.
  const raw = /(?:^|[?&])moves=([^&]*)/.exec(search)?.[1] ?? '';
  const ply = query.has('ply') && /^\d+$/.test(query.get('ply')) ? Number(query.get('ply')) : null;
  return { ruleset, line: decodeLine(raw), ply };
}
