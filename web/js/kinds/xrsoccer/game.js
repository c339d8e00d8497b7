// An xrsoccer match as the kinds table shapes it: the shared match of points (steps, turns, points) and the
// relocation that began the current turn.

import { PointsGame } from '../paper-soccer/points-game.js';
import { Field, XrPosition } from './rules.js';

export class XrGame extends PointsGame {
  constructor(ruleset) {
    const field = new Field(ruleset);
    super(new XrPosition(field), 'line_continues');
    this.field = field;
  }

  /** The relocation that began the current turn, if any: `{from, to}`. */
  get relocation() {
    return this.position.relocation;
  }
}
