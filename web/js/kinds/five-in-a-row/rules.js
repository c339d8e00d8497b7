// Five in a row (gomoku, tic-tac-toe, renju) rules, ported from the engine (engine/src/kinds/five_in_a_row/): a
// bounded board of 3–25 points a side or the endless one, a winning line of 3–6, a win rule (freestyle, exact,
// caro, renju with Black's forbidden points) and an opening (none, pro, long-pro, swap, swap2). Seats are not
// colours: until the opening settles them, a seat has no colour, and `colourOf` says which it has once it does.
// The client needs the rules to offer the legal points, the choices and renju's forbidden points; the server
// stays authoritative.

import { otherSeat } from '../../seats.js';

/** The smallest and largest bounded board side, and the shortest and longest winning line (engine limits.rs). */
export const MIN_SIDE = 3;
export const MAX_SIDE = 25;
export const MIN_LINE = 3;
export const MAX_LINE = 6;
/** How far from the first stone the endless board reaches in each direction. */
export const ENDLESS_REACH = 1000;
/** The most stones a board holds, the endless one too: a board that holds them all is full (a draw). */
export const MAX_STONES = 625;

export const BLACK = 'black';
export const WHITE = 'white';
const otherColour = (colour) => (colour === BLACK ? WHITE : BLACK);

export const WIN_RULES = ['freestyle', 'exact', 'caro', 'renju'];
export const OPENINGS = ['none', 'pro', 'long-pro', 'swap', 'swap2'];

/** The four directions of a row: horizontal, vertical and the two diagonals. */
const DIRECTIONS = [[1, 0], [0, 1], [1, 1], [1, -1]];

/** The phases of a game (engine opening.rs): an opening step, or play once the colours are settled. */
export const PHASES = {
  /** Swap and swap2: the first seat places black, white, black. */
  FIRST_STONES: 'first-stones',
  /** Swap: the second seat chooses a colour. */
  SWAP_CHOICE: 'swap-choice',
  /** Swap2: the second seat chooses Black, chooses White, or places a black stone. */
  SWAP2_CHOICE: 'swap2-choice',
  /** Swap2 (b): the second seat, now White, places White's fourth stone in the same turn. */
  SWAP2_WHITE_STONE: 'swap2-white-stone',
  /** Swap2 (c): the second seat placed a black stone and places a white one in the same turn. */
  SWAP2_EXTRA_WHITE: 'swap2-extra-white',
  /** Swap2 (c): the first seat chooses a colour. */
  SWAP2_LAST_CHOICE: 'swap2-last-choice',
  PLAY: 'play',
};
const P = PHASES;

const takesChoice = (phase) => phase === P.SWAP_CHOICE || phase === P.SWAP2_CHOICE || phase === P.SWAP2_LAST_CHOICE;
const takesStone = (phase) => phase !== P.SWAP_CHOICE && phase !== P.SWAP2_LAST_CHOICE;

/** The seat to act in an opening phase; null in play, where the colours decide. */
function openingSeat(phase) {
  if (phase === P.FIRST_STONES || phase === P.SWAP2_LAST_CHOICE) return 'first';
  return phase === P.PLAY ? null : 'second';
}

/** The colour of the next stone: swap2's extra stones are black then white and (b)'s fourth white; otherwise
 * White when Black has more stones, else Black. */
function stoneColour(phase, black, white) {
  if (phase === P.SWAP2_CHOICE) return BLACK;
  if (phase === P.SWAP2_WHITE_STONE || phase === P.SWAP2_EXTRA_WHITE) return WHITE;
  return black > white ? WHITE : BLACK;
}

/** How far from the centre Black's second stone must stand in the `pro` openings. */
const SECOND_BLACK_DISTANCE = { pro: 3, 'long-pro': 4 };

/** An action the rules refuse, with the engine's reason as `code` (`forbidden`, `occupied`, …). */
export class IllegalAction extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** A ruleset's options, checked as the engine's `Rules::new` checks them; throws on options it refuses. */
export function readRules(ruleset = {}) {
  const endless = Boolean(ruleset.endless);
  const width = endless ? null : ruleset.width ?? 15;
  const height = endless ? null : ruleset.height ?? 15;
  const { line = 5, win = 'freestyle', opening = 'none' } = ruleset;
  if (!Number.isInteger(line) || line < MIN_LINE || line > MAX_LINE) throw new Error(`the winning line is ${MIN_LINE} to ${MAX_LINE} stones, not ${line}`);
  if (!WIN_RULES.includes(win)) throw new Error(`no win rule ${win}`);
  if (!OPENINGS.includes(opening)) throw new Error(`no opening ${opening}`);
  if (!endless) {
    const side = (n) => Number.isInteger(n) && n >= MIN_SIDE && n <= MAX_SIDE;
    if (!side(width) || !side(height)) throw new Error(`a board is ${MIN_SIDE} to ${MAX_SIDE} points a side, not ${width}x${height}`);
    if (line > width && line > height) throw new Error(`a line of ${line} does not fit a ${width}x${height} board`);
    const distance = SECOND_BLACK_DISTANCE[opening];
    if (distance && width < 2 * distance + 1 && height < 2 * distance + 1) throw new Error(`the ${opening} opening needs a board of at least ${2 * distance + 1}x${2 * distance + 1}`);
  }
  if (win === 'renju' && !(line === 5 && width === 15 && height === 15)) throw new Error('renju is played with a line of 5 on 15x15 only');
  if (opening === 'swap2' && line < 4) throw new Error('the swap2 opening needs a line of at least 4');
  return { endless, width, height, line, win, opening };
}

/** A point's name: `h8` on a bounded board (file from the left, rank from 1 at the bottom), `3,-2` on the endless
 * one. */
export function pointName({ x, y }, endless) {
  return endless ? `${x},${y}` : `${String.fromCharCode(97 + x)}${y + 1}`;
}

const COORDINATE = '(-?(?:0|[1-9][0-9]{0,3}))';
const ENDLESS_POINT = new RegExp(`^${COORDINATE},${COORDINATE}$`);

/** One action read from its text: `{choose: colour}`, `{point, endless}`; throws on anything else. File letters
 * may be upper case, as the engine reads them. */
export function parseAction(token) {
  if (token === '=B' || token === '=W') return { choose: token === '=B' ? BLACK : WHITE };
  const bounded = /^([a-zA-Z])([1-9][0-9]?)$/.exec(token);
  if (bounded) return { point: { x: bounded[1].toLowerCase().charCodeAt(0) - 97, y: Number(bounded[2]) - 1 }, endless: false };
  const endless = ENDLESS_POINT.exec(token);
  if (endless && endless[1] !== '-0' && endless[2] !== '-0') return { point: { x: Number(endless[1]), y: Number(endless[2]) }, endless: true };
  throw new Error(`not Five in a row notation: ${token}`);
}

/** The canonical text of an action (`h8`, `3,-2`, `=B`). */
export function actionName(action) {
  if (action.choose) return action.choose === BLACK ? '=B' : '=W';
  return pointName(action.point, action.endless);
}

/** The actions of a move text, canonical, in order (the engine separates them with spaces). */
export function parseActions(text) {
  return text.split(' ').filter(Boolean).map((token) => actionName(parseAction(token)));
}

const key = ({ x, y }) => `${x},${y}`;
const shifted = ({ x, y }, [dx, dy], by) => ({ x: x + dx * by, y: y + dy * by });
const distance = (a, b) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

/** The unbroken row of `colour` through `point` along `direction` (the point counted as such a stone): its length,
 * its two end stones, and the cells just past them (`black`, `white`, null for empty, `off`). */
function runThrough(cell, point, colour, direction) {
  let length = 1;
  const stones = [point, point];
  const ends = ['off', 'off'];
  [1, -1].forEach((sign, end) => {
    const step = [direction[0] * sign, direction[1] * sign];
    let at = shifted(point, step, 1);
    while (cell(at) === colour) {
      length += 1;
      stones[end] = at;
      at = shifted(at, step, 1);
    }
    ends[end] = cell(at);
  });
  return { length, stones, ends };
}

/** Whether a run of `colour` wins by the rules (engine lines.rs `wins`). */
function runWins(rules, run, colour) {
  const { line } = rules;
  switch (rules.win) {
    case 'exact': return run.length === line;
    case 'caro': {
      const blocked = run.ends.every((end) => end === otherColour(colour));
      return run.length > line || (run.length === line && !blocked);
    }
    case 'renju': return colour === BLACK ? run.length === line : run.length >= line;
    default: return run.length >= line;
  }
}

/** The renju board's side and winning length. */
const RENJU_SIDE = 15;
const FIVE = 5;

/**
 * Renju's forbidden points for Black (engine renju.rs): an overline, a double four, a double three, where a four is
 * a row one more stone turns into exactly five and a three a row one more stone turns into a straight four by a
 * move that is itself not forbidden. A stone that makes exactly five is never forbidden. Trial stones are put on
 * its own 15 × 15 grid and taken off again.
 */
class RenjuGrid {
  constructor(stones) {
    this.cells = new Array(RENJU_SIDE * RENJU_SIDE).fill(null);
    for (const [, stone] of stones) this.set(stone, stone.colour);
  }

  index({ x, y }) {
    return x >= 0 && y >= 0 && x < RENJU_SIDE && y < RENJU_SIDE ? y * RENJU_SIDE + x : -1;
  }

  set(point, colour) {
    this.cells[this.index(point)] = colour;
  }

  cell(point) {
    const index = this.index(point);
    return index < 0 ? 'off' : this.cells[index];
  }

  /** The forbidden shape (`overline`, `double-four`, `double-three`) a black stone on the empty `point` would make,
   * or null. */
  forbidden(point) {
    this.set(point, BLACK);
    const shape = this.shapeOfPlaced(point);
    this.set(point, null);
    return shape;
  }

  shapeOfPlaced(point) {
    const cell = (at) => this.cell(at);
    const runs = DIRECTIONS.map((direction) => runThrough(cell, point, BLACK, direction).length);
    if (runs.includes(FIVE)) return null;
    if (runs.some((length) => length > FIVE)) return 'overline';
    const fours = DIRECTIONS.map((direction) => this.fours(point, direction));
    if (fours.reduce((sum, count) => sum + count, 0) >= 2) return 'double-four';
    const threes = DIRECTIONS.filter((direction, index) => fours[index] === 0 && this.isThree(point, direction)).length;
    return threes >= 2 ? 'double-three' : null;
  }

  /** The number of different sets of four black stones through `point` along `direction` that one more stone in
   * the same five cells turns into exactly five. */
  fours(point, direction) {
    const sets = new Set();
    const black = (offset) => this.cell(shifted(point, direction, offset)) === BLACK;
    for (let start = -4; start <= 0; start += 1) {
      let blacks = 0;
      let empty = 0;
      let set = 0;
      for (let offset = start; offset < start + 5; offset += 1) {
        const cell = this.cell(shifted(point, direction, offset));
        if (cell === BLACK) {
          blacks += 1;
          set |= 1 << (offset + 4);
        } else if (cell === null) empty += 1;
      }
      if (blacks === 4 && empty === 1 && !black(start - 1) && !black(start + 5)) sets.add(set);
    }
    return sets.size;
  }

  /** Whether some empty point near `point` turns its row along `direction` into a straight four, by a black stone
   * that is not itself forbidden. */
  isThree(point, direction) {
    for (let offset = -4; offset <= 4; offset += 1) {
      if (offset === 0) continue;
      const completing = shifted(point, direction, offset);
      if (this.cell(completing) !== null) continue;
      this.set(completing, BLACK);
      const straight = this.isStraightFour(point, completing, direction);
      this.set(completing, null);
      if (straight && this.forbidden(completing) === null) return true;
    }
    return false;
  }

  /** Whether the black row through `completing` is four stones holding `point` with an open point at each end
   * that a fifth stone would turn into exactly five. */
  isStraightFour(point, completing, direction) {
    const black = (offset) => this.cell(shifted(completing, direction, offset)) === BLACK;
    let low = 0;
    while (black(low - 1)) low -= 1;
    let high = 0;
    while (black(high + 1)) high += 1;
    let holdsPoint = false;
    for (let offset = low; offset <= high; offset += 1) {
      const at = shifted(completing, direction, offset);
      if (at.x === point.x && at.y === point.y) holdsPoint = true;
    }
    const openEnd = (end, beyond) => this.cell(shifted(completing, direction, end)) === null && !black(beyond);
    return high - low + 1 === 4 && holdsPoint && openEnd(low - 1, low - 2) && openEnd(high + 1, high + 2);
  }
}

export class Position {
  constructor(ruleset) {
    this.rules = readRules(ruleset);
    /** The stones by `x,y`, in the order they were placed: `{x, y, colour}`. */
    this.stones = new Map();
    this.blackStones = 0;
    this.phase = this.rules.opening === 'swap' || this.rules.opening === 'swap2' ? P.FIRST_STONES : P.PLAY;
    /** The seat playing Black, null until the opening settles it. */
    this.blackSeat = this.phase === P.PLAY ? 'first' : null;
    /** `{winner, reason, ranks}` once the game is over (a row, or a board with no point left). */
    this.outcome = null;
    /** The winning row's two end stones, once a row won. */
    this.winningLine = null;
  }

  clone() {
    const copy = Object.create(Position.prototype);
    return Object.assign(copy, this, { stones: new Map(this.stones) });
  }

  /** The last stone placed, or null. */
  get lastStone() {
    let last = null;
    for (const [, stone] of this.stones) last = stone;
    return last;
  }

  /** The colour `seat` plays, or null while the opening has not settled it. */
  colourOf(seat) {
    if (!this.blackSeat) return null;
    return seat === this.blackSeat ? BLACK : WHITE;
  }

  /** The seat playing `colour`, or null while the opening has not settled it. */
  seatOf(colour) {
    if (!this.blackSeat) return null;
    return colour === BLACK ? this.blackSeat : otherSeat(this.blackSeat);
  }

  /** The colour of the next stone. */
  get nextColour() {
    return stoneColour(this.phase, this.blackStones, this.stones.size - this.blackStones);
  }

  /** The seat to act: the opening's, or the seat of the next stone's colour. */
  get toMove() {
    return openingSeat(this.phase) ?? this.seatOf(this.nextColour);
  }

  /** Whether the seat that acted acts again (the opening's stones, swap2's stone after a choice). */
  get midTurn() {
    if (this.outcome) return false;
    if (this.phase === P.FIRST_STONES) return this.stones.size > 0;
    return this.phase === P.SWAP2_WHITE_STONE || this.phase === P.SWAP2_EXTRA_WHITE;
  }

  /** Whether a colour choice (`=B`, `=W`) is due now. */
  get choiceDue() {
    return !this.outcome && takesChoice(this.phase);
  }

  /** Whether a stone may be placed now (during swap2's choice too: the second seat may place two more). */
  get takesStone() {
    return !this.outcome && takesStone(this.phase);
  }

  contains({ x, y }) {
    const { endless, width, height } = this.rules;
    if (endless) return Math.abs(x) <= ENDLESS_REACH && Math.abs(y) <= ENDLESS_REACH;
    return x >= 0 && y >= 0 && x < width && y < height;
  }

  /** What is on `point`: `black`, `white`, null for empty, `off` past the edge. */
  cell(point) {
    if (!this.contains(point)) return 'off';
    return this.stones.get(key(point))?.colour ?? null;
  }

  /** The centre the `pro` openings measure from (the lower-left of the middle four on an even side), `0,0` on the
   * endless board. */
  centre() {
    const { endless, width, height } = this.rules;
    return endless ? { x: 0, y: 0 } : { x: Math.floor((width - 1) / 2), y: Math.floor((height - 1) / 2) };
  }

  /** Renju's grid when Black is to place a stone, for the forbidden-point checks; null otherwise. */
  renjuGrid() {
    return this.rules.win === 'renju' && this.nextColour === BLACK ? new RenjuGrid(this.stones) : null;
  }

  /** Throws `IllegalAction` unless the side to act may place a stone on `point` (the phase allows stones). */
  checkStone(point, grid) {
    if (!this.contains(point)) throw new IllegalAction('off_board', `${pointName(point, this.rules.endless)} is off the board`);
    if (this.stones.has(key(point))) throw new IllegalAction('occupied', `${pointName(point, this.rules.endless)} is taken`);
    const { endless, line, opening } = this.rules;
    if (endless) {
      if (this.stones.size === 0 && (point.x !== 0 || point.y !== 0)) throw new IllegalAction('not_at_origin', 'the first stone goes on 0,0');
      if (this.stones.size > 0 && ![...this.stones.values()].some((stone) => distance(stone, point) <= line)) {
        throw new IllegalAction('too_far', `the stone must be within ${line} points of a stone already placed`);
      }
    }
    const needed = SECOND_BLACK_DISTANCE[opening];
    if (needed) {
      const centre = this.centre();
      if (this.stones.size === 0 && (point.x !== centre.x || point.y !== centre.y)) throw new IllegalAction('not_on_centre', 'the first stone goes on the centre');
      if (this.stones.size === 2 && distance(point, centre) < needed) throw new IllegalAction('too_near_centre', `Black's second stone must be at least ${needed} points from the centre`);
    }
    const shape = grid?.forbidden(point);
    if (shape) throw new IllegalAction('forbidden', `forbidden for Black: ${shape}`);
  }

  /** Whether `check` passes. */
  allows(point, grid) {
    try {
      this.checkStone(point, grid);
      return true;
    } catch (error) {
      if (error instanceof IllegalAction) return false;
      throw error;
    }
  }

  /** Throws `IllegalAction` unless `action` (parsed) may be played now. */
  check(action) {
    if (this.outcome) throw new IllegalAction('game_over', 'the game is over');
    if (action.choose) {
      if (!takesChoice(this.phase)) throw new IllegalAction('stone_due', 'no colour choice is due');
      return;
    }
    if (action.endless !== this.rules.endless) throw new IllegalAction('other_board', 'the point is written for another board');
    if (!takesStone(this.phase)) throw new IllegalAction('choice_due', 'a colour must be chosen now');
    this.checkStone(action.point, this.renjuGrid());
  }

  /** Every point of the board (bounded), row by row from the bottom, each row from the left. */
  *boardPoints() {
    const { width, height } = this.rules;
    for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) yield { x, y };
  }

  /** The points a stone may go to now, in the engine's order (row by row from the bottom, each from the left);
   * none while a choice alone is due. */
  legalPoints() {
    if (this.outcome || !takesStone(this.phase)) return [];
    if (!this.rules.endless) {
      const grid = this.renjuGrid();
      return [...this.boardPoints()].filter((point) => this.allows(point, grid));
    }
    if (this.stones.size === 0) return [{ x: 0, y: 0 }];
    // Every point within the line of a stone is near one by construction: what is left to check is the reach,
    // the point being free, and the pro openings' distance (the engine's `check_stone_free`).
    const near = new Map();
    const reach = this.rules.line;
    const needed = this.stones.size === 2 ? SECOND_BLACK_DISTANCE[this.rules.opening] ?? 0 : 0;
    for (const stone of this.stones.values()) {
      for (let dy = -reach; dy <= reach; dy += 1) {
        for (let dx = -reach; dx <= reach; dx += 1) {
          const point = { x: stone.x + dx, y: stone.y + dy };
          const name = key(point);
          if (near.has(name) || this.stones.has(name) || !this.contains(point)) continue;
          if (distance(point, { x: 0, y: 0 }) >= needed) near.set(name, point);
        }
      }
    }
    return [...near.values()].sort((a, b) => a.y - b.y || a.x - b.x);
  }

  /** Renju: the empty points forbidden to Black now, with their shapes (`[{point, shape}]`); none otherwise. */
  forbiddenPoints() {
    if (this.outcome || !takesStone(this.phase)) return [];
    const grid = this.renjuGrid();
    if (!grid) return [];
    return [...this.boardPoints()]
      .filter((point) => !this.stones.has(key(point)))
      .map((point) => ({ point, shape: grid.forbidden(point) }))
      .filter(({ shape }) => shape);
  }

  /** The legal actions as notation: `=B` and `=W` when a choice is due, then the points. */
  legalActions() {
    if (this.outcome) return [];
    const choices = takesChoice(this.phase) ? ['=B', '=W'] : [];
    return [...choices, ...this.legalPoints().map((point) => pointName(point, this.rules.endless))];
  }

  /** Plays one action given as notation; throws (`IllegalAction` for the rules' refusals) and changes nothing
   * when it may not be played. */
  play(text) {
    const action = parseAction(text);
    this.check(action);
    if (action.choose) this.choose(action.choose);
    else this.place(action.point);
  }

  choose(colour) {
    const chooser = openingSeat(this.phase);
    this.blackSeat = colour === BLACK ? chooser : otherSeat(chooser);
    this.phase = this.phase === P.SWAP2_CHOICE && colour === WHITE ? P.SWAP2_WHITE_STONE : P.PLAY;
  }

  place(point) {
    const colour = this.nextColour;
    this.stones.set(key(point), { x: point.x, y: point.y, colour });
    if (colour === BLACK) this.blackStones += 1;
    switch (this.phase) {
      case P.FIRST_STONES:
        if (this.stones.size >= 3) this.phase = this.rules.opening === 'swap' ? P.SWAP_CHOICE : P.SWAP2_CHOICE;
        break;
      case P.SWAP2_CHOICE: this.phase = P.SWAP2_EXTRA_WHITE; break;
      case P.SWAP2_EXTRA_WHITE: this.phase = P.SWAP2_LAST_CHOICE; break;
      default: this.phase = P.PLAY;
    }
    if (this.phase !== P.PLAY) return;
    const cell = (at) => (at.x === point.x && at.y === point.y ? colour : this.cell(at));
    for (const direction of DIRECTIONS) {
      const run = runThrough(cell, point, colour, direction);
      if (runWins(this.rules, run, colour)) {
        const winner = this.seatOf(colour);
        this.winningLine = run.stones;
        this.outcome = { winner, reason: 'row', ranks: winner === 'first' ? [1, 2] : [2, 1] };
        return;
      }
    }
    const full = this.rules.endless ? this.stones.size >= MAX_STONES : this.stones.size === this.rules.width * this.rules.height;
    if (full || !this.hasLegalStone()) this.outcome = { winner: null, reason: 'board_full', ranks: [1, 1] };
  }

  /** Whether the side to move has a point left: only renju's Black can run out before the board is full. */
  hasLegalStone() {
    const grid = this.renjuGrid();
    if (!grid) return true;
    for (const point of this.boardPoints()) if (this.allows(point, grid)) return true;
    return false;
  }
}
