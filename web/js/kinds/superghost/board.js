// The Superghost board in SVG: the fragment in the middle, each seat's letters of G-H-O-S-T (B-A-L-D-A, Б-А-Л-Д-А:
// the GAME's language) under it, and how the last round was lost, as the server's verdict told it. In a player's
// turn the controls under it hold the on-screen keyboard of the game's alphabet (whatever the page's language; a
// typed key works too): choose a letter, then add it at the start or the end; or challenge the previous player.
// The board only draws and reports actions (`>a`, `<a`, `?`); games and replays decide what to show.

import { h, s } from '../../dom.js';
import { t } from '../../i18n.js';
import { seatName } from '../../seats.js';
import { ALPHABETS, CHALLENGE, GHOST, LOSSES_TO_ELIMINATE } from './rules.js';
import './catalog.js';

/** SVG units: the drawing's width, a fragment tile's side, a seat row's height. */
const WIDTH = 100;
const TILE = 9;
const ROW = 8;
/** The top of the seat rows, below the fragment. */
const SEATS_TOP = 22;

export class Board {
  /** `options.onAction(action)` is called with an action's text when the player adds a letter or challenges (games
   * only); `options.label` names the board for screen readers. */
  constructor(ruleset, options = {}) {
    this.players = ruleset.players ?? 2;
    this.language = ruleset.language ?? 'pl';
    this.alphabet = ALPHABETS[this.language] ?? ALPHABETS.pl;
    this.onAction = options.onAction;
    this.letter = null;
    this.game = null;
    this.active = false;
    const height = SEATS_TOP + this.players * ROW + 12;
    this.fragment = s('g', { class: 'fragment' });
    this.seatRows = s('g', { class: 'ghosts' });
    this.why = s('text', { class: 'verdict verdict-why', x: WIDTH / 2, y: height - 7 });
    this.who = s('text', { class: 'verdict verdict-who', x: WIDTH / 2, y: height - 2.5 });
    this.element = s('svg', { class: 'board superghost', viewBox: `0 0 ${WIDTH} ${height}`, role: 'img', 'aria-label': options.label ?? t('superghost.board') },
      s('rect', { class: 'field', x: 0, y: 0, width: WIDTH, height }), this.fragment, this.seatRows, this.why, this.who);
    if (!this.onAction) {
      this.controls = null;
      return;
    }
    this.prompt = h('output', { class: 'superghost-prompt', 'aria-live': 'polite' });
    this.keys = h('div', { class: 'superghost-keyboard', role: 'group', 'aria-label': t('superghost.keyboard') },
      this.alphabet.map((letter) => h('button', { type: 'button', class: 'superghost-key', 'data-letter': letter, text: letter,
        on: { click: () => this.choose(letter) } })));
    this.startButton = h('button', { type: 'button', class: 'superghost-start', text: t('superghost.addStart'), on: { click: () => this.add('start') } });
    this.endButton = h('button', { type: 'button', class: 'primary superghost-end', text: t('superghost.addEnd'), on: { click: () => this.add('end') } });
    this.challengeButton = h('button', { type: 'button', class: 'superghost-challenge', text: t('superghost.challenge'), on: { click: () => this.send(CHALLENGE) } });
    this.controls = h('div', { class: 'board-controls superghost-controls' },
      this.prompt, this.keys, h('div', { class: 'superghost-buttons' }, this.startButton, this.endButton, this.challengeButton));
  }

  /** Draws a `SuperghostGame`; with `targets`, the player may act. */
  draw(game, { targets = false } = {}) {
    const { position } = game;
    this.game = game;
    this.active = Boolean(targets && this.onAction && position.legalActions().length > 0);
    if (!this.active) this.letter = null;
    const letters = position.fragment;
    const left = WIDTH / 2 - (letters.length * TILE) / 2;
    this.fragment.replaceChildren(...(letters.length === 0
      ? [s('text', { class: 'empty', x: WIDTH / 2, y: 11 }, t('superghost.empty'))]
      : letters.map((letter, index) => s('g', { class: 'tile', 'data-index': String(index) },
        s('rect', { x: left + index * TILE + 0.5, y: 6, width: TILE - 1, height: TILE - 1, rx: 1 }),
        s('text', { class: 'letter', x: left + (index + 0.5) * TILE, y: 6 + TILE / 2 }, letter.toUpperCase())))));
    const ghost = [...GHOST[this.language]];
    const rows = [];
    for (let index = 0; index < this.players; index += 1) {
      const seat = seatName(index);
      const y = SEATS_TOP + index * ROW + ROW / 2;
      const classes = ['seat-row', seat];
      if (position.isOut(seat)) classes.push('out');
      if (!position.outcome && position.toMove === seat) classes.push('to-move');
      const held = position.losses[index];
      rows.push(s('g', { class: classes.join(' '), 'data-seat': seat },
        s('circle', { class: 'seat-mark', cx: 14, cy: y, r: 2 }),
        s('text', { class: 'seat-name', x: 19, y }, t(`superghost.seat.${seat}`)),
        ghost.slice(0, LOSSES_TO_ELIMINATE).map((letter, at) => s('text', {
          class: at < held ? 'ghost held' : 'ghost', x: 56 + at * 7, y,
        }, letter.toUpperCase()))));
    }
    this.seatRows.replaceChildren(...rows);
    const [why, who] = this.verdict(position);
    this.why.textContent = why;
    this.who.textContent = who;
    this.renderControls();
  }

  /** How the last round was lost, in the page's language: why, and who lost it; or what the position waits for. */
  verdict(position) {
    if (position.awaiting) return [t('superghost.awaiting'), ''];
    const round = position.lastRound;
    if (!round) return ['', ''];
    return [
      t(`superghost.why.${round.reason}`, { fragment: round.fragment.toUpperCase() }),
      t(`superghost.lost.${round.reason}`, { seat: t(`superghost.seat.${round.loser}`) }),
    ];
  }

  renderControls() {
    if (!this.controls) return;
    const legal = this.active ? this.game.position.legalActions() : [];
    this.prompt.textContent = !this.active ? '' : this.letter
      ? t('superghost.step.side', { letter: this.letter.toUpperCase() })
      : t('superghost.step.letter');
    for (const key of this.keys.children) {
      key.disabled = !this.active;
      key.classList.toggle('chosen', key.dataset.letter === this.letter);
    }
    this.startButton.disabled = !this.letter || !legal.includes(`<${this.letter}`);
    this.endButton.disabled = !this.letter || !legal.includes(`>${this.letter}`);
    this.challengeButton.disabled = !legal.includes(CHALLENGE);
  }

  /** The letter to add, from the on-screen keyboard or a typed key. */
  choose(letter) {
    if (!this.active) return;
    this.letter = letter;
    this.renderControls();
  }

  /** Adds the chosen letter at `side`. */
  add(side) {
    if (!this.letter) return;
    this.send(`${side === 'start' ? '<' : '>'}${this.letter}`);
  }

  send(action) {
    if (!this.active || !this.game.position.legalActions().includes(action)) return;
    this.letter = null;
    this.onAction(action);
  }

  /** A typed letter of the game's alphabet chooses it; Enter or → adds it at the end, ← at the start; `?` challenges.
   * The action is returned for the page to play. */
  keyAction(event) {
    if (!this.active) return undefined;
    const letter = event.key?.toLowerCase().replace('ё', 'е');
    if (event.key === '?') return CHALLENGE;
    if (this.alphabet.includes(letter)) this.choose(letter);
    else if (this.letter && (event.key === 'Enter' || event.key === 'ArrowRight')) return `>${this.letter}`;
    else if (this.letter && event.key === 'ArrowLeft') return `<${this.letter}`;
    return undefined;
  }
}
