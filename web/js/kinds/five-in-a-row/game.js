// A Five in a row game as the kinds table shapes it (kinds/position-game.js): the position, played one action
// (`h8`, `3,-2`, `=B`, `=W`) at a time. Seats are not colours: `colourOf(seat)` says which colour a seat plays
// once the opening has settled it.

import { PositionGame } from '../position-game.js';
import { Position } from './rules.js';

export class FiveInARowGame extends PositionGame {
  constructor(ruleset) {
    super(new Position(ruleset));
  }

  /** `black` or `white` for `seat`, or null while the opening has not settled the colours. */
  colourOf(seat) {
    return this.position.colourOf(seat);
  }

  /** The seat playing `colour`, or null while the opening has not settled the colours. */
  seatOf(colour) {
    return this.position.seatOf(colour);
  }

  /** What the side to act may play, in the engine's order: `=B` and `=W` when a choice is due, then the points. */
  legalActions() {
    return this.position.legalActions();
  }
}
