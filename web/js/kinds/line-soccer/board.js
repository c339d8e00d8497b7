// The field of Line Soccer and Russian Paper Soccer in SVG: squared paper, the out-line and goals, each
// player's lines in their colour with kicks drawn thick and dashed, drawn points, the ball, and the targets:
// the neighbour points a step may go to, or, when a kick is due, an arrow per direction the kick may take,
// ending where the kick would. It only draws and reports clicks; games and replays decide what to show.

import { s } from '../../dom.js';
import { endMarkers } from '../paper-soccer/board.js';
import { Field, VARIANTS, variantOf, shifted } from './rules.js';
import { directionName, keypadDirection } from '../keypad.js';
import { t } from '../../i18n.js';

/** SVG units per lattice cell. */
const CELL = 10;
/** Space around the field, in cells (room for the goals). */
const MARGIN = 1.6;

export class Board {
  /**
   * `options.onAction(text)` is called with a step's digit or a kick's `p` notation when a target is clicked or
   * tapped (games only); `options.label` names the board for screen readers.
   */
  constructor(ruleset, options = {}) {
    this.field = new Field(ruleset.width, ruleset.length, VARIANTS[variantOf(ruleset)].postTips);
    this.onAction = options.onAction;
    const { halfWidth, halfLength } = this.field;
    // Screen y grows south: a point (x, y) is drawn at (x, -y).
    const viewBox = [-halfWidth - MARGIN, -halfLength - MARGIN, 2 * (halfWidth + MARGIN), 2 * (halfLength + MARGIN)]
      .map((v) => v * CELL)
      .join(' ');
    this.lines = s('g', { class: 'lines' });
    this.points = s('g', { class: 'drawn-points' });
    this.targets = s('g', { class: 'targets' });
    this.ends = s('g', { class: 'turn-ends' });
    this.duty = s('circle', { class: 'kick-duty', r: 6 });
    this.ball = s('circle', { class: 'ball', r: 2.6 });
    this.element = s(
      'svg',
      { class: 'board line-soccer-board', viewBox, role: 'img', 'aria-label': options.label ?? 'Line Soccer field' },
      this.paper(),
      this.lines,
      this.points,
      this.ends,
      this.targets,
      this.duty,
      this.ball,
    );
  }

  /** The squared paper, the out-line, the goals (tinted in the colour of the seat that scores there) and the centre. */
  paper() {
    const { halfWidth, halfLength, mouth } = this.field;
    const grid = [];
    for (let x = -halfWidth; x <= halfWidth; x += 1) {
      grid.push(s('line', { x1: x * CELL, y1: -halfLength * CELL, x2: x * CELL, y2: halfLength * CELL }));
    }
    for (let y = -halfLength; y <= halfLength; y += 1) {
      grid.push(s('line', { x1: -halfWidth * CELL, y1: y * CELL, x2: halfWidth * CELL, y2: y * CELL }));
    }
    // The posts stand half a cell outside the mouth points.
    const left = (-mouth - 0.5) * CELL;
    const goalWidth = (2 * mouth + 1) * CELL;
    const goal = (y, seat) => s('rect', { class: `goal goal-${seat}`, x: left, y, width: goalWidth, height: CELL });
    const tips = this.field.postTips
      ? [-1, 1].flatMap((sx) => [-1, 1].map((sy) =>
        s('circle', { class: 'post', cx: sx * (mouth + 1) * CELL, cy: sy * (halfLength - 1) * CELL, r: 1.4 })))
      : [];
    return s(
      'g',
      { class: 'paper' },
      s('rect', { class: 'field', x: -halfWidth * CELL, y: -halfLength * CELL, width: 2 * halfWidth * CELL, height: 2 * halfLength * CELL }),
      goal(-(halfLength + 1) * CELL, 'first'),
      goal(halfLength * CELL, 'second'),
      s('g', { class: 'grid' }, grid),
      s('rect', { class: 'out-line', x: -halfWidth * CELL, y: -halfLength * CELL, width: 2 * halfWidth * CELL, height: 2 * halfLength * CELL }),
      ...tips,
      s('circle', { class: 'spot', cx: 0, cy: 0, r: 0.9 }),
    );
  }

  /**
   * Draws a `LineSoccerGame`: every segment in its player's colour (kicks thick and dashed, the latest turn's
   * standing out), the drawn points and the ball, ringed in the kicker's colour while a kick is due; with
   * `targets`, the steps or kicks the side to move may play.
   */
  draw(game, { targets: showTargets = false, ends = [] } = {}) {
    this.ends.replaceChildren(...endMarkers(ends, ({ x, y }) => ({ x: x * CELL, y: -y * CELL })));
    const { position } = game;
    const { ball } = position;
    const lastTurn = game.strokes.at(-1)?.turn;
    this.lines.replaceChildren(
      ...game.strokes.map((stroke) =>
        s('line', {
          class: `line line-${stroke.seat}${stroke.kick ? ' kick' : ''}${stroke.turn === lastTurn ? ' recent' : ''}`,
          x1: stroke.from.x * CELL,
          y1: -stroke.from.y * CELL,
          x2: stroke.to.x * CELL,
          y2: -stroke.to.y * CELL,
        }),
      ),
    );
    this.points.replaceChildren(
      ...[...position.drawing.points].map((text) => {
        const [x, y] = text.split(',').map(Number);
        return s('circle', { class: 'drawn-point', cx: x * CELL, cy: -y * CELL, r: 1.2 });
      }),
    );
    this.ball.setAttribute('cx', ball.x * CELL);
    this.ball.setAttribute('cy', -ball.y * CELL);
    const kicking = position.kickDue !== null;
    this.duty.setAttribute('cx', ball.x * CELL);
    this.duty.setAttribute('cy', -ball.y * CELL);
    this.duty.setAttribute('class', kicking ? `kick-duty kick-duty-${position.toMove}` : 'kick-duty hidden');
    const actions = showTargets ? position.legalActions() : [];
    // Redraw the targets only when they change, so an event that changes nothing here (a clock, a presence)
    // does not swap the element under a finger that is pressing it.
    const signature = `${ball.x},${ball.y}:${actions.map((a) => ('kick' in a ? `p${a.kick}${a.segments}` : a.step)).join()}`;
    if (signature !== this.targetSignature) {
      this.targetSignature = signature;
      this.targets.replaceChildren(...actions.map((action) => this.target(ball, action)));
    }
  }

  /** The step or kick a key press on the numeric keypad (or the digit row) means, as notation, if it is a target. */
  keyAction(event) {
    const digit = keypadDirection(event, this.turned);
    if (digit === undefined) return undefined;
    const target = this.targets.querySelector(`[data-digit="${digit}"]`);
    return target?.getAttribute('data-action') ?? undefined;
  }

  target(ball, action) {
    const kick = 'kick' in action;
    const digit = kick ? action.kick : action.step;
    const to = shifted(ball, digit, kick ? action.segments : 1);
    const text = kick ? `p${digit}${action.segments}` : String(digit);
    const label = kick ? t('board.kick', { direction: directionName(digit), count: action.segments })
      : t('board.step', { direction: directionName(digit) });
    const play = (event) => {
      event.preventDefault();
      this.onAction?.(text);
    };
    return s(
      'g',
      {
        class: `target${kick ? ' kick-target' : ''}`,
        role: 'button',
        tabindex: 0,
        'aria-label': label,
        'data-digit': digit,
        'data-action': text,
        'data-x': to.x,
        'data-y': to.y,
        on: {
          click: play,
          keydown: (event) => (event.key === 'Enter' || event.key === ' ') && play(event),
        },
      },
      s('title', {}, label),
      s('line', { class: 'target-path', x1: ball.x * CELL, y1: -ball.y * CELL, x2: to.x * CELL, y2: -to.y * CELL }),
      s('circle', { class: 'target-hit', cx: to.x * CELL, cy: -to.y * CELL, r: 4.8 }),
      s('circle', { class: 'target-dot', cx: to.x * CELL, cy: -to.y * CELL, r: 2.2 }),
    );
  }
}
