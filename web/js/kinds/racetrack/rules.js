// Racetrack rules, ported from the engine (engine/src/kinds/racetrack/): cars on the cell centres of a track drawn
// as data (docs/tracks.md), each move an acceleration of at most one in each direction, a crash costing hit points
// and a turn, the first round to cross the line after a full lap through every touch point winning. The client
// needs the rules to offer the nine targets and to draw trails and crashes; the server stays authoritative.
//
// The track is not an option: a ruleset names it by name and hash, and the map comes from the server
// (`GET /api/tracks/{hash}`, as `{name, version, hash, rows}`). Every test is the engine's exact integer one, in
// doubled coordinates where centres are even and cell sides odd.

import { seatIndex, seatName } from '../../seats.js';

/** The fewest and most players, the hit points a car starts with and the rounds a race lasts by default. */
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;
export const HIT_POINTS = 5;
export const DEFAULT_MAX_ROUNDS = 200;

/** The kinds of cell, by their map character. */
export const OUTSIDE = 'outside';
export const TRACK = 'track';
export const DANGER = 'danger';
export const START = 'start';
export const FINISH = 'finish';
export const TOUCH_POINT = 'touch-point';

const CELLS = { '#': OUTSIDE, '.': TRACK, '~': DANGER, S: START, F: FINISH, o: TOUCH_POINT };
/** The racing direction's step, by its marker (a marker stands on a track cell). */
const DIRECTIONS = { '>': { x: 1, y: 0 }, '<': { x: -1, y: 0 }, v: { x: 0, y: 1 }, '^': { x: 0, y: -1 } };

/** A track read from the server's map: its cells, start cells in seat order, touch points and start/finish line.
 * Throws on a map the engine would refuse in a way these rules depend on (no marker, a line that is not one run). */
export class Track {
  constructor({ name, hash, rows }) {
    this.name = name;
    this.hash = hash;
    this.rows = rows;
    this.height = rows.length;
    this.width = Math.max(0, ...rows.map((row) => row.length));
    this.starts = [];
    this.touchPoints = [];
    const line = [];
    let direction = null;
    rows.forEach((row, y) => [...row].forEach((character, x) => {
      if (DIRECTIONS[character]) direction = DIRECTIONS[character];
      const cell = this.cell({ x, y });
      if (cell === START) this.starts.push({ x, y });
      if (cell === TOUCH_POINT) this.touchPoints.push({ x, y });
      if (cell === START || cell === FINISH) line.push({ x, y });
    }));
    if (!direction || line.length === 0) throw new Error(`track ${name}: no racing direction or no start/finish line`);
    this.direction = direction;
    const across = line.map((point) => frame(direction, point)[1]);
    this.line = { along: frame(direction, line[0])[0], across: [Math.min(...across), Math.max(...across)] };
    this.allTouched = (1n << BigInt(this.touchPoints.length)) - 1n;
  }

  /** The kind of the cell at `point`; beyond a row's end or the map, outside. */
  cell({ x, y }) {
    const character = this.rows[y]?.[x];
    if (character === undefined) return OUTSIDE;
    return DIRECTIONS[character] ? TRACK : CELLS[character] ?? OUTSIDE;
  }

  /** The touch point at `point` as a bit of a lap's mask, 0n for any other cell. */
  touchBit(point) {
    const index = this.touchPoints.findIndex((touch) => touch.x === point.x && touch.y === point.y);
    return index < 0 ? 0n : 1n << BigInt(index);
  }

  /** How the segment crosses the start/finish line: +1 in the racing direction, −1 against it, 0 not at all. */
  crossing(from, to) {
    const [aAlong, aAcross] = frame(this.direction, from);
    const [bAlong, bAcross] = frame(this.direction, to);
    const line = 2 * this.line.along - 1;
    const [a, b] = [2 * aAlong, 2 * bAlong];
    let sense = 0;
    if (a < line && line < b) sense = 1;
    else if (b < line && line < a) sense = -1;
    else return 0;
    const span = b - a;
    const at = 2 * aAcross * span + (line - a) * 2 * (bAcross - aAcross);
    const [low, high] = [(2 * this.line.across[0] - 1) * span, (2 * this.line.across[1] + 1) * span];
    const within = span > 0 ? low <= at && at <= high : high <= at && at <= low;
    return within ? sense : 0;
  }
}

/** `point` in the line's frame: `[along, across]`, `along` growing in the racing direction. */
function frame(direction, { x, y }) {
  if (direction.x !== 0) return [direction.x * x, y];
  return [direction.y * y, x];
}

/** Whether the segment from `from` to `to` passes through the open interior of the cell centred on `cell`. */
export function meets(from, to, cell) {
  const [ax, ay, bx, by, cx, cy] = [from.x, from.y, to.x, to.y, cell.x, cell.y].map((n) => 2 * n);
  if (Math.max(ax, bx) < cx || Math.min(ax, bx) > cx || Math.max(ay, by) < cy || Math.min(ay, by) > cy) return false;
  const [dx, dy] = [bx - ax, by - ay];
  const across = dy * (cx - ax) - dx * (cy - ay);
  return Math.abs(across) < Math.abs(dx) + Math.abs(dy) || (dx === 0 && dy === 0);
}

/** Every cell the segment from `from` to `to` meets, in the order it passes them, `from` first and `to` last. */
export function cellsMet(from, to) {
  const cells = [];
  const xStep = to.x >= from.x ? 1 : -1;
  const yStep = to.y >= from.y ? 1 : -1;
  for (let x = from.x; ; x += xStep) {
    for (let y = from.y; ; y += yStep) {
      if (meets(from, to, { x, y })) cells.push({ x, y });
      if (y === to.y) break;
    }
    if (x === to.x) break;
  }
  return cells;
}

const same = (a, b) => a.x === b.x && a.y === b.y;

/** Drives from `from` to `to`: `{stop, crash, crossing, touched}` as the engine's `drive` answers, `crash` the
 * kind of the last track cell before the first cell outside (null when the segment stayed on). */
export function drive(track, from, to, occupied) {
  let stop = from;
  let lastTrack = track.cell(from);
  let touched = 0n;
  let touchedToStop = 0n;
  let crash = null;
  for (const cell of cellsMet(from, to)) {
    const kind = track.cell(cell);
    if (kind === OUTSIDE) {
      crash = lastTrack;
      break;
    }
    lastTrack = kind;
    touched |= track.touchBit(cell);
    if (same(cell, from) || !occupied(cell)) {
      stop = cell;
      touchedToStop = touched;
    }
  }
  if (crash === null) {
    stop = to;
    touchedToStop = touched;
  }
  return { stop, crash, crossing: track.crossing(from, stop), touched: touchedToStop };
}

/** The acceleration of a keypad digit 1–9 (5 keeps the velocity; 7 8 9 accelerate towards the map's top). */
export function accelerationOf(digit) {
  return { x: ((digit - 1) % 3) - 1, y: 1 - Math.floor((digit - 1) / 3) };
}

/** The notation of a move: a keypad digit, or the point reached, `x,y`. */
export function parseMove(text) {
  const token = text.trim();
  if (/^[1-9]$/.test(token)) return { digit: Number(token) };
  const point = /^(-?\d+),(-?\d+)$/.exec(token);
  if (!point) throw new Error(`not Racetrack notation: ${text}`);
  return { point: { x: Number(point[1]), y: Number(point[2]) } };
}

/** A ruleset's options, checked; throws on what the rules do not have. */
export function readRules({ players = 2, crash = 'hit-points', max_rounds: maxRounds = DEFAULT_MAX_ROUNDS } = {}) {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) throw new Error(`${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${players}`);
  if (crash !== 'hit-points' && crash !== 'out') throw new Error(`a crash rule is hit-points or out, not ${crash}`);
  if (!Number.isInteger(maxRounds) || maxRounds < 1) throw new Error(`a race lasts at least one round, not ${maxRounds}`);
  return { players, crashOut: crash === 'out', maxRounds };
}

/** A race: every car, whose move it is, the round, and how the race ended. Each car keeps its trail (every point
 * it stood on) and its crashes (the points it crashed at), which the board draws. */
export class Position {
  constructor(ruleset, track) {
    this.rules = readRules(ruleset);
    this.track = track;
    if (this.rules.players > track.starts.length) throw new Error(`the track has ${track.starts.length} start cells, too few for ${this.rules.players} players`);
    this.cars = track.starts.slice(0, this.rules.players).map((start) => ({
      position: start, velocity: { x: 0, y: 0 }, hitPoints: HIT_POINTS, skipsTurn: false, laps: 0, touched: 0n,
      standing: { running: true }, trail: [start], crashes: [],
    }));
    this.toMove = seatName(0);
    this.round = 1;
    this.departures = 0;
    this.midTurn = false;
    /** `{winner, reason, ranks}` once the race is over. */
    this.outcome = null;
  }

  clone() {
    const copy = Object.assign(Object.create(Position.prototype), this);
    copy.cars = this.cars.map((car) => ({ ...car, trail: car.trail.slice(), crashes: car.crashes.slice() }));
    return copy;
  }

  /** The car of the seat to move. */
  get mover() {
    return this.cars[seatIndex(this.toMove)];
  }

  /** The nine points the car to move may aim at, keypad order 1–9, each `{digit, point, legal, crash}`: `crash`
   * whether its segment leaves the track, `legal` false for a point another car stands on (or after the end). */
  targets() {
    const car = this.mover;
    return [1, 2, 3, 4, 5, 6, 7, 8, 9].map((digit) => {
      const acceleration = accelerationOf(digit);
      const point = { x: car.position.x + car.velocity.x + acceleration.x, y: car.position.y + car.velocity.y + acceleration.y };
      const crash = drive(this.track, car.position, point, () => false).crash !== null;
      const legal = !this.outcome && (crash || !this.occupiedByAnother(point));
      return { digit, point, legal, crash };
    });
  }

  /** The keypad digits of the legal moves. */
  legalMoves() {
    return this.targets().filter((target) => target.legal).map((target) => String(target.digit));
  }

  /** Plays one move (a digit or `x,y`); throws on an illegal one, the race unchanged. */
  play(text) {
    if (this.outcome) throw new Error('the race is over');
    const move = parseMove(text);
    const car = this.mover;
    const straightOn = { x: car.position.x + car.velocity.x, y: car.position.y + car.velocity.y };
    const acceleration = move.digit ? accelerationOf(move.digit) : { x: move.point.x - straightOn.x, y: move.point.y - straightOn.y };
    if (Math.abs(acceleration.x) > 1 || Math.abs(acceleration.y) > 1) throw new Error('that is not one of the nine targets');
    const velocity = { x: car.velocity.x + acceleration.x, y: car.velocity.y + acceleration.y };
    const to = { x: car.position.x + velocity.x, y: car.position.y + velocity.y };
    const staysOn = drive(this.track, car.position, to, () => false).crash === null;
    if (staysOn && this.occupiedByAnother(to)) throw new Error('another car stands on that point');
    const driven = drive(this.track, car.position, to, (point) => this.occupiedByAnother(point));
    car.position = driven.stop;
    car.trail.push(driven.stop);
    car.laps += driven.crossing;
    car.touched |= driven.touched;
    car.velocity = driven.crash === null ? velocity : { x: 0, y: 0 };
    if (driven.crossing === 1 && car.laps >= 1 && car.touched === this.track.allTouched) {
      car.standing = { finished: this.round };
    } else if (driven.crash !== null) {
      car.crashes.push(driven.stop);
      const cost = driven.crash === DANGER ? 2 : 1;
      car.hitPoints = this.rules.crashOut ? 0 : Math.max(0, car.hitPoints - cost);
      if (car.hitPoints === 0) car.standing = { out: this.round };
      else car.skipsTurn = true;
    }
    this.nextTurn('score');
  }

  /** `seat` left: its car is out, below every car out by crashing, and the race goes on without it. */
  leave(seat, reason) {
    const car = this.cars[seatIndex(seat)];
    if (this.outcome || !car?.standing.running) return;
    car.standing = { left: this.departures };
    this.departures += 1;
    if (seat === this.toMove) this.nextTurn(reason);
    else if (this.isSettled()) this.end(reason);
  }

  occupiedByAnother(point) {
    return this.cars.some((car, index) => seatName(index) !== this.toMove && car.standing.running && same(car.position, point));
  }

  nextTurn(reason) {
    if (!this.cars.some((car) => car.standing.running)) return this.end(reason);
    let seat = seatIndex(this.toMove);
    for (;;) {
      const next = (seat + 1) % this.cars.length;
      if (next <= seat) {
        this.round += 1;
        if (this.round > this.rules.maxRounds) {
          this.round = this.rules.maxRounds;
          return this.end('rounds_out');
        }
      }
      seat = next;
      const car = this.cars[seat];
      if (!car.standing.running) continue;
      if (car.skipsTurn) {
        car.skipsTurn = false;
        continue;
      }
      break;
    }
    this.toMove = seatName(seat);
    if (this.isSettled()) this.end(reason);
    return undefined;
  }

  isSettled() {
    const running = this.cars.filter((car) => car.standing.running);
    if (running.length !== 1) return running.length === 0;
    return !this.cars.some((car) => car.standing.finished === this.round);
  }

  /** Ranks as the engine does: finishers by round, then cars still racing, then cars out (the later the better),
   * then seats that left (the later the higher). */
  end(reason) {
    const order = ({ standing }) => {
      if (standing.finished !== undefined) return [0, standing.finished];
      if (standing.running) return [1, 0];
      if (standing.out !== undefined) return [2, -standing.out];
      return [3, -standing.left];
    };
    const before = (a, b) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
    const ranks = this.cars.map((car) => 1 + this.cars.filter((other) => before(order(other), order(car))).length);
    const firsts = ranks.flatMap((rank, index) => (rank === 1 ? [index] : []));
    this.outcome = { winner: firsts.length === 1 ? seatName(firsts[0]) : null, reason, ranks };
    return undefined;
  }
}
