// What the Paper Soccer variants played as a match of points (paper-soccer-centre, xrsoccer) share as the kinds
// table shapes a game: the steps of `StepGame`, the score, and where each point was scored.

import { StepGame } from './game.js';

export class PointsGame extends StepGame {
  constructor(position, turnGoesOn) {
    super(position, turnGoesOn);
    /** Every point: `{scorer, at}`, `at` the goal point or the point where the mover was blocked. */
    this.points = [];
  }

  clone() {
    return Object.assign(super.clone(), { points: this.points.slice() });
  }

  get scores() {
    return this.position.scores;
  }

  play(action) {
    const before = { ...this.position.scores };
    const result = super.play(action);
    const scorer = ['first', 'second'].find((s) => this.position.scores[s] !== before[s]);
    if (scorer) this.points.push({ scorer, at: this.steps.at(-1).to });
    return result;
  }
}
