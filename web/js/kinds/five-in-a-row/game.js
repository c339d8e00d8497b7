// A Five in a row game as the kinds table shapes it: the position, played one action (a stone or a colour
// choice) at a time. Seats are not colours: `colourOf(seat)` says which colour a seat plays once the opening has
// settled it.

import { Position } from './rules.js';

export class FiveInARowGame {
  constructor(ruleset) {
    this.position = new Position(ruleset);
  }

  clone() {
    const copy = Object.create(FiveInARowGame.prototype);
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

  /** Plays one action (`h8`, `3,-2`, `=B`, `=W`); throws on anything else or an illegal action. */
  play(action) {
    this.position.play(action.trim());
  }
}
