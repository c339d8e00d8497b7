// A match of points as the kinds table shapes it: the position plus every step drawn, who drew it and in which
// turn (as in classic Paper Soccer), and where each point was scored, so the board can show the restart.

import { Pitch, parseDigits, stepPoint } from '../paper-soccer/rules.js';
import { CentrePosition } from './rules.js';

export class CentreGame {
  constructor(ruleset) {
    this.pitch = new Pitch(ruleset);
    this.position = new CentrePosition(this.pitch);
    /** Every step: `{from, to, digit, seat, turn}`; `turn` counts the turns completed before it. */
    this.steps = [];
    this.turn = 0;
    /** Every point: `{scorer, at}`, `at` the goal point or the point where the mover was blocked. */
    this.points = [];
    /** Whether the ball was just put back on the centre (no step since the last point). */
    this.restarted = false;
  }

  clone() {
    const copy = Object.create(CentreGame.prototype);
    return Object.assign(copy, this, { position: this.position.clone(), steps: this.steps.slice(), points: this.points.slice() });
  }

  get toMove() {
    return this.position.toMove;
  }

  get midTurn() {
    return this.position.midTurn;
  }

  get outcome() {
    return this.position.outcome;
  }

  get scores() {
    return this.position.scores;
  }

  legalActions() {
    return this.position.legalDirections().map(String);
  }

  /** Plays one step given as one digit; throws on anything else or an illegal step. */
  play(action) {
    const digits = parseDigits(action);
    if (digits.length !== 1) throw new Error(`one step is one digit, not ${action}`);
    const [digit] = digits;
    const from = this.position.ball;
    const seat = this.position.toMove;
    const before = { ...this.position.scores };
    const result = this.position.step(digit);
    const to = stepPoint(from, digit);
    this.steps.push({ from, to, digit, seat, turn: this.turn });
    if (result !== 'bounce') this.turn += 1;
    const scorer = ['first', 'second'].find((s) => this.position.scores[s] !== before[s]);
    if (scorer) this.points.push({ scorer, at: to });
    this.restarted = result === 'point';
  }
}
