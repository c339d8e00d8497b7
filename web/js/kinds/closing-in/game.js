// A Closing In game as the kinds table shapes it (kinds/position-game.js): the position, moved by one square per
// action.

import { PositionGame } from '../position-game.js';
import { Position, parseSquares, squareName } from './rules.js';

export class ClosingInGame extends PositionGame {
  constructor(ruleset) {
    super(new Position(ruleset));
  }

  /** The squares the side to move may go to, as notation. */
  legalActions() {
    return this.position.legalSquares().map(squareName);
  }

  /** Plays one move given as one square; throws on anything else or an illegal move. */
  play(action) {
    const squares = parseSquares(action);
    if (squares.length !== 1) throw new Error(`one move is one square, not ${action}`);
    this.position.move(squares[0]);
  }
}
