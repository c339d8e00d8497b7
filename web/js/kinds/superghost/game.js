// A Superghost game as the kinds table shapes it (kinds/position-game.js): the fragment and each seat's lost rounds,
// played one action a turn, for 2–4 seats, and passing a seat that left by from then on.

import { PositionGame } from '../position-game.js';
import { Position } from './rules.js';

export class SuperghostGame extends PositionGame {
  constructor(ruleset) {
    super(new Position(ruleset));
  }

  legalActions() {
    return this.position.legalActions();
  }

  leave(seat, reason) {
    this.position.leave(seat, reason);
  }
}
