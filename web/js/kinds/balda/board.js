// The Balda board in SVG: the grid with its coordinates and letters, the last word's cells marked, and, in a
// player's turn, the move being made. A move is made in three steps: click or tap an empty cell next to a letter,
// choose the letter on the on-screen keyboard (the GAME's alphabet, whatever the page's language; a typed key
// works too), then trace the word by clicking the cells in order or dragging over them (the new cell among
// them; clicking the last cell again takes it back). "Play the word" sends the move (`c4=к:b4,c4,c3,d3`), "Pass"
// passes. The board checks the shape of the move; the server judges its word. It only draws and reports moves;
// games and replays decide what to show.

import { h, s } from '../../dom.js';
import { t } from '../../i18n.js';
import { ALPHABETS, cellName, moveName, PASS } from './rules.js';
import './catalog.js';

/** SVG units per cell. */
const CELL = 10;
/** Room for the coordinates left of and below the grid, in cells. */
const GUTTER = 0.7;

const same = (a, b) => a && b && a.x === b.x && a.y === b.y;

export class Board {
  /**
   * `options.onAction(move)` is called with a move's text when the player plays a word or passes (games only);
   * `options.label` names the board for screen readers.
   */
  constructor(ruleset, options = {}) {
    this.size = ruleset.size ?? 5;
    this.alphabet = ALPHABETS[ruleset.language ?? 'pl'] ?? ALPHABETS.pl;
    this.onAction = options.onAction;
    /** The move being made: the chosen cell, its letter, the traced path. */
    this.draft = { cell: null, letter: null, path: [] };
    this.game = null;
    this.active = false;
    const side = this.size * CELL;
    const viewBox = [-GUTTER * CELL, -0.3 * CELL, side + (GUTTER + 0.3) * CELL, side + (GUTTER + 0.3) * CELL].join(' ');
    this.cells = s('g', { class: 'cells' });
    this.trace = s('g', { class: 'trace' });
    this.element = s('svg', { class: 'board balda', viewBox, role: 'img', 'aria-label': options.label ?? t('balda.board') },
      this.grid(), this.cells, this.trace);
    if (this.onAction) {
      this.element.addEventListener('pointerdown', (event) => this.press(event));
      this.element.addEventListener('pointermove', (event) => this.drag(event));
      globalThis.addEventListener?.('pointerup', () => { this.dragging = false; });
      this.word = h('output', { class: 'balda-word', 'aria-live': 'polite' });
      this.keys = h('div', { class: 'balda-keyboard', role: 'group', 'aria-label': t('balda.keyboard') },
        this.alphabet.map((letter) => h('button', { type: 'button', class: 'balda-key', 'data-letter': letter, text: letter,
          on: { click: () => this.choose(letter) } })));
      this.playButton = h('button', { type: 'button', class: 'primary balda-play', text: t('balda.playWord'), on: { click: () => this.submit() } });
      this.clearButton = h('button', { type: 'button', class: 'balda-clear', text: t('balda.clear'), on: { click: () => this.reset() } });
      this.passButton = h('button', { type: 'button', class: 'balda-pass', text: t('balda.pass'), on: { click: () => this.pass() } });
      this.controls = h('div', { class: 'board-controls balda-controls' },
        this.word, this.keys, h('div', { class: 'balda-buttons' }, this.playButton, this.clearButton, this.passButton));
    } else {
      this.controls = null;
    }
  }

  /** The SVG centre of a cell: row 1 is at the bottom. */
  centre({ x, y }) {
    return { cx: (x + 0.5) * CELL, cy: (this.size - y - 0.5) * CELL };
  }

  grid() {
    const side = this.size * CELL;
    const lines = [];
    const labels = [];
    for (let i = 0; i <= this.size; i += 1) {
      lines.push(s('line', { x1: i * CELL, y1: 0, x2: i * CELL, y2: side }), s('line', { x1: 0, y1: i * CELL, x2: side, y2: i * CELL }));
    }
    for (let i = 0; i < this.size; i += 1) {
      labels.push(s('text', { class: 'coordinate', x: (i + 0.5) * CELL, y: side + 0.5 * CELL }, String.fromCharCode(97 + i)));
      labels.push(s('text', { class: 'coordinate', x: -0.35 * CELL, y: (this.size - i - 0.5) * CELL }, String(i + 1)));
    }
    return s('g', { class: 'paper' },
      s('rect', { class: 'field', x: 0, y: 0, width: side, height: side }),
      s('g', { class: 'grid' }, lines),
      s('g', { class: 'coordinates' }, labels));
  }

  /** The letter `cell` shows: the position's, or the draft's new letter. */
  letterAt(cell) {
    if (same(cell, this.draft.cell)) return this.draft.letter;
    return this.game?.position.letter(cell) ?? null;
  }

  /** Draws a `BaldaGame`; with `targets`, the player may make a move. */
  draw(game, { targets = false } = {}) {
    const { position } = game;
    if (this.game && this.game.position.words.length !== position.words.length) this.draft = { cell: null, letter: null, path: [] };
    this.game = game;
    this.active = Boolean(targets && this.onAction && !position.outcome);
    if (!this.active) this.draft = { cell: null, letter: null, path: [] };
    const last = position.words.at(-1);
    const cells = [];
    for (let y = 0; y < this.size; y += 1) {
      for (let x = 0; x < this.size; x += 1) {
        const cell = { x, y };
        const { cx, cy } = this.centre(cell);
        const letter = this.letterAt(cell);
        const classes = ['cell'];
        if (letter) classes.push('filled');
        if (this.active && position.isOpen(cell)) classes.push('open');
        if (last && same(last.cell, cell)) classes.push('last-letter');
        if (last && last.path.some((step) => same(step, cell))) classes.push('last-word');
        if (same(cell, this.draft.cell)) classes.push('chosen');
        if (this.draft.path.some((step) => same(step, cell))) classes.push('traced');
        cells.push(s('g', { class: classes.join(' '), 'data-cell': cellName(cell) },
          s('rect', { x: cx - CELL / 2, y: cy - CELL / 2, width: CELL, height: CELL }),
          letter ? s('text', { class: 'letter', x: cx, y: cy }, letter.toUpperCase()) : null));
      }
    }
    this.cells.replaceChildren(...cells);
    const points = this.draft.path.map((cell) => this.centre(cell)).map(({ cx, cy }) => `${cx},${cy}`).join(' ');
    this.trace.replaceChildren(...(this.draft.path.length > 1 ? [s('polyline', { class: 'trace-line', points })] : []));
    this.renderControls();
  }

  renderControls() {
    if (!this.controls) return;
    const word = this.draft.path.map((cell) => this.letterAt(cell) ?? '').join('');
    this.word.textContent = word ? t('balda.word', { word: word.toUpperCase(), points: word.length }) : t('balda.step.' + this.step());
    for (const key of this.keys.children) {
      key.disabled = !this.active || !this.draft.cell;
      key.classList.toggle('chosen', key.dataset.letter === this.draft.letter);
    }
    this.playButton.disabled = !this.active || !this.move() || !this.game.position.isLegal(moveName(this.move()));
    this.clearButton.disabled = !this.active || !this.draft.cell;
    this.passButton.disabled = !this.active;
  }

  /** Where the player is in making a move: choosing a cell, a letter, or tracing. */
  step() {
    if (!this.draft.cell) return 'cell';
    if (!this.draft.letter) return 'letter';
    return 'trace';
  }

  /** The move the draft makes, once it has a cell, a letter and a path. */
  move() {
    const { cell, letter, path } = this.draft;
    return cell && letter && path.length ? { cell, letter, path } : null;
  }

  /** The cell under a pointer event, or null. */
  cellAt(event) {
    const target = (typeof document !== 'undefined' && document.elementFromPoint?.(event.clientX, event.clientY)) || event.target;
    const name = target?.closest?.('[data-cell]')?.dataset.cell;
    if (!name) return null;
    return { x: name.charCodeAt(0) - 97, y: Number(name.slice(1)) - 1 };
  }

  press(event) {
    const cell = this.cellAt(event);
    if (!cell || !this.active) return;
    event.preventDefault();
    this.select(cell);
    this.dragging = Boolean(this.draft.letter);
  }

  drag(event) {
    if (!this.dragging || !this.active) return;
    const cell = this.cellAt(event);
    const lastStep = this.draft.path.at(-1);
    if (cell && !same(cell, lastStep) && !this.draft.path.some((step) => same(step, cell))) this.select(cell);
  }

  /** A click or tap on `cell`: chooses the new letter's cell, or traces the word through it. */
  select(cell) {
    const { position } = this.game;
    if (!this.draft.letter || (!this.letterAt(cell) && position.isOpen(cell))) {
      if (position.isOpen(cell)) this.draft = { cell, letter: null, path: [] };
    } else if (this.letterAt(cell)) {
      const path = this.draft.path;
      const lastStep = path.at(-1);
      if (same(cell, lastStep)) path.pop();
      else if (!path.some((step) => same(step, cell)) && (!lastStep || Math.abs(lastStep.x - cell.x) + Math.abs(lastStep.y - cell.y) === 1)) path.push(cell);
    }
    this.draw(this.game, { targets: this.active });
  }

  /** The letter for the chosen cell, from the on-screen keyboard or a typed key. */
  choose(letter) {
    if (!this.active || !this.draft.cell) return;
    this.draft.letter = letter;
    this.draft.path = [];
    this.draw(this.game, { targets: true });
  }

  reset() {
    this.draft = { cell: null, letter: null, path: [] };
    if (this.game) this.draw(this.game, { targets: this.active });
  }

  submit() {
    const move = this.move();
    if (!this.active || !move) return;
    const text = moveName(move);
    if (!this.game.position.isLegal(text)) return;
    this.reset();
    this.onAction(text);
  }

  pass() {
    if (!this.active) return;
    this.reset();
    this.onAction(PASS);
  }

  /** A typed letter of the game's alphabet chooses the new letter; Enter plays the word; Escape starts again. The
   * move itself is sent by `submit`, so no key is a move of its own. */
  keyAction(event) {
    if (!this.active) return undefined;
    const letter = event.key?.toLowerCase().replace('ё', 'е');
    if (this.alphabet.includes(letter)) this.choose(letter);
    else if (event.key === 'Enter') this.submit();
    else if (event.key === 'Escape') this.reset();
    return undefined;
  }
}
