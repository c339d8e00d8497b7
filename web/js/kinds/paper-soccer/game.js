// A Paper Soccer game as the kinds table shapes it: the position plus every step drawn, who drew it and in
// which turn, so the board can colour lines and make the latest turn stand out.

import { Pitch, Position, parseDigits, stepPoint } from './rules.js';

export class SoccerGame {
  constructor(ruleset) {
    this.pitch = new Pitch(ruleset);
    this.position = new Position(this.pitch);
    /** Every step: `{from, to, digit, seat, turn}`; `turn` counts the turns completed before it. */
    this.steps = [];
    this.turn = 0;
  }

  clone() {
    const copy = Object.create(SoccerGame.prototype);
    return Object.assign(copy, this, { position: this.position.clone(), steps: this.steps.slice() });
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

  /** The steps the side to move may make, as notation (one digit each). */
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
    const result = this.position.step(digit);
    this.steps.push({ from, to: stepPoint(from, digit), digit, seat, turn: this.turn });
    if (result !== 'bounce') this.turn += 1;
  }
}
