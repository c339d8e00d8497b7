// The xrsoccer field in SVG: squared paper without walls, the three mouth points of each goal in the colour of
// the seat that scores there, each player's lines, the ball, the relocation that began the turn (a dashed
// arrow from where the ball was stuck), the score, and the points the ball may step to.

import { s } from '../../dom.js';
import { endMarkers } from '../paper-soccer/board.js';
import { stepPoint } from '../paper-soccer/rules.js';
import { Field } from './rules.js';
import { directionName, keypadDirection } from '../keypad.js';
import { t } from '../../i18n.js';

const CELL = 10;
const MARGIN = 1.6;
const px = (v) => v * CELL;

export class Board {
  constructor(ruleset, options = {}) {
    this.field = new Field(ruleset);
    this.onAction = options.onAction;
    const { width, length } = this.field;
    const viewBox = [-MARGIN, -MARGIN, width + 2 * MARGIN, length + 2 * MARGIN].map(px).join(' ');
    this.lines = s('g', { class: 'lines' });
    this.targets = s('g', { class: 'targets' });
    this.ends = s('g', { class: 'turn-ends' });
    this.marks = s('g', { class: 'points' });
    this.relocation = s('line', { class: 'relocation', 'marker-end': 'url(#relocation-head)', visibility: 'hidden' });
    this.ball = s('circle', { class: 'ball', r: 2.6 });
    this.score = s('text', { class: 'score', x: 0, y: px(-0.5) });
    this.element = s('svg', { class: 'board', viewBox, role: 'img', 'aria-label': options.label ?? 'xrsoccer field' },
      s('defs', {}, s('marker', { id: 'relocation-head', viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: 'auto' },
        s('path', { class: 'relocation-head', d: 'M 0 0 L 10 5 L 0 10 z' }))),
      this.paper(), this.lines, this.marks, this.relocation, this.ends, this.targets, this.ball, this.score);
  }

  paper() {
    const { width, length } = this.field;
    const grid = [];
    for (let x = 0; x <= width; x += 1) grid.push(s('line', { x1: px(x), y1: 0, x2: px(x), y2: px(length) }));
    for (let y = 0; y <= length; y += 1) grid.push(s('line', { x1: 0, y1: px(y), x2: px(width), y2: px(y) }));
    const mouth = (y, seat) => [-1, 0, 1].map((dx) => s('circle', { class: `mouth goal-${seat}`, cx: px(width / 2 + dx), cy: px(y), r: 1.8 }));
    const centre = this.field.centre();
    return s('g', { class: 'paper' },
      s('rect', { class: 'field', x: 0, y: 0, width: px(width), height: px(length) }),
      s('g', { class: 'grid' }, grid),
      mouth(0, 'first'), mouth(length, 'second'),
      s('circle', { class: 'spot', cx: px(centre.x), cy: px(centre.y), r: 0.9 }));
  }

  /** Draws an `XrGame`, with `targets` and `ends` as the classic pitch draws them (kinds/paper-soccer/board.js). */
  draw(game, { targets: showTargets = false, ends = [] } = {}) {
    this.ends.replaceChildren(...endMarkers(ends));
    const { position } = game;
    const { ball } = position;
    const lastTurn = game.steps.at(-1)?.turn;
    this.lines.replaceChildren(...game.steps.map((step) => s('line', {
      class: `line line-${step.seat}${step.turn === lastTurn ? ' recent' : ''}`,
      x1: px(step.from.x), y1: px(step.from.y), x2: px(step.to.x), y2: px(step.to.y),
    })));
    this.marks.replaceChildren(...game.points.map(({ scorer, at }) =>
      s('circle', { class: `point-mark point-${scorer}`, cx: px(at.x), cy: px(at.y), r: 3.4 })));
    const moved = game.relocation;
    this.relocation.setAttribute('visibility', moved ? 'visible' : 'hidden');
    if (moved) {
      for (const [name, value] of Object.entries({ x1: moved.from.x, y1: moved.from.y, x2: moved.to.x, y2: moved.to.y })) {
        this.relocation.setAttribute(name, px(value));
      }
    }
    this.ball.setAttribute('cx', px(ball.x));
    this.ball.setAttribute('cy', px(ball.y));
    const { first, second } = game.scores;
    this.score.textContent = `${first} : ${second}  (to ${this.field.target})`;
    const digits = showTargets ? position.legalDirections() : [];
    const signature = `${ball.x},${ball.y}:${digits.join()}`;
    if (signature !== this.targetSignature) {
      this.targetSignature = signature;
      this.targets.replaceChildren(...digits.map((digit) => this.target(ball, digit)));
    }
  }

  keyAction(event) {
    const digit = keypadDirection(event, this.turned);
    return digit === undefined ? undefined : String(digit);
  }

  target(ball, digit) {
    const to = stepPoint(ball, digit);
    const label = t('board.step', { direction: directionName(digit) });
    const step = (event) => {
      event.preventDefault();
      this.onAction?.(String(digit));
    };
    return s('g', {
      class: 'target', role: 'button', tabindex: 0, 'aria-label': label, 'data-digit': digit, 'data-x': to.x, 'data-y': to.y,
      on: { click: step, keydown: (event) => (event.key === 'Enter' || event.key === ' ') && step(event) },
    },
    s('title', {}, label),
    s('line', { class: 'target-path', x1: px(ball.x), y1: px(ball.y), x2: px(to.x), y2: px(to.y) }),
    s('circle', { class: 'target-hit', cx: px(to.x), cy: px(to.y), r: 4.8 }),
    s('circle', { class: 'target-dot', cx: px(to.x), cy: px(to.y), r: 2.2 }));
  }
}
