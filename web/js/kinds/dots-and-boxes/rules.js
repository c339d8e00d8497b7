// Dots and Boxes rules, ported from the engine (engine/src/kinds/dots_and_boxes/): a field of rows × cols boxes
// (1–9 each), 2–4 players in seat order. A move draws one unit edge between two adjacent dots; an edge that
// completes one or two boxes gives them to the mover, who moves again unless the field is full. The game ends
// when every edge is drawn: more boxes rank higher, equal counts share a rank, and the scores are the box counts.
// The client needs the rules to offer the undrawn edges and to keep the turn; the server stays authoritative.

import { seatIndex, seatName } from '../../seats.js';

/** The fewest and most boxes a side, and the fewest and most players. */
export const MIN_SIDE = 1;
export const MAX_SIDE = 9;
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;

export const HORIZONTAL = 'h';
export const VERTICAL = 'v';

/** An edge's name: its lower or left dot's column letter from `a`, its row from 1 at the bottom, and `h` (to the
 * right) or `v` (upwards): `a1h`, `c3v`. */
export function edgeName({ column, row, orientation }) {
  return `${String.fromCharCode(97 + column)}${row + 1}${orientation}`;
}

/** The edges of a move text, in order, with or without spaces between them (`a1h b1v`, `a1hb1v`), as the engine
 * reads them; throws on anything else. */
export function parseEdges(text) {
  const compact = text.replaceAll(' ', '');
  if (!/^(?:[a-z][1-9][0-9]?[hv])*$/.test(compact)) throw new Error(`not Dots and Boxes notation: ${text}`);
  return [...compact.matchAll(/([a-z])([0-9]+)([hv])/g)]
    .map(([, column, row, orientation]) => ({ column: column.charCodeAt(0) - 97, row: Number(row) - 1, orientation }));
}

/** A ruleset's options, checked; throws on a field or a table the rules do not have. */
export function readRules({ rows = 5, cols = 5, players = 2 } = {}) {
  const side = (n) => Number.isInteger(n) && n >= MIN_SIDE && n <= MAX_SIDE;
  if (!side(rows) || !side(cols)) throw new Error(`a field is ${MIN_SIDE} to ${MAX_SIDE} boxes a side, not ${rows}x${cols}`);
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) throw new Error(`${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${players}`);
  return { rows, cols, players };
}

/** Competition ranks of scores, the higher better: each seat ranks one below the number of seats that scored
 * more (5, 3, 5, 1 rank 1, 3, 1, 4), as the engine's outcome does. */
export function ranksOf(scores) {
  return scores.map((mine) => scores.filter((theirs) => theirs > mine).length + 1);
}

export class Position {
  constructor(ruleset) {
    this.rules = readRules(ruleset);
    const { rows, cols, players } = this.rules;
    /** The edges in the engine's numbering: the horizontal ones row by row from the bottom, then the vertical. */
    this.horizontalCount = (rows + 1) * cols;
    this.edgeCount = this.horizontalCount + rows * (cols + 1);
    /** The seat that drew each edge, by number; null while undrawn. */
    this.drawnBy = new Array(this.edgeCount).fill(null);
    this.drawnCount = 0;
    /** Each box's owner by `row * cols + column`, null while open. */
    this.owners = new Array(rows * cols).fill(null);
    /** The boxes of each seat, in seat order. */
    this.scores = new Array(players).fill(0);
    this.toMove = 'first';
    /** Whether the last edge completed a box, so that its mover moves again. */
    this.captured = false;
    /** The seats that left the game (resigned, timed out), the earliest first: the turn passes them by. */
    this.departed = [];
    /** The last edge drawn, or null. */
    this.lastEdge = null;
    /** `{winner, reason, ranks, scores}` once every edge is drawn (or one seat is left): `winner` the one seat
     * ranked first, null when several share first place. */
    this.outcome = null;
  }

  clone() {
    const copy = Object.create(Position.prototype);
    return Object.assign(copy, this, {
      drawnBy: this.drawnBy.slice(), owners: this.owners.slice(), scores: this.scores.slice(), departed: this.departed.slice(),
    });
  }

  /** The seats at the table, in seat order. */
  seats() {
    return this.scores.map((_, index) => seatName(index));
  }

  /** An extra move is due: the same seat moves again. */
  get midTurn() {
    return this.captured;
  }

  /** The number of `edge`, or -1 when it lies off the field. */
  edgeIndex({ column, row, orientation }) {
    const { rows, cols } = this.rules;
    if (orientation === HORIZONTAL && column < cols && row <= rows) return row * cols + column;
    if (orientation === VERTICAL && column <= cols && row < rows) return this.horizontalCount + row * (cols + 1) + column;
    return -1;
  }

  /** The edge numbered `index`. */
  edgeAt(index) {
    const { cols } = this.rules;
    if (index < this.horizontalCount) return { column: index % cols, row: Math.floor(index / cols), orientation: HORIZONTAL };
    const vertical = index - this.horizontalCount;
    return { column: vertical % (cols + 1), row: Math.floor(vertical / (cols + 1)), orientation: VERTICAL };
  }

  /** The numbers of the four edges of the box whose lower left dot is at `column`, `row`: bottom, top, left, right. */
  boxEdges(column, row) {
    const { cols } = this.rules;
    const left = this.horizontalCount + row * (cols + 1) + column;
    return [row * cols + column, (row + 1) * cols + column, left, left + 1];
  }

  /** The boxes on either side of `edge` that the field has, by their lower left dot. */
  boxesBeside({ column, row, orientation }) {
    const { rows, cols } = this.rules;
    const boxes = orientation === HORIZONTAL ? [[column, row - 1], [column, row]] : [[column - 1, row], [column, row]];
    return boxes.filter(([c, r]) => c >= 0 && r >= 0 && c < cols && r < rows);
  }

  /** The owner of the box at `column`, `row`, or null. */
  boxOwner(column, row) {
    return this.owners[row * this.rules.cols + column];
  }

  isPlaying(seat) {
    return seatIndex(seat) < this.rules.players && !this.departed.includes(seat);
  }

  /** The undrawn edges, in the engine's order; none once the game is over. */
  legalEdges() {
    if (this.outcome) return [];
    const edges = [];
    for (let index = 0; index < this.edgeCount; index += 1) if (this.drawnBy[index] === null) edges.push(this.edgeAt(index));
    return edges;
  }

  /** Draws one edge given as notation (`a1h`) for the side to move; throws, changing nothing, on anything else or
   * an edge that may not be drawn. */
  play(text) {
    const edges = parseEdges(text);
    if (edges.length !== 1) throw new Error(`one action is one edge, not ${text}`);
    const [edge] = edges;
    if (this.outcome) throw new Error('the game is over');
    const index = this.edgeIndex(edge);
    if (index < 0) throw new Error(`${text} is off the field`);
    if (this.drawnBy[index] !== null) throw new Error(`${text} is drawn already`);
    const mover = this.toMove;
    this.drawnBy[index] = mover;
    this.drawnCount += 1;
    this.lastEdge = edge;
    let completed = 0;
    for (const [column, row] of this.boxesBeside(edge)) {
      if (this.boxEdges(column, row).every((side) => this.drawnBy[side] !== null)) {
        this.owners[row * this.rules.cols + column] = mover;
        completed += 1;
      }
    }
    this.scores[seatIndex(mover)] += completed;
    if (this.drawnCount === this.edgeCount) {
      this.captured = false;
      this.end('score');
      return;
    }
    this.captured = completed > 0;
    if (!this.captured) this.toMove = this.nextPlayingAfter(mover);
  }

  /** A seat leaves (resigns, times out): the others play on, the turn passing it by, until one seat is left. */
  leave(seat, reason) {
    if (this.outcome || !this.isPlaying(seat)) return;
    this.departed.push(seat);
    if (this.rules.players - this.departed.length === 1) {
      this.captured = false;
      this.end(reason);
      return;
    }
    if (seat === this.toMove) {
      this.captured = false;
      this.toMove = this.nextPlayingAfter(seat);
    }
  }

  nextPlayingAfter(seat) {
    const { players } = this.rules;
    for (let step = 1; step < players; step += 1) {
      const next = seatName((seatIndex(seat) + step) % players);
      if (this.isPlaying(next)) return next;
    }
    return seat;
  }

  /** The outcome as the engine ranks it: by boxes, ties sharing the better rank, and below every seat that stayed
   * the seats that left, the later to leave the higher. */
  end(reason) {
    const stayed = this.seats().filter((seat) => !this.departed.includes(seat));
    const stayedRanks = ranksOf(stayed.map((seat) => this.scores[seatIndex(seat)]));
    const ranks = this.seats().map((seat) => {
      const order = this.departed.indexOf(seat);
      return order < 0 ? stayedRanks[stayed.indexOf(seat)] : stayed.length + this.departed.length - order;
    });
    const firsts = ranks.flatMap((rank, index) => (rank === 1 ? [index] : []));
    this.outcome = { winner: firsts.length === 1 ? seatName(firsts[0]) : null, reason, ranks, scores: this.scores.slice() };
  }
}
