// The Five in a row board in SVG: squared paper with its coordinates, a stone in each taken square (black filled,
// white open), the last stone ringed, the winning row struck through, in renju the points forbidden to Black
// crossed, the squares the side to act may take (on a touch screen a first tap marks a square, a second places
// the stone: kinds/tap-confirm.js), and below the board which seat plays which colour (seats are not colours: the
// swap openings settle them during the game). The endless board shows the stones' neighbourhood, as far as a stone
// may go. Under the drawing, as HTML buttons (`controls`), the swap openings' colour choices when one is due. It
// only draws and reports actions; games and replays decide what to show.

import { h, s } from '../../dom.js';
import { BLACK, pointName } from './rules.js';
import { TapConfirm } from '../tap-confirm.js';
import { t } from '../../i18n.js';
import './catalog.js';

/** SVG units per square. */
const CELL = 10;
/** Room for the coordinates left of and below the squares, in squares. */
const GUTTER = 0.9;
/** The row below the coordinates that says who plays which colour, in squares. */
const FOOTER = 0.7;
/** That row's largest font size, in units. */
const FOOTER_SIZE = 4.5;

const colourName = (colour) => t(colour === BLACK ? 'five-in-a-row.black' : 'five-in-a-row.white');

export class Board {
  /**
   * `options.onAction(action)` is called with a point's name or a colour choice (`=B`, `=W`) when the player plays
   * it (games only); `options.label` names the board for screen readers. With `onAction` the board has `controls`.
   */
  constructor(ruleset, options = {}) {
    this.endless = Boolean(ruleset.endless);
    this.reach = ruleset.line ?? 5;
    this.onAction = options.onAction;
    this.confirm = new TapConfirm();
    this.label = options.label ?? t('five-in-a-row.board');
    this.paper = s('g', { class: 'paper' });
    this.forbidden = s('g', { class: 'forbidden' });
    this.stones = s('g', { class: 'stones' });
    this.marks = s('g', { class: 'marks' });
    this.targets = s('g', { class: 'targets' });
    this.colours = s('text', { class: 'colours', x: -GUTTER * CELL + 1 });
    this.element = s('svg', { class: 'board five-in-a-row', role: 'img', 'aria-label': this.label },
      this.paper, this.forbidden, this.targets, this.stones, this.marks, this.colours);
    this.choices = h('div', { class: 'board-endings' });
    this.controls = this.onAction ? h('div', { class: 'board-controls five-controls' }, this.choices) : null;
    /** The squares shown: `{left, bottom, width, height}` in board coordinates. */
    this.extent = null;
    if (!this.endless) this.setExtent({ left: 0, bottom: 0, width: ruleset.width ?? 15, height: ruleset.height ?? 15 });
  }

  /** Shows the squares of `extent`, redrawing the paper only when they change. */
  setExtent(extent) {
    const same = this.extent && ['left', 'bottom', 'width', 'height'].every((field) => this.extent[field] === extent[field]);
    if (same) return;
    this.extent = extent;
    const [width, height] = [extent.width * CELL, extent.height * CELL];
    this.element.setAttribute('viewBox', [-GUTTER * CELL, -0.3 * CELL, width + (GUTTER + 0.3) * CELL, height + (GUTTER + FOOTER + 0.3) * CELL].join(' '));
    this.colours.setAttribute('y', height + (GUTTER + FOOTER / 2) * CELL);
    const lines = [];
    const labels = [];
    for (let i = 0; i <= extent.width; i += 1) lines.push(s('line', { x1: i * CELL, y1: 0, x2: i * CELL, y2: height }));
    for (let i = 0; i <= extent.height; i += 1) lines.push(s('line', { x1: 0, y1: i * CELL, x2: width, y2: i * CELL }));
    // The endless board's coordinates are numbers on both axes; a bounded board has letters below.
    for (let i = 0; i < extent.width; i += 1) {
      const x = extent.left + i;
      const text = this.endless ? String(x) : pointName({ x, y: 0 }, false).slice(0, 1);
      labels.push(s('text', { class: 'coordinate', x: (i + 0.5) * CELL, y: height + 0.5 * CELL }, text));
    }
    for (let i = 0; i < extent.height; i += 1) {
      const y = extent.bottom + i;
      labels.push(s('text', { class: 'coordinate', x: -0.45 * CELL, y: height - (i + 0.5) * CELL }, String(this.endless ? y : y + 1)));
    }
    this.paper.replaceChildren(
      s('rect', { class: 'field', x: 0, y: 0, width, height }),
      s('g', { class: 'grid' }, lines),
      s('g', { class: 'coordinates' }, labels));
    // The targets stand on the old squares: draw them anew.
    this.targetSignature = null;
  }

  /** The centre of a point's square in SVG units: rank 1 (or the lowest row shown) at the bottom. */
  centre({ x, y }) {
    const { left, bottom, height } = this.extent;
    return { cx: (x - left + 0.5) * CELL, cy: (height - 1 - (y - bottom) + 0.5) * CELL };
  }

  /** The endless board's squares to show: every stone and every point a stone may go to, and a square more. */
  endlessExtent(position) {
    const stones = [...position.stones.values()];
    const points = stones.length ? stones : [{ x: 0, y: 0 }];
    const xs = points.map((point) => point.x);
    const ys = points.map((point) => point.y);
    const margin = this.reach + 1;
    const left = Math.min(...xs) - margin;
    const bottom = Math.min(...ys) - margin;
    return { left, bottom, width: Math.max(...xs) + margin - left + 1, height: Math.max(...ys) + margin - bottom + 1 };
  }

  /** Draws a `FiveInARowGame`; with `targets`, the points and choices the side to act may play. */
  draw(game, { targets: showTargets = false } = {}) {
    const { position } = game;
    if (this.endless) this.setExtent(this.endlessExtent(position));
    const name = (point) => pointName(point, this.endless);
    const last = position.lastStone;
    this.stones.replaceChildren(...[...position.stones.values()].map((stone, index) => {
      const { cx, cy } = this.centre(stone);
      return s('g', { class: `stone stone-${stone.colour}`, 'data-point': name(stone) },
        s('title', {}, t('five-in-a-row.stone', { point: name(stone), colour: colourName(stone.colour), number: index + 1 })),
        s('circle', { cx, cy, r: CELL * 0.38 }));
    }));
    const marks = [];
    if (last) marks.push(s('circle', { class: 'last', ...this.centre(last), r: CELL * 0.16 }));
    if (position.winningLine) {
      const [from, to] = position.winningLine.map((point) => this.centre(point));
      marks.push(s('line', { class: 'winning-line', x1: from.cx, y1: from.cy, x2: to.cx, y2: to.cy }));
    }
    this.marks.replaceChildren(...marks);
    this.forbidden.replaceChildren(...position.forbiddenPoints().map(({ point, shape }) => {
      const { cx, cy } = this.centre(point);
      const arm = CELL * 0.22;
      return s('g', { class: 'forbidden-point', 'data-point': name(point) },
        s('title', {}, t('five-in-a-row.forbidden', { point: name(point), shape: t(`five-in-a-row.shape.${shape}`) })),
        s('path', { d: `M ${cx - arm} ${cy - arm} L ${cx + arm} ${cy + arm} M ${cx + arm} ${cy - arm} L ${cx - arm} ${cy + arm}` }));
    }));
    this.drawColours(game);
    this.drawControls(game, showTargets);
    const points = showTargets ? position.legalPoints() : [];
    // Redraw the targets only when they change, so an event that changes nothing here (a clock, a presence)
    // does not swap the element under a finger that is pressing it.
    const signature = points.map(name).join();
    if (signature === this.targetSignature) return;
    this.targetSignature = signature;
    this.confirm.clear();
    this.targets.replaceChildren(...points.map((point) => this.target(point, name(point))));
  }

  /** Which seat plays which colour, in a size that fits the board's width. */
  drawColours(game) {
    const black = game.seatOf(BLACK);
    const text = black
      ? t('five-in-a-row.colours', { black: t(`five-in-a-row.seat.${black}`), white: t(`five-in-a-row.seat.${game.seatOf('white')}`) })
      : t('five-in-a-row.coloursOpen');
    this.colours.textContent = text;
    const room = (this.extent.width + GUTTER + 0.3) * CELL - 2;
    this.colours.style.fontSize = `${Math.min(FOOTER_SIZE, room / (0.62 * text.length)).toFixed(2)}px`;
  }

  /** The colour choices, when the side to act is to choose. */
  drawControls(game, showTargets) {
    if (!this.controls) return;
    const choices = showTargets && game.position.choiceDue ? ['=B', '=W'] : [];
    const signature = choices.join();
    if (signature === this.choiceSignature) return;
    this.choiceSignature = signature;
    this.choices.replaceChildren(...choices.map((action) => h('button', {
      type: 'button', class: `choose-${action === '=B' ? 'black' : 'white'}`,
      on: { click: () => this.onAction(action) },
    }, t(action === '=B' ? 'five-in-a-row.takeBlack' : 'five-in-a-row.takeWhite'))));
  }

  target(point, name) {
    const { cx, cy } = this.centre(point);
    const place = (event) => {
      event.preventDefault();
      const now = this.confirm.tap(name, event);
      for (const target of this.targets.children) target.classList.toggle('pending', !now && target.dataset.point === name);
      if (now) this.onAction(name);
    };
    // Without `onAction` (the rules page's diagrams) the targets only show, they are not controls.
    const control = this.onAction
      ? { role: 'button', tabindex: 0, 'aria-label': t('five-in-a-row.placeOn', { point: name }),
        on: { click: place, keydown: (event) => (event.key === 'Enter' || event.key === ' ') && place(event) } }
      : {};
    return s('g', { class: 'target', 'data-point': name, ...control },
      s('title', {}, t('five-in-a-row.placeOn', { point: name })),
      s('rect', { class: 'target-hit', x: cx - CELL / 2, y: cy - CELL / 2, width: CELL, height: CELL }),
      s('circle', { class: 'target-dot', cx, cy, r: 1.2 }));
  }
}
