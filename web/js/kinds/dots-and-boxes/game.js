// A Dots and Boxes game as the kinds table shapes it: the position, played one edge at a time, for 2–4 seats.

import { Position, edgeName } from './rules.js';

export class DotsAndBoxesGame {
  constructor(ruleset) {
    this.position = new Position(ruleset);
  }

  clone() {
    const copy = Object.create(DotsAndBoxesGame.prototype);
    return Object.assign(copy, { position: this.position.clone() });
  }

  get toMove() {
    return this.position.toMove;
  }

  /** A completed box gives its mover another edge. */
  get midTurn() {
    return this.position.midTurn;
  }

  get outcome() {
    return this.position.outcome;
  }

  /** The undrawn edges as notation, in the engine's order. */
  legalActions() {
    return this.position.legalEdges().map(edgeName);
  }

  /** `seat` left (it resigned, ran out of time or was claimed absent): the others play on, the turn passing it by. */
  leave(seat, reason) {
    this.position.leave(seat, reason);
  }

  /** Draws one edge given as notation (`a1h`); throws on anything else or an edge that may not be drawn. */
  play(action) {
    this.position.play(action.trim());
  }
}
