// Barriers (Cram) rules: a width × height grid of cells; a move covers two orthogonally adjacent free cells with a
// bar (`e2e3`). With `touch: sides` no cell of a new bar may share a side with an earlier bar's cell, with
// `touch: corners` not even a corner. The side to move with no bar to place loses. The client needs the rules to
// highlight legal bars; the server stays authoritative.

import { otherSeat } from '../../seats.js';

/** The smallest and largest board sides a ruleset may ask for. */
export const MIN_SIDE = 2;
export const MAX_SIDE = 12;
/** The touch rules, least strict first. */
export const TOUCHES = ['cells', 'sides', 'corners'];

/** The neighbours of a cell a bar keeps free under each touch rule, the cell itself included. */
const REACH = {
  cells: [[0, 0]],
  sides: [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]],
  corners: [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]],
};

/** A cell's name: columns `a`… left to right, rows `1`… from the bottom (`{x: 4, y: 1}` is `e2`). */
export function cellName({ x, y }) {
  return `${String.fromCharCode(97 + x)}${y + 1}`;
}

/** A bar's name: its lower-left cell first (`e2e3`, `e2f2`). */
export function barName([a, b]) {
  const [low, high] = a.y < b.y || (a.y === b.y && a.x < b.x) ? [a, b] : [b, a];
  return `${cellName(low)}${cellName(high)}`;
}

/** The bars of a move text, each as its two cells lower-left first, refusing anything that is not bars. */
export function parseBars(text) {
  if (!/^(?:[a-z][1-9][0-9]?[a-z][1-9][0-9]?)+$/.test(text)) throw new Error(`not Barriers notation: ${text}`);
  const cells = text.match(/[a-z][0-9]+/g).map((name) => ({ x: name.charCodeAt(0) - 97, y: Number(name.slice(1)) - 1 }));
  const bars = [];
  for (let i = 0; i < cells.length; i += 2) {
    const [a, b] = [cells[i], cells[i + 1]];
    if (Math.abs(a.x - b.x) + Math.abs(a.y - b.y) !== 1) throw new Error(`not Barriers notation: ${text}`);
    bars.push(a.y < b.y || (a.y === b.y && a.x < b.x) ? [a, b] : [b, a]);
  }
  return bars;
}

export class Position {
  constructor({ width = 8, height = 8, touch = 'cells' } = {}) {
    for (const side of [width, height]) {
      if (!Number.isInteger(side) || side < MIN_SIDE || side > MAX_SIDE) throw new Error(`no ${width}×${height} board`);
    }
    if (!TOUCHES.includes(touch)) throw new Error(`no touch rule ${touch}`);
    Object.assign(this, { width, height, touch });
    /** The bars in the order they were placed: `{cells: [a, b], seat}`. */
    this.bars = [];
    /** Cells (by index `y * width + x`) no new bar may use: covered, or kept free by the touch rule. */
    this.taken = new Set();
    this.toMove = 'first';
    /** Every move ends the turn; the field is here so games of every kind read alike. */
    this.midTurn = false;
    /** `{winner, reason}` once the side to move has no bar to place. */
    this.outcome = null;
  }

  clone() {
    const copy = Object.create(Position.prototype);
    return Object.assign(copy, this, { bars: this.bars.slice(), taken: new Set(this.taken), outcome: this.outcome && { ...this.outcome } });
  }

  contains({ x, y }) {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /** Whether a new bar may use `cell`. */
  isFree(cell) {
    return this.contains(cell) && !this.taken.has(cell.y * this.width + cell.x);
  }

  /** Whether `cell` is under a bar. */
  isCovered(cell) {
    return this.bars.some(({ cells }) => cells.some((c) => c.x === cell.x && c.y === cell.y));
  }

  /** The bars the side to move may place, as their two cells, in the engine's order: by the lower-left cell, rows
   * from the bottom, a horizontal bar before a vertical one. */
  legalBars() {
    if (this.outcome) return [];
    const bars = [];
    for (let y = 0; y < this.height; y += 1) {
      for (let x = 0; x < this.width; x += 1) {
        const cell = { x, y };
        if (!this.isFree(cell)) continue;
        for (const next of [{ x: x + 1, y }, { x, y: y + 1 }]) if (this.isFree(next)) bars.push([cell, next]);
      }
    }
    return bars;
  }

  /**
   * Places the bar named `text` (`e2e3`) for the side to move: `turn_over`, or `game_over` when the other side is
   * left without a bar. Throws on anything else or an illegal bar and leaves the position unchanged.
   */
  play(text) {
    const bars = parseBars(text);
    if (bars.length !== 1) throw new Error(`one move is one bar, not ${text}`);
    const [bar] = bars;
    if (!bar.every((cell) => this.isFree(cell))) throw new Error(`illegal bar ${barName(bar)}`);
    const mover = this.toMove;
    this.bars.push({ cells: bar, seat: mover });
    for (const cell of bar) {
      for (const [dx, dy] of REACH[this.touch]) {
        const near = { x: cell.x + dx, y: cell.y + dy };
        if (this.contains(near)) this.taken.add(near.y * this.width + near.x);
      }
    }
    this.toMove = otherSeat(mover);
    if (this.legalBars().length > 0) return 'turn_over';
    this.outcome = { winner: mover, reason: 'stuck' };
    return 'game_over';
  }
}
