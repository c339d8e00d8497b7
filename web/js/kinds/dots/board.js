// The Dots field in SVG: the squared paper, captured areas shaded in the capturer's colour with their outlines,
// houses as small rings, deferred areas (territory mode) as small squares, the dots (captured ones faded), the
// last dot ringed, and below the field the running score. A click or tap on a point plays it; with confirm taps
// on (the default on touch screens) the first tap marks the point and a second tap plays it.
// Under the drawing, as HTML buttons (`controls`: full-size tap targets whatever the field's scale, and upright
// on a turned board): the confirm-taps switch, in territory mode the paint-later switch (dots then leave their
// captures deferred, `qv~`) and Paint (a tap on a deferred point then paints its area, `P:qv`), and at the other
// end, away from the switches, STOP or DONE (a STOP window) when the rules allow it. Both end the game, so both
// take two presses (confirm.js).
// On a narrow screen a whole 39×32 field leaves a point a few pixels wide, so a playing board shows it zoomed in
// (`frame`: the drawing in a scrollable viewport, points a finger's size), scrolled to the last dot when it opens
// and after each move it did not play itself; a switch shows the whole field instead.
// It only draws and reports actions; games and replays decide what to show.

import { h, s } from '../../dom.js';
import { Confirmations } from '../../confirm.js';
import { CAPTURED, DEFERRED, HOUSE, LIVE, TERRITORY, actionPoint, officialName, pointName } from './rules.js';
import { t } from '../../i18n.js';
import './catalog.js';

/** SVG units between two points. */
const STEP = 10;
/** Room around the field, in units. */
const MARGIN = 6;
/** Height of the row below the field: the score. */
const FOOTER = 12;
/** The keys of the seats' names on the board (rule 1.3). */
const COLOUR_KEYS = { first: 'dots.blue', second: 'dots.red' };
/** Where the confirm-taps choice is kept. */
const CONFIRM_KEY = 'kartka.dots.confirm';
/** Screens this narrow (the site's phone layout, site.css) show a playing board zoomed in. */
const NARROW = '(max-width: 820px)';
/** CSS pixels per SVG unit in the zoomed view: a point's target (`STEP` units) is 28 px, the score's text 17 px. */
const ZOOM_PX_PER_UNIT = 2.8;

function confirmByDefault() {
  const stored = globalThis.localStorage?.getItem(CONFIRM_KEY);
  if (stored !== null && stored !== undefined) return stored === 'on';
  return Boolean(globalThis.matchMedia?.('(pointer: coarse)').matches);
}

export class Board {
  /**
   * `options.onAction(action)` is called with a point's name (or `STOP`) when the player plays it (games
   * only); `options.label` names the board for screen readers. With `onAction` the board has `controls`, to be
   * shown under `element`.
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
    const viewBox = [-MARGIN, -MARGIN, fieldWidth + 2 * MARGIN, fieldHeight + 2 * MARGIN + FOOTER].join(' ');
    this.areas = s('g', { class: 'areas' });
    this.houses = s('g', { class: 'houses' });
    this.dots = s('g', { class: 'dots' });
    this.marks = s('g', { class: 'marks' });
    this.score = s('text', { class: 'score', x: 0, y: fieldHeight + MARGIN + 6.5 });
    this.footer = s('g', { class: 'footer' }, this.score);
    this.element = s('svg', { class: 'board dots', viewBox, role: 'img', 'aria-label': options.label ?? t('dots.field') },
      this.paper(fieldWidth, fieldHeight), this.areas, this.houses, this.dots, this.marks, this.hits(), this.footer);
    /** Whether the field is shown zoomed in: offered to a player on a narrow screen, and then the default. */
    this.zoomable = Boolean(this.onAction && globalThis.matchMedia?.(NARROW).matches);
    this.zoomed = this.zoomable;
    /** The last dot the view was scrolled to, and the point this board last played (never scrolled to). */
    this.centred = null;
    this.played = null;
    this.frame = h('div', { class: 'dots-view' }, this.element);
    this.frame.style.setProperty('--zoomed-width', `${(fieldWidth + 2 * MARGIN) * ZOOM_PX_PER_UNIT}px`);
    this.showZoom();
    /** The switches, and apart from them the buttons that end the game. */
    this.switches = h('div', { class: 'board-switches' });
    this.endings = h('div', { class: 'board-endings' });
    this.controls = this.onAction ? h('div', { class: 'board-controls dots-controls' }, this.switches, this.endings) : null;
    this.confirmations = new Confirmations();
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
    // Each action names its point in `name`: the view does not scroll to the dot this board played.
    this.played = name;
    this.onAction(action);
  }

  /** The name of the field's middle point. */
  middle() {
    return pointName({ x: Math.floor(this.width / 2), y: Math.floor(this.height / 2) });
  }

  /** Applies the zoom switch; a view that zooms in opens at the last dot. */
  showZoom() {
    this.frame.classList.toggle('zoomed', this.zoomed);
    this.centred = null;
  }

  /** Scrolls the zoomed view so that the point named `name` is in its middle, once the drawing is laid out
   * (measured on the screen, so a turned board scrolls the right way). */
  centreOn(name) {
    this.centred = name;
    requestAnimationFrame(() => {
      const target = this.element.querySelector(`.hit[data-point="${name}"]`);
      // Not on the page yet: the next drawing tries again.
      if (!this.frame.isConnected) this.centred = null;
      if (!target || !this.frame.isConnected) return;
      const [view, dot] = [this.frame.getBoundingClientRect(), target.getBoundingClientRect()];
      this.frame.scrollLeft += (dot.left + dot.width / 2) - (view.left + view.width / 2);
      this.frame.scrollTop += (dot.top + dot.height / 2) - (view.top + view.height / 2);
    });
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
    // The view opens at the last dot (before any, at the field's middle, where the crosses are), and follows each
    // dot this board did not play.
    const last = position.last && pointName(position.last);
    if (this.zoomed && this.centred === null) this.centreOn(last ?? this.middle());
    else if (this.zoomed && last && last !== this.centred && last !== this.played) this.centreOn(last);
  }

  /** The switches, and STOP or DONE when the player may press it. */
  drawButtons(position) {
    if (!this.onAction) return;
    const redraw = () => {
      this.pending = null;
      this.drawPending(null);
      this.drawButtons(position);
    };
    const toggle = (label, pressed, className, flip, extra = {}) => h('button', { type: 'button',
      class: className, 'aria-pressed': String(pressed), ...extra, on: { click: () => { flip(); redraw(); } } }, label);
    const switches = [toggle(t(this.confirm ? 'dots.confirmOn' : 'dots.confirmOff'), this.confirm, 'confirm-switch', () => {
      this.confirm = !this.confirm;
      globalThis.localStorage?.setItem(CONFIRM_KEY, this.confirm ? 'on' : 'off');
    })];
    if (this.territory) {
      switches.push(toggle(t(this.paintLater ? 'dots.paintLaterOn' : 'dots.paintLaterOff'), this.paintLater,
        'paint-later-switch', () => { this.paintLater = !this.paintLater; }));
      if ([...this.legal].some((action) => action.startsWith('P:'))) {
        switches.push(toggle(t(this.painting ? 'dots.tapArea' : 'dots.paint'), this.painting, 'paint-button',
          () => { this.painting = !this.painting; }, { title: t('dots.paintLabel') }));
      }
    }
    if (this.zoomable) {
      switches.push(toggle(t('dots.wholeBoard'), !this.zoomed, 'whole-board-switch', () => {
        this.zoomed = !this.zoomed;
        this.showZoom();
        if (this.zoomed) this.centreOn(position.last ? pointName(position.last) : this.middle());
      }));
    }
    this.switches.replaceChildren(...switches);
    const ending = (action, className, title) => this.confirmations.button(action, {
      label: action, confirmLabel: t('dots.really', { action }), action: () => this.onAction(action),
      attributes: { class: `danger ${className}`, title } });
    const endings = [];
    if (this.legal.has('STOP')) endings.push(ending('STOP', 'stop-button', t('dots.stopLabel')));
    if (this.legal.has('DONE')) endings.push(ending('DONE', 'done-button', t('dots.doneLabel')));
    if (!endings.length) this.confirmations.disarm();
    this.endings.replaceChildren(...endings);
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
