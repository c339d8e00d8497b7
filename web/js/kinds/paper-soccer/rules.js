// Paper Soccer rules (kurnik.pl), mirroring engine/src/kinds/soccer/{pitch.rs,position.rs}. The client needs them
// to highlight the legal next points and to know whether a step bounces before the server answers; the server
// stays authoritative and refuses anything these rules would wrongly allow.

import { otherSeat } from '../../seats.js';

// Seats: `first` moves first and attacks the top goal; `second` attacks the bottom goal.

/** Steps by kurnik digit: 0 = N, 1 = NE, 2 = E, 3 = SE, 4 = S, 5 = SW, 6 = W, 7 = NW (y grows downwards). */
export const DIRECTIONS = [
  { digit: 0, dx: 0, dy: -1, name: 'north' },
  { digit: 1, dx: 1, dy: -1, name: 'north-east' },
  { digit: 2, dx: 1, dy: 0, name: 'east' },
  { digit: 3, dx: 1, dy: 1, name: 'south-east' },
  { digit: 4, dx: 0, dy: 1, name: 'south' },
  { digit: 5, dx: -1, dy: 1, name: 'south-west' },
  { digit: 6, dx: -1, dy: 0, name: 'west' },
  { digit: 7, dx: -1, dy: -1, name: 'north-west' },
];

const opposite = (digit) => (digit + 4) % 8;
const bit = (digit) => 1 << digit;

export function stepPoint(point, digit) {
  const { dx, dy } = DIRECTIONS[digit];
  return { x: point.x + dx, y: point.y + dy };
}

/** The digits of a move text ("754"), refusing anything that is not kurnik notation. */
export function parseDigits(text) {
  if (!/^[0-7]+$/.test(text)) throw new Error(`not kurnik notation: ${text}`);
  return [...text].map(Number);
}

/** A pitch of `width` × `height` cells with a goal `goal` cells wide and one deep at each short side. */
export class Pitch {
  constructor({ width = 8, height = 10, goal = 2 } = {}) {
    this.width = width;
    this.height = height;
    this.goal = goal;
  }

  centre() {
    return { x: this.width / 2, y: this.height / 2 };
  }

  /** The x of the left and right goal posts. */
  posts() {
    const left = (this.width - this.goal) / 2;
    return [left, left + this.goal];
  }

  /** The seat that wins when the ball reaches `point`, if it lies inside a goal. */
  goalOf(point) {
    const [left, right] = this.posts();
    if (point.x < left || point.x > right) return null;
    if (point.y === -1) return 'first';
    if (point.y === this.height + 1) return 'second';
    return null;
  }

  /** Whether `point` is on the field or inside a goal. */
  contains(point) {
    const field = point.x >= 0 && point.x <= this.width && point.y >= 0 && point.y <= this.height;
    return field || this.goalOf(point) !== null;
  }

  /**
   * Whether the segment from `from` one step in `digit` can never be drawn: it leaves the pitch, runs along the
   * border or a goal's side or back, or enters a goal other than through its mouth. Nothing leaves a goal.
   */
  isWall(from, digit) {
    const to = stepPoint(from, digit);
    if (!this.contains(from) || !this.contains(to) || this.goalOf(from) !== null) return true;
    const [left, right] = this.posts();
    const inMouth = (x) => x >= left && x <= right;
    if (this.goalOf(to) !== null) {
      const mouthRow = to.y < 0 ? 0 : this.height;
      const alongSide = from.x === to.x && (from.x === left || from.x === right);
      return from.y !== mouthRow || !inMouth(from.x) || alongSide;
    }
    const alongEndLine =
      from.y === to.y && (from.y === 0 || from.y === this.height) && !(inMouth(from.x) && inMouth(to.x));
    const alongTouchLine = from.x === to.x && (from.x === 0 || from.x === this.width);
    return alongEndLine || alongTouchLine;
  }

  /** Every point of the game: the field and the goal points. */
  points() {
    const points = [];
    for (let y = -1; y <= this.height + 1; y += 1) {
      for (let x = 0; x <= this.width; x += 1) {
        if (this.contains({ x, y })) points.push({ x, y });
      }
    }
    return points;
  }
}

/**
 * A position: which segments are blocked (drawn or walls), where the ball is, whose step it is and whether the
 * game is over. Like the engine, each point keeps one bit per direction; a step is legal when its bit is clear,
 * and the ball bounces when the point it reaches already had a bit set.
 */
export class Position {
  constructor(pitch) {
    this.pitch = pitch;
    this.stride = pitch.width + 1;
    this.blocked = new Uint8Array(this.stride * (pitch.height + 3)).fill(0xff);
    for (const point of pitch.points()) {
      let mask = 0;
      for (const { digit } of DIRECTIONS) if (pitch.isWall(point, digit)) mask |= bit(digit);
      this.blocked[this.index(point)] = mask;
    }
    this.ball = pitch.centre();
    this.toMove = 'first';
    this.midTurn = false;
    /** `{winner, reason}` once a step ended the game (`goal`, `own_goal` or `stuck`). */
    this.outcome = null;
  }

  index(point) {
    return (point.y + 1) * this.stride + point.x;
  }

  clone() {
    const copy = Object.create(Position.prototype);
    Object.assign(copy, this, { blocked: this.blocked.slice(), ball: { ...this.ball } });
    if (this.outcome) copy.outcome = { ...this.outcome };
    return copy;
  }

  /** The digits the ball may step in now (none once the game is over). */
  legalDirections() {
    if (this.outcome) return [];
    const mask = this.blocked[this.index(this.ball)];
    return DIRECTIONS.filter(({ digit }) => (mask & bit(digit)) === 0).map(({ digit }) => digit);
  }

  isLegal(digit) {
    return this.legalDirections().includes(digit);
  }

  /** Whether a legal step in `digit` would bounce (reach a point something already touches). */
  wouldBounce(digit) {
    const to = stepPoint(this.ball, digit);
    return this.pitch.goalOf(to) === null && this.blocked[this.index(to)] !== 0;
  }

  /**
   * Plays one step of the seat to move: `bounce` (the same seat steps again), `turn_over` or `game_over`.
   * Throws on an illegal step and leaves the position unchanged.
   */
  step(digit) {
    if (!this.isLegal(digit)) throw new Error(`illegal step ${digit} from (${this.ball.x},${this.ball.y})`);
    const from = this.index(this.ball);
    const toPoint = stepPoint(this.ball, digit);
    const to = this.index(toPoint);
    const bounce = this.blocked[to] !== 0;
    this.blocked[from] |= bit(digit);
    this.blocked[to] |= bit(opposite(digit));
    this.ball = toPoint;
    const mover = this.toMove;
    const scoredFor = this.pitch.goalOf(toPoint);
    if (scoredFor !== null) {
      return this.finish({ winner: scoredFor, reason: scoredFor === mover ? 'goal' : 'own_goal' });
    }
    if (!bounce) {
      this.toMove = otherSeat(mover);
      this.midTurn = false;
      return 'turn_over';
    }
    if (this.blocked[to] === 0xff) return this.finish({ winner: otherSeat(mover), reason: 'stuck' });
    this.midTurn = true;
    return 'bounce';
  }

  finish(outcome) {
    this.outcome = outcome;
    this.midTurn = false;
    return 'game_over';
  }
}
