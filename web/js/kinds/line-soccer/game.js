// A game of Line Soccer or Russian Paper Soccer as the kinds table shapes it (kinds/position-game.js): the
// position plus every segment drawn, by whom, in which turn and whether it was kicked, so the board can colour
// lines and draw kicks apart.

import { Position, actionText, parseActions, shifted } from './rules.js';
import { PositionGame } from '../position-game.js';
import { searchTurnEnds } from '../turn-ends.js';

export class LineSoccerGame extends PositionGame {
  constructor(ruleset) {
    super(new Position(ruleset));
    /** Every segment: `{from, to, seat, turn, kick}`; `turn` counts the turns ended before it. */
    this.strokes = [];
    this.turn = 0;
  }

  clone() {
    return Object.assign(super.clone(), { strokes: this.strokes.slice() });
  }

  /** The length of the kick the side to move owes, or null while a line is due. */
  get kickDue() {
    return this.position.kickDue;
  }

  /** The actions the side to move may play, as notation: step digits, or kicks such as `p37`. */
  legalActions() {
    return this.position.legalActions().map(actionText);
  }

  /** Plays one action given as its notation; throws on anything else or an illegal action. */
  play(text) {
    const actions = parseActions(text);
    if (actions.length !== 1) throw new Error(`one action is one step or one kick, not ${text}`);
    const [action] = actions;
    const seat = this.position.toMove;
    const from = this.position.ball;
    const result = this.position.play(action);
    const digit = 'kick' in action ? action.kick : action.step;
    const count = 'kick' in action ? action.segments : 1;
    let at = from;
    for (let i = 0; i < count; i += 1) {
      const to = shifted(at, digit);
      this.strokes.push({ from: at, to, seat, turn: this.turn, kick: 'kick' in action });
      at = to;
    }
    if (result !== 'continues') this.turn += 1;
  }
}

/**
 * Where the turn being played can end (kinds/turn-ends.js): the end of its last segment. Two positions of one
 * turn differ for the rest of it only by the ball, the segments drawn in the turn so far (the points follow from
 * them), the phase (steps of the line, or the kick escalation) and the points of the kick series; at most
 * `limit` actions are tried.
 */
export function lineTurnEnds(game, limit) {
  const start = game.strokes.length;
  const point = ({ x, y }) => `${x},${y}`;
  const state = (after) => {
    const { ball, phase, series } = after.position;
    const drawn = after.strokes.slice(start).map(({ from, to }) => [point(from), point(to)].sort().join('-')).sort();
    return `${point(ball)}/${JSON.stringify(phase)}/${[...series].sort().join(' ')}/${drawn.join(' ')}`;
  };
  return searchTurnEnds(game, { where: (after) => after.strokes.at(-1).to, state, limit });
}
