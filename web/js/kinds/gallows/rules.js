// Gallows' rules as the browser needs them, mirroring engine/src/kinds/gallows/: the alphabets of the game's
// languages, the public texts of the moves (a word set `W:_____`, a letter `o+_o___` or `x-`, a whole word
// `=kobra+` or `=kobza-`, a miss that hangs the guesser `x-#kobra`), and the game as one viewer sees it, built
// from the moves as that viewer receives them (docs/hidden-information.md): the patterns, the letters tried and
// the misses of both rounds; the words themselves only where this viewer may see them (its own, and at the end).

/** The letters a word may hold, per language, in the engine's order (`Language::alphabet`). */
export const ALPHABETS = {
  pl: [...'aąbcćdeęfghijklłmnńoópqrsśtuvwxyzźż'],
  en: [...'abcdefghijklmnopqrstuvwxyz'],
  ru: [...'абвгдежзийклмнопрстуфхцчшщъыьэюя'],
};

/** A word of each language's shipped list (engine/tests/gallows.rs checks that the lists hold them): what a
 * setter's legal actions list, as Sea Battle's list one fleet, since the browser holds no dictionary. */
export const EXAMPLE_WORDS = { pl: 'kobra', en: 'water', ru: 'слово' };

/** The fewest and most letters of a round's word. */
export const MIN_LETTERS = 4;
export const MAX_LETTERS = 12;
/** The mark of a letter not shown. */
export const BLANK = '_';

/** The options of a ruleset with the defaults filled in; throws on a value the rules do not have. */
export function readRules(ruleset = {}) {
  const language = ruleset.language ?? 'pl';
  const misses = ruleset.misses ?? 6;
  const word = ruleset.word ?? 'setter';
  const reveal = ruleset.reveal ?? 'none';
  if (!ALPHABETS[language]) throw new Error(`no language ${language}`);
  if (![6, 8, 10].includes(misses)) throw new Error(`a round allows 6, 8 or 10 misses, not ${misses}`);
  if (!['setter', 'server'].includes(word)) throw new Error(`words by ${word}?`);
  if (!['none', 'ends'].includes(reveal)) throw new Error(`reveal ${reveal}?`);
  return { language, misses, word, reveal, alphabet: ALPHABETS[language] };
}

/** `text` as the notation writes a word: lower case, Russian ё as е (the engine's `normalise`). */
export function normalise(text, rules) {
  const lower = text.trim().toLocaleLowerCase(rules.language);
  return rules.language === 'ru' ? lower.replaceAll('ё', 'е') : lower;
}

/** Why the rules refuse `word` (normalised) as a round's word or a whole-word guess of `length` letters, or null
 * when the browser cannot tell (the server judges the dictionary): `{problem: 'letter', letter}`,
 * `{problem: 'length'}` (a round's word of other than 4 to 12 letters), `{problem: 'guessLength', wanted}`. */
export function checkWord(word, rules, length = null) {
  const letters = [...word];
  const outside = letters.find((letter) => !rules.alphabet.includes(letter));
  if (outside !== undefined) return { problem: 'letter', letter: outside };
  if (length === null && (letters.length < MIN_LETTERS || letters.length > MAX_LETTERS)) return { problem: 'length' };
  if (length !== null && letters.length !== length) return { problem: 'guessLength', wanted: length };
  return null;
}

const LETTER = '\\p{Ll}';
const PATTERN = `(?:${LETTER}|_){1,12}`;
const WORD = `${LETTER}{1,12}`;

/**
 * A move's text as a viewer receives it: `{type: 'set', pattern}` (`W:_____`; the setter's own `W:kobra` too, its
 * word as the pattern), `{type: 'letter', letter, shown, hanged}` (`shown` the pattern after a hit, null for a
 * miss; `hanged` the word when the miss hanged the guesser), `{type: 'solve', word, right, hanged}`. Null for
 * anything else.
 */
export function parseMove(text) {
  let match = new RegExp(`^W:(${PATTERN})$`, 'u').exec(text);
  if (match) return { type: 'set', pattern: match[1] };
  match = new RegExp(`^(${LETTER})(?:\\+(${PATTERN})|-(?:#(${WORD}))?)$`, 'u').exec(text);
  if (match) return { type: 'letter', letter: match[1], shown: match[2] ?? null, hanged: match[3] ?? null };
  match = new RegExp(`^=(${WORD})(?:\\+|-(?:#(${WORD}))?)$`, 'u').exec(text);
  if (match) return { type: 'solve', word: match[1], right: text.endsWith('+'), hanged: match[2] ?? null };
  return null;
}

/** The seat that sets round `index`'s word (0 or 1), and the one that guesses it. */
export const setterOf = (index) => (index === 0 ? 'first' : 'second');
export const guesserOf = (index) => (index === 0 ? 'second' : 'first');

/** `word` as the guesser sees it with the letters `shown` accepts shown. */
export const patternOf = (word, shown) => [...word].map((letter) => (shown(letter) ? letter : BLANK)).join('');

/** The pattern a round starts from under the rules' reveal: blanks, or the first and last letters shown. */
export function startPattern(word, rules) {
  const letters = [...word];
  const ends = rules.reveal === 'ends' ? [letters[0], letters.at(-1)] : [];
  return patternOf(word, (letter) => ends.includes(letter));
}

const newRound = () => ({ pattern: null, word: null, tried: [], wrong: [], misses: 0, end: null, moves: [] });

/**
 * A game of Gallows as one viewer sees it: the first round's word set by the first seat and guessed by the
 * second, then the second round the other way; each round's pattern, letters tried, wrong words and misses; over
 * once both rounds ended, the fewer misses winning.
 */
export class Position {
  constructor(ruleset) {
    this.rules = readRules(ruleset);
    this.rounds = [newRound(), newRound()];
    /** Per seat: its word's commitment, and its word and nonce where this viewer knows them. */
    this.seats = { first: { secret: null, commitment: null, nonce: null }, second: { secret: null, commitment: null, nonce: null } };
    this.outcome = null;
  }

  clone() {
    return Object.assign(Object.create(Position.prototype), this, {
      rounds: this.rounds.map((round) => ({ ...round, tried: [...round.tried], wrong: [...round.wrong], moves: [...round.moves] })),
      seats: { first: { ...this.seats.first }, second: { ...this.seats.second } },
    });
  }

  /** The round under way: the first until it ends, then the second. */
  get roundIndex() {
    return this.rounds[0].end ? 1 : 0;
  }

  get round() {
    return this.rounds[this.roundIndex];
  }

  /** Whether the round under way waits for its word. */
  get setting() {
    return !this.outcome && this.round.pattern === null;
  }

  /** Whether the word to come is the server's draw (`word: server`). */
  get serverDraws() {
    return this.setting && this.rules.word === 'server';
  }

  get toMove() {
    if (this.outcome) return null;
    return this.setting ? setterOf(this.roundIndex) : guesserOf(this.roundIndex);
  }

  get seatsToAct() {
    return this.toMove ? [this.toMove] : [];
  }

  /** Every move is a whole turn. */
  get midTurn() {
    return false;
  }

  /** Whether `letter` was tried in the round under way, or shown from its start. */
  tried(letter) {
    const { round } = this;
    return round.tried.includes(letter) || Boolean(round.pattern?.includes(letter));
  }

  /** Why `seat` may not play `action` (`W:kobra`, `a` or `=kobra`) now, or null when the browser sees no reason. */
  illegal(seat, action) {
    if (seat !== this.toMove) return 'not to act';
    if (action.startsWith('W:')) {
      if (!this.setting) return 'the word is set';
      if (this.serverDraws) return 'the server draws the word';
      return checkWord(action.slice(2), this.rules)?.problem ?? null;
    }
    if (this.setting) return 'the word is not set';
    if (action.startsWith('=')) {
      const word = action.slice(1);
      if (this.round.wrong.includes(word)) return 'tried';
      return checkWord(word, this.rules, [...this.round.pattern].length)?.problem ?? null;
    }
    if ([...action].length !== 1 || !this.rules.alphabet.includes(action)) return 'letter';
    return this.tried(action) ? 'tried' : null;
  }

  /** Plays a move as this viewer received it for `seat` (the seat to act when not given); `record` is the move it
   * came in (its commitment, secret and nonce). Throws on a move that cannot come now. */
  play(text, seat = this.toMove, record = {}) {
    const move = parseMove(text);
    if (!move) throw new Error(`not Gallows notation: ${text}`);
    if (!seat || seat !== this.toMove) throw new Error(`the ${seat} seat is not to act`);
    const { round } = this;
    if (move.type === 'set') {
      if (!this.setting) throw new Error('the word is set');
      // A pattern hides a letter at least (the rules refuse a word the reveal would show whole), so a text without
      // a blank is the setter's own word.
      const own = !move.pattern.includes(BLANK);
      round.word = own ? move.pattern : null;
      round.pattern = own ? startPattern(move.pattern, this.rules) : move.pattern;
      const mine = this.seats[seat];
      if (own) mine.secret = move.pattern;
      mine.commitment = record.commitment ?? mine.commitment;
      if (record.nonce) mine.nonce = record.nonce;
      // Kept as everyone saw it, for the check at the end.
      round.moves.push(`W:${round.pattern}`);
      return;
    }
    if (this.setting) throw new Error('the word is not set');
    round.moves.push(text);
    if (move.type === 'letter') {
      round.tried.push(move.letter);
      if (move.shown) round.pattern = move.shown;
      else round.misses += 1;
      if (move.shown && !move.shown.includes(BLANK)) round.end = 'solved';
    } else if (move.right) {
      round.pattern = move.word;
      round.end = 'solved';
    } else {
      round.wrong.push(move.word);
      round.misses += 1;
    }
    if (move.hanged) {
      round.end = 'hanged';
      round.word = move.hanged;
    }
    if (round.end === 'solved') round.word = round.pattern;
    if (this.rounds[1].end) this.finish();
  }

  /** The result once both rounds ended: each seat scores the parts it was spared as the guesser. */
  finish() {
    const spared = (seat) => this.rules.misses - this.rounds[seat === 'first' ? 1 : 0].misses;
    const scores = [spared('first'), spared('second')];
    const winner = scores[0] === scores[1] ? null : scores[0] > scores[1] ? 'first' : 'second';
    const ranks = winner === null ? [1, 1] : winner === 'first' ? [1, 2] : [2, 1];
    this.outcome = { winner, reason: 'score', ranks, scores };
  }

  /** A move of the `revealed` list at the end (the mover's own version): a word with its nonce. */
  reveal(record) {
    const text = record.secret ?? record.notation;
    const move = parseMove(text);
    if (move?.type !== 'set' || move.pattern.includes(BLANK)) return;
    const seat = this.seats[record.seat];
    seat.secret = move.pattern;
    if (record.nonce) seat.nonce = record.nonce;
    if (record.commitment) seat.commitment = record.commitment;
    const round = this.rounds[record.seat === 'first' ? 0 : 1];
    round.word = move.pattern;
  }
}

/** The public text the word `word` gives to each move of a round (`moves`, its texts as published, the word set
 * first), replayed by the rules: null when every published text is the true one, else `{index, published,
 * truth}` (index from 1 within the round). */
export function checkRound(moves, word, rules) {
  const tried = new Set();
  let misses = 0;
  const shown = (letter) => tried.has(letter);
  for (const [at, published] of moves.entries()) {
    const move = parseMove(published);
    let truth;
    if (at === 0) {
      [...startPattern(word, rules).replaceAll(BLANK, '')].forEach((letter) => tried.add(letter));
      truth = `W:${startPattern(word, rules)}`;
    } else if (move?.type === 'letter') {
      tried.add(move.letter);
      const hit = word.includes(move.letter);
      if (!hit) misses += 1;
      truth = hit ? `${move.letter}+${patternOf(word, shown)}` : `${move.letter}-`;
    } else if (move?.type === 'solve') {
      const right = move.word === word;
      if (!right) misses += 1;
      truth = `=${move.word}${right ? '+' : '-'}`;
    } else {
      return { index: at + 1, published, truth: '?' };
    }
    if (at > 0 && !truth.includes('+') && misses >= rules.misses) truth += `#${word}`;
    if (truth !== published) return { index: at + 1, published, truth };
  }
  return null;
}
