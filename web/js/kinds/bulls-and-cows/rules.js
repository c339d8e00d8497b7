// Bulls and Cows' rules as the browser needs them, mirroring engine/src/kinds/bulls_and_cows/: codes of `digits`
// different digits (a leading 0 only where `leading_zero` allows), the answer in bulls and cows, and the game as
// one viewer sees it, built from the moves as that viewer receives them (docs/hidden-information.md): its own
// secret and pending guess, who is ready, every resolved round; the opponent's secret only at the end.

/** The options of a ruleset with the defaults filled in; throws on a value the rules do not have. */
export function readRules(ruleset = {}) {
  const digits = ruleset.digits ?? 4;
  const leadingZero = ruleset.leading_zero ?? true;
  const maxRounds = ruleset.max_rounds ?? 10;
  if (!Number.isInteger(digits) || digits < 3 || digits > 6) throw new Error(`a secret has 3 to 6 digits, not ${digits}`);
  if (!Number.isInteger(maxRounds) || maxRounds < 1 || maxRounds > 100) throw new Error(`1 to 100 rounds, not ${maxRounds}`);
  return { digits, leadingZero, maxRounds };
}

/** Why the rules refuse `code` (a string of digits) as a secret or a guess, or null when they allow it:
 * `{problem: 'length', wanted}`, `{problem: 'digit'}` (not a digit), `{problem: 'repeated', digit}`,
 * `{problem: 'leadingZero'}`. */
export function checkCode(code, rules) {
  if (!/^[0-9]*$/.test(code)) return { problem: 'digit' };
  if (code.length !== rules.digits) return { problem: 'length', wanted: rules.digits };
  const repeated = [...code].find((digit, at) => code.indexOf(digit) !== at);
  if (repeated !== undefined) return { problem: 'repeated', digit: repeated };
  if (!rules.leadingZero && code.startsWith('0')) return { problem: 'leadingZero' };
  return null;
}

/** The answer to `guess` against `secret`: right digits in the right place (`bulls`) and elsewhere (`cows`). */
export function score(secret, guess) {
  const bulls = [...guess].filter((digit, at) => secret[at] === digit).length;
  const common = [...guess].filter((digit) => secret.includes(digit)).length;
  return { bulls, cows: common - bulls };
}

/** An answer as the notation writes it: `1B1C`. */
export const answerText = ({ bulls, cows }) => `${bulls}B${cows}C`;

/** Every code the rules allow, in numeric order (`0123`, `0124`, …). */
export function allCodes(rules) {
  const out = [];
  const fill = (prefix) => {
    if (prefix.length === rules.digits) {
      out.push(prefix);
      return;
    }
    for (let digit = prefix === '' && !rules.leadingZero ? 1 : 0; digit <= 9; digit += 1) {
      if (!prefix.includes(String(digit))) fill(prefix + digit);
    }
  };
  fill('');
  return out;
}

/** A resolved round's public text (`0123=1B1C 4567=0B2C`, first seat first) as `[{guess, bulls, cows}]`; null
 * when the text is not one. */
export function parseRound(text) {
  const round = text.split(' ').map((token) => {
    const match = /^([0-9]{3,6})=([0-9])B([0-9])C$/.exec(token);
    return match ? { guess: match[1], bulls: Number(match[2]), cows: Number(match[3]) } : null;
  });
  return round.length === 2 && round.every(Boolean) ? round : null;
}

/**
 * One move's text as a viewer receives it: `{type: 'secret', code}` (`S:0123`, the viewer's own or any at the
 * end), `{type: 'secretPlaced'}` (`S`), `{type: 'guess', code}` (`0123`, the viewer's own), `{type: 'guessPlaced'}`
 * (`G`), `{type: 'round', round}` (the guess that completed a round: the whole round). Null for anything else.
 */
export function parseMove(text) {
  if (text === 'S') return { type: 'secretPlaced' };
  if (text === 'G') return { type: 'guessPlaced' };
  if (/^S:[0-9]{3,6}$/.test(text)) return { type: 'secret', code: text.slice(2) };
  if (/^[0-9]{3,6}$/.test(text)) return { type: 'guess', code: text };
  const round = parseRound(text);
  return round ? { type: 'round', round } : null;
}

const SEATS = ['first', 'second'];
const other = (seat) => (seat === 'first' ? 'second' : 'first');

/**
 * A game of Bulls and Cows as one viewer sees it. Its phase follows from the moves: secrets while some seat has
 * not chosen its secret (`S`, or the viewer's own `S:0123`), every such seat to act at once; then rounds, each
 * seat that has not guessed in the open round to act; over when a round gives all bulls or the last round passes.
 */
export class Position {
  constructor(ruleset) {
    this.rules = readRules(ruleset);
    /** Per seat: `{secret, commitment, nonce, ready}` — its secret where this viewer knows it. */
    this.seats = Object.fromEntries(SEATS.map((seat) => [seat, { secret: null, commitment: null, nonce: null, ready: false }]));
    /** The resolved rounds: `{first: {guess, bulls, cows}, second: …}`. */
    this.rounds = [];
    /** The open round: the seats that guessed, and the viewer's own guess where known. */
    this.guessed = new Set();
    this.ownGuesses = {};
    this.outcome = null;
  }

  clone() {
    return Object.assign(Object.create(Position.prototype), this, {
      seats: Object.fromEntries(SEATS.map((seat) => [seat, { ...this.seats[seat] }])),
      rounds: [...this.rounds], guessed: new Set(this.guessed), ownGuesses: { ...this.ownGuesses },
    });
  }

  get choosingSecrets() {
    return SEATS.some((seat) => !this.seats[seat].ready);
  }

  /** The seats to act now: those still to choose a secret, then those still to guess in the open round. */
  get seatsToAct() {
    if (this.outcome) return [];
    if (this.choosingSecrets) return SEATS.filter((seat) => !this.seats[seat].ready);
    return SEATS.filter((seat) => !this.guessed.has(seat));
  }

  get toMove() {
    return this.seatsToAct[0] ?? null;
  }

  /** Every move is a whole turn. */
  get midTurn() {
    return false;
  }

  /** Why `seat` may not play `action` (`S:0123` or `0123`) now, or null when it may. */
  illegal(seat, action) {
    if (!this.seatsToAct.includes(seat)) return 'not to act';
    const secret = action.startsWith('S:');
    if (secret !== this.choosingSecrets) return secret ? 'the secrets are chosen' : 'no guess before both secrets';
    return checkCode(secret ? action.slice(2) : action, this.rules)?.problem ?? null;
  }

  /** Plays a move as this viewer received it for `seat` (the seat to act when not given); `record` is the move it
   * came in (its commitment, secret and nonce). Throws on a move that cannot come now. */
  play(text, seat = this.toMove, record = {}) {
    const move = parseMove(text);
    if (!move) throw new Error(`not Bulls and Cows notation: ${text}`);
    if (!seat || !this.seatsToAct.includes(seat)) throw new Error(`the ${seat} seat is not to act`);
    const mine = this.seats[seat];
    if (move.type === 'secret' || move.type === 'secretPlaced') {
      if (!this.choosingSecrets) throw new Error('the secrets are chosen');
      if (move.type === 'secret') mine.secret = move.code;
      mine.commitment = record.commitment ?? mine.commitment;
      if (record.nonce) mine.nonce = record.nonce;
      mine.ready = true;
      return;
    }
    if (this.choosingSecrets) throw new Error('no guess before both secrets are chosen');
    if (move.type === 'round') {
      this.resolve(move.round);
      return;
    }
    this.guessed.add(seat);
    if (move.type === 'guess') this.ownGuesses[seat] = move.code;
  }

  /** The round both guesses completed: its answers published, first seat first. */
  resolve([first, second]) {
    this.rounds.push({ first, second });
    this.guessed = new Set();
    this.ownGuesses = {};
    const solved = [first, second].map((answer) => answer.bulls === this.rules.digits);
    if (solved[0] && solved[1]) this.outcome = { winner: null, reason: 'code_broken' };
    else if (solved[0]) this.outcome = { winner: 'first', reason: 'code_broken' };
    else if (solved[1]) this.outcome = { winner: 'second', reason: 'code_broken' };
    else if (this.rounds.length >= this.rules.maxRounds) this.outcome = { winner: null, reason: 'rounds_out' };
  }

  /** A move of the `revealed` list at the end (the mover's own version): a secret with its nonce. */
  reveal(record) {
    const text = record.secret ?? record.notation;
    if (!/^S:[0-9]{3,6}$/.test(text)) return;
    const seat = this.seats[record.seat];
    seat.secret = text.slice(2);
    if (record.nonce) seat.nonce = record.nonce;
    if (record.commitment) seat.commitment = record.commitment;
  }
}

/** Whether every published answer of `rounds` is the one the revealed secrets give (`secrets`: `{first, second}`,
 * each seat's own), and the secrets legal: null when so, else `{problem: 'illegal', seat}` or `{problem: 'answer',
 * round, seat, published, truth}` (round from 1). */
export function checkRounds(rounds, secrets, rules) {
  for (const seat of SEATS) if (checkCode(secrets[seat], rules)) return { problem: 'illegal', seat };
  for (const [index, round] of rounds.entries()) {
    for (const seat of SEATS) {
      const { guess, bulls, cows } = round[seat];
      const truth = score(secrets[other(seat)], guess);
      if (truth.bulls !== bulls || truth.cows !== cows) {
        return { problem: 'answer', round: index + 1, seat, published: answerText({ bulls, cows }), truth: answerText(truth) };
      }
    }
  }
  return null;
}
