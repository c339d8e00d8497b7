// Sea Battle's rules as the browser needs them, mirroring engine/src/kinds/sea_battle/: the 10 × 10 grid (columns
// A–J from the left, rows 1–10 from the top), ships and fleets in the engine's notation and canonical order, the
// fleet check (the exact ships, apart as `touching` says), a uniformly random legal fleet, and the game as one
// viewer sees it: built from the moves as that viewer receives them (docs/hidden-information.md), so it knows its
// own fleet, every shot with its answer, the sunk ships and who is ready, never the opponent's fleet until the end.

/** The grid's side. */
export const SIZE = 10;

/** The ships of each fleet, longest first (rules 1.2 and §4). */
export const FLEETS = { classic: [4, 3, 3, 2, 2, 2, 1, 1, 1, 1], hasbro: [5, 4, 3, 3, 2] };

/** Each fleet's own defaults for the options a ruleset leaves out (rules §4). */
const DEFAULTS = { classic: { touching: 'none', shoot_again: true }, hasbro: { touching: 'any', shoot_again: false } };

/** A ruleset's options with the fleet's defaults filled in; throws on a value the rules do not have. */
export function readRules(ruleset = {}) {
  const fleet = ruleset.fleet ?? 'classic';
  if (!FLEETS[fleet]) throw new Error(`the fleet is classic or hasbro, not ${fleet}`);
  const touching = ruleset.touching ?? DEFAULTS[fleet].touching;
  if (!['none', 'sides', 'any'].includes(touching)) throw new Error(`touching is none, sides or any, not ${touching}`);
  const shootAgain = ruleset.shoot_again ?? DEFAULTS[fleet].shoot_again;
  return { fleet, touching, shootAgain, lengths: FLEETS[fleet] };
}

/** A cell's name: `A1`, `J10`. */
export function cellName(index) {
  return `${String.fromCharCode(65 + (index % SIZE))}${Math.floor(index / SIZE) + 1}`;
}

/** The index (row by row from `A1`) of a cell's name, or -1 when it names none. */
export function parseCell(text) {
  const match = /^([A-J])(10|[1-9])$/.exec(text);
  return match ? (Number(match[2]) - 1) * SIZE + match[1].charCodeAt(0) - 65 : -1;
}

/** A ship: `length` cells from `start` (its top-left cell's index) rightwards, or downwards when `vertical`; a
 * ship of one cell is never vertical, so every ship has one form. */
export function ship(start, length, vertical = false) {
  return { start, length, vertical: length > 1 && vertical };
}

/** The cells of a ship, or null when it leaves the grid. */
export function shipCells({ start, length, vertical }) {
  const [column, row] = [start % SIZE, Math.floor(start / SIZE)];
  if (start < 0 || start >= SIZE * SIZE || (vertical ? row : column) + length > SIZE) return null;
  return Array.from({ length }, (_, at) => start + at * (vertical ? SIZE : 1));
}

/** A ship in the notation: its end cells, top-left first (`A1-A4`), or its one cell (`C7`). */
export function shipName(s) {
  const cells = shipCells(s);
  return cells.length > 1 ? `${cellName(cells[0])}-${cellName(cells.at(-1))}` : cellName(cells[0]);
}

/** The ship between two end cells (`A1-A4`, `A4-A1`, `C7`), or null when they share no row or column. */
export function parseShip(text) {
  const [a, b = a, ...rest] = text.split('-');
  const [from, to] = [parseCell(a), parseCell(b)];
  if (rest.length || from < 0 || to < 0) return null;
  const [start, end] = from <= to ? [from, to] : [to, from];
  if (Math.floor(start / SIZE) === Math.floor(end / SIZE)) return ship(start, end - start + 1, false);
  if (start % SIZE === end % SIZE) return ship(start, (end - start) / SIZE + 1, true);
  return null;
}

/** Ships in canonical order: longest first, then by the top-left cell, row by row. */
export function canonical(ships) {
  return [...ships].sort((a, b) => b.length - a.length || a.start - b.start);
}

/** A fleet's text: `F:` and its ships in canonical order, separated by commas. */
export function fleetText(ships) {
  return `F:${canonical(ships).map(shipName).join(',')}`;
}

/** The ships of a fleet's text (`F:A1-A4,C7,…`, any order), canonical; null when it is not one. */
export function parseFleet(text) {
  if (!text.startsWith('F:')) return null;
  const ships = text.slice(2).split(',').map(parseShip);
  return ships.length <= 10 && ships.every(Boolean) ? canonical(ships) : null;
}

/** The cells around a set of cells (`cells`, a Set of indices) that another ship may not take under `touching`,
 * the cells themselves included: every neighbour with `none`, the side neighbours with `sides`, none with `any`. */
export function reach(cells, touching) {
  const out = new Set(cells);
  if (touching === 'any') return out;
  for (const cell of cells) {
    const [column, row] = [cell % SIZE, Math.floor(cell / SIZE)];
    for (let dr = -1; dr <= 1; dr += 1) {
      for (let dc = -1; dc <= 1; dc += 1) {
        const diagonal = dr !== 0 && dc !== 0;
        const [r, c] = [row + dr, column + dc];
        if ((!diagonal || touching === 'none') && r >= 0 && r < SIZE && c >= 0 && c < SIZE) out.add(r * SIZE + c);
      }
    }
  }
  return out;
}

/**
 * Whether `ships` are a fleet the rules allow, as the engine checks it: null when they are, else why not —
 * `{problem: 'missing', left}` (ships still to place: the lengths), `{problem: 'wrong'}` (ships the fleet does not
 * have), `{problem: 'outside', ships}`, `{problem: 'overlap', ships}` or `{problem: 'touch', ships}` (the two
 * ships that clash, in the order given).
 */
export function checkFleet(ships, rules) {
  const left = [...rules.lengths];
  for (const s of ships) {
    const at = left.indexOf(s.length);
    if (at < 0) return { problem: 'wrong' };
    left.splice(at, 1);
  }
  const outside = ships.find((s) => !shipCells(s));
  if (outside) return { problem: 'outside', ships: [outside] };
  for (let i = 0; i < ships.length; i += 1) {
    const cells = new Set(shipCells(ships[i]));
    const around = reach(cells, rules.touching);
    for (let j = i + 1; j < ships.length; j += 1) {
      const other = shipCells(ships[j]);
      if (other.some((cell) => cells.has(cell))) return { problem: 'overlap', ships: [ships[i], ships[j]] };
      if (other.some((cell) => around.has(cell))) return { problem: 'touch', ships: [ships[i], ships[j]] };
    }
  }
  return left.length ? { problem: 'missing', left } : null;
}

/** Every place a ship of `length` can take under `touching` (a ship of one cell once, not in both directions):
 * its ship, its cells and the cells it keeps other ships out of; computed once per length and rule. */
const placementCache = new Map();
function placements(length, touching) {
  const key = `${length}:${touching}`;
  if (!placementCache.has(key)) {
    const out = [];
    for (const vertical of length === 1 ? [false] : [false, true]) {
      for (let start = 0; start < SIZE * SIZE; start += 1) {
        const s = ship(start, length, vertical);
        const cells = shipCells(s);
        if (cells) out.push({ ship: s, cells, reach: [...reach(cells, touching)] });
      }
    }
    placementCache.set(key, out);
  }
  return placementCache.get(key);
}

/**
 * A legal fleet of `rules`, every legal fleet equally likely, drawn with `random` (a function returning a number
 * in [0, 1), `Math.random` by default). As the engine draws it: every ship takes a placement uniformly at random
 * among all of its length's, and the whole draw starts again as soon as a ship overlaps or comes too close to one
 * before it, so every ordered tuple of placements is equally likely, and every legal layout is the same number of
 * tuples (the orders of its equal ships).
 */
export function randomFleet(rules, random = Math.random) {
  const options = rules.lengths.map((length) => placements(length, rules.touching));
  // The cells kept out in this draw are those stamped with its number, so that no draw clears the grid.
  const blocked = new Uint32Array(SIZE * SIZE);
  for (let draw = 1; ; draw += 1) {
    const ships = [];
    for (const list of options) {
      const place = list[Math.floor(random() * list.length)];
      if (place.cells.some((cell) => blocked[cell] === draw)) break;
      for (const cell of place.reach) blocked[cell] = draw;
      ships.push(place.ship);
    }
    if (ships.length === options.length) return canonical(ships);
  }
}

/** The first legal fleet, ships placed longest first each at its first free place row by row: a fleet to show
 * where one legal fleet is asked for (there are some 10¹⁵, too many to list). */
export function firstFleet(rules) {
  const blocked = new Set();
  return canonical(rules.lengths.map((length) => {
    const place = placements(length, rules.touching).find(({ cells }) => cells.every((cell) => !blocked.has(cell)));
    place.reach.forEach((cell) => blocked.add(cell));
    return place.ship;
  }));
}

/**
 * A public text of shots (`E5. E6x E7#E5-E7`), each with its answer: `[{cell, answer, ship}]`, `answer` `miss`,
 * `hit` or `sunk` (with the sunk `ship`); a shot not yet answered (the mover's own `E5`, on its way) has `answer`
 * null. Null when the text is not one.
 */
export function parseShots(text) {
  const shots = text.split(' ').map((token) => {
    const match = /^([A-J](?:10|[1-9]))(?:(\.)|(x)|#([A-J0-9-]+))?$/.exec(token);
    if (!match) return null;
    const cell = parseCell(match[1]);
    if (match[2]) return { cell, answer: 'miss' };
    if (match[3]) return { cell, answer: 'hit' };
    if (match[4]) {
      const sunk = parseShip(match[4]);
      return sunk && shipCells(sunk).includes(cell) ? { cell, answer: 'sunk', ship: sunk } : null;
    }
    return { cell, answer: null };
  });
  return shots.length && shots.every(Boolean) ? shots : null;
}

/** A shot with its answer as the public text writes it. */
export function shotText({ cell, answer, ship: s }) {
  if (answer === 'miss') return `${cellName(cell)}.`;
  if (answer === 'hit') return `${cellName(cell)}x`;
  if (answer === 'sunk') return `${cellName(cell)}#${shipName(s)}`;
  return cellName(cell);
}

/** What a shot at `cell` answers against `ships` (a whole fleet) after the cells `shot` (a Set) were shot at. */
export function answerOf(ships, shot, cell) {
  const hit = ships.find((s) => shipCells(s).includes(cell));
  if (!hit) return { cell, answer: 'miss' };
  const sunk = shipCells(hit).every((c) => c === cell || shot.has(c));
  return sunk ? { cell, answer: 'sunk', ship: hit } : { cell, answer: 'hit' };
}

const other = (seat) => (seat === 'first' ? 'second' : 'first');

/** One seat's grid as everyone may see it: the shots at it with their answers, the ships sunk on it, the cells
 * known to be empty beside them; and, where this viewer knows it, the fleet on it. */
class Grid {
  constructor() {
    /** The fleet's ships, once known (the viewer's own; both once the game is over). */
    this.fleet = null;
    /** Each cell shot at: its answer (`miss`, `hit`, `sunk`, or null while the shot is on its way). */
    this.shots = new Map();
    /** The sunk ships. */
    this.sunk = [];
    /** Cells next to a sunk ship, known to be empty by the touching rule (rule 2.4). */
    this.knownEmpty = new Set();
    /** The shots at this grid in the order played, as published: `{cell, answer, ship}`. */
    this.log = [];
    /** The commitment to this seat's fleet, and once revealed its secret text and nonce. */
    this.commitment = null;
    this.secret = null;
    this.nonce = null;
  }

  clone() {
    return Object.assign(Object.create(Grid.prototype), this, {
      shots: new Map(this.shots), sunk: [...this.sunk], knownEmpty: new Set(this.knownEmpty), log: [...this.log],
    });
  }

  /** The cells hit (a hit or a sink). */
  hits() {
    return [...this.shots].filter(([, answer]) => answer === 'hit' || answer === 'sunk').length;
  }
}

/**
 * A game of Sea Battle as one viewer sees it. Its phase follows from the moves: setup while some seat has not
 * placed its fleet (`F`, or the viewer's own `F:…`), every such seat to act at once; then play, the shooter to act,
 * again after a hit while `shoot_again` holds; over once every cell of one fleet is hit.
 */
export class Position {
  constructor(ruleset) {
    this.rules = readRules(ruleset);
    this.fleetCells = this.rules.lengths.reduce((sum, length) => sum + length, 0);
    this.grids = { first: new Grid(), second: new Grid() };
    /** The seats whose fleet is placed. */
    this.ready = new Set();
    this.shooter = 'first';
    /** Whether the shooter hit with its last shot and shoots again. */
    this.again = false;
    /** A shot of the viewer's on its way (no answer yet): nobody acts until it is answered. */
    this.awaiting = false;
    /** The last shot: `{seat, cell}`. */
    this.lastShot = null;
    this.outcome = null;
  }

  clone() {
    return Object.assign(Object.create(Position.prototype), this, {
      grids: { first: this.grids.first.clone(), second: this.grids.second.clone() }, ready: new Set(this.ready),
    });
  }

  get inSetup() {
    return this.ready.size < 2;
  }

  /** The seats to act now: those still to place a fleet, then the shooter; none once over or while a shot waits
   * for its answer. */
  get seatsToAct() {
    if (this.outcome || this.awaiting) return [];
    if (this.inSetup) return ['first', 'second'].filter((seat) => !this.ready.has(seat));
    return [this.shooter];
  }

  get toMove() {
    return this.seatsToAct[0] ?? null;
  }

  get midTurn() {
    return this.again;
  }

  /** The grid `seat` shoots at. */
  target(seat) {
    return this.grids[other(seat)];
  }

  /** The cells `seat` may shoot at now (rule 2.4: not shot before, not known empty), in order. */
  openCells(seat) {
    const grid = this.target(seat);
    return Array.from({ length: SIZE * SIZE }, (_, cell) => cell).filter((cell) => !grid.shots.has(cell) && !grid.knownEmpty.has(cell));
  }

  /** Why `seat` may not play `action` now, or null when it may. */
  illegal(seat, action) {
    if (!this.seatsToAct.includes(seat)) return 'not to act';
    if (action.startsWith('F:')) {
      if (!this.inSetup) return 'the fleets are placed';
      const ships = parseFleet(action);
      return !ships ? 'not a fleet' : checkFleet(ships, this.rules)?.problem ?? null;
    }
    if (this.inSetup) return 'no shot before both fleets are placed';
    const cell = parseCell(action);
    if (cell < 0) return 'not a cell';
    return this.openCells(seat).includes(cell) ? null : 'not open';
  }

  /** Plays a move's action for `seat` (the seat to act when not given) as this viewer received it: `F` (a fleet
   * was placed), `F:…` (the viewer's own, or any once the game is over), a shot with its answer, or the viewer's
   * own shot on its way. `record` is the move it came in, for its commitment, secret and nonce. Throws on an
   * action that cannot come now. */
  play(action, seat = this.toMove, record = {}) {
    if (!seat || this.outcome) throw new Error(`no move now: ${action}`);
    if (action === 'F' || action.startsWith('F:')) {
      if (!this.inSetup || this.ready.has(seat)) throw new Error(`the ${seat} seat has placed its fleet`);
      const grid = this.grids[seat];
      if (action !== 'F') {
        const ships = parseFleet(action);
        if (!ships) throw new Error(`not a fleet: ${action}`);
        grid.fleet = ships;
      }
      grid.commitment = record.commitment ?? grid.commitment;
      if (record.nonce) [grid.secret, grid.nonce] = [record.secret ?? action, record.nonce];
      this.ready.add(seat);
      return;
    }
    const shots = parseShots(action);
    if (!shots) throw new Error(`not Sea Battle notation: ${action}`);
    for (const shot of shots) this.shoot(seat, shot);
  }

  shoot(seat, { cell, answer, ship: sunk }) {
    if (this.inSetup || this.awaiting || seat !== this.shooter) throw new Error(`the ${seat} seat does not shoot now`);
    const grid = this.target(seat);
    if (grid.shots.has(cell) || grid.knownEmpty.has(cell)) throw new Error(`${cellName(cell)} is not open`);
    grid.shots.set(cell, answer);
    grid.log.push({ cell, answer, ship: sunk });
    this.lastShot = { seat, cell };
    if (answer === null) {
      this.awaiting = true;
      this.again = false;
      return;
    }
    if (answer === 'sunk') {
      grid.sunk.push(sunk);
      const cells = shipCells(sunk);
      reach(new Set(cells), this.rules.touching).forEach((c) => !cells.includes(c) && grid.knownEmpty.add(c));
    }
    if (grid.hits() >= this.fleetCells) {
      this.outcome = { winner: seat, reason: 'fleet_sunk' };
      this.again = false;
    } else if (answer !== 'miss' && this.rules.shootAgain) {
      this.again = true;
    } else {
      this.again = false;
      this.shooter = other(seat);
    }
  }

  /** A move of the `revealed` list at the end (the mover's own version): its fleet, secret and nonce. */
  reveal(record) {
    const grid = this.grids[record.seat];
    const text = record.secret ?? record.notation;
    const ships = parseFleet(text);
    if (!ships) return;
    grid.fleet = ships;
    grid.secret = text;
    if (record.nonce) grid.nonce = record.nonce;
    if (record.commitment) grid.commitment = record.commitment;
  }
}

/**
 * Whether every published answer on a grid is the one its revealed `fleet` gives, shot by shot in the order
 * played (`shots`: `[{cell, answer, ship}]`, a grid's `log`), and the fleet itself
 * legal: null when so, else what is wrong (`{problem: 'illegal'}` or `{problem: 'answer', shot, truth}`).
 */
export function checkAnswers(fleet, shots, rules) {
  if (checkFleet(fleet, rules)) return { problem: 'illegal' };
  const shot = new Set();
  for (const published of shots) {
    const truth = answerOf(fleet, shot, published.cell);
    if (shotText(truth) !== shotText(published)) return { problem: 'answer', shot: shotText(published), truth: shotText(truth) };
    shot.add(published.cell);
  }
  return null;
}
