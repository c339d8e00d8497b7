// The Points and segments board in SVG: the points, numbered, and the segments drawn so far in their players'
// colours. A move is two taps: a free point, then a point it may be joined to (a third tap elsewhere chooses
// again). It only draws and reports the segment chosen; games and replays decide what to show.

import { s } from '../../dom.js';
import { layoutSide, segmentName } from './rules.js';
import { t } from '../../i18n.js';
import './catalog.js';

/** SVG units across the drawing. */
const SPAN = 100;
/** Room around the points, in SVG units, for the dots and their numbers. */
const MARGIN = 7;

export class Board {
  /**
   * `options.onAction(segment)` is called with the segment's notation (`3-11`) when a second point is tapped (games
   * only); `options.label` names the board for screen readers.
   */
  constructor(ruleset, options = {}) {
    this.ruleset = ruleset;
    this.onAction = options.onAction;
    this.scale = (SPAN - 2 * MARGIN) / layoutSide(ruleset);
    this.offset = ruleset.start === 'convex' ? layoutSide(ruleset) / 2 : 0;
    /** The point tapped first, waiting for its partner; null when none. */
    this.selected = null;
    this.segments = s('g', { class: 'segments' });
    this.points = s('g', { class: 'points' });
    this.element = s('svg', { class: 'board points-and-segments', viewBox: `0 0 ${SPAN} ${SPAN}`, role: 'img',
      'aria-label': options.label ?? t('points-and-segments.board') },
    s('rect', { class: 'field', x: 0, y: 0, width: SPAN, height: SPAN }), this.segments, this.points);
  }

  /** A point's place in the drawing. */
  place({ x, y }) {
    return { cx: MARGIN + (x + this.offset) * this.scale, cy: MARGIN + (y + this.offset) * this.scale };
  }

  /** Draws a `PointsAndSegmentsGame`; with `targets`, the points the side to move may tap. */
  draw(game, { targets = false } = {}) {
    this.game = game;
    this.targets = targets;
    const { position } = game;
    const seatOf = (index) => (index % 2 === 0 ? 'first' : 'second');
    this.segments.replaceChildren(...position.segments.map(([a, b], index) => {
      const [from, to] = [this.place(position.points[a]), this.place(position.points[b])];
      return s('line', { class: `segment seat-${seatOf(index)}`, 'data-segment': segmentName([a, b]),
        x1: from.cx, y1: from.cy, x2: to.cx, y2: to.cy });
    }));
    const legal = targets ? position.legalSegments() : [];
    if (this.selected !== null && !legal.some(([a, b]) => a === this.selected || b === this.selected)) this.selected = null;
    const partners = new Set(legal.flatMap(([a, b]) => (a === this.selected ? [b] : b === this.selected ? [a] : [])));
    const live = new Set(legal.flat());
    this.points.replaceChildren(...position.points.map((point, index) => this.point(point, index, {
      used: position.isUsed(index),
      tappable: this.selected === null ? live.has(index) : partners.has(index) || index === this.selected,
      selected: index === this.selected,
      partner: partners.has(index),
    })));
  }

  point(point, index, { used, tappable, selected, partner }) {
    const { cx, cy } = this.place(point);
    const number = String(index + 1);
    const classes = ['point', used && 'used', tappable && 'target', selected && 'selected', partner && 'partner'].filter(Boolean);
    const tap = (event) => {
      event.preventDefault();
      this.tap(index);
    };
    const control = tappable && this.onAction
      ? { role: 'button', tabindex: 0, 'aria-label': t('points-and-segments.point', { number }),
        on: { click: tap, keydown: (event) => (event.key === 'Enter' || event.key === ' ') && tap(event) } }
      : {};
    return s('g', { class: classes.join(' '), 'data-point': number, ...control },
      s('title', {}, t('points-and-segments.point', { number })),
      s('circle', { class: 'point-dot', cx, cy, r: 1.3 }),
      s('text', { class: 'point-number', x: cx + 1.8, y: cy - 1.8 }, number),
      // Last, so that it lies over the dot and takes the tap; its fill is transparent.
      s('circle', { class: 'point-hit', cx, cy, r: 3.2 }));
  }

  /** A tap on point `index`: the first point of a move, or its partner (the move is reported), or the first
   * point again (the choice is undone). */
  tap(index) {
    if (this.selected === null || this.selected === index) {
      this.selected = this.selected === index ? null : index;
      this.draw(this.game, { targets: this.targets });
      return;
    }
    const segment = segmentName([this.selected, index]);
    this.selected = null;
    this.draw(this.game, { targets: this.targets });
    this.onAction(segment);
  }
}
