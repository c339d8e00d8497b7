// Digital Wars (Conway's Digital Deletions) rules: a string of digits; a move lowers one digit (`4:7>2`: the 4th
// digit from the left, a 7, becomes 2) or erases a 0 with every digit to its right (`4:x`). The player who erases
// the last digit loses (`ending: misere`, the default) or wins (`normal`). The string is drawn from the ruleset's
// seed as the engine draws it (SplitMix64), or under `pie` the first seat writes it, one digit an action (`=7`),
// and the second chooses the seat that moves first (`first`, `second`). The client needs the rules to offer the
// legal actions; the server stays authoritative.

import { otherSeat } from '../../seats.js';

/** The shortest and longest strings a ruleset may ask for. */
export const MIN_LENGTH = 5;
export const MAX_LENGTH = 30;

const MASK = (1n << 64n) - 1n;

/** The digits of a drawn string: SplitMix64 seeded with `seed`, each draw below 10 (draws past the largest
 * multiple of 10 drawn again), as the engine's `DigitalWarsRules::drawn_digits`. */
export function drawnDigits(seed, length) {
  let state = BigInt(seed);
  const zone = MASK - (MASK % 10n);
  const digits = [];
  while (digits.length < length) {
    state = (state + 0x9E3779B97F4A7C15n) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK;
    z ^= z >> 31n;
    if (z < zone) digits.push(Number(z % 10n));
  }
  return digits;
}

/** The actions of a move text, each as its canonical text (`=314` is `=3`, `=1`, `=4`); throws on anything else. */
export function parseActions(text) {
  const tokens = text.split(' ').filter((token) => token !== '');
  if (tokens.length === 0) throw new Error(`not Digital Wars notation: ${text}`);
  return tokens.flatMap((token) => {
    if (token === 'first' || token === 'second') return [token];
    if (/^=[0-9]+$/.test(token)) return [...token.slice(1)].map((digit) => `=${digit}`);
    if (/^[1-9][0-9]?:(?:x|[0-9]>[0-9])$/.test(token)) return [token];
    throw new Error(`not Digital Wars notation: ${text}`);
  });
}

export class Position {
  constructor({ length = 20, pie = false, ending = 'misere', seed = 0 } = {}) {
    if (!Number.isInteger(length) || length < MIN_LENGTH || length > MAX_LENGTH) throw new Error(`no string of ${length} digits`);
    Object.assign(this, { length, pie, ending });
    /** The digits left, from the left (written so far, while the pie rule's writer writes). */
    this.digits = pie ? [] : drawnDigits(seed ?? 0, length);
    /** `writing` and `choosing` under the pie rule, then `playing`. */
    this.phase = pie ? 'writing' : 'playing';
    this.toMove = 'first';
    /** The moves of play so far, each `{seat, action}`, for the board's last move. */
    this.last = null;
    /** `{winner, reason}` once the last digit is erased. */
    this.outcome = null;
  }

  /** Whether the writer has begun its turn and writes on. */
  get midTurn() {
    return this.phase === 'writing' && this.digits.length > 0;
  }

  clone() {
    const copy = Object.create(Position.prototype);
    return Object.assign(copy, this, { digits: this.digits.slice(), outcome: this.outcome && { ...this.outcome } });
  }

  /** The legal actions as notation, in the engine's order: every lowering from the left, then every erasure. */
  legalActions() {
    if (this.outcome) return [];
    if (this.phase === 'writing') return [...'0123456789'].map((digit) => `=${digit}`);
    if (this.phase === 'choosing') return ['first', 'second'];
    const actions = [];
    this.digits.forEach((digit, index) => {
      for (let to = 0; to < digit; to += 1) actions.push(`${index + 1}:${digit}>${to}`);
    });
    this.digits.forEach((digit, index) => digit === 0 && actions.push(`${index + 1}:x`));
    return actions;
  }

  /**
   * Plays one action given as its notation: `turn_goes_on` while the writer writes, `turn_over`, or `game_over`
   * once the last digit is erased. Throws on anything else or an illegal action and leaves the position unchanged.
   */
  play(action) {
    const [one, ...more] = parseActions(action);
    if (more.length > 0 || !this.legalActions().includes(one)) throw new Error(`illegal action ${action}`);
    const mover = this.toMove;
    if (this.phase === 'writing') {
      this.digits.push(Number(one.slice(1)));
      if (this.digits.length < this.length) return 'turn_goes_on';
      this.phase = 'choosing';
      this.toMove = 'second';
      return 'turn_over';
    }
    if (this.phase === 'choosing') {
      this.phase = 'playing';
      this.toMove = one;
      return 'turn_over';
    }
    const [place, change] = one.split(':');
    const at = Number(place) - 1;
    if (change === 'x') this.digits.splice(at);
    else this.digits[at] = Number(change.slice(2));
    this.last = { seat: mover, at, erased: change === 'x' };
    this.toMove = otherSeat(mover);
    if (this.digits.length > 0) return 'turn_over';
    this.outcome = { winner: this.ending === 'normal' ? mover : otherSeat(mover), reason: 'stuck' };
    return 'game_over';
  }
}
