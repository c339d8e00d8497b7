// A Points and segments game as the kinds table shapes it (kinds/position-game.js): the position, moved by one
// segment per action.

import { PositionGame } from '../position-game.js';
import { Position, segmentName } from './rules.js';

export class PointsAndSegmentsGame extends PositionGame {
  constructor(ruleset) {
    super(new Position(ruleset));
  }

  /** The segments the side to move may draw, as notation. */
  legalActions() {
    return this.position.legalSegments().map(segmentName);
  }
}
