// The Gallows board: per round, the gallows drawn part by part as misses come (the parts the rules do not count
// drawn from the start), the word with its blanks and the letters tried; for the reader to act, the entry of the
// round's word (letters of the game's language, 4 to 12 of them), or an on-screen keyboard of the GAME's
// language, whatever the site's, and the entry of a whole word. At the end the words are checked against their
// commitments and every answer in the browser (`verify`). It only shows and reports actions; the page decides
// what to send.

import { h, replaceChildren, s } from '../../dom.js';
import { t } from '../../i18n.js';
import { BLANK, checkWord, normalise, readRules, setterOf, guesserOf } from './rules.js';
import './catalog.js';
import { SideBySideBoard } from '../side-by-side-board.js';

const seatName = (seat) => t(`gallows.seat.${seat}`);

/** The ten parts of the drawing in the order they are added: the gallows, then the figure. */
const PARTS = [
  ['line', { x1: 10, y1: 115, x2: 70, y2: 115 }],
  ['line', { x1: 25, y1: 115, x2: 25, y2: 10 }],
  ['line', { x1: 25, y1: 10, x2: 75, y2: 10 }],
  ['line', { x1: 75, y1: 10, x2: 75, y2: 25 }],
  ['circle', { cx: 75, cy: 35, r: 10 }],
  ['line', { x1: 75, y1: 45, x2: 75, y2: 80 }],
  ['line', { x1: 75, y1: 55, x2: 60, y2: 68 }],
  ['line', { x1: 75, y1: 55, x2: 90, y2: 68 }],
  ['line', { x1: 75, y1: 80, x2: 62, y2: 100 }],
  ['line', { x1: 75, y1: 80, x2: 88, y2: 100 }],
];

/** The gallows after `misses` of the `allowed`: the parts before the last `allowed` are there from the start. */
export function drawing(misses, allowed) {
  const shown = PARTS.length - allowed + misses;
  return s('svg', { class: 'gallows-drawing', viewBox: '0 0 100 120', role: 'img', 'aria-label': t('gallows.parts', { misses, allowed }) },
    PARTS.map(([tag, attributes], index) => s(tag, { ...attributes, class: index < shown ? 'part drawn' : 'part' })));
}

export class Board extends SideBySideBoard {
  /** `options.onAction(action)` is called with a word (`W:kobra`), a letter (`a`) or a whole word (`=kobra`) the
   * reader enters; `options.label` names the board for screen readers. */
  constructor(ruleset, options = {}) {
    super();
    this.rules = readRules(ruleset);
    this.onAction = options.onAction;
    this.rounds = h('div', { class: 'gallows-rounds' });
    this.wordInput = h('input', {
      id: 'gallows-word', type: 'text', autocomplete: 'off', autocapitalize: 'none', spellcheck: false, maxLength: 12,
      lang: this.rules.language, on: { input: () => this.checkEntry() },
    });
    this.wordButton = h('button', { type: 'submit', class: 'primary', text: t('gallows.setWord') });
    this.wordMessage = h('p', { class: 'gallows-message', role: 'status', 'aria-live': 'polite' });
    this.wordEntry = h('form', { class: 'gallows-entry', hidden: true, on: { submit: (event) => this.submitWord(event) } },
      h('label', { for: 'gallows-word', text: t('gallows.enterWord') }),
      h('div', { class: 'button-row' }, this.wordInput, this.wordButton), this.wordMessage);
    this.keyboard = h('div', { class: 'gallows-keyboard', role: 'group', lang: this.rules.language, 'aria-label': t('gallows.keyboard') },
      this.rules.alphabet.map((letter) => h('button', {
        type: 'button', class: 'gallows-key', text: letter, 'data-letter': letter, on: { click: () => this.onAction?.(letter) },
      })));
    this.solveInput = h('input', {
      id: 'gallows-solve', type: 'text', autocomplete: 'off', autocapitalize: 'none', spellcheck: false, maxLength: 12,
      lang: this.rules.language, on: { input: () => this.checkSolve() },
    });
    this.solveButton = h('button', { type: 'submit', text: t('gallows.solve') });
    this.solveEntry = h('form', { class: 'gallows-solve', on: { submit: (event) => this.submitSolve(event) } },
      h('label', { for: 'gallows-solve', text: t('gallows.enterSolve') }), h('div', { class: 'button-row' }, this.solveInput, this.solveButton));
    this.guessing = h('div', { class: 'gallows-guessing', hidden: true }, this.keyboard, this.solveEntry);
    this.verification = h('p', { class: 'gallows-verification', role: 'status', hidden: true });
    this.element = h('div', { class: 'board gallows', role: 'group', 'aria-label': options.label ?? t('gallows.board') },
      this.rounds, this.wordEntry, this.guessing, this.verification);
  }

  /** Draws a `GallowsGame`; with `targets`, the reader may set the word or guess now. */
  draw(game, { targets = false } = {}) {
    this.game = game;
    this.showTargets = targets;
    const { position } = game;
    const own = this.ownSeat;
    const acting = Boolean(targets && this.onAction && position.toMove === own);
    const setting = acting && position.setting && !position.serverDraws;
    if (setting && this.wordEntry.hidden) {
      this.wordInput.value = '';
      this.checkEntry();
    }
    this.wordEntry.hidden = !setting;
    this.guessing.hidden = !(acting && !position.setting);
    if (!this.guessing.hidden) {
      for (const key of this.keyboard.children) key.disabled = position.tried(key.dataset.letter);
      this.checkSolve();
    }
    replaceChildren(this.rounds, position.rounds.map((round, index) => this.drawRound(position, round, index))
      .filter((_, index) => index === 0 || position.rounds[0].end));
    this.drawVerification(game);
  }

  /** One round: who sets and guesses, the drawing, the word as shown and the letters tried. */
  drawRound(position, round, index) {
    const current = index === position.roundIndex && !position.outcome;
    const pattern = round.end === 'hanged' && round.word ? round.word : round.pattern;
    const ownWord = round.word && round.end === null ? round.word : null;
    // A hanged guesser's round shows the word, the letters never found marked.
    const found = [...(round.pattern ?? '')];
    return h('section', { class: `gallows-round${current ? ' current' : ''}${round.end ? ` ${round.end}` : ''}` },
      h('h3', { text: t('gallows.roundOf', { round: index + 1, setter: seatName(setterOf(index)), guesser: seatName(guesserOf(index)) }) }),
      drawing(round.misses, this.rules.misses),
      h('div', { class: 'gallows-side' },
        pattern === null
          ? h('p', { class: 'gallows-waiting', text: t(position.rules.word === 'server' ? 'gallows.serverWord' : 'gallows.noWordYet') })
          : h('p', { class: 'gallows-word', lang: this.rules.language, 'aria-label': pattern.replaceAll(BLANK, '?') },
            [...pattern].map((letter, at) => h('span', {
              class: `gallows-letter${letter === BLANK ? ' blank' : ''}${round.end === 'hanged' && found[at] === BLANK ? ' missed' : ''}`,
              text: letter === BLANK ? '' : letter,
            }))),
        ownWord && pattern !== ownWord ? h('p', { class: 'gallows-own', text: t('gallows.yourWord', { word: ownWord }) }) : null,
        h('p', { class: 'gallows-tried', lang: this.rules.language }, t('gallows.tried'), ' ',
          round.tried.map((letter) => h('span', { class: pattern?.includes(letter) ? 'hit' : 'miss', text: letter })),
          round.wrong.map((word) => h('span', { class: 'miss word', text: word }))),
        h('p', { class: 'gallows-misses', text: t('gallows.missCount', { misses: round.misses, allowed: this.rules.misses }) }),
        round.end ? h('p', { class: 'gallows-end', text: t(`gallows.end.${round.end}`, { name: seatName(guesserOf(index)) }) }) : null));
  }

  /** What the word entered still needs, in words; the button is off until the browser sees nothing wrong. */
  checkEntry() {
    const word = normalise(this.wordInput.value, this.rules);
    const problem = word === '' ? { problem: 'empty' } : checkWord(word, this.rules);
    this.wordButton.disabled = problem !== null;
    this.wordMessage.classList.toggle('error', problem !== null && word !== '');
    this.wordMessage.textContent = word === '' || problem === null ? '' : this.problemText(problem);
  }

  checkSolve() {
    const length = [...(this.game?.position.round.pattern ?? '')].length;
    const word = normalise(this.solveInput.value, this.rules);
    this.solveButton.disabled = word === '' || checkWord(word, this.rules, length) !== null;
  }

  problemText(problem) {
    if (problem.problem === 'letter') return t('gallows.notALetter', { letter: problem.letter });
    return t('gallows.length');
  }

  submitWord(event) {
    event.preventDefault();
    const word = normalise(this.wordInput.value, this.rules);
    if (checkWord(word, this.rules) !== null) return;
    this.wordInput.value = '';
    this.onAction?.(`W:${word}`);
  }

  submitSolve(event) {
    event.preventDefault();
    const word = normalise(this.solveInput.value, this.rules);
    if (this.solveButton.disabled) return;
    this.solveInput.value = '';
    this.onAction?.(`=${word}`);
  }

  /** A key press on the board: a letter of the game's alphabet guesses it while the reader guesses. */
  keyAction(event) {
    if (this.guessing.hidden || event.target?.tagName === 'INPUT') return null;
    const letter = normalise(event.key ?? '', this.rules);
    return this.rules.alphabet.includes(letter) && !this.game.position.tried(letter) ? letter : null;
  }

  /** The badge of the end: whether the commitments and every answer hold, computed once per game state. */
  drawVerification(game) {
    const seats = Object.values(game.position.seats);
    const key = seats.every((seat) => seat.secret && seat.nonce) && game.position.outcome
      ? seats.map((seat) => `${seat.secret}:${seat.nonce}:${seat.commitment}`).join('|')
      : null;
    if (key === this.verified) return;
    this.verified = key;
    this.verification.hidden = true;
    if (key === null) return;
    game.verify().then((result) => {
      if (this.verified !== key || result === null) return;
      this.verification.hidden = false;
      this.verification.className = `gallows-verification ${result.verified ? 'verified' : 'not-verified'}`;
      this.verification.textContent = result.verified
        ? t('gallows.verified', { count: result.answers })
        : t(`gallows.notVerified.${result.problem}`, { seat: seatName(result.seat), round: result.round ?? '', published: result.published ?? '', truth: result.truth ?? '' });
    }, () => {
      this.verification.hidden = false;
      this.verification.className = 'gallows-verification not-verified';
      this.verification.textContent = t('gallows.cannotVerify');
    });
  }
}
