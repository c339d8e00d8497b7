// The Dots field in SVG: the squared paper, captured areas shaded in the capturer's colour with their outlines,
// houses as small rings, deferred areas (territory mode) as small squares, the dots (captured ones faded), the
// last dot ringed, and below the field the running score, STOP or DONE (a STOP window) when the rules allow it,
// and the confirm-taps switch; in territory mode a second row with the paint-later switch (dots then leave
// their captures deferred, `qv~`) and Paint (a tap on a deferred point then paints its area, `P:qv`). A click or
// tap on a point plays it; with confirm taps on (the default on touch screens) the first tap marks the point
// and a second tap plays it.
// It only draws and reports actions; games and replays decide what to show.

import { s } from '../../dom.js';
import { CAPTURED, DEFERRED, HOUSE, LIVE, TERRITORY, actionPoint, officialName, pointName } from './rules.js';
import { t } from '../../i18n.js';
import './catalog.js';

/** SVG units between two points. */
const STEP = 10;
/** Room around the field, in units. */
const MARGIN = 6;
/** Height of the row below the field: the score and the buttons. */
const FOOTER = 16;
/** Height of territory mode's second row of buttons. */
const TERRITORY_ROW = 12;
/** The keys of the seats' names on the board (rule 1.3). */
const COLOUR_KEYS = { first: 'dots.blue', second: 'dots.red' };
/** Where the confirm-taps choice is kept. */
const CONFIRM_KEY = 'kartka.dots.confirm';

function confirmByDefault() {
  const stored = globalThis.localStorage?.getItem(CONFIRM_KEY);
  if (stored !== null && stored !== undefined) return stored === 'on';
  return Boolean(globalThis.matchMedia?.('(pointer: coarse)').matches);
}

export class Board {
  /**
   * `options.onAction(action)` is called with a point's name (or `STOP`) when the player plays it (games
   * only); `options.label` names the board for screen readers.
   */
  constructor(ruleset, options = {}) {
    this.width = ruleset.width ?? 39;
    this.height = ruleset.height ?? 32;
    this.onAction = options.onAction;
    this.confirm = confirmByDefault();
    this.legal = new Set();
    this.pending = null;
    this.territory = Boolean(ruleset.territory);
    /** Territory mode: dots leave their captures deferred (`qv~`). */
    this.paintLater = false;
    /** Territory mode: a tap on a deferred point paints its area (`P:qv`). */
    this.painting = false;
    const [fieldWidth, fieldHeight] = [(this.width - 1) * STEP, (this.height - 1) * STEP];
    const footer = FOOTER + (this.territory ? TERRITORY_ROW : 0);
    const viewBox = [-MARGIN, -MARGIN, fieldWidth + 2 * MARGIN, fieldHeight + 2 * MARGIN + footer].join(' ');
    this.areas = s('g', { class: 'areas' });
    this.houses = s('g', { class: 'houses' });
    this.dots = s('g', { class: 'dots' });
    this.marks = s('g', { class: 'marks' });
    this.score = s('text', { class: 'score', x: 0, y: fieldHeight + MARGIN + 6.5 });
    this.footer = s('g', { class: 'footer' }, this.score);
    this.element = s('svg', { class: 'board dots', viewBox, role: 'img', 'aria-label': options.label ?? t('dots.field') },
      this.paper(fieldWidth, fieldHeight), this.areas, this.houses, this.dots, this.marks, this.hits(), this.footer);
    this.fieldHeight = fieldHeight;
    this.fieldWidth = fieldWidth;
  }

  at({ x, y }) {
    return { cx: x * STEP, cy: y * STEP };
  }

  paper(fieldWidth, fieldHeight) {
    const lines = [];
    for (let x = 0; x < this.width; x += 1) lines.push(s('line', { x1: x * STEP, y1: 0, x2: x * STEP, y2: fieldHeight }));
    for (let y = 0; y < this.height; y += 1) lines.push(s('line', { x1: 0, y1: y * STEP, x2: fieldWidth, y2: y * STEP }));
    return s('g', { class: 'paper' },
      s('rect', { class: 'field', x: -MARGIN, y: -MARGIN, width: fieldWidth + 2 * MARGIN, height: fieldHeight + 2 * MARGIN }),
      s('g', { class: 'grid' }, lines));
  }

  /** One invisible square per point, the click or tap target (without `onAction`: none, for diagrams). */
  hits() {
    const hits = s('g', { class: 'hits' });
    if (!this.onAction) return hits;
    for (let y = 0; y < this.height; y += 1) {
      for (let x = 0; x < this.width; x += 1) {
        const name = pointName({ x, y });
        hits.append(s('rect', { class: 'hit', 'data-point': name, x: x * STEP - STEP / 2, y: y * STEP - STEP / 2,
          width: STEP, height: STEP, on: { click: (event) => { event.preventDefault(); this.choose(name, { x, y }); } } }));
      }
    }
    return hits;
  }

  /** The action a tap on the point `name` means now: a paint in paint mode, a paint-later dot with that switch
   * on, else a dot; null when it is not legal. */
  actionAt(name) {
    const wanted = this.painting ? `P:${name}` : this.paintLater ? `${name}~` : name;
    return this.legal.has(wanted) ? wanted : null;
  }

  choose(name, point) {
    const action = this.actionAt(name);
    if (!action) return;
    if (this.confirm && this.pending !== action) {
      this.pending = action;
      this.drawPending(point);
      return;
    }
    this.pending = null;
    this.drawPending(null);
    this.painting = false;
    this.onAction(action);
  }

  drawPending(point) {
    this.marks.querySelector('.pending')?.remove();
    if (point) this.marks.append(s('circle', { class: 'pending', ...this.at(point), r: 3.4 }));
  }

  /** Draws a `DotsGame`; with `targets`, the player may play (points, and STOP when allowed). */
  draw(game, { targets: showTargets = false } = {}) {
    const { position } = game;
    this.areas.replaceChildren(...['first', 'second'].map((seat) => this.captures(position, seat)));
    const houses = [];
    const dots = [];
    for (let y = 0; y < this.height; y += 1) {
      for (let x = 0; x < this.width; x += 1) {
        const cell = position.cell({ x, y });
        const { cx, cy } = this.at({ x, y });
        if (cell.state === LIVE || cell.state === CAPTURED) {
          dots.push(s('circle', { class: `dot dot-${cell.seat}${cell.state === CAPTURED ? ' captured' : ''}`,
            'data-point': pointName({ x, y }), cx, cy, r: 2.6 }));
        } else if (cell.state === HOUSE) {
          houses.push(s('circle', { class: `house house-${cell.seat}`, cx, cy, r: 1.4 }));
        } else if (cell.state === DEFERRED) {
          houses.push(s('rect', { class: `deferred deferred-${cell.seat}`, 'data-point': pointName({ x, y }),
            x: cx - 1.3, y: cy - 1.3, width: 2.6, height: 2.6 }));
        }
      }
    }
    this.houses.replaceChildren(...houses);
    this.dots.replaceChildren(...dots);
    this.marks.replaceChildren(...(position.last ? [s('circle', { class: 'last', ...this.at(position.last), r: 4 })] : []));
    this.legal = new Set(showTargets && this.onAction ? game.legalActions() : []);
    if (this.pending && !this.legal.has(this.pending)) this.pending = null;
    if (![...this.legal].some((action) => action.startsWith('P:'))) this.painting = false;
    // A redraw between the two taps (a clock, a presence) keeps the marked point marked.
    if (this.pending) this.drawPending(actionPoint(this.pending));
    this.score.textContent = t('dots.score', { first: position.counts.first, second: position.counts.second });
    if (position.stoppedBy && !position.outcome) {
      this.score.textContent += `   ${t('dots.windowOf', { colour: t(COLOUR_KEYS[position.toMove]) })}`;
    } else if (position.last) {
      this.score.textContent += `   ${t('dots.last', { point: officialName(position.last, this.height) })}`;
    }
    this.drawButtons(position);
  }

  /** STOP (when the player may press it) and the confirm-taps switch, right of the score. */
  drawButtons(position) {
    this.footer.querySelectorAll('.footer-button').forEach((button) => button.remove());
    if (!this.onAction) return;
    const y = this.fieldHeight + MARGIN + 1.5;
    const button = (label, x, width, action, extra = {}) => s('g', { class: 'footer-button', role: 'button', tabindex: 0, ...extra,
      on: { click: (event) => { event.preventDefault(); action(); },
        keydown: (event) => (event.key === 'Enter' || event.key === ' ') && (event.preventDefault(), action()) } },
    s('rect', { x, y, width, height: 10, rx: 2 }),
    s('text', { x: x + width / 2, y: y + 5 }, label));
    const confirmLabel = t(this.confirm ? 'dots.confirmOn' : 'dots.confirmOff');
    this.footer.append(button(confirmLabel, this.fieldWidth - 96, 52, () => {
      this.confirm = !this.confirm;
      globalThis.localStorage?.setItem(CONFIRM_KEY, this.confirm ? 'on' : 'off');
      this.pending = null;
      this.drawPending(null);
      this.drawButtons(position);
    }, { class: 'footer-button confirm-switch', 'aria-pressed': String(this.confirm) }));
    if (this.legal.has('STOP')) {
      this.footer.append(button('STOP', this.fieldWidth - 40, 40, () => this.onAction('STOP'),
        { class: 'footer-button stop-button', 'aria-label': t('dots.stopLabel') }));
    }
    if (this.legal.has('DONE')) {
      this.footer.append(button('DONE', this.fieldWidth - 40, 40, () => this.onAction('DONE'),
        { class: 'footer-button done-button', 'aria-label': t('dots.doneLabel') }));
    }
    if (!this.territory) return;
    const row = TERRITORY_ROW;
    const later = button(t(this.paintLater ? 'dots.paintLaterOn' : 'dots.paintLaterOff'), 0, 52, () => {
      this.paintLater = !this.paintLater;
      this.pending = null;
      this.drawPending(null);
      this.drawButtons(position);
    }, { class: 'footer-button paint-later-switch', 'aria-pressed': String(this.paintLater) });
    later.setAttribute('transform', `translate(0 ${row})`);
    this.footer.append(later);
    if ([...this.legal].some((action) => action.startsWith('P:'))) {
      const paint = button(t(this.painting ? 'dots.tapArea' : 'dots.paint'), 56, 36, () => {
        this.painting = !this.painting;
        this.pending = null;
        this.drawPending(null);
        this.drawButtons(position);
      }, { class: 'footer-button paint-button', 'aria-pressed': String(this.painting),
        'aria-label': t('dots.paintLabel') });
      paint.setAttribute('transform', `translate(0 ${row})`);
      this.footer.append(paint);
    }
  }

  /**
   * `seat`'s captured areas, cell by cell: a cell of the paper whose corners all belong to the capture (its
   * live dots, the dots it holds, its territory), or the half cell whose three corners do, with at least one
   * corner inside so that four live dots in a square stay unshaded; an outline where two live dots bound it.
   */
  captures(position, seat) {
    const member = (point) => {
      const cell = position.cell(point);
      if (cell.state === LIVE) return cell.seat === seat ? 'wall' : null;
      if (cell.state === TERRITORY || cell.state === DEFERRED) return cell.seat === seat ? 'inside' : null;
      if (cell.state === CAPTURED) return cell.seat !== seat ? 'inside' : null;
      return null;
    };
    const shapes = [];
    const outline = [];
    for (let y = 0; y < this.height - 1; y += 1) {
      for (let x = 0; x < this.width - 1; x += 1) {
        const corners = [{ x, y }, { x: x + 1, y }, { x: x + 1, y: y + 1 }, { x, y: y + 1 }];
        const owned = corners.filter((corner) => member(corner));
        if (owned.length < 3 || !owned.some((corner) => member(corner) === 'inside')) continue;
        shapes.push(s('polygon', { points: owned.map((c) => `${c.x * STEP},${c.y * STEP}`).join(' ') }));
        owned.forEach((from, index) => {
          const to = owned[(index + 1) % owned.length];
          if (member(from) === 'wall' && member(to) === 'wall') {
            outline.push(s('line', { x1: from.x * STEP, y1: from.y * STEP, x2: to.x * STEP, y2: to.y * STEP }));
          }
        });
      }
    }
    return s('g', { class: `capture capture-${seat}` }, s('g', { class: 'area' }, shapes), s('g', { class: 'outline' }, outline));
  }
}
