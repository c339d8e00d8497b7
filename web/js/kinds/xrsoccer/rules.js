// xrsoccer rules (§4a), mirroring engine/src/kinds/xrsoccer/position.rs: no walls, lines of exactly 3 steps
// (or 1–2 ending on a mouth point) that never reuse a segment, a stuck ball carried to the nearest point with a
// line, points to a target. The client needs them to highlight legal steps and to place the ball after a
// relocation before the server answers; the server stays authoritative.

import { otherSeat } from '../../seats.js';
import { DIRECTIONS, stepPoint } from '../paper-soccer/rules.js';

export const LINE_STEPS = 3;
const bit = (digit) => 1 << digit;
const opposite = (digit) => (digit + 4) % 8;

/** A field `width` × `length` cells with a 3-point mouth in the middle of each end line, played to `target`. */
export class Field {
  constructor({ width = 12, length = 18, target = 5 } = {}) {
    Object.assign(this, { width, length, target });
  }

  centre() {
    return { x: this.width / 2, y: this.length / 2 };
  }

  contains(point) {
    return point.x >= 0 && point.x <= this.width && point.y >= 0 && point.y <= this.length;
  }

  /** The seat that scores when the ball reaches `point`, if it is a mouth point: first north, second south. */
  goalOf(point) {
    if (Math.abs(point.x - this.width / 2) > 1) return null;
    if (point.y === 0) return 'first';
    if (point.y === this.length) return 'second';
    return null;
  }
}

const segmentKey = (a, b) => (a.y * 100 + a.x < b.y * 100 + b.x ? `${a.x},${a.y}-${b.x},${b.y}` : `${b.x},${b.y}-${a.x},${a.y}`);

export class XrPosition {
  constructor(field) {
    this.field = field;
    this.stride = field.width + 1;
    this.blocked = new Uint8Array(this.stride * (field.length + 1));
    for (let y = 0; y <= field.length; y += 1) {
      for (let x = 0; x <= field.width; x += 1) {
        let mask = 0;
        for (const { digit } of DIRECTIONS) if (!field.contains(stepPoint({ x, y }, digit))) mask |= bit(digit);
        this.blocked[this.index({ x, y })] = mask;
      }
    }
    this.ball = field.centre();
    this.toMove = 'first';
    this.lineSteps = 0;
    this.scores = { first: 0, second: 0 };
    this.lastScorer = null;
    /** `{from, to}`: the relocation that began the current turn. */
    this.relocation = null;
    this.outcome = null;
  }

  index(point) {
    return point.y * this.stride + point.x;
  }

  clone() {
    const copy = Object.create(XrPosition.prototype);
    return Object.assign(copy, this, { blocked: this.blocked.slice(), ball: { ...this.ball }, scores: { ...this.scores } });
  }

  get midTurn() {
    return this.lineSteps > 0;
  }

  /** Whether a line can be finished from `from` with `left` more steps, the segments in `pending` counted drawn. */
  canFinish(from, left, pending) {
    if (left === 0) return true;
    const mask = this.blocked[this.index(from)];
    return DIRECTIONS.some(({ digit }) => {
      if (mask & bit(digit)) return false;
      const to = stepPoint(from, digit);
      const key = segmentKey(from, to);
      if (pending.includes(key)) return false;
      return left === 1 || this.field.goalOf(to) !== null || this.canFinish(to, left - 1, [...pending, key]);
    });
  }

  hasLineFrom(point) {
    return this.field.contains(point) && this.canFinish(point, LINE_STEPS, []);
  }

  isLegal(digit) {
    if (this.outcome || this.blocked[this.index(this.ball)] & bit(digit)) return false;
    const to = stepPoint(this.ball, digit);
    return this.field.goalOf(to) !== null || this.canFinish(to, LINE_STEPS - this.lineSteps - 1, [segmentKey(this.ball, to)]);
  }

  legalDirections() {
    return DIRECTIONS.map(({ digit }) => digit).filter((digit) => this.isLegal(digit));
  }

  /** Never a bounce in xrsoccer: a line goes on by its count of steps, not by where it lands. */
  wouldBounce() {
    return false;
  }

  /** Plays one step: `line_continues`, `turn_over`, `point` or `game_over`; throws on an illegal step. */
  step(digit) {
    if (!this.isLegal(digit)) throw new Error(`illegal step ${digit} from (${this.ball.x},${this.ball.y})`);
    const to = stepPoint(this.ball, digit);
    this.blocked[this.index(this.ball)] |= bit(digit);
    this.blocked[this.index(to)] |= bit(opposite(digit));
    this.ball = to;
    this.lineSteps += 1;
    const mover = this.toMove;
    const scorer = this.field.goalOf(to);
    if (scorer) {
      this.scores[scorer] += 1;
      this.lastScorer = scorer;
      if (this.scores[scorer] >= this.field.target) return this.finish();
      this.ball = this.field.centre();
      this.toMove = otherSeat(scorer);
      return this.beginTurn() ?? 'point';
    }
    if (this.lineSteps < LINE_STEPS) return 'line_continues';
    this.toMove = otherSeat(mover);
    return this.beginTurn() ?? 'turn_over';
  }

  beginTurn() {
    this.lineSteps = 0;
    this.relocation = null;
    if (this.canFinish(this.ball, LINE_STEPS, [])) return null;
    const to = this.relocationTarget();
    if (!to) return this.finish();
    this.relocation = { from: this.ball, to };
    this.ball = to;
    return null;
  }

  /** Fewest rows away, then fewest columns, then the row nearer the goal the mover attacks, then east. */
  relocationTarget() {
    const { width, length } = this.field;
    const toward = this.toMove === 'first' ? -1 : 1;
    for (let rows = 0; rows <= length; rows += 1) {
      for (let columns = 0; columns <= width; columns += 1) {
        for (const rowSign of rows === 0 ? [toward] : [toward, -toward]) {
          for (const columnSign of columns === 0 ? [1] : [1, -1]) {
            const point = { x: this.ball.x + columnSign * columns, y: this.ball.y + rowSign * rows };
            if (this.field.contains(point) && this.field.goalOf(point) === null && this.hasLineFrom(point)) return point;
          }
        }
      }
    }
    return null;
  }

  finish() {
    const { first, second } = this.scores;
    const winner = first > second ? 'first' : second > first ? 'second' : this.lastScorer ?? 'second';
    this.outcome = { winner, reason: 'score', scores: [first, second] };
    this.lineSteps = 0;
    this.relocation = null;
    return 'game_over';
  }
}
