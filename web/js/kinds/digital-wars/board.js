// The Digital Wars board in SVG: the string of digits in boxes numbered from the left (the last digit changed
// marked in its mover's colour), and the actions the side to move may play as buttons: under each digit the
// smaller digits it may become and, under a 0, the eraser ×; while the pie rule's writer writes, the ten digits;
// while the second seat chooses, who moves first. It only draws and reports clicks; games and replays decide what
// to show.

import { s } from '../../dom.js';
import { t } from '../../i18n.js';
import './catalog.js';

/** SVG units per digit's box. */
const CELL = 10;
/** The rows of buttons under the digits: at most nine smaller digits, or the eraser. */
const BUTTON_ROWS = 9;

const seatName = (seat) => t(`digital-wars.seat.${seat}`);

export class Board {
  /**
   * `options.onAction(action)` is called with the action's notation when a highlighted button is clicked or
   * tapped (games only); `options.label` names the board for screen readers.
   */
  constructor(ruleset, options = {}) {
    this.length = ruleset.length ?? 20;
    this.onAction = options.onAction;
    const columns = Math.max(this.length, 10);
    this.viewBox = { width: columns * CELL, height: (2 + BUTTON_ROWS * 0.8) * CELL };
    const viewBox = [-0.2 * CELL, -0.7 * CELL, this.viewBox.width + 0.4 * CELL, this.viewBox.height + 0.9 * CELL].join(' ');
    this.string = s('g', { class: 'string' });
    this.targets = s('g', { class: 'targets' });
    this.element = s('svg', { class: 'board digital-wars', viewBox, role: 'img', 'aria-label': options.label ?? t('digital-wars.board') },
      s('rect', { class: 'field', x: -0.2 * CELL, y: -0.7 * CELL, width: this.viewBox.width + 0.4 * CELL, height: this.viewBox.height + 0.9 * CELL }),
      this.string, this.targets);
  }

  /** Draws a `DigitalWarsGame`; with `targets`, the actions the side to move may play. */
  draw(game, { targets: showTargets = false } = {}) {
    const { position } = game;
    const boxes = [];
    for (let at = 0; at < this.length; at += 1) {
      const x = at * CELL;
      const present = at < position.digits.length;
      const last = position.last && position.last.at === at && !position.last.erased ? ` last last-${position.last.seat}` : '';
      boxes.push(s('text', { class: 'place', x: x + CELL / 2, y: -0.3 * CELL }, String(at + 1)));
      boxes.push(s('g', { class: `digit${present ? '' : ' gone'}${last}`, 'data-place': String(at + 1) },
        s('rect', { x: x + 0.5, y: 0.5, width: CELL - 1, height: CELL - 1, rx: 1 }),
        s('text', { x: x + CELL / 2, y: CELL / 2 }, present ? String(position.digits[at]) : '')));
    }
    this.string.replaceChildren(...boxes);
    const actions = showTargets ? position.legalActions() : [];
    // Redraw the targets only when they change, so an event that changes nothing here (a clock, a presence)
    // does not swap the element under a finger that is pressing it.
    const signature = actions.join();
    if (signature === this.targetSignature) return;
    this.targetSignature = signature;
    this.targets.replaceChildren(...actions.map((action, index) => this.target(action, this.placeOf(action, index, position))));
  }

  /** Where an action's button stands: under its digit (its row the smaller digit, the eraser in the first), or in
   * the row of choices under the string. */
  placeOf(action, index, position) {
    const row = (n) => 1.2 * CELL + n * 0.8 * CELL;
    if (position.phase === 'writing') return { x: index * CELL, y: row(0), width: CELL, label: action.slice(1) };
    if (position.phase === 'choosing') return { x: index * 5 * CELL, y: row(0), width: 5 * CELL, label: t('digital-wars.movesFirst', { seat: seatName(action) }) };
    const [place, change] = action.split(':');
    const x = (Number(place) - 1) * CELL;
    if (change === 'x') return { x, y: row(0), width: CELL, label: '×' };
    const to = Number(change.slice(2));
    return { x, y: row(to), width: CELL, label: String(to) };
  }

  target(action, { x, y, width, label }) {
    const play = (event) => {
      event.preventDefault();
      this.onAction(action);
    };
    // Without `onAction` (the rules page's diagrams) the targets only show, they are not controls.
    const control = this.onAction
      ? { role: 'button', tabindex: 0, 'aria-label': t('digital-wars.play', { action }),
        on: { click: play, keydown: (event) => (event.key === 'Enter' || event.key === ' ') && play(event) } }
      : {};
    return s('g', { class: `target${action.endsWith(':x') ? ' erase' : ''}`, 'data-action': action, ...control },
      s('title', {}, t('digital-wars.play', { action })),
      s('rect', { class: 'target-hit', x: x + 0.8, y, width: width - 1.6, height: 0.7 * CELL, rx: 1 }),
      s('text', { class: 'target-label', x: x + width / 2, y: y + 0.35 * CELL }, label));
  }
}
