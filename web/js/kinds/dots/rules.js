// Dots (Kropki) as kartka plays it, mirroring engine/src/kinds/dots/ (rules: shared/rules/dots.md): dots on
// the points of a W × H field; a dot that closes a pocket of its colour captures the enemy dots inside (the
// pocket's whole area, smallest first), or makes the empty pocket a house; an enemy dot in a house is captured
// at once unless it captures itself; edge points are never inside. STOP (computed) ends the game with the
// presser's ungrounded dots counted for the opponent; with a STOP window (7.4) the opponent places dots until
// `DONE`. In territory mode (6.5) a capturing dot may leave its areas deferred (`qv~`), still playable, and
// their owner paints one later (`P:qv`, no move used). The client needs the rules to draw captures and the
// score after each move; the server stays authoritative.

import { otherSeat } from '../../seats.js';

export const FREE = 'free';
export const HOUSE = 'house';
export const TERRITORY = 'territory';
export const LIVE = 'live';
export const CAPTURED = 'captured';
export const DEFERRED = 'deferred';

const SEATS = ['first', 'second'];

/** A coordinate's letter: `a`–`z` are 0–25, `A`–`Z` 26–51. */
function letter(value) {
  return String.fromCharCode(value < 26 ? 97 + value : 65 + value - 26);
}

function coordinate(character) {
  const code = character.charCodeAt(0);
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 65 && code <= 90) return code - 65 + 26;
  return null;
}

/** A point's name in the notation: column then row from the top (`{x: 16, y: 21}` is `qv`). */
export function pointName({ x, y }) {
  return `${letter(x)}${letter(y)}`;
}

/** The point a two-letter name stands for. */
export function parsePoint(name) {
  if (name.length !== 2) throw new Error(`not a point: ${name}`);
  const [x, y] = [coordinate(name[0]), coordinate(name[1])];
  if (x === null || y === null) throw new Error(`not a point: ${name}`);
  return { x, y };
}

/** The point of a dot or paint token (`qv`, `qv~`, `P:qv`); null for `STOP` and `DONE`. */
export function actionPoint(token) {
  if (token === 'STOP' || token === 'DONE') return null;
  if (token.startsWith('P:')) return parsePoint(token.slice(2));
  return parsePoint(token.endsWith('~') ? token.slice(0, -1) : token);
}

/** The actions of a move text: tokens separated by spaces, each a point, a point and `~`, `P:` and a point,
 * `STOP` or `DONE`. */
export function parseActions(text) {
  const tokens = text.split(/\s+/).filter((token) => token !== '');
  for (const token of tokens) actionPoint(token);
  return tokens;
}

/** The official display of a point: 1-based column, row counted from the bottom (`20-17` on 39 × 32). */
export function officialName({ x, y }, height) {
  return `${x + 1}-${height - y}`;
}

const MASK = (1n << 64n) - 1n;

/** SplitMix64, as the engine draws a random start (engine/src/kinds/dots/start.rs): the next number and state. */
function splitmix64(state) {
  const next = (state + 0x9E3779B97F4A7C15n) & MASK;
  let z = next;
  z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK;
  return [z ^ (z >> 31n), next];
}

/** Rule 2.6: four crosses with corners uniform in [k, side−2−k], k = ⌊min(W,H)/4⌋, redrawn (at most 1000 times)
 * when within Chebyshev distance 3 of an earlier one, the draws from SplitMix64 seeded with `seed`. */
export function randomCorners(width, height, seed, blocks = 4) {
  const corners = [];
  const k = Math.floor(Math.min(width, height) / 4);
  if (width < 2 + 2 * k || height < 2 + 2 * k) return corners;
  const [xSpan, ySpan] = [BigInt(width - 1 - 2 * k), BigInt(height - 1 - 2 * k)];
  let state = BigInt(seed);
  for (let block = 0; block < blocks; block += 1) {
    for (let draw = 0; draw < 1000; draw += 1) {
      let value;
      [value, state] = splitmix64(state);
      const x = k + Number(value % xSpan);
      [value, state] = splitmix64(state);
      const y = k + Number(value % ySpan);
      if (corners.every((c) => Math.max(Math.abs(c.x - x), Math.abs(c.y - y)) >= 3)) {
        corners.push({ x, y });
        break;
      }
    }
  }
  return corners;
}

/** The starts' dots (rules 2.3–2.6), first seat's and second's. */
function startDots({ width, height, start, seed }) {
  const dots = [];
  const cross = (x, y) => dots.push(['first', x, y], ['first', x + 1, y + 1], ['second', x + 1, y], ['second', x, y + 1]);
  const [x0, y0] = [Math.floor((width - 1) / 2), Math.floor(height / 2) - 1];
  if (start === 'cross') cross(x0, y0);
  if (start === 'cross2') {
    ['first', 'second', 'second', 'first'].forEach((seat, dx) => dots.push([seat, x0 - 1 + dx, y0]));
    ['second', 'first', 'first', 'second'].forEach((seat, dx) => dots.push([seat, x0 - 1 + dx, y0 + 1]));
  }
  if (start === 'cross4') {
    const [a, b] = width === 39 && height === 32 ? [11, 10] : [Math.floor((width - 3) / 3), Math.floor((height - 3) / 3)];
    for (const [x, y] of [[a, b], [width - 2 - a, b], [a, height - 2 - b], [width - 2 - a, height - 2 - b]]) cross(x, y);
  }
  if (start === 'random') for (const { x, y } of randomCorners(width, height, seed ?? 0)) cross(x, y);
  return dots;
}

export class Position {
  constructor(ruleset) {
    const { width = 39, height = 32 } = ruleset;
    const stop = ruleset.stop ?? 'computed';
    const territory = Boolean(ruleset.territory);
    this.rules = { width, height, start: ruleset.start ?? 'cross', seed: ruleset.seed ?? 0, zone: ruleset.first_move_zone ?? true,
      extraMove: Boolean(ruleset.extra_move), instantWin: ruleset.instant_win ?? 0, territory,
      stop: stop !== 'off' && !territory, window: stop.window?.seconds ?? null };
    /** The seat that pressed STOP while the other places dots in the window. */
    this.stoppedBy = null;
    this.cells = Array.from({ length: width * height }, () => ({ state: FREE, seat: null }));
    this.counts = { first: 0, second: 0 };
    this.toMove = 'first';
    this.midTurn = false;
    this.placed = { first: false, second: false };
    this.outcome = null;
    this.last = null;
    /** The captures of the last dot: `{seat, points}` each. */
    this.lastCaptures = [];
    for (const [seat, x, y] of startDots(this.rules)) this.set({ x, y }, LIVE, seat);
  }

  clone() {
    const copy = Object.create(Position.prototype);
    return Object.assign(copy, { ...this, cells: this.cells.map((cell) => ({ ...cell })), counts: { ...this.counts },
      placed: { ...this.placed }, lastCaptures: [...this.lastCaptures] });
  }

  get width() { return this.rules.width; }

  get height() { return this.rules.height; }

  cell({ x, y }) {
    return this.cells[y * this.width + x];
  }

  set(point, state, seat) {
    this.cells[point.y * this.width + point.x] = { state, seat };
  }

  onField({ x, y }) {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  isEdge({ x, y }) {
    return x === 0 || y === 0 || x === this.width - 1 || y === this.height - 1;
  }

  neighbours({ x, y }) {
    return [{ x, y: y - 1 }, { x: x + 1, y }, { x, y: y + 1 }, { x: x - 1, y }].filter((p) => this.onField(p));
  }

  isWall(seat, point) {
    const cell = this.cell(point);
    return cell.state === LIVE && cell.seat === seat;
  }

  /** The first-move zone (rule 2.2) as [left, top, width, height], when the start has one. */
  zone() {
    if (this.rules.start !== 'empty' || !this.rules.zone) return null;
    const margin = Math.floor((3 * Math.min(this.width, this.height)) / 8);
    return [margin, margin, this.width - 2 * margin, this.height - 2 * margin];
  }

  dotAllowed(seat, point) {
    if (!this.onField(point)) return false;
    const { state } = this.cell(point);
    if (state !== FREE && state !== HOUSE && state !== DEFERRED) return false;
    const zone = this.zone();
    if (zone && !this.placed[seat]) {
      const [left, top, width, height] = zone;
      return point.x >= left && point.x < left + width && point.y >= top && point.y < top + height;
    }
    return true;
  }

  /** Every point the side to move may place a dot on, row by row. */
  legalPoints() {
    return this.outcome ? [] : this.legalPointsOf(this.toMove);
  }

  /** Every point `seat` may place a dot on, row by row. */
  legalPointsOf(seat) {
    const points = [];
    for (let y = 0; y < this.height; y += 1) {
      for (let x = 0; x < this.width; x += 1) if (this.dotAllowed(seat, { x, y })) points.push({ x, y });
    }
    return points;
  }

  stopAllowed() {
    return this.rules.stop && !this.outcome && !this.stoppedBy;
  }

  /** Whether the side to move is placing dots in a STOP window and may end it with `DONE`. */
  doneAllowed() {
    return Boolean(this.stoppedBy) && !this.outcome;
  }

  /** One point of each of the side to move's deferred areas, row by row (its other points paint with it). */
  deferredAreas() {
    if (this.outcome || !this.rules.territory) return [];
    const seen = new Set();
    const areas = [];
    for (let y = 0; y < this.height; y += 1) {
      for (let x = 0; x < this.width; x += 1) {
        const cell = this.cell({ x, y });
        if (cell.state !== DEFERRED || cell.seat !== this.toMove || seen.has(y * this.width + x)) continue;
        areas.push({ x, y });
        this.region({ x, y }, DEFERRED, this.toMove).forEach((p) => seen.add(p.y * this.width + p.x));
      }
    }
    return areas;
  }

  /** `seat`'s pocket holding `start`: the non-wall points 4-connected to it, or null when they reach the edge. */
  pocket(seat, start) {
    const key = ({ x, y }) => y * this.width + x;
    const seen = new Set([key(start)]);
    const stack = [start];
    while (stack.length) {
      const point = stack.pop();
      if (this.isEdge(point)) return null;
      for (const next of this.neighbours(point)) {
        if (!this.isWall(seat, next) && !seen.has(key(next))) {
          seen.add(key(next));
          stack.push(next);
        }
      }
    }
    return seen;
  }

  /** The area of a pocket (rule 4.3): the points that cannot reach past the edge avoiding its border. */
  area(seat, pocket) {
    const border = (point) => this.isWall(seat, point) && this.neighbours(point).some((n) => pocket.has(n.y * this.width + n.x));
    const outside = new Set();
    const stack = [];
    for (let y = 0; y < this.height; y += 1) {
      for (let x = 0; x < this.width; x += 1) {
        const point = { x, y };
        if (this.isEdge(point) && !border(point)) {
          outside.add(y * this.width + x);
          stack.push(point);
        }
      }
    }
    while (stack.length) {
      for (const next of this.neighbours(stack.pop())) {
        const key = next.y * this.width + next.x;
        if (!outside.has(key) && !border(next)) {
          outside.add(key);
          stack.push(next);
        }
      }
    }
    const points = [];
    for (let index = 0; index < this.cells.length; index += 1) {
      if (!outside.has(index)) points.push({ x: index % this.width, y: Math.floor(index / this.width) });
    }
    return points;
  }

  holdsEnemy(seat, area) {
    return area.some((point) => { const cell = this.cell(point); return cell.state === LIVE && cell.seat !== seat; });
  }

  /** Captures `area` for `seat` (rule 4.6); its empty points become territory, or deferred with `paintLater`. */
  capture(seat, area, paintLater = false) {
    for (const point of area) {
      const cell = this.cell(point);
      if (cell.state === LIVE && cell.seat !== seat) {
        this.set(point, CAPTURED, cell.seat);
        this.counts[seat] += 1;
      } else if (cell.state === CAPTURED && cell.seat === seat) {
        this.set(point, LIVE, seat);
        this.counts[otherSeat(seat)] -= 1;
      } else if (cell.state !== LIVE && cell.state !== CAPTURED && !(cell.state === TERRITORY && cell.seat === seat)) {
        this.set(point, paintLater ? DEFERRED : TERRITORY, seat);
      }
    }
    this.lastCaptures.push({ seat, points: area });
  }

  /** Puts `seat`'s dot and resolves what it encloses and intrudes (rules 4.4–4.8); whether the mover captured. */
  place(seat, point, paintLater = false) {
    const before = this.cell(point);
    const intruded = (before.state === HOUSE || before.state === DEFERRED) && before.seat !== seat ? before.seat : null;
    this.set(point, LIVE, seat);
    const seen = new Set();
    const areas = [];
    for (const neighbour of this.neighbours(point)) {
      const key = neighbour.y * this.width + neighbour.x;
      if (this.isWall(seat, neighbour) || seen.has(key)) continue;
      const pocket = this.pocket(seat, neighbour);
      if (!pocket) continue;
      pocket.forEach((k) => seen.add(k));
      areas.push(this.area(seat, pocket));
    }
    const first = (area) => Math.min(...area.map(({ x, y }) => y * this.width + x));
    areas.sort((a, b) => a.length - b.length || first(a) - first(b));
    const captures = areas.some((area) => this.holdsEnemy(seat, area));
    if (intruded) {
      const pocket = captures ? null : this.pocket(intruded, point);
      if (pocket) {
        // 4.8b: the owner takes the intruder at once; a deferred area stays deferred.
        this.capture(intruded, this.area(intruded, pocket), before.state === DEFERRED);
        return false;
      }
      for (const dissolved of this.region(point, before.state, intruded)) this.set(dissolved, FREE, null);
    }
    for (const area of areas) {
      if (this.holdsEnemy(seat, area)) this.capture(seat, area, paintLater);
      else for (const p of area) if (this.cell(p).state === FREE) this.set(p, HOUSE, seat);
    }
    return captures;
  }

  /** The points in `state` of `owner` 4-connected to `from` through such points (`from` itself when it is one). */
  region(from, state, owner) {
    const key = ({ x, y }) => y * this.width + x;
    const of = (point) => { const cell = this.cell(point); return cell.state === state && cell.seat === owner; };
    const seen = new Set([key(from)]);
    const found = of(from) ? [from] : [];
    const stack = [from];
    while (stack.length) {
      for (const next of this.neighbours(stack.pop())) {
        if (seen.has(key(next)) || !of(next)) continue;
        seen.add(key(next));
        found.push(next);
        stack.push(next);
      }
    }
    return found;
  }

  /** The counts if `seat` pressed STOP now (rule 7.3): its ungrounded live dots go to the opponent. */
  stopResult(seat) {
    const owns = (cell) => (cell.state === LIVE && cell.seat === seat) || (cell.state === TERRITORY && cell.seat === seat)
      || (cell.state === CAPTURED && cell.seat !== seat);
    const grounded = new Set();
    const stack = [];
    this.cells.forEach((cell, index) => {
      const point = { x: index % this.width, y: Math.floor(index / this.width) };
      if (this.isEdge(point) && owns(cell)) {
        grounded.add(index);
        stack.push(point);
      }
    });
    while (stack.length) {
      for (const next of this.neighbours(stack.pop())) {
        const key = next.y * this.width + next.x;
        if (!grounded.has(key) && owns(this.cell(next))) {
          grounded.add(key);
          stack.push(next);
        }
      }
    }
    const counts = { ...this.counts };
    this.cells.forEach((cell, index) => {
      if (grounded.has(index)) return;
      if (cell.state === LIVE && cell.seat === seat) counts[otherSeat(seat)] += 1;
      if (cell.state === CAPTURED && cell.seat !== seat) counts[seat] -= 1;
    });
    return counts;
  }

  /** Ends the game with the server's end reason (`board_full`, `stop`, `instant_win`), so both say it alike. */
  finish(reason, counts, winner = null) {
    const decided = winner ?? (counts.first > counts.second ? 'first' : counts.second > counts.first ? 'second' : null);
    this.outcome = { winner: decided, reason, scores: [counts.first, counts.second] };
  }

  /** Plays one action of the side to move (`qv`, `qv~`, `P:qv`, `STOP` or `DONE`); throws on an illegal one. */
  play(action) {
    if (this.outcome) throw new Error('the game is over');
    const seat = this.toMove;
    this.lastCaptures = [];
    if (action === 'STOP') {
      if (!this.stopAllowed()) throw new Error('STOP is unavailable');
      if (this.rules.window === null) this.finish('stop', this.stopResult(seat));
      else if (this.legalPointsOf(otherSeat(seat)).length === 0) this.finish('stop', this.counts);
      else {
        this.stoppedBy = seat;
        this.toMove = otherSeat(seat);
        this.midTurn = false;
      }
      return;
    }
    if (action === 'DONE') {
      if (!this.doneAllowed()) throw new Error('there is no STOP window to end');
      this.finish('stop', this.counts);
      return;
    }
    const point = actionPoint(action);
    if (action.startsWith('P:')) {
      const cell = this.rules.territory && this.onField(point) ? this.cell(point) : null;
      if (cell?.state !== DEFERRED || cell.seat !== seat) throw new Error(`${action}: not one of your deferred areas`);
      for (const painted of this.region(point, DEFERRED, seat)) this.set(painted, TERRITORY, seat);
      this.midTurn = true;
      if (this.legalPoints().length === 0) this.finish('board_full', this.counts);
      return;
    }
    const paintLater = action.endsWith('~');
    if (paintLater && !this.rules.territory) throw new Error('there is no territory mode in this game');
    if (!this.dotAllowed(seat, point)) throw new Error(`${action} is not a legal point`);
    const captured = this.place(seat, point, paintLater);
    this.placed[seat] = true;
    this.last = point;
    const { instantWin } = this.rules;
    const winner = instantWin > 0 ? [seat, otherSeat(seat)].find((s) => this.counts[s] >= instantWin) : undefined;
    if (winner) {
      this.finish('instant_win', this.counts, winner);
      return;
    }
    if (this.stoppedBy) {
      // In the window the placer goes on, without extra moves, until DONE or no point is left.
      this.midTurn = true;
      if (this.legalPoints().length === 0) this.finish('stop', this.counts);
      return;
    }
    const next = captured && this.rules.extraMove ? seat : otherSeat(seat);
    this.toMove = next;
    this.midTurn = next === seat;
    if (!SEATS.includes(next) || this.legalPoints().length === 0) this.finish('board_full', this.counts);
  }
}
