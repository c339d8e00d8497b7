// The Barriers board in SVG: the grid with its coordinates, each bar in the colour of the seat that placed it
// (the last one marked), the cells the touch rule keeps free shaded, and the bars the side to move may place as
// targets. Every legal bar's target is the diamond between its two cells' centres and the two ends of the edge
// they share, so the targets tile the board without overlapping and a click anywhere near an edge places the bar
// across it (on a touch screen a first tap marks a bar, a second places it: kinds/tap-confirm.js). It only draws
// and reports clicks; games and replays decide what to show.

import { s } from '../../dom.js';
import { barName, cellName } from './rules.js';
import { TapConfirm } from '../tap-confirm.js';
import { t } from '../../i18n.js';
import './catalog.js';

/** SVG units per cell. */
const CELL = 10;
/** Room for the coordinates left of and below the grid, in cells. */
const GUTTER = 0.7;
/** How far a bar stands in from its cells' sides, in units. */
const INSET = 1.6;

export class Board {
  /**
   * `options.onAction(bar)` is called with the bar's name when a highlighted bar is clicked or tapped (games only);
   * `options.label` names the board for screen readers.
   */
  constructor(ruleset, options = {}) {
    this.width = ruleset.width ?? 8;
    this.height = ruleset.height ?? 8;
    this.onAction = options.onAction;
    this.confirm = new TapConfirm();
    const [width, height] = [this.width * CELL, this.height * CELL];
    const viewBox = [-GUTTER * CELL, -0.3 * CELL, width + (GUTTER + 0.3) * CELL, height + (GUTTER + 0.3) * CELL].join(' ');
    this.shaded = s('g', { class: 'kept-free' });
    this.bars = s('g', { class: 'bars' });
    this.targets = s('g', { class: 'targets' });
    this.element = s('svg', { class: 'board barriers', viewBox, role: 'img', 'aria-label': options.label ?? t('barriers.board') },
      this.grid(), this.shaded, this.bars, this.targets);
  }

  /** The SVG centre of a cell: row 1 is at the bottom. */
  centre({ x, y }) {
    return { cx: (x + 0.5) * CELL, cy: (this.height - y - 0.5) * CELL };
  }

  grid() {
    const [width, height] = [this.width * CELL, this.height * CELL];
    const lines = [];
    const labels = [];
    for (let i = 0; i <= this.width; i += 1) lines.push(s('line', { x1: i * CELL, y1: 0, x2: i * CELL, y2: height }));
    for (let i = 0; i <= this.height; i += 1) lines.push(s('line', { x1: 0, y1: i * CELL, x2: width, y2: i * CELL }));
    for (let i = 0; i < this.width; i += 1) {
      labels.push(s('text', { class: 'coordinate', x: (i + 0.5) * CELL, y: height + 0.5 * CELL }, cellName({ x: i, y: 0 }).slice(0, 1)));
    }
    for (let i = 0; i < this.height; i += 1) {
      labels.push(s('text', { class: 'coordinate', x: -0.35 * CELL, y: (this.height - i - 0.5) * CELL }, String(i + 1)));
    }
    return s('g', { class: 'paper' },
      s('rect', { class: 'field', x: 0, y: 0, width, height }),
      s('g', { class: 'grid' }, lines),
      s('g', { class: 'coordinates' }, labels));
  }

  /** The rectangle a bar covers, inset from its cells' sides. */
  barRect([a, b]) {
    const [one, two] = [this.centre(a), this.centre(b)];
    const left = Math.min(one.cx, two.cx) - CELL / 2 + INSET;
    const top = Math.min(one.cy, two.cy) - CELL / 2 + INSET;
    return { x: left, y: top, width: Math.abs(one.cx - two.cx) + CELL - 2 * INSET, height: Math.abs(one.cy - two.cy) + CELL - 2 * INSET, rx: 1.5 };
  }

  /** Draws a `BarriersGame`; with `targets`, the bars the side to move may place. */
  draw(game, { targets: showTargets = false } = {}) {
    const { position } = game;
    const shaded = [];
    for (let y = 0; y < this.height; y += 1) {
      for (let x = 0; x < this.width; x += 1) {
        const cell = { x, y };
        if (position.isFree(cell) || position.isCovered(cell)) continue;
        const { cx, cy } = this.centre(cell);
        shaded.push(s('rect', { class: 'kept', 'data-cell': cellName(cell), x: cx - CELL / 2, y: cy - CELL / 2, width: CELL, height: CELL },
          s('title', {}, t('barriers.keptFree', { cell: cellName(cell) }))));
      }
    }
    this.shaded.replaceChildren(...shaded);
    this.bars.replaceChildren(...position.bars.map(({ cells, seat }, index) => {
      const last = index === position.bars.length - 1 ? ' last' : '';
      return s('rect', { class: `bar bar-${seat}${last}`, 'data-bar': barName(cells), ...this.barRect(cells) },
        s('title', {}, t('barriers.placed', { bar: barName(cells), count: index + 1 })));
    }));
    const legal = showTargets ? position.legalBars() : [];
    // Redraw the targets only when they change, so an event that changes nothing here (a clock, a presence)
    // does not swap the element under a finger that is pressing it.
    const signature = legal.map(barName).join();
    if (signature === this.targetSignature) return;
    this.targetSignature = signature;
    this.confirm.clear();
    this.targets.replaceChildren(...legal.map((bar) => this.target(bar)));
  }

  target(bar) {
    const name = barName(bar);
    const [one, two] = bar.map((cell) => this.centre(cell));
    const [mx, my] = [(one.cx + two.cx) / 2, (one.cy + two.cy) / 2];
    // The shared edge's ends: across the line between the two centres.
    const [ex, ey] = one.cx === two.cx ? [CELL / 2, 0] : [0, CELL / 2];
    const diamond = `M ${one.cx} ${one.cy} L ${mx + ex} ${my + ey} L ${two.cx} ${two.cy} L ${mx - ex} ${my - ey} Z`;
    const place = (event) => {
      event.preventDefault();
      const now = this.confirm.tap(name, event);
      for (const target of this.targets.children) target.classList.toggle('pending', !now && target.dataset.bar === name);
      if (now) this.onAction(name);
    };
    // Without `onAction` (the rules page's diagrams) the targets only show, they are not controls.
    const control = this.onAction
      ? { role: 'button', tabindex: 0, 'aria-label': t('barriers.place', { bar: name }),
        on: { click: place, keydown: (event) => (event.key === 'Enter' || event.key === ' ') && place(event) } }
      : {};
    return s('g', { class: 'target', 'data-bar': name, ...control },
      s('title', {}, t('barriers.place', { bar: name })),
      s('path', { class: 'target-hit', d: diamond }),
      s('rect', { class: 'target-bar', ...this.barRect(bar) }),
      // A dot on the shared edge marks each legal bar, in a game and in the rules page's diagrams alike.
      s('circle', { class: 'target-dot', cx: mx, cy: my, r: 0.9 }));
  }
}
