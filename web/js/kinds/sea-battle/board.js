// The Sea Battle board: two 10 × 10 grids side by side, on the left the fleet of the seat at the bottom of the
// page (the reader's own; a spectator's choice) with the other seat's shots at it, on the right the other seat's
// waters with every shot, hit, miss and sunk ship, the cells known empty beside a sunk ship greyed, and the open
// cells as targets when the reader shoots (on a touch screen a first tap marks a cell, a second shoots:
// kinds/tap-confirm.js). In setup the left grid is the fleet editor: ships dragged from the dock or placed by
// taps (a ship, then a cell), turned, moved, drawn at random, checked as the engine checks them, and placed with
// one button. At the end the other fleet is drawn where it stood and the game's commitments and answers are
// checked in the browser (`verify`). It only draws and reports actions; the page decides what to send.

import { h, s } from '../../dom.js';
import { t } from '../../i18n.js';
import { TapConfirm } from '../tap-confirm.js';
import { SIZE, cellName, checkFleet, fleetText, randomFleet, readRules, ship, shipCells, shipName } from './rules.js';
import './catalog.js';
import { SideBySideBoard } from '../side-by-side-board.js';

/** SVG units a cell. */
const STEP = 10;
/** Room for the coordinates left of and above a grid, and for its title above them. */
const MARGIN = 7;
const TITLE = 8;
/** The gap between the two grids. */
const GAP = 8;
/** How far (in pixels) a pointer moves before a press becomes a drag. */
const DRAG_START = 6;

const other = (seat) => (seat === 'first' ? 'second' : 'first');
const seatName = (seat) => t(`sea-battle.seat.${seat}`);

export class Board extends SideBySideBoard {
  /**
   * `options.onAction(action)` is called with a fleet (`F:…`) when the reader places one, and with a cell
   * (`E5`) when they shoot; `options.label` names the board for screen readers.
   */
  constructor(ruleset, options = {}) {
    super();
    this.rules = readRules(ruleset);
    this.onAction = options.onAction;
    this.confirm = new TapConfirm();
    /** The fleet being placed: its ships, the one selected (`{placed: index}` or `{dock: length}`), the way a
     * ship from the dock lies, and the keyboard's cell. */
    this.editor = { ships: [], selected: null, vertical: false, cursor: 0 };
    this.drag = null;
    this.sides = { own: this.side(0), target: this.side(SIZE * STEP + MARGIN + GAP) };
    const width = 2 * (SIZE * STEP + MARGIN) + GAP + 2;
    const height = TITLE + MARGIN + SIZE * STEP + 2;
    this.element = s('svg', { class: 'board sea-battle', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': options.label ?? t('sea-battle.board') },
      this.sides.own.element, this.sides.target.element);
    this.editorOverlay();
    this.readiness = h('p', { class: 'sea-battle-readiness' });
    this.message = h('p', { class: 'sea-battle-message', role: 'status', 'aria-live': 'polite' });
    this.dock = h('div', { class: 'sea-battle-dock', role: 'group', 'aria-label': t('sea-battle.dock') });
    this.rotateButton = h('button', { type: 'button', 'aria-pressed': 'false', on: { click: () => this.rotate() } }, t('sea-battle.rotate'));
    this.removeButton = h('button', { type: 'button', on: { click: () => this.remove() } }, t('sea-battle.remove'));
    this.submitButton = h('button', { type: 'button', class: 'primary', on: { click: () => this.submit() } }, t('sea-battle.placeFleet'));
    this.editorControls = h('div', { class: 'sea-battle-editor', hidden: true },
      h('p', { class: 'hint', text: t('sea-battle.placeHint') }),
      this.dock,
      h('div', { class: 'board-switches' },
        this.rotateButton,
        this.removeButton,
        h('button', { type: 'button', on: { click: () => this.random() } }, t('sea-battle.random')),
        h('button', { type: 'button', class: 'quiet', on: { click: () => this.clear() } }, t('sea-battle.clear')),
        this.submitButton),
      this.message);
    this.verification = h('p', { class: 'sea-battle-verification', role: 'status', hidden: true });
    this.controls = h('div', { class: 'board-controls sea-battle-controls' }, this.readiness, this.editorControls, this.verification);
  }

  /** One grid, `left` units from the board's left edge: its paper, coordinates, title and layers. */
  side(left) {
    const x0 = left + MARGIN;
    const y0 = TITLE + MARGIN;
    const labels = [];
    const lines = [];
    for (let at = 0; at < SIZE; at += 1) {
      labels.push(s('text', { class: 'coordinate', x: x0 + (at + 0.5) * STEP, y: y0 - MARGIN / 2 }, String.fromCharCode(65 + at)));
      labels.push(s('text', { class: 'coordinate', x: x0 - MARGIN / 2, y: y0 + (at + 0.5) * STEP }, String(at + 1)));
    }
    for (let at = 0; at <= SIZE; at += 1) {
      lines.push(s('line', { x1: x0 + at * STEP, y1: y0, x2: x0 + at * STEP, y2: y0 + SIZE * STEP }));
      lines.push(s('line', { x1: x0, y1: y0 + at * STEP, x2: x0 + SIZE * STEP, y2: y0 + at * STEP }));
    }
    const layer = (name) => s('g', { class: name });
    const side = {
      x0, y0,
      title: s('text', { class: 'grid-title', x: x0, y: TITLE / 2 }),
      shaded: layer('shaded'), ships: layer('ships'), marks: layer('marks'), targets: layer('targets'), top: layer('top'),
    };
    side.element = s('g', {},
      s('rect', { class: 'field', x: x0, y: y0, width: SIZE * STEP, height: SIZE * STEP }),
      side.shaded, s('g', { class: 'grid' }, lines), s('g', { class: 'coordinates' }, labels), side.title,
      side.ships, side.marks, side.targets, side.top);
    return side;
  }

  /** The top-left corner of `cell` on `side`. */
  at(side, cell) {
    return { x: side.x0 + (cell % SIZE) * STEP, y: side.y0 + Math.floor(cell / SIZE) * STEP };
  }

  /** A ship's outline on `side`. */
  shipShape(side, placed, className) {
    const cells = shipCells(placed);
    const { x, y } = this.at(side, cells[0]);
    const [across, down] = placed.vertical ? [1, placed.length] : [placed.length, 1];
    return s('rect', { class: `ship ${className}`, x: x + 1, y: y + 1, width: across * STEP - 2, height: down * STEP - 2, rx: 2 },
      s('title', {}, shipName(placed)));
  }

  /** Draws a `SeaBattleGame`; with `targets`, the reader may act: place their fleet in setup, shoot in play. */
  draw(game, { targets = false } = {}) {
    this.game = game;
    this.showTargets = targets;
    const { position } = game;
    const own = this.ownSeat;
    const opponent = other(own);
    const editing = Boolean(targets && this.onAction && position.inSetup && position.seatsToAct.includes(own));
    this.sides.own.title.textContent = t('sea-battle.gridOf', { seat: seatName(own) });
    this.sides.target.title.textContent = t('sea-battle.gridOf', { seat: seatName(opponent) });
    this.drawGrid(this.sides.own, position.grids[own], editing ? null : position.grids[own].fleet, position, own, 'afloat');
    // The other fleet is known only once revealed at the end: its ships afloat are drawn as found, not as sailed.
    this.drawGrid(this.sides.target, position.grids[opponent], position.grids[opponent].fleet, position, opponent, 'afloat revealed');
    this.overlay.toggleAttribute('hidden', !editing);
    this.editorControls.hidden = !editing;
    if (editing) this.drawEditor();
    else this.sides.own.top.replaceChildren();
    this.drawTargets(targets && !position.inSetup && !position.outcome ? position.openCells(own) : []);
    this.readiness.textContent = position.inSetup
      ? ['first', 'second'].map((seat) => t(position.ready.has(seat) ? 'sea-battle.ready' : 'sea-battle.placing', { seat: seatName(seat) })).join(' · ')
      : '';
    this.readiness.hidden = !position.inSetup;
    this.drawVerification(game);
  }

  /** A seat's grid: its fleet where known (`fleet`, its ships afloat drawn with the classes `afloat`), the shots
   * at it, the sunk ships, the cells known empty. */
  drawGrid(side, grid, fleet, position, seat, afloat) {
    const sunk = new Set(grid.sunk.map(shipName));
    side.shaded.replaceChildren(...[...grid.knownEmpty].map((cell) => s('rect', { class: 'known-empty', ...this.at(side, cell), width: STEP, height: STEP })));
    side.ships.replaceChildren(
      ...(fleet ?? []).filter((placed) => !sunk.has(shipName(placed))).map((placed) => this.shipShape(side, placed, afloat)),
      ...grid.sunk.map((placed) => this.shipShape(side, placed, 'sunk')));
    const last = position.lastShot?.seat === other(seat) ? position.lastShot.cell : null;
    side.marks.replaceChildren(...[...grid.shots].map(([cell, answer]) => {
      const { x, y } = this.at(side, cell);
      const label = s('title', {}, t(`sea-battle.answer.${answer ?? 'waiting'}`, { cell: cellName(cell) }));
      const className = `shot shot-${answer ?? 'waiting'}${cell === last ? ' last' : ''}`;
      if (answer === 'miss' || answer === null) return s('g', { class: className }, label, s('circle', { cx: x + STEP / 2, cy: y + STEP / 2, r: 1.4 }));
      return s('g', { class: className }, label,
        s('path', { d: `M${x + 2.5} ${y + 2.5}L${x + 7.5} ${y + 7.5}M${x + 7.5} ${y + 2.5}L${x + 2.5} ${y + 7.5}` }));
    }));
  }

  /** The open cells of the target grid as targets; redrawn only when they change, so that an event that
   * changes nothing here does not swap the element under a finger pressing it. */
  drawTargets(cells) {
    const signature = cells.join();
    if (signature === this.targetSignature) return;
    this.targetSignature = signature;
    this.confirm.clear();
    const side = this.sides.target;
    this.sides.target.targets.replaceChildren(...cells.map((cell) => {
      const name = cellName(cell);
      const shoot = (event) => {
        event.preventDefault();
        const now = this.confirm.tap(name, event);
        for (const target of side.targets.children) target.classList.toggle('pending', !now && target.dataset.cell === name);
        if (now) this.onAction?.(name);
      };
      return s('g', { class: 'target', 'data-cell': name, role: 'button', tabindex: 0, 'aria-label': t('sea-battle.shoot', { cell: name }),
        on: { click: shoot, keydown: (event) => (event.key === 'Enter' || event.key === ' ') && shoot(event) } },
      s('rect', { class: 'target-hit', ...this.at(side, cell), width: STEP, height: STEP }));
    }));
  }

  /** The badge of the end: whether the commitments and every answer hold, computed once per game state. */
  drawVerification(game) {
    const key = game.position.outcome || Object.values(game.position.grids).every((grid) => grid.fleet && grid.nonce)
      ? Object.values(game.position.grids).map((grid) => `${grid.secret}:${grid.nonce}:${grid.commitment}:${grid.log.length}`).join('|')
      : null;
    if (key === this.verified) return;
    this.verified = key;
    this.verification.hidden = true;
    if (key === null) return;
    game.verify().then((result) => {
      if (this.verified !== key || result === null) return;
      this.verification.hidden = false;
      this.verification.className = `sea-battle-verification badge ${result.verified ? 'verified' : 'not-verified'}`;
      this.verification.textContent = result.verified
        ? t('sea-battle.verified', { count: result.answers })
        : t(`sea-battle.notVerified.${result.problem}`, { seat: seatName(result.seat), shot: result.shot ?? '', truth: result.truth ?? '' });
    }, () => {
      this.verification.hidden = false;
      this.verification.className = 'sea-battle-verification badge not-verified';
      this.verification.textContent = t('sea-battle.cannotVerify');
    });
  }

  // The fleet editor.

  /** The transparent layer over the left grid that takes the editor's pointer and keys. */
  editorOverlay() {
    const side = this.sides.own;
    this.overlay = s('rect', {
      class: 'editor-overlay', x: side.x0, y: side.y0, width: SIZE * STEP, height: SIZE * STEP, tabindex: 0, role: 'application',
      'aria-label': t('sea-battle.editorGrid'), hidden: true,
      on: {
        pointerdown: (event) => this.pressGrid(event),
        keydown: (event) => this.key(event),
        focus: () => this.drawEditor(),
        blur: () => this.drawEditor(),
      },
    });
    side.element.append(this.overlay);
  }

  /** The cell under a pointer on the left grid, or -1 off it. */
  cellAt(event) {
    const matrix = this.element.getScreenCTM?.();
    if (!matrix) return -1;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const [column, row] = [Math.floor((point.x - this.sides.own.x0) / STEP), Math.floor((point.y - this.sides.own.y0) / STEP)];
    return column >= 0 && column < SIZE && row >= 0 && row < SIZE ? row * SIZE + column : -1;
  }

  /** The ship of `length` lying as `vertical` says, its `offset`-th cell on `cell`, moved back onto the grid. */
  shipAt(cell, length, vertical, offset = 0) {
    let [column, row] = [cell % SIZE, Math.floor(cell / SIZE)];
    if (vertical) row = Math.min(Math.max(0, row - offset), SIZE - length);
    else column = Math.min(Math.max(0, column - offset), SIZE - length);
    return ship(row * SIZE + column, length, vertical);
  }

  /** The placed ship with a cell on `cell`, as its index, or -1. */
  placedAt(cell) {
    return this.editor.ships.findIndex((placed) => shipCells(placed).includes(cell));
  }

  /** The ships still in the dock, longest first. */
  docked() {
    const left = [...this.rules.lengths];
    for (const placed of this.editor.ships) left.splice(left.indexOf(placed.length), 1);
    return left;
  }

  /** A press on the left grid: on a placed ship it may become a drag of that ship; a press that does not move is
   * a tap. */
  pressGrid(event) {
    const cell = this.cellAt(event);
    if (cell < 0) return;
    event.preventDefault();
    const index = this.placedAt(cell);
    if (index < 0) {
      this.tapCell(cell);
      return;
    }
    const placed = this.editor.ships[index];
    const offset = shipCells(placed).indexOf(cell);
    this.startDrag(event, this.overlay, { length: placed.length, vertical: placed.vertical, offset, from: index }, () => this.tapCell(cell));
  }

  /**
   * Follows a pointer pressed on `element`: past a few pixels it drags `ship` (`{length, vertical, offset, from}`,
   * `from` the index of a placed ship being moved) and drops it where the pointer is let go; a press that does not
   * move calls `tap`.
   */
  startDrag(event, element, dragged, tap) {
    const [x, y] = [event.clientX, event.clientY];
    element.setPointerCapture?.(event.pointerId);
    this.drag = { ...dragged, moving: false, cell: -1 };
    const move = (moved) => {
      if (!this.drag) return;
      if (!this.drag.moving && Math.hypot(moved.clientX - x, moved.clientY - y) < DRAG_START) return;
      this.drag.moving = true;
      this.drag.cell = this.cellAt(moved);
      this.drawEditor();
    };
    const end = (ended) => {
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerup', end);
      element.removeEventListener('pointercancel', end);
      const { drag } = this;
      this.drag = null;
      if (!drag?.moving) {
        if (ended.type === 'pointerup') tap();
        else this.drawEditor();
        return;
      }
      // The click that ends a drag on the pressed button is not a tap of it; a click after this one is.
      this.suppressClick = true;
      setTimeout(() => { this.suppressClick = false; });
      const cell = ended.type === 'pointerup' ? this.cellAt(ended) : -1;
      if (cell >= 0) {
        const placed = this.shipAt(cell, drag.length, drag.vertical, drag.offset);
        if (drag.from === undefined) this.editor.ships.push(placed);
        else this.editor.ships[drag.from] = placed;
        this.editor.selected = { placed: drag.from ?? this.editor.ships.length - 1 };
      } else if (drag.from !== undefined && ended.type === 'pointerup') {
        // A placed ship dragged off the grid goes back to the dock.
        this.editor.ships.splice(drag.from, 1);
        this.editor.selected = null;
      }
      this.drawEditor();
    };
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerup', end);
    element.addEventListener('pointercancel', end);
  }

  /** A tap (or Enter) on a cell: the selected ship goes there; else the ship there is selected. */
  tapCell(cell) {
    const { editor } = this;
    this.editor.cursor = cell;
    const { selected } = editor;
    if (selected?.dock) {
      editor.ships.push(this.shipAt(cell, selected.dock, editor.vertical));
      editor.selected = { placed: editor.ships.length - 1 };
    } else if (selected && this.placedAt(cell) !== selected.placed) {
      const moving = editor.ships[selected.placed];
      editor.ships[selected.placed] = this.shipAt(cell, moving.length, moving.vertical);
    } else {
      const index = this.placedAt(cell);
      editor.selected = index < 0 || selected?.placed === index ? null : { placed: index };
    }
    this.drawEditor();
  }

  /** The editor's keys on the left grid: arrows move the cell, Enter or space taps it, R turns, Delete removes. */
  key(event) {
    const { editor } = this;
    const [column, row] = [editor.cursor % SIZE, Math.floor(editor.cursor / SIZE)];
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (moves[event.key]) {
      const [dc, dr] = moves[event.key];
      editor.cursor = Math.min(SIZE - 1, Math.max(0, row + dr)) * SIZE + Math.min(SIZE - 1, Math.max(0, column + dc));
    } else if (event.key === 'Enter' || event.key === ' ') {
      this.tapCell(editor.cursor);
    } else if (event.key === 'r' || event.key === 'R') {
      this.rotate();
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      this.remove();
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    this.drawEditor();
  }

  /** Turns the selected placed ship about its top-left cell, or the way ships from the dock lie. */
  rotate() {
    const { editor } = this;
    const index = editor.selected?.placed;
    if (index !== undefined) {
      const placed = editor.ships[index];
      editor.ships[index] = this.shipAt(placed.start, placed.length, !placed.vertical);
    } else {
      editor.vertical = !editor.vertical;
    }
    this.drawEditor();
  }

  /** The selected placed ship back to the dock. */
  remove() {
    const index = this.editor.selected?.placed;
    if (index === undefined) return;
    this.editor.ships.splice(index, 1);
    this.editor.selected = null;
    this.drawEditor();
  }

  random() {
    Object.assign(this.editor, { ships: randomFleet(this.rules), selected: null });
    this.drawEditor();
  }

  clear() {
    Object.assign(this.editor, { ships: [], selected: null });
    this.drawEditor();
  }

  submit() {
    if (checkFleet(this.editor.ships, this.rules) === null) this.onAction?.(fleetText(this.editor.ships));
  }

  /** The editor as it stands: its ships (those that clash marked), the selected one, the dragged one, the
   * keyboard's cell, the dock, and what the fleet still needs. */
  drawEditor() {
    if (this.overlay.hasAttribute('hidden')) return;
    const { editor, drag } = this;
    const side = this.sides.own;
    const problem = checkFleet(editor.ships, this.rules);
    const clashing = new Set((problem?.ships ?? []).map(shipName));
    const shapes = editor.ships.map((placed, index) => {
      if (drag?.moving && drag.from === index) return null;
      const selected = editor.selected?.placed === index;
      return this.shipShape(side, placed, `afloat${clashing.has(shipName(placed)) ? ' clash' : ''}${selected ? ' selected' : ''}`);
    });
    const top = [];
    if (drag?.moving && drag.cell >= 0) top.push(this.shipShape(side, this.shipAt(drag.cell, drag.length, drag.vertical, drag.offset), 'ghost'));
    if (globalThis.document?.activeElement === this.overlay) {
      top.push(s('rect', { class: 'cursor', ...this.at(side, editor.cursor), width: STEP, height: STEP }));
    }
    side.ships.replaceChildren(...shapes.filter(Boolean));
    side.top.replaceChildren(...top);
    this.rotateButton.setAttribute('aria-pressed', String(editor.vertical));
    this.rotateButton.textContent = t(editor.vertical ? 'sea-battle.rotateVertical' : 'sea-battle.rotate');
    this.removeButton.disabled = editor.selected?.placed === undefined;
    this.submitButton.disabled = problem !== null;
    this.message.classList.toggle('error', problem !== null && problem.problem !== 'missing');
    this.message.textContent = this.problemText(problem);
    // The dock stays as it is while a ship is dragged: the pressed button holds the pointer.
    if (drag) return;
    const dockSelected = editor.selected?.dock;
    let selectedShown = false;
    this.dock.replaceChildren(...this.docked().map((length) => {
      const selected = dockSelected === length && !selectedShown;
      selectedShown ||= selected;
      const button = h('button', {
        type: 'button', class: `dock-ship${selected ? ' selected' : ''}`, 'aria-pressed': String(selected),
        'aria-label': t('sea-battle.dockShip', { length }),
        on: {
          click: () => {
            if (this.suppressClick) {
              this.suppressClick = false;
              return;
            }
            editor.selected = selected ? null : { dock: length };
            this.drawEditor();
          },
          pointerdown: (event) => {
            if (event.button !== 0) return;
            this.suppressClick = false;
            this.startDrag(event, button, { length, vertical: editor.vertical, offset: 0 }, () => {});
          },
        },
      }, Array.from({ length }, () => h('span', { class: 'dock-cell' })));
      return button;
    }));
  }

  /** What the fleet being placed still needs, in words. */
  problemText(problem) {
    if (problem === null) return t('sea-battle.fleetReady');
    const [a, b] = (problem.ships ?? []).map(shipName);
    if (problem.problem === 'missing') return t('sea-battle.shipsLeft', { count: problem.left.length });
    if (problem.problem === 'overlap') return t('sea-battle.overlap', { a, b });
    if (problem.problem === 'touch') return t(`sea-battle.touch.${this.rules.touching}`, { a, b });
    return t('sea-battle.wrongShips');
  }
}
