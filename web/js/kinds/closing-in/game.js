// A Closing In game as the kinds table shapes it: the position, moved by one square per action.

import { Position, parseSquares, squareName } from './rules.js';

export class ClosingInGame {
  constructor(ruleset) {
    this.position = new Position(ruleset);
  }

  clone() {
    const copy = Object.create(ClosingInGame.prototype);
    return Object.assign(copy, { position: this.position.clone() });
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
