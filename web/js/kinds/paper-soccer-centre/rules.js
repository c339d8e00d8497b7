// Paper Soccer as a match of points (`classic+centre`), mirroring engine/src/kinds/soccer_centre/position.rs:
// the classic position does the steps; every classic ending (a goal, a block) is a point for the player the
// classic game would have made the winner, the ball goes back on the centre with every line kept, and the
// other player kicks off. The match ends when the player due to kick off has no free line at the centre.

import { otherSeat } from '../../seats.js';
import { Position } from '../paper-soccer/rules.js';

export class CentrePosition {
  constructor(pitch) {
    this.pitch = pitch;
    /** The classic position underneath: its lines, the ball, whose step it is. */
    this.board = new Position(pitch);
    this.scores = { first: 0, second: 0 };
    /** `{winner, reason: 'score', scores}` once the match is over; `winner` is null for a draw. */
    this.outcome = null;
  }

  clone() {
    const copy = Object.create(CentrePosition.prototype);
    return Object.assign(copy, this, { board: this.board.clone(), scores: { ...this.scores } });
  }

  get ball() {
    return this.board.ball;
  }

  /** The classic position's blocked directions, point by point: every line drawn. */
  get blocked() {
    return this.board.blocked;
  }

  get toMove() {
    return this.board.toMove;
  }

  get midTurn() {
    return this.board.midTurn;
  }

  legalDirections() {
    return this.outcome ? [] : this.board.legalDirections();
  }

  wouldBounce(digit) {
    return this.board.wouldBounce(digit);
  }

  /**
   * Plays one step: `bounce`, `turn_over`, `point` (the ball is back on the centre, the other player of the
   * scorer kicks off) or `game_over`. Throws on an illegal step and leaves the position unchanged.
   */
  step(digit) {
    if (this.outcome) throw new Error('the match is over');
    const result = this.board.step(digit);
    if (result !== 'game_over') return result;
    const scorer = this.board.outcome.winner;
    this.scores[scorer] += 1;
    const restarted = this.board.clone();
    Object.assign(restarted, { ball: this.pitch.centre(), toMove: otherSeat(scorer), midTurn: false, outcome: null });
    if (restarted.legalDirections().length === 0) {
      // The board keeps the ending of the last point, as the engine's does.
      const { first, second } = this.scores;
      const winner = first > second ? 'first' : second > first ? 'second' : null;
      this.outcome = { winner, reason: 'score', scores: [first, second] };
      return 'game_over';
    }
    this.board = restarted;
    return 'point';
  }
}
