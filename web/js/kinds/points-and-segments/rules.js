// Points and segments rules (engine/src/kinds/points_and_segments): points placed from the ruleset, on a lattice
// drawn from its seed or on a circle; a move joins two unused points by a segment that meets no earlier segment,
// not even at an end, and passes through no other point. The side to move with no move loses. The geometry is
// exact: integer cross products, as the engine's. The client needs the rules to offer legal segments; the server
// stays authoritative.

import { otherSeat } from '../../seats.js';

/** The fewest and most points a ruleset may ask for. */
export const MIN_POINTS = 6;
export const MAX_POINTS = 30;
/** The circle of a convex start: 325² is a sum of two squares in 60 ways (the engine's CIRCLE_RADIUS). */
export const CIRCLE_RADIUS = 325;
/** Draws for one lattice point before the placement starts over (the engine's DRAWS_PER_POINT). */
const DRAWS_PER_POINT = 10000;

const MASK = (1n << 64n) - 1n;

/** SplitMix64 as the engine draws (engine/src/splitmix.rs), with its unbiased `below`. */
class SplitMix64 {
  constructor(seed) {
    this.state = BigInt(seed) & MASK;
  }

  next() {
    this.state = (this.state + 0x9E3779B97F4A7C15n) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK;
    return z ^ (z >> 31n);
  }

  below(bound) {
    const big = BigInt(bound);
    const zone = MASK - (MASK % big);
    for (;;) {
      const draw = this.next();
      if (draw < zone) return Number(draw % big);
    }
  }
}

/** The sign of the cross product of `b - a` and `c - a`: 0 when the three are on one line. */
export function orientation(a, b, c) {
  return Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
}

/** Whether `p` lies on the closed segment `a`–`b`. */
export function onSegment(a, b, p) {
  return orientation(a, b, p) === 0 && Math.min(a.x, b.x) <= p.x && p.x <= Math.max(a.x, b.x)
    && Math.min(a.y, b.y) <= p.y && p.y <= Math.max(a.y, b.y);
}

/** Whether the closed segments `a`–`b` and `c`–`d` have a point in common. */
export function segmentsMeet(a, b, c, d) {
  const [abc, abd, cda, cdb] = [orientation(a, b, c), orientation(a, b, d), orientation(c, d, a), orientation(c, d, b)];
  if (abc * abd < 0 && cda * cdb < 0) return true;
  return onSegment(a, b, c) || onSegment(a, b, d) || onSegment(c, d, a) || onSegment(c, d, b);
}

/** The side of the square a ruleset's points lie in (the engine's `Layout::side`). */
export function layoutSide({ points = 15, start = 'lattice' }) {
  return start === 'convex' ? 2 * CIRCLE_RADIUS : 2 * points;
}

/** The points of a lattice start: drawn x then y from the seed, refused when taken or on a line through two
 * placed points, then in reading order. */
function lattice(count, seed) {
  const side = 2 * count;
  const rng = new SplitMix64(seed);
  let placed = [];
  let misses = 0;
  while (placed.length < count) {
    const candidate = { x: rng.below(side), y: rng.below(side) };
    const fits = placed.every((a, i) => (a.x !== candidate.x || a.y !== candidate.y)
      && placed.slice(i + 1).every((b) => orientation(a, b, candidate) !== 0));
    if (fits) {
      placed.push(candidate);
      misses = 0;
    } else if (++misses === DRAWS_PER_POINT) {
      placed = [];
      misses = 0;
    }
  }
  return placed.sort((a, b) => a.y - b.y || a.x - b.x);
}

/** The points of a convex start: `count` of the circle's 60 integer points, spread evenly, clockwise from the top
 * (y grows downwards). */
function circle(count) {
  const all = [];
  for (let x = -CIRCLE_RADIUS; x <= CIRCLE_RADIUS; x += 1) {
    const rest = CIRCLE_RADIUS * CIRCLE_RADIUS - x * x;
    const y = Math.round(Math.sqrt(rest));
    if (y * y === rest) {
      all.push({ x, y });
      if (y !== 0) all.push({ x, y: -y });
    }
  }
  const half = (p) => (p.x > 0 || (p.x === 0 && p.y < 0) ? 0 : 1);
  all.sort((a, b) => half(a) - half(b) || orientation({ x: 0, y: 0 }, b, a));
  return Array.from({ length: count }, (_, index) => all[Math.floor((index * all.length) / count)]);
}

/** A segment's text: the two points' numbers from 1, the lower first (`3-11`). */
export function segmentName([a, b]) {
  return `${Math.min(a, b) + 1}-${Math.max(a, b) + 1}`;
}

/** The segments of a move text (`3-11`, or several separated by spaces), as pairs of point indices from 0,
 * refusing anything else. */
export function parseSegments(text) {
  const tokens = text.split(' ').filter((token) => token !== '');
  if (tokens.length === 0 || !tokens.every((token) => /^[1-9][0-9]?-[1-9][0-9]?$/.test(token))) {
    throw new Error(`not Points and segments notation: ${text}`);
  }
  return tokens.map((token) => token.split('-').map((number) => Number(number) - 1).sort((a, b) => a - b));
}

export class Position {
  constructor({ points = 15, start = 'lattice', seed = 0 } = {}) {
    if (!Number.isInteger(points) || points < MIN_POINTS || points > MAX_POINTS) throw new Error(`no game of ${points} points`);
    this.start = start;
    this.points = start === 'convex' ? circle(points) : lattice(points, seed ?? 0);
    /** The segments drawn, in order: `[low, high]` point indices. */
    this.segments = [];
    this.toMove = 'first';
    /** Every move ends the turn; the field is here so games of every kind read alike. */
    this.midTurn = false;
    /** `{winner, reason}` once the side to move has no move. */
    this.outcome = null;
  }

  clone() {
    const copy = Object.create(Position.prototype);
    return Object.assign(copy, this, { segments: this.segments.slice(), outcome: this.outcome && { ...this.outcome } });
  }

  isUsed(point) {
    return this.segments.some(([a, b]) => a === point || b === point);
  }

  /** Whether `[a, b]` may be drawn now, the game not yet over. */
  drawable([a, b]) {
    const { points } = this;
    if (a === b || a < 0 || b < 0 || a >= points.length || b >= points.length) return false;
    if (this.isUsed(a) || this.isUsed(b)) return false;
    if (this.segments.some(([c, d]) => segmentsMeet(points[a], points[b], points[c], points[d]))) return false;
    return !points.some((p, index) => index !== a && index !== b && onSegment(points[a], points[b], p));
  }

  /** The segments the side to move may draw, by the lower point and then the higher. */
  legalSegments() {
    if (this.outcome) return [];
    const legal = [];
    for (let a = 0; a < this.points.length; a += 1) {
      for (let b = a + 1; b < this.points.length; b += 1) if (this.drawable([a, b])) legal.push([a, b]);
    }
    return legal;
  }

  /**
   * Draws the segment of `text` (`3-11`) for the side to move: `turn_over`, or `game_over` when the other side is
   * left without a move. Throws on an illegal move and leaves the position unchanged.
   */
  play(text) {
    const segments = parseSegments(text);
    if (segments.length !== 1) throw new Error(`one move is one segment, not ${text}`);
    const [segment] = segments;
    if (this.outcome || !this.drawable(segment)) throw new Error(`illegal segment ${segmentName(segment)}`);
    const mover = this.toMove;
    this.segments.push(segment);
    this.toMove = otherSeat(mover);
    if (this.legalSegments().length > 0) return 'turn_over';
    this.outcome = { winner: mover, reason: 'stuck' };
    return 'game_over';
  }
}
