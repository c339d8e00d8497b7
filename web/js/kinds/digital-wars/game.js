// A Digital Wars game as the kinds table shapes it (kinds/position-game.js): the position, played one action at a
// time (the pie rule's writer writes its string one digit an action, in one turn).

import { PositionGame } from '../position-game.js';
import { Position } from './rules.js';

export class DigitalWarsGame extends PositionGame {
  constructor(ruleset) {
    super(new Position(ruleset));
  }

  /** The legal actions as notation. */
  legalActions() {
    return this.position.legalActions();
  }
}
