// A Dots game as the kinds table shapes it: the position, played one action (a point or STOP) at a time.

import { Position, pointName } from './rules.js';

export class DotsGame {
  constructor(ruleset) {
    this.position = new Position(ruleset);
  }

  clone() {
    const copy = Object.create(DotsGame.prototype);
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

  /** The points the side to move may take, as notation, then STOP when the rules allow it. */
  legalActions() {
    const actions = this.position.legalPoints().map(pointName);
    if (this.position.stopAllowed()) actions.push('STOP');
    return actions;
  }

  /** Plays one action: a point (`qv`) or `STOP`; throws on anything else or an illegal action. */
  play(action) {
    this.position.play(action.trim());
  }
}
