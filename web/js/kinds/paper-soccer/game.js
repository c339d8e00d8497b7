// A Paper Soccer game as the kinds table shapes it (kinds/position-game.js): the position plus every step
// drawn, who drew it and in which turn, so the board can colour lines and make the latest turn stand out.
// `StepGame` is that record of steps on any position whose actions are single steps; the variants played as a
// match of points build on it (points-game.js).

import { Pitch, Position, parseDigits, stepPoint } from './rules.js';
import { PositionGame } from '../position-game.js';
import { searchTurnEnds } from '../turn-ends.js';

export class StepGame extends PositionGame {
  /** `turnGoesOn` is the result of `position.step` after which the same turn goes on. */
  constructor(position, turnGoesOn) {
    super(position);
    this.turnGoesOn = turnGoesOn;
    /** Every step: `{from, to, digit, seat, turn}`; `turn` counts the turns completed before it. */
    this.steps = [];
    this.turn = 0;
  }

  clone() {
    return Object.assign(super.clone(), { steps: this.steps.slice() });
  }

  /** The steps the side to move may make, as notation (one digit each). */
  legalActions() {
    return this.position.legalDirections().map(String);
  }

  /** Plays one step given as one digit and returns the position's step result; throws on anything else or an
   * illegal step. */
  play(action) {
    const digits = parseDigits(action);
    if (digits.length !== 1) throw new Error(`one step is one digit, not ${action}`);
    const [digit] = digits;
    const from = this.position.ball;
    const seat = this.position.toMove;
    const result = this.position.step(digit);
    this.steps.push({ from, to: stepPoint(from, digit), digit, seat, turn: this.turn });
    if (result !== this.turnGoesOn) this.turn += 1;
    return result;
  }
}

export class SoccerGame extends StepGame {
  constructor(ruleset) {
    const pitch = new Pitch(ruleset);
    super(new Position(pitch), 'bounce');
    this.pitch = pitch;
  }
}

/**
 * Where the turn being played in a `StepGame` can end (kinds/turn-ends.js): the point of its last step. Two
 * positions of one turn differ for the rest of it only by where the ball is, the lines drawn (each point's
 * blocked directions say them all) and, where lines run several steps (xrsoccer), how far the line has run; at
 * most `limit` steps are tried.
 */
export function stepTurnEnds(game, limit) {
  const state = ({ position }) =>
    `${position.ball.x},${position.ball.y}/${position.lineSteps ?? ''}/${String.fromCharCode(...position.blocked)}`;
  return searchTurnEnds(game, { where: (after) => after.steps.at(-1).to, state, limit });
}
