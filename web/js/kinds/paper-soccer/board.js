// The pitch in SVG: squared paper, the walls and goals, each player's lines in their colour, the ball, and the
// points the ball may step to. It only draws and reports clicks; games and replays decide what to show.

import { s } from '../../dom.js';
import { Pitch, stepPoint } from './rules.js';
import { directionName, keypadDirection } from '../keypad.js';
import { t } from '../../i18n.js';

/**
 * A marker on each point where a turn can end (`{at, winner}`, kinds/turn-ends.js): a square, in the colour of
 * the seat that wins when the turn ends the game there, centred where `place(point)` says (`{x, y}` in SVG
 * units; by default this pitch's). Shared by the boards of the Paper Soccer variants and Line Soccer.
 */
export function endMarkers(ends, place = ({ x, y }) => ({ x: px(x), y: px(y) })) {
  const side = 4.4;
  return ends.map(({ at, winner }) => s('rect', {
    class: `turn-end${winner ? ` turn-end-${winner}` : ''}`,
    x: place(at).x - side / 2,
    y: place(at).y - side / 2,
    width: side,
    height: side,
    'data-x': at.x,
    'data-y': at.y,
  }));
}

/** SVG units per lattice cell. */
const CELL = 10;
/** Space around the pitch, in cells. */
const MARGIN = 0.6;

const px = (v) => v * CELL;

export class Board {
  /**
   * `options.onAction(digit)` is called with the step's digit as notation when a highlighted point is clicked or
   * tapped (games only); `options.label` names the board for screen readers.
   */
  constructor(ruleset, options = {}) {
    const pitch = new Pitch(ruleset);
    this.pitch = pitch;
    this.onAction = options.onAction;
    const { width, height } = pitch;
    const viewBox = [-MARGIN, -1 - MARGIN, width + 2 * MARGIN, height + 2 + 2 * MARGIN].map(px).join(' ');
    this.lines = s('g', { class: 'lines' });
    this.targets = s('g', { class: 'targets' });
    this.ends = s('g', { class: 'turn-ends' });
    this.ball = s('circle', { class: 'ball', r: 2.6 });
    this.element = s(
      'svg',
      { class: 'board', viewBox, role: 'img', 'aria-label': options.label ?? t('paper-soccer.pitch') },
      this.paper(),
      this.lines,
      this.walls(),
      this.ends,
      this.targets,
      this.ball,
    );
  }

  /** The squared paper, the goals (tinted in the colour of the seat that scores there) and the centre spot. */
  paper() {
    const { width, height } = this.pitch;
    const [left, right] = this.pitch.posts();
    const grid = [];
    for (let x = 0; x <= width; x += 1) grid.push(s('line', { x1: px(x), y1: 0, x2: px(x), y2: px(height) }));
    for (let y = 0; y <= height; y += 1) grid.push(s('line', { x1: 0, y1: px(y), x2: px(width), y2: px(y) }));
    for (let x = left; x <= right; x += 1) {
      grid.push(s('line', { x1: px(x), y1: px(-1), x2: px(x), y2: 0 }));
      grid.push(s('line', { x1: px(x), y1: px(height), x2: px(x), y2: px(height + 1) }));
    }
    const goal = (y, seat) =>
      s('rect', { class: `goal goal-${seat}`, x: px(left), y: px(y), width: px(right - left), height: CELL });
    const centre = this.pitch.centre();
    return s(
      'g',
      { class: 'paper' },
      s('rect', { class: 'field', x: 0, y: 0, width: px(width), height: px(height) }),
      goal(-1, 'first'),
      goal(height, 'second'),
      s('g', { class: 'grid' }, grid),
      s('circle', { class: 'spot', cx: px(centre.x), cy: px(centre.y), r: 0.9 }),
    );
  }

  /** The border and the goal boxes: the segments nobody may draw along. */
  walls() {
    const { width, height } = this.pitch;
    const [left, right] = this.pitch.posts();
    const path = [
      `M ${px(left)} 0 H 0 V ${px(height)} H ${px(left)}`,
      `M ${px(right)} 0 H ${px(width)} V ${px(height)} H ${px(right)}`,
      `M ${px(left)} 0 V ${px(-1)} H ${px(right)} V 0`,
      `M ${px(left)} ${px(height)} V ${px(height + 1)} H ${px(right)} V ${px(height)}`,
    ].join(' ');
    const post = (x, y) => s('circle', { class: 'post', cx: px(x), cy: px(y), r: 1.1 });
    return s('g', { class: 'walls' }, s('path', { d: path }), post(left, 0), post(right, 0), post(left, height), post(right, height));
  }

  /**
   * Draws a `SoccerGame`: every line in its player's colour (those of the latest turn stand out) and the ball;
   * with `targets`, the points the side to move may step to (for the player whose move it is); with `ends`
   * (the kind's `turnEnds(game).ends`), a marker on each point where the turn being played can end.
   */
  draw(game, { targets: showTargets = false, ends = [] } = {}) {
    this.ends.replaceChildren(...endMarkers(ends));
    const { position } = game;
    const { ball } = position;
    const lastTurn = game.steps.at(-1)?.turn;
    const targets = showTargets
      ? position.legalDirections().map((digit) => ({ digit, bounce: position.wouldBounce(digit) }))
      : [];
    this.lines.replaceChildren(
      ...game.steps.map((step) =>
        s('line', {
          class: `line line-${step.seat}${step.turn === lastTurn ? ' recent' : ''}`,
          x1: px(step.from.x),
          y1: px(step.from.y),
          x2: px(step.to.x),
          y2: px(step.to.y),
        }),
      ),
    );
    this.ball.setAttribute('cx', px(ball.x));
    this.ball.setAttribute('cy', px(ball.y));
    // Redraw the targets only when they change: an event that changes nothing here (a clock, a presence)
    // must not swap the element under a finger that is pressing it.
    const signature = `${ball.x},${ball.y}:${targets.map((t) => `${t.digit}${t.bounce ? 'b' : ''}`).join()}`;
    if (signature !== this.targetSignature) {
      this.targetSignature = signature;
      this.targets.replaceChildren(...targets.map((target) => this.target(ball, target)));
    }
  }

  /** The step a key press means on the numeric keypad (or the digit row), as notation, if any. */
  keyAction(event) {
    const digit = keypadDirection(event, this.turned);
    return digit === undefined ? undefined : String(digit);
  }

  target(ball, { digit, bounce }) {
    const to = stepPoint(ball, digit);
    const label = t(bounce ? 'board.stepBounce' : 'board.step', { direction: directionName(digit) });
    const step = (event) => {
      event.preventDefault();
      this.onAction?.(String(digit));
    };
    return s(
      'g',
      {
        class: `target${bounce ? ' bounce' : ''}`,
        role: 'button',
        tabindex: 0,
        'aria-label': label,
        'data-digit': digit,
        'data-x': to.x,
        'data-y': to.y,
        on: {
          click: step,
          keydown: (event) => (event.key === 'Enter' || event.key === ' ') && step(event),
        },
      },
      s('title', {}, label),
      s('line', { class: 'target-path', x1: px(ball.x), y1: px(ball.y), x2: px(to.x), y2: px(to.y) }),
      s('circle', { class: 'target-hit', cx: px(to.x), cy: px(to.y), r: 4.8 }),
      s('circle', { class: 'target-dot', cx: px(to.x), cy: px(to.y), r: 2.2 }),
    );
  }
}
