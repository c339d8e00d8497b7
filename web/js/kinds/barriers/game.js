// A Barriers game as the kinds table shapes it (kinds/position-game.js): the position, played one bar at a time.

import { PositionGame } from '../position-game.js';
import { Position, barName } from './rules.js';

export class BarriersGame extends PositionGame {
  constructor(ruleset) {
    super(new Position(ruleset));
  }

  /** The bars the side to move may place, as notation. */
  legalActions() {
    return this.position.legalBars().map(barName);
  }
}
