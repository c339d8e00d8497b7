// The rules of Paper Soccer as a match of points (rules §4, the `centre` option), with the decisions kartka
// took where the rules leave room (engine/src/kinds/soccer_centre/mod.rs), and a drawing of a restart.

import { h, s } from '../../dom.js';

/** The pitch's top half after a goal: the lines stay, the ball is back on the centre. */
function restartDiagram() {
  const cell = 10;
  const lines = [[4, 5, 4, 4], [4, 4, 5, 3], [5, 3, 5, 2], [5, 2, 4, 1], [4, 1, 4, 0], [4, 0, 4, -1]];
  return s('svg', { class: 'diagram', viewBox: '-5 -15 90 75', role: 'img', 'aria-label': 'A goal, then the ball back on the centre' },
    s('rect', { class: 'field', x: 0, y: 0, width: 80, height: 55 }),
    s('rect', { class: 'goal goal-first', x: 30, y: -10, width: 20, height: 10 }),
    s('g', { class: 'lines' }, lines.map(([x1, y1, x2, y2]) =>
      s('line', { class: 'line line-first', x1: x1 * cell, y1: y1 * cell, x2: x2 * cell, y2: y2 * cell }))),
    s('circle', { class: 'point-mark point-first', cx: 40, cy: -10, r: 3.4 }),
    s('circle', { class: 'restart', cx: 40, cy: 50, r: 4 }),
    s('circle', { class: 'ball', cx: 40, cy: 50, r: 2.6 }));
}

/** The rules page's article. */
export function rulesPage() {
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: 'Paper Soccer, a match of points' }),
    h('p', { class: 'lead', text: 'The classic rules of Paper Soccer, played on one pitch as a match: a goal no longer ends the game, it scores a point.' }),
    h('h2', { text: 'Points' }),
    h('ul', {},
      h('li', { text: 'Steps, bounces and walls are those of classic Paper Soccer.' }),
      h('li', { text: 'A goal gives a point to the player who attacks that goal — an own goal gives it to the opponent.' }),
      h('li', { text: 'A block (a player must step again but has no free line) gives the opponent a point.' })),
    h('h2', { text: 'The restart' }),
    h('figure', { class: 'rule-figure' }, restartDiagram(), h('figcaption', { text: 'After a point every line stays drawn; the ball goes back on the centre spot, and the player who did not score kicks off.' })),
    h('ul', {},
      h('li', { text: 'Placing the ball is not a move. The centre keeps its lines, so arriving there later bounces as usual.' }),
      h('li', { text: 'After an own goal or a self-block the same player kicks off again; the record writes the other player\'s slot as “-”.' })),
    h('h2', { text: 'The end of the match' }),
    h('ul', {},
      h('li', { text: 'The match ends when the player due to kick off has no free line at the centre. More points wins; equal points is a draw.' }),
      h('li', { text: 'kartka\'s decision: the end is tested only at a kick-off, right after a point, so a match never ends 0–0.' }),
      h('li', { text: 'Resignation, time, and a draw by agreement end a match as they end any game.' })),
    h('h2', { text: 'Notation' }),
    h('p', { text: 'Turns are written as in classic Paper Soccer (kurnik digits), with “-” where a player draws nothing. Records carry [Variant "classic+centre"], [Board], [Score "a-b"] and [Winner "P1"|"P2"|"draw"].' }),
    h('p', {}, h('a', { href: '/', text: 'To the lobby' })));
}
