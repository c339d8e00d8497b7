// The Bulls and Cows board: the seats' secrets as this viewer knows them (its own; both at the end), who is ready,
// the entry of a secret or of this round's guess when the reader is to act (checked as the rules check it: so many
// different digits, a leading 0 only where allowed), and the table of rounds, the reader's column first: each
// resolved round's guesses with their answers, the reader's guess of the open round shown as waiting. At the end
// the secrets are checked against their commitments and every answer in the browser (`verify`). It only shows
// and reports actions; the page decides what to send.

import { h, replaceChildren } from '../../dom.js';
import { t } from '../../i18n.js';
import { allCodes, answerText, checkCode, readRules } from './rules.js';
import './catalog.js';
import { SideBySideBoard } from '../side-by-side-board.js';

const other = (seat) => (seat === 'first' ? 'second' : 'first');
const seatName = (seat) => t(`bulls-and-cows.seat.${seat}`);

export class Board extends SideBySideBoard {
  /** `options.onAction(action)` is called with a secret (`S:0123`) or a guess (`0123`) the reader enters;
   * `options.label` names the board for screen readers. */
  constructor(ruleset, options = {}) {
    super();
    this.rules = readRules(ruleset);
    this.onAction = options.onAction;
    this.secrets = h('p', { class: 'bulls-and-cows-secrets' });
    this.readiness = h('p', { class: 'bulls-and-cows-readiness' });
    this.prompt = h('label', { for: 'bulls-and-cows-code' });
    this.input = h('input', {
      id: 'bulls-and-cows-code', type: 'text', inputMode: 'numeric', autocomplete: 'off', maxLength: this.rules.digits,
      size: this.rules.digits + 1, on: { input: () => this.check() },
    });
    this.submitButton = h('button', { type: 'submit', class: 'primary' });
    this.randomButton = h('button', { type: 'button', on: { click: () => this.random() } }, t('bulls-and-cows.randomSecret'));
    this.message = h('p', { class: 'bulls-and-cows-message', role: 'status', 'aria-live': 'polite' });
    this.entry = h('form', { class: 'bulls-and-cows-entry', hidden: true, on: { submit: (event) => this.submit(event) } },
      this.prompt, h('div', { class: 'button-row' }, this.input, this.submitButton, this.randomButton), this.message);
    this.table = h('div', { class: 'bulls-and-cows-rounds' });
    this.verification = h('p', { class: 'bulls-and-cows-verification', role: 'status', hidden: true });
    this.element = h('div', { class: 'board bulls-and-cows', role: 'group', 'aria-label': options.label ?? t('bulls-and-cows.board') },
      this.secrets, this.readiness, this.entry, this.table, this.verification);
  }

  /** Draws a `BullsAndCowsGame`; with `targets`, the reader may enter a secret or a guess now. */
  draw(game, { targets = false } = {}) {
    this.game = game;
    this.showTargets = targets;
    const { position } = game;
    const own = this.ownSeat;
    const seats = [own, other(own)];
    const known = seats.filter((seat) => position.seats[seat].secret);
    this.secrets.textContent = known.map((seat) => t('bulls-and-cows.secretOf', { seat: seatName(seat), secret: position.seats[seat].secret })).join(' · ');
    this.secrets.hidden = known.length === 0;
    const acting = position.seatsToAct;
    this.readiness.textContent = position.outcome ? '' : seats.map((seat) => {
      if (position.choosingSecrets) return t(position.seats[seat].ready ? 'bulls-and-cows.secretChosen' : 'bulls-and-cows.choosingSecret', { seat: seatName(seat) });
      return t(acting.includes(seat) ? 'bulls-and-cows.guessing' : 'bulls-and-cows.guessed', { seat: seatName(seat) });
    }).join(' · ');
    const entering = Boolean(targets && this.onAction && acting.includes(own));
    const secret = position.choosingSecrets;
    if (entering && (this.entry.hidden || this.enteringSecret !== secret)) {
      this.input.value = '';
      this.enteringSecret = secret;
      this.prompt.textContent = secret
        ? t('bulls-and-cows.enterSecret', { digits: this.rules.digits })
        : t('bulls-and-cows.enterGuess', { round: position.rounds.length + 1, rounds: this.rules.maxRounds });
      this.submitButton.textContent = t(secret ? 'bulls-and-cows.setSecret' : 'bulls-and-cows.guess');
      this.randomButton.hidden = !secret;
      this.check();
    }
    this.entry.hidden = !entering;
    this.drawRounds(position, seats);
    this.drawVerification(game);
  }

  /** The table of rounds: each seat's guess with its answer, the open round's own guess as waiting. */
  drawRounds(position, seats) {
    const rows = position.rounds.map((round, index) => h('tr', {}, h('th', { scope: 'row', text: `${index + 1}.` }),
      seats.flatMap((seat) => [h('td', { class: 'guess', text: round[seat].guess }), h('td', { class: 'answer', text: answerText(round[seat]) })])));
    if (!position.outcome && !position.choosingSecrets && position.guessed.size > 0) {
      rows.push(h('tr', { class: 'open-round' }, h('th', { scope: 'row', text: `${position.rounds.length + 1}.` }),
        seats.flatMap((seat) => {
          if (!position.guessed.has(seat)) return [h('td', { class: 'guess' }), h('td', { class: 'answer' })];
          return [h('td', { class: 'guess', text: position.ownGuesses[seat] ?? t('bulls-and-cows.ready') }),
            h('td', { class: 'answer waiting', text: t('bulls-and-cows.waiting') })];
        })));
    }
    replaceChildren(this.table, rows.length === 0 ? null : h('table', { class: 'moves' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: '#' }),
        seats.map((seat) => h('th', { scope: 'col', colSpan: 2, text: t('bulls-and-cows.guessesOf', { seat: seatName(seat) }) })))),
      h('tbody', {}, rows)));
  }

  /** What the code entered still needs, in words; the button is off until it is a code the rules allow. */
  check() {
    const code = this.input.value.trim();
    const problem = checkCode(code, this.rules);
    this.submitButton.disabled = problem !== null;
    this.message.classList.toggle('error', problem !== null && code.length >= this.rules.digits);
    this.message.textContent = code === '' ? '' : this.problemText(problem);
  }

  problemText(problem) {
    if (problem === null) return '';
    if (problem.problem === 'length') return t('bulls-and-cows.needDigits', { count: problem.wanted });
    if (problem.problem === 'repeated') return t('bulls-and-cows.repeated', { digit: problem.digit });
    if (problem.problem === 'leadingZero') return t('bulls-and-cows.leadingZero');
    return t('bulls-and-cows.onlyDigits');
  }

  /** A secret drawn among every code the rules allow. */
  random() {
    const codes = allCodes(this.rules);
    this.input.value = codes[Math.floor(Math.random() * codes.length)];
    this.check();
  }

  submit(event) {
    event.preventDefault();
    const code = this.input.value.trim();
    if (checkCode(code, this.rules) !== null) return;
    this.input.value = '';
    this.onAction?.(this.enteringSecret ? `S:${code}` : code);
  }

  /** The badge of the end: whether the commitments and every answer hold, computed once per game state. */
  drawVerification(game) {
    const seats = Object.values(game.position.seats);
    const key = seats.every((seat) => seat.secret && seat.nonce)
      ? `${seats.map((seat) => `${seat.secret}:${seat.nonce}:${seat.commitment}`).join('|')}|${game.position.rounds.length}`
      : null;
    if (key === this.verified) return;
    this.verified = key;
    this.verification.hidden = true;
    if (key === null) return;
    game.verify().then((result) => {
      if (this.verified !== key || result === null) return;
      this.verification.hidden = false;
      this.verification.className = `bulls-and-cows-verification ${result.verified ? 'verified' : 'not-verified'}`;
      this.verification.textContent = result.verified
        ? t('bulls-and-cows.verified', { count: result.answers })
        : t(`bulls-and-cows.notVerified.${result.problem}`, { seat: seatName(result.seat), round: result.round ?? '', published: result.published ?? '', truth: result.truth ?? '' });
    }, () => {
      this.verification.hidden = false;
      this.verification.className = 'bulls-and-cows-verification not-verified';
      this.verification.textContent = t('bulls-and-cows.cannotVerify');
    });
  }
}
