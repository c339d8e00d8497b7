// A Racetrack game as the kinds table shapes it (kinds/position-game.js): the race on its track, played one move
// (a keypad digit or `x,y`) at a time, for 2–6 seats. A move is a whole turn.

import { PositionGame } from '../position-game.js';
import { Position } from './rules.js';

export class RacetrackGame extends PositionGame {
  /** A race of `ruleset` on `track` (rules.js `Track`, read from the map the server serves). */
  constructor(ruleset, track) {
    super(new Position(ruleset, track));
  }

  /** The keypad digits of the legal moves, 1 to 9. */
  legalActions() {
    return this.position.legalMoves();
  }

  /** `seat` left (it resigned, ran out of time or was claimed absent): its car is out and the others race on. */
  leave(seat, reason) {
    this.position.leave(seat, reason);
  }
}
