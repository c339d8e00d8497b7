// Superghost rules, as far as a client can know them (the engine's `superghost`): two to four seats add a letter at
// either end of a fragment (`>a` at the end, `<a` at the start; a round's first letter at the end) or challenge the
// previous player (`?`). Whether a word holds the fragment only the server knows (it holds the list), so the moves
// the server sends carry its verdict: `>s!` completed a word of four letters or more and lost the round, `?+` was a
// challenge some word answers (the challenger lost), `?-` one no word answers (the challenged player lost). A lost
// round is a letter of G-H-O-S-T (B-A-L-D-A, Б-А-Л-Д-А); five put a seat out, the last seat in wins. A bare `?` or
// letter is a move of the reader's own the server has not judged yet: the position waits for the verdict.

import { seatIndex, seatName } from '../../seats.js';
import { ALPHABETS } from '../balda/rules.js';

export { ALPHABETS };

/** Lost rounds that put a seat out. */
export const LOSSES_TO_ELIMINATE = 5;
/** The shortest word whose completion loses the round. */
export const MIN_WORD = 4;
/** The challenge's text. */
export const CHALLENGE = '?';
/** The letters a lost round spells, in each game language. */
export const GHOST = { pl: 'balda', en: 'ghost', ru: 'балда' };

/** The action a text names: `{side: 'start'|'end', letter, completed}`, `{challenge: true, held}` (`held` true,
 * false, or null before the verdict), throwing on anything that is not Superghost notation. */
export function parseAction(text) {
  const trimmed = text.trim();
  const challenge = /^\?([+-])?$/.exec(trimmed);
  if (challenge) return { challenge: true, held: challenge[1] ? challenge[1] === '+' : null };
  const letter = /^([<>])(\p{L})(!)?$/u.exec(trimmed);
  if (!letter) throw new Error(`not Superghost notation: ${text}`);
  const lower = letter[2].toLowerCase().replace('ё', 'е');
  return { side: letter[1] === '<' ? 'start' : 'end', letter: lower, completed: Boolean(letter[3]) };
}

/** An action's text as the player sends it: `>a`, `<a` or `?`. */
export function actionName(action) {
  if (action.challenge) return CHALLENGE;
  return `${action.side === 'start' ? '<' : '>'}${action.letter}`;
}

/** Splits a run of actions (tokens end by themselves: `>a<b?+`), each as written. */
export function splitActions(text) {
  const tokens = text.replace(/\s+/g, '').match(/\?[+-]?|[<>]\p{L}!?|./gu) ?? [];
  tokens.forEach(parseAction);
  return tokens;
}

export class Position {
  constructor({ players = 2, language = 'pl' } = {}) {
    if (!ALPHABETS[language]) throw new Error(`no language ${language}`);
    Object.assign(this, { players, language });
    /** The fragment's letters. */
    this.fragment = [];
    this.toMove = 'first';
    /** The seat that added the fragment's last letter: the one a challenge is against. */
    this.lastAdder = null;
    this.losses = new Array(players).fill(0);
    /** 0 while a seat plays, else its place in the order the seats went out (1 the first). */
    this.out = new Array(players).fill(0);
    /** How the last round ended: `{loser, reason, fragment}`, `reason` `completed`, `challenge_failed` or
     * `challenged`, `fragment` the round's last text. */
    this.lastRound = null;
    /** A move of the reader's own sent and not judged yet: nothing may be played until the server's verdict. */
    this.awaiting = false;
    this.midTurn = false;
    /** `{winner, reason, ranks}` once one seat is left. */
    this.outcome = null;
  }

  clone() {
    const copy = Object.create(Position.prototype);
    return Object.assign(copy, this, {
      fragment: this.fragment.slice(), losses: this.losses.slice(), out: this.out.slice(),
      lastRound: this.lastRound && { ...this.lastRound }, outcome: this.outcome && { ...this.outcome },
    });
  }

  /** The fragment as text. */
  text() {
    return this.fragment.join('');
  }

  isOut(seat) {
    return this.out[seatIndex(seat)] !== 0;
  }

  /** The letters of G-H-O-S-T (in the game's language) `seat` holds. */
  ghostOf(seat) {
    return [...GHOST[this.language]].slice(0, this.losses[seatIndex(seat)]).join('');
  }

  /** Every action the seat to move may send, in the engine's order: the challenge, then each letter at the start,
   * then at the end. */
  legalActions() {
    if (this.outcome || this.awaiting) return [];
    const alphabet = ALPHABETS[this.language];
    const actions = this.lastAdder ? [CHALLENGE] : [];
    if (this.fragment.length > 0) actions.push(...alphabet.map((letter) => `<${letter}`));
    actions.push(...alphabet.map((letter) => `>${letter}`));
    return actions;
  }

  /** The next seat still in after `seat`, round the table. */
  nextIn(seat) {
    for (let step = 1; step <= this.players; step += 1) {
      const next = seatName((seatIndex(seat) + step) % this.players);
      if (!this.isOut(next)) return next;
    }
    return seat;
  }

  /** Plays the action named `text` for the seat to move: `turn_over`, or `game_over` once one seat is left.
   * Throws on anything else or an illegal action, the position unchanged. */
  play(text) {
    const action = parseAction(text);
    if (this.outcome) throw new Error('the game is over');
    if (this.awaiting) throw new Error('the last move awaits its verdict');
    const mover = this.toMove;
    if (action.challenge) {
      if (!this.lastAdder) throw new Error('nobody has added a letter this round');
      if (action.held === null) {
        this.awaiting = true;
        return 'turn_over';
      }
      return action.held ? this.loseRound(mover, 'challenge_failed') : this.loseRound(this.lastAdder, 'challenged');
    }
    if (!ALPHABETS[this.language].includes(action.letter)) throw new Error(`${action.letter} is not a letter of the game`);
    if (action.side === 'start' && this.fragment.length === 0) throw new Error('the first letter of a round goes at the end');
    if (action.side === 'start') this.fragment.unshift(action.letter);
    else this.fragment.push(action.letter);
    if (action.completed) return this.loseRound(mover, 'completed');
    this.lastAdder = mover;
    this.toMove = this.nextIn(mover);
    return 'turn_over';
  }

  /** `loser` takes a letter; at five it is out. The next round starts with the loser, or the next seat in. */
  loseRound(loser, reason) {
    const index = seatIndex(loser);
    this.losses[index] += 1;
    this.lastRound = { loser, reason, fragment: this.text() };
    if (this.losses[index] >= LOSSES_TO_ELIMINATE) this.putOut(loser);
    return this.startRound(loser, 'score');
  }

  putOut(seat) {
    this.out[seatIndex(seat)] = this.out.filter(Boolean).length + 1;
  }

  startRound(from, reason) {
    this.fragment = [];
    this.lastAdder = null;
    this.toMove = this.isOut(from) ? this.nextIn(from) : from;
    if (this.out.filter((place) => place === 0).length > 1) return 'turn_over';
    const ranks = this.out.map((place) => (place === 0 ? 1 : this.players + 1 - place));
    this.outcome = { winner: seatName(ranks.indexOf(1)), reason, ranks };
    return 'game_over';
  }

  /** `seat` left the game: it is out in the order of elimination and the round starts again without it. */
  leave(seat, reason) {
    if (this.outcome || this.isOut(seat)) return;
    this.putOut(seat);
    this.startRound(this.toMove === seat ? this.nextIn(seat) : this.toMove, reason);
  }
}
