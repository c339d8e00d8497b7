// The rules of xrsoccer (rules §4a) with the decisions kartka took where the seed leaves room
// (engine/src/kinds/xrsoccer/mod.rs), and a drawing of a relocation.

import { h, s } from '../../dom.js';

/** A corner of the field: a blocked point, the dashed arrow of the relocation to the nearest point with a line. */
function relocationDiagram() {
  const lines = [[1, 1, 0, 1], [1, 1, 1, 0], [1, 1, 0, 0], [1, 1, 2, 0], [1, 1, 2, 1], [1, 1, 0, 2], [1, 1, 1, 2], [1, 1, 2, 2]];
  const grid = [];
  for (let i = 0; i <= 4; i += 1) {
    grid.push(s('line', { x1: i * 10, y1: 0, x2: i * 10, y2: 40 }), s('line', { x1: 0, y1: i * 10, x2: 40, y2: i * 10 }));
  }
  return s('svg', { class: 'diagram', viewBox: '-5 -5 50 50', role: 'img', 'aria-label': 'A blocked point and the relocation from it' },
    s('defs', {}, s('marker', { id: 'rules-relocation-head', viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: 'auto' },
      s('path', { class: 'relocation-head', d: 'M 0 0 L 10 5 L 0 10 z' }))),
    s('rect', { class: 'field', x: 0, y: 0, width: 40, height: 40 }),
    s('g', { class: 'grid' }, grid),
    s('g', { class: 'lines' }, lines.map(([x1, y1, x2, y2]) => s('line', { class: 'line line-second', x1: x1 * 10, y1: y1 * 10, x2: x2 * 10, y2: y2 * 10 }))),
    s('line', { class: 'relocation', x1: 10, y1: 10, x2: 27, y2: 10, 'marker-end': 'url(#rules-relocation-head)' }),
    s('circle', { class: 'ball', cx: 30, cy: 10, r: 2.6 }));
}

/** The rules page's article. */
export function rulesPage() {
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: 'The rules of xrsoccer' }),
    h('p', { class: 'lead', text: 'After eXtreme Results\' xrSoccer 2.2 (2005): Paper Soccer without walls, lines of three steps, and a match to a target score.' }),
    h('h2', { text: 'The field' }),
    h('p', { text: 'A field of 12 × 18 cells with no walls: the ball may run along the border. Each goal is the three middle points of an end line; the first player scores in the top goal, the second in the bottom one.' }),
    h('h2', { text: 'A move' }),
    h('ul', {},
      h('li', { text: 'A move is a line of exactly 3 steps, or of 1–2 steps ending in a goal. A step goes to one of the 8 neighbouring points.' }),
      h('li', { text: 'Lines may cross and touch, and points may be visited again; only a segment may never be drawn twice. There is no bounce.' }),
      h('li', { text: 'kartka\'s decision: a step is refused if the line could not be finished from it, so nobody is stuck half-way.' })),
    h('h2', { text: 'Relocation' }),
    h('figure', { class: 'rule-figure' }, relocationDiagram(), h('figcaption', { text: 'A player with no legal line has the ball carried to the nearest point with one.' })),
    h('p', { text: 'The nearest point is the one the fewest rows away, then the fewest columns away, then in the row nearer the goal the mover attacks, then east before west. It is never a goal point. A relocation draws nothing and is not a move: the same player then moves.' }),
    h('h2', { text: 'Points and the end' }),
    h('ul', {},
      h('li', { text: 'Reaching a goal point gives its attacker a point (an own goal gives it to the opponent). All lines stay; the ball goes back to the centre and the player who did not score moves.' }),
      h('li', { text: 'The match ends when a player reaches the target (5 points), or when no point of the field gives the player to move a line. More points wins.' }),
      h('li', { text: 'There are no draws: on equal points the player who scored last wins, and at 0–0 the second player (kartka\'s decisions).' })),
    h('h2', { text: 'Notation' }),
    h('p', { text: 'A line is its kurnik digits (012); a line after a relocation starts with r and the point it was carried to, then a colon: r7,3:012. “-” is a player\'s slot in which nothing was drawn (the opponent moves again after an own goal). Records carry [Variant "xrsoccer"], [Board "12x18"], [Target "5"], [Score "a-b"] and [Winner].' }),
    h('p', {}, h('a', { href: '/', text: 'To the lobby' })));
}
