// The Closing In board in SVG: the grid with its coordinates, removed squares crossed out and numbered in the
// order they went, both markers in their players' colours, and the squares the side to move may go to. It only
// draws and reports clicks; games and replays decide what to show.

import { s } from '../../dom.js';
import { squareName } from './rules.js';
import { t } from '../../i18n.js';
import './catalog.js';

/** SVG units per square. */
const CELL = 10;
/** Room for the coordinates left of and below the grid, in squares. */
const GUTTER = 0.7;

export class Board {
  /**
   * `options.onAction(square)` is called with the square's name when a highlighted square is clicked or tapped
   * (games only); `options.label` names the board for screen readers.
   */
  constructor(ruleset, options = {}) {
    this.size = ruleset.size;
    this.onAction = options.onAction;
    const side = this.size * CELL;
    const viewBox = [-GUTTER * CELL, -0.3 * CELL, side + (GUTTER + 0.3) * CELL, side + (GUTTER + 0.3) * CELL].join(' ');
    this.removed = s('g', { class: 'removed' });
    this.markers = s('g', { class: 'markers' });
    this.targets = s('g', { class: 'targets' });
    this.element = s('svg', { class: 'board closing-in', viewBox, role: 'img', 'aria-label': options.label ?? t('closing-in.board') },
      this.grid(), this.removed, this.targets, this.markers);
  }

  /** The SVG corner of a square: row 1 is at the bottom. */
  corner({ x, y }) {
    return { left: x * CELL, top: (this.size - 1 - y) * CELL };
  }

  grid() {
    const side = this.size * CELL;
    const lines = [];
    const labels = [];
    for (let i = 0; i <= this.size; i += 1) {
      lines.push(s('line', { x1: i * CELL, y1: 0, x2: i * CELL, y2: side }));
      lines.push(s('line', { x1: 0, y1: i * CELL, x2: side, y2: i * CELL }));
    }
    for (let i = 0; i < this.size; i += 1) {
      const column = squareName({ x: i, y: 0 }).slice(0, 1);
      labels.push(s('text', { class: 'coordinate', x: (i + 0.5) * CELL, y: side + 0.5 * CELL }, column));
      labels.push(s('text', { class: 'coordinate', x: -0.35 * CELL, y: (this.size - i - 0.5) * CELL }, String(i + 1)));
    }
    return s('g', { class: 'paper' },
      s('rect', { class: 'field', x: 0, y: 0, width: side, height: side }),
      s('g', { class: 'grid' }, lines),
      s('g', { class: 'coordinates' }, labels));
  }

  /** Draws a `ClosingInGame`; with `targets`, the squares the side to move may go to. */
  draw(game, { targets: showTargets = false } = {}) {
    const { position } = game;
    this.removed.replaceChildren(...position.removed.map((square, index) => {
      const { left, top } = this.corner(square);
      return s('g', { class: `removed-square seat-${square.seat}`, 'data-square': squareName(square) },
        s('title', {}, t('closing-in.removed', { square: squareName(square), count: index + 1 })),
        s('rect', { class: 'removed-fill', x: left, y: top, width: CELL, height: CELL }),
        s('path', { class: 'cross', d: `M ${left + 1} ${top + 1} L ${left + CELL - 1} ${top + CELL - 1} M ${left + CELL - 1} ${top + 1} L ${left + 1} ${top + CELL - 1}` }),
        s('text', { class: 'order', x: left + CELL / 2, y: top + CELL / 2 }, String(index + 1)));
    }));
    this.markers.replaceChildren(...['first', 'second'].filter((seat) => position.markers[seat]).map((seat) => {
      const { left, top } = this.corner(position.markers[seat]);
      return s('circle', { class: `marker marker-${seat}${position.toMove === seat ? ' to-move' : ''}`,
        'data-square': squareName(position.markers[seat]), cx: left + CELL / 2, cy: top + CELL / 2, r: CELL * 0.32 });
    }));
    const squares = showTargets ? position.legalSquares() : [];
    // Redraw the targets only when they change, so an event that changes nothing here (a clock, a presence)
    // does not swap the element under a finger that is pressing it.
    const signature = squares.map(squareName).join();
    if (signature === this.targetSignature) return;
    this.targetSignature = signature;
    this.targets.replaceChildren(...squares.map((square) => this.target(square)));
  }

  target(square) {
    const name = squareName(square);
    const { left, top } = this.corner(square);
    const move = (event) => {
      event.preventDefault();
      this.onAction(name);
    };
    // Without `onAction` (the rules page's diagrams) the targets only show, they are not controls.
    const control = this.onAction
      ? { role: 'button', tabindex: 0, 'aria-label': t('closing-in.moveTo', { square: name }),
        on: { click: move, keydown: (event) => (event.key === 'Enter' || event.key === ' ') && move(event) } }
      : {};
    return s('g', { class: 'target', 'data-square': name, ...control },
    s('title', {}, t('closing-in.moveTo', { square: name })),
    s('rect', { class: 'target-hit', x: left, y: top, width: CELL, height: CELL }),
    s('circle', { class: 'target-dot', cx: left + CELL / 2, cy: top + CELL / 2, r: 1.6 }));
  }
}

