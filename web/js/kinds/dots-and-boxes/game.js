// A Dots and Boxes game as the kinds table shapes it (kinds/position-game.js): the position, played one edge
// (`a1h`) at a time, for 2–4 seats. A completed box gives its mover another edge (`midTurn`).

import { PositionGame } from '../position-game.js';
import { Position, edgeName } from './rules.js';

export class DotsAndBoxesGame extends PositionGame {
  constructor(ruleset) {
    super(new Position(ruleset));
  }

  /** The undrawn edges as notation, in the engine's order. */
  legalActions() {
    return this.position.legalEdges().map(edgeName);
  }

  /** `seat` left (it resigned, ran out of time or was claimed absent): the others play on, the turn passing it by. */
  leave(seat, reason) {
    this.position.leave(seat, reason);
  }
}
