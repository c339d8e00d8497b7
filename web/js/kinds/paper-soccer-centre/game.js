// A match of points as the kinds table shapes it: the shared match of points (steps, turns, points) on the
// classic position, and whether the ball was just put back on the centre, so the board can show the restart.

import { PointsGame } from '../paper-soccer/points-game.js';
import { Pitch } from '../paper-soccer/rules.js';
import { CentrePosition } from './rules.js';

export class CentreGame extends PointsGame {
  constructor(ruleset) {
    const pitch = new Pitch(ruleset);
    super(new CentrePosition(pitch), 'bounce');
    this.pitch = pitch;
    /** Whether the ball was just put back on the centre (no step since the last point). */
    this.restarted = false;
  }

  play(action) {
    const result = super.play(action);
    this.restarted = result === 'point';
    return result;
  }
}
