// Closing In (Domykanie, Sid Sackson's "Closing in") rules: an N × N board; the first two moves place
// the markers (first, then second on any other square); every later move removes the mover's square and moves
// its marker like a chess queen, never over a removed square nor through or onto the other marker. The side to
// move with no move loses. The client needs the rules to highlight legal squares; the server stays authoritative.

import { otherSeat } from '../../seats.js';

/** The smallest and largest board sides a ruleset may ask for. */
export const MIN_SIZE = 3;
export const MAX_SIZE = 12;

/** The eight queen directions. */
const DIRECTIONS = [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]];

/** A square's name: columns `A`… left to right, rows `1`… from the bottom (`{x: 3, y: 4}` is `D5`). */
export function squareName({ x, y }) {
  return `${String.fromCharCode(65 + x)}${y + 1}`;
}

/** The squares of a move text, in order (`D5B2` is D5 then B2), refusing anything that is not squares. */
export function parseSquares(text) {
  if (!/^(?:[A-Z][1-9][0-9]?)+$/.test(text)) throw new Error(`not Closing In notation: ${text}`);
  return text.match(/[A-Z][0-9]+/g).map((name) => ({ x: name.charCodeAt(0) - 65, y: Number(name.slice(1)) - 1 }));
}

const same = (a, b) => a !== null && b !== null && a.x === b.x && a.y === b.y;

export class Position {
  constructor({ size = 6 } = {}) {
    if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) throw new Error(`no ${size}×${size} board`);
    this.size = size;
    /** Each seat's square, null until it placed its marker. */
    this.markers = { first: null, second: null };
    /** The removed squares in the order they were removed: `{x, y, seat}`. */
    this.removed = [];
    this.toMove = 'first';
    /** Every move ends the turn; the field is here so games of every kind read alike. */
    this.midTurn = false;
    /** `{winner, reason}` once the side to move has no move. */
    this.outcome = null;
  }

  clone() {
    const copy = Object.create(Position.prototype);
    return Object.assign(copy, this, {
      markers: { ...this.markers },
      removed: this.removed.slice(),
      outcome: this.outcome && { ...this.outcome },
    });
  }

  contains({ x, y }) {
    return x >= 0 && y >= 0 && x < this.size && y < this.size;
  }

  isRemoved(square) {
    return this.removed.some((removed) => same(removed, square));
  }

  /** The squares the side to move may go to, bottom row first. */
  legalSquares() {
    if (this.outcome) return [];
    const mine = this.markers[this.toMove];
    const theirs = this.markers[otherSeat(this.toMove)];
    const squares = [];
    if (mine === null) {
      for (let y = 0; y < this.size; y += 1) {
        for (let x = 0; x < this.size; x += 1) if (!same({ x, y }, theirs)) squares.push({ x, y });
      }
      return squares;
    }
    for (const [dx, dy] of DIRECTIONS) {
      for (let square = { x: mine.x + dx, y: mine.y + dy }; ; square = { x: square.x + dx, y: square.y + dy }) {
        if (!this.contains(square) || this.isRemoved(square) || same(square, theirs)) break;
        squares.push(square);
      }
    }
    return squares.sort((a, b) => a.y - b.y || a.x - b.x);
  }

  isLegal(square) {
    return this.legalSquares().some((legal) => same(legal, square));
  }

  /**
   * Moves the side to move to `square` (placing its marker, or removing its square and moving like a queen):
   * `turn_over`, or `game_over` when the other side is left without a move. Throws on an illegal move and
   * leaves the position unchanged.
   */
  move(square) {
    if (!this.isLegal(square)) throw new Error(`illegal move to ${squareName(square)}`);
    const mover = this.toMove;
    const from = this.markers[mover];
    if (from !== null) this.removed.push({ ...from, seat: mover });
    this.markers[mover] = { x: square.x, y: square.y };
    this.toMove = otherSeat(mover);
    if (this.legalSquares().length > 0) return 'turn_over';
    this.outcome = { winner: mover, reason: 'stuck' };
    return 'game_over';
  }
}
