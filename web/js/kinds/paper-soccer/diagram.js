// Small drawings of the top goal for the rules page: allowed steps as solid arrows, forbidden ones dashed.

import { s } from '../../dom.js';
import { Pitch, stepPoint } from './rules.js';

const CELL = 10;
const px = (v) => v * CELL;
/** The part of the standard pitch shown: columns 1–7, rows −1 (inside the goal) to 2. */
const VIEW = { left: 1, right: 7, top: -1, bottom: 2 };

/**
 * `ball`: where the ball is; `steps`: `[{digit, allowed}]`; `lines`: segments already drawn `[{from, to}]`.
 * Returns an SVG element labelled `label`.
 */
export function goalDiagram({ ball, steps, lines = [], label }) {
  const pitch = new Pitch();
  const [left, right] = pitch.posts();
  const margin = 0.5;
  const viewBox = [VIEW.left - margin, VIEW.top - margin, VIEW.right - VIEW.left + 2 * margin, VIEW.bottom - VIEW.top + 2 * margin]
    .map(px).join(' ');
  const grid = [];
  for (let x = VIEW.left; x <= VIEW.right; x += 1) grid.push(s('line', { x1: px(x), y1: 0, x2: px(x), y2: px(VIEW.bottom + 0.4) }));
  for (let y = 0; y <= VIEW.bottom; y += 1) grid.push(s('line', { x1: px(VIEW.left - 0.4), y1: px(y), x2: px(VIEW.right + 0.4), y2: px(y) }));
  for (let x = left; x <= right; x += 1) grid.push(s('line', { x1: px(x), y1: px(-1), x2: px(x), y2: 0 }));
  const arrow = ({ digit, allowed }) => {
    const to = stepPoint(ball, digit);
    // Stop short of the point so the arrow head stays visible.
    const end = { x: ball.x + (to.x - ball.x) * 0.8, y: ball.y + (to.y - ball.y) * 0.8 };
    return s('line', { class: `arrow ${allowed ? 'allowed' : 'forbidden'}`, x1: px(ball.x), y1: px(ball.y), x2: px(end.x), y2: px(end.y),
      'marker-end': `url(#head-${allowed ? 'allowed' : 'forbidden'})` });
  };
  const head = (kind) => s('marker', { id: `head-${kind}`, viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 2.2, markerHeight: 2.2, orient: 'auto-start-reverse' },
    s('path', { class: `head ${kind}`, d: 'M 0 0 L 10 5 L 0 10 z' }));
  return s('svg', { class: 'diagram', viewBox, role: 'img', 'aria-label': label },
    s('defs', {}, head('allowed'), head('forbidden')),
    s('rect', { class: 'field', x: px(VIEW.left - margin), y: 0, width: px(VIEW.right - VIEW.left + 2 * margin), height: px(VIEW.bottom + margin) }),
    s('rect', { class: 'goal goal-first', x: px(left), y: px(-1), width: px(right - left), height: CELL }),
    s('g', { class: 'grid' }, grid),
    s('g', { class: 'walls' },
      s('path', { d: `M ${px(VIEW.left - margin)} 0 H ${px(left)} V ${px(-1)} H ${px(right)} V 0 H ${px(VIEW.right + margin)}` }),
      s('circle', { class: 'post', cx: px(left), cy: 0, r: 1.1 }), s('circle', { class: 'post', cx: px(right), cy: 0, r: 1.1 })),
    s('g', { class: 'lines' }, lines.map(({ from, to }) => s('line', { class: 'line line-first', x1: px(from.x), y1: px(from.y), x2: px(to.x), y2: px(to.y) }))),
    steps.map(arrow),
    s('circle', { class: 'ball', cx: px(ball.x), cy: px(ball.y), r: 2.6 }));
}
