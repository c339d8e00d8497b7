// Balda rules, as far as a client can know them: a size × size grid whose middle row starts with the ruleset's
// start word; a move places one letter in an empty cell next to a letter and names a word traced through
// neighbouring cells (no diagonals, each cell once) that uses it, `c4=к:b4,c4,c3,d3`, or passes. One point per
// letter; the game ends when the grid is full or every player has passed three times in a row. Whether a word is
// in the dictionary only the server knows (it holds the list): the client checks the shape of a move, the server
// judges its word.

import { seatIndex, seatName } from '../../seats.js';

/** The smallest and largest grids. */
export const MIN_SIZE = 5;
export const MAX_SIZE = 7;
/** The shortest word. */
export const MIN_WORD = 3;
/** Passes in a row per player that end the game. */
export const PASSES_PER_PLAYER = 3;
/** The text of a pass. */
export const PASS = 'pass';

/** The letters a word of each language may hold, in alphabetical order (the engine's `Language::alphabet`). */
export const ALPHABETS = {
  pl: [...'aąbcćdeęfghijklłmnńoópqrsśtuvwxyzźż'],
  en: [...'abcdefghijklmnopqrstuvwxyz'],
  ru: [...'абвгдежзийклмнопрстуфхцчшщъыьэюя'],
};

/** A cell's name: columns `a`… left to right, rows `1`… from the bottom (`{x: 2, y: 3}` is `c4`). */
export function cellName({ x, y }) {
  return `${String.fromCharCode(97 + x)}${y + 1}`;
}

/** The cell a name names, or null. */
export function parseCell(name) {
  const match = /^([a-z])([1-9][0-9]?)$/.exec(name);
  return match ? { x: match[1].charCodeAt(0) - 97, y: Number(match[2]) - 1 } : null;
}

/** A move's text: `{cell, letter, path}` as `c4=к:b4,c4,c3,d3`, or `pass` for null. */
export function moveName(move) {
  if (!move) return PASS;
  return `${cellName(move.cell)}=${move.letter}:${move.path.map(cellName).join(',')}`;
}

/** The move a text names (null for a pass), throwing on anything that is not Balda notation. */
export function parseMove(text) {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === PASS) return null;
  const match = /^([a-z][1-9][0-9]?)=(\p{L}):([a-z][1-9][0-9]?(?:,[a-z][1-9][0-9]?)*)$/u.exec(trimmed);
  if (!match) throw new Error(`not Balda notation: ${text}`);
  return { cell: parseCell(match[1]), letter: match[2], path: match[3].split(',').map(parseCell) };
}

const same = (a, b) => a.x === b.x && a.y === b.y;
const touches = (a, b) => Math.abs(a.x - b.x) + Math.abs(a.y - b.y) === 1;

/** Competition ranks of scores, the higher better, as the engine's outcome ranks them. */
export function ranksOf(scores) {
  return scores.map((mine) => scores.filter((theirs) => theirs > mine).length + 1);
}

export class Position {
  constructor({ size = MIN_SIZE, players = 2, language = 'pl', start = '' } = {}) {
    if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) throw new Error(`no ${size}×${size} grid`);
    if (!ALPHABETS[language]) throw new Error(`no language ${language}`);
    const letters = [...start];
    // A ruleset the server has not settled yet (a seek's) names no start word: its grid starts empty.
    if (letters.length !== 0 && letters.length !== size) throw new Error(`the start word ${JSON.stringify(start)} is not ${size} letters`);
    Object.assign(this, { size, players, language });
    /** Letters by cell index `y * size + x`, null where empty; the start word across the middle row. */
    this.grid = new Array(size * size).fill(null);
    const middle = Math.floor(size / 2);
    letters.forEach((letter, x) => { this.grid[middle * size + x] = letter; });
    this.start = start;
    /** The moves with their words, in order: `{cell, letter, path, word, seat}`. */
    this.words = [];
    this.scores = new Array(players).fill(0);
    this.passes = 0;
    this.toMove = 'first';
    /** Every move ends the turn; the field is here so games of every kind read alike. */
    this.midTurn = false;
    /** `{winner, reason, ranks, scores}` once the grid is full or every player passed three times in a row. */
    this.outcome = null;
  }

  clone() {
    const copy = Object.create(Position.prototype);
    return Object.assign(copy, this, {
      grid: this.grid.slice(), words: this.words.slice(), scores: this.scores.slice(), outcome: this.outcome && { ...this.outcome },
    });
  }

  contains({ x, y }) {
    return x >= 0 && y >= 0 && x < this.size && y < this.size;
  }

  /** The letter in `cell`, or null. */
  letter(cell) {
    return this.contains(cell) ? this.grid[cell.y * this.size + cell.x] : null;
  }

  /** Whether a letter may go in `cell`: empty, and sharing a side with a letter. */
  isOpen(cell) {
    if (!this.contains(cell) || this.letter(cell)) return false;
    return [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => this.letter({ x: cell.x + dx, y: cell.y + dy }));
  }

  /** The word `move` reads, or throws why its shape is illegal (the dictionary is the server's to judge). */
  wordOf(move) {
    if (this.outcome) throw new Error('the game is over');
    if (!this.isOpen(move.cell)) throw new Error(`no letter may go in ${cellName(move.cell)}`);
    if (!ALPHABETS[this.language].includes(move.letter)) throw new Error(`${move.letter} is not a letter of the game`);
    if (move.path.length < MIN_WORD) throw new Error('a word has at least three letters');
    const word = move.path.map((cell, index) => {
      if (move.path.slice(0, index).some((seen) => same(seen, cell))) throw new Error(`${cellName(cell)} twice`);
      if (index > 0 && !touches(move.path[index - 1], cell)) throw new Error(`${cellName(cell)} is no neighbour`);
      const letter = same(cell, move.cell) ? move.letter : this.letter(cell);
      if (!letter) throw new Error(`${cellName(cell)} is empty`);
      return letter;
    }).join('');
    if (!move.path.some((cell) => same(cell, move.cell))) throw new Error('the word does not use the new letter');
    if (word === this.start || this.words.some((played) => played.word === word)) throw new Error(`${word} was named`);
    return word;
  }

  /** Whether `text` is a move whose shape is legal now. */
  isLegal(text) {
    try {
      const move = parseMove(text);
      if (move) this.wordOf(move);
      return !this.outcome;
    } catch {
      return false;
    }
  }

  /** Whether every cell holds a letter. */
  isFull() {
    return this.grid.every(Boolean);
  }

  /**
   * Plays the move named `text` for the seat to move: `turn_over`, or `game_over` when the grid is full or every
   * player has passed three times in a row. Throws on anything else or an illegal move, the position unchanged.
   */
  play(text) {
    const move = parseMove(text);
    if (this.outcome) throw new Error('the game is over');
    const mover = this.toMove;
    if (move) {
      const word = this.wordOf(move);
      this.grid[move.cell.y * this.size + move.cell.x] = move.letter;
      this.words.push({ ...move, word, seat: mover });
      this.scores[seatIndex(mover)] += move.path.length;
      this.passes = 0;
    } else {
      this.passes += 1;
    }
    if (this.isFull()) return this.end('board_full');
    if (this.passes >= PASSES_PER_PLAYER * this.players) return this.end('score');
    this.toMove = seatName((seatIndex(mover) + 1) % this.players);
    return 'turn_over';
  }

  end(reason) {
    const ranks = ranksOf(this.scores);
    const firsts = ranks.flatMap((rank, index) => (rank === 1 ? [index] : []));
    this.outcome = { winner: firsts.length === 1 ? seatName(firsts[0]) : null, reason, ranks, scores: this.scores.slice() };
    return 'game_over';
  }
}
