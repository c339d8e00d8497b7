// An xrsoccer match as the kinds table shapes it: the position plus every step drawn (who drew it, in which
// turn), the relocations, and where each point was scored.

import { parseDigits, stepPoint } from '../paper-soccer/rules.js';
import { Field, XrPosition } from './rules.js';

export class XrGame {
  constructor(ruleset) {
    this.field = new Field(ruleset);
    this.position = new XrPosition(this.field);
    this.steps = [];
    this.turn = 0;
    this.points = [];
  }

  clone() {
    const copy = Object.create(XrGame.prototype);
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

  /** The relocation that began the current turn, if any: `{from, to}`. */
  get relocation() {
    return this.position.relocation;
  }

  legalActions() {
    return this.position.legalDirections().map(String);
  }

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
    if (result !== 'line_continues') this.turn += 1;
    const scorer = ['first', 'second'].find((s) => this.position.scores[s] !== before[s]);
    if (scorer) this.points.push({ scorer, at: to });
  }
}
