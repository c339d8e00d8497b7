// A Dots game as the kinds table shapes it: the position, played one action (a point, a paint, STOP or DONE)
// at a time.

import { DEFERRED, Position, pointName } from './rules.js';

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

  /** What the side to move may play, in the engine's order: paints (every point of its deferred areas), points,
   * points with paint later (territory mode), then STOP or DONE when the rules allow it. */
  legalActions() {
    const { position } = this;
    const legal = position.legalPoints();
    const points = legal.map(pointName);
    // The mover's own deferred points are playable, so they are among the legal points.
    const mine = (point) => { const cell = position.cell(point); return cell.state === DEFERRED && cell.seat === position.toMove; };
    const actions = position.rules.territory ? legal.filter(mine).map((point) => `P:${pointName(point)}`) : [];
    actions.push(...points);
    if (position.rules.territory) actions.push(...points.map((name) => `${name}~`));
    if (position.stopAllowed()) actions.push('STOP');
    if (position.doneAllowed()) actions.push('DONE');
    return actions;
  }

  /** Plays one action (`qv`, `qv~`, `P:qv`, `STOP` or `DONE`); throws on anything else or an illegal action. */
  play(action) {
    this.position.play(action.trim());
  }
}
