// A Dots game as the kinds table shapes it (kinds/position-game.js): the position, played one action (`qv`,
// `qv~`, `P:qv`, `STOP` or `DONE`) at a time.

import { PositionGame } from '../position-game.js';
import { DEFERRED, Position, pointName } from './rules.js';

export class DotsGame extends PositionGame {
  constructor(ruleset) {
    super(new Position(ruleset));
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
}
