// The rules of Paper Soccer as a match of points (rules §4, the `centre` option), with the decisions kartka
// took where the rules leave room (engine/src/kinds/soccer_centre/mod.rs), and a drawing of a restart.

import { h, s } from '../../dom.js';
import { t } from '../../i18n.js';
import '../paper-soccer/rules-catalog.js';
import './rules-catalog.js';

/** The pitch's top half after a goal: the lines stay, the ball is back on the centre. */
function restartDiagram() {
  const cell = 10;
  const lines = [[4, 5, 4, 4], [4, 4, 5, 3], [5, 3, 5, 2], [5, 2, 4, 1], [4, 1, 4, 0], [4, 0, 4, -1]];
  return s('svg', { class: 'diagram', viewBox: '-5 -15 90 75', role: 'img', 'aria-label': t('paper-soccer-centre.rules.diagram') },
    s('rect', { class: 'field', x: 0, y: 0, width: 80, height: 55 }),
    s('rect', { class: 'goal goal-first', x: 30, y: -10, width: 20, height: 10 }),
    s('g', { class: 'lines' }, lines.map(([x1, y1, x2, y2]) =>
      s('line', { class: 'line line-first', x1: x1 * cell, y1: y1 * cell, x2: x2 * cell, y2: y2 * cell }))),
    s('circle', { class: 'point-mark point-first', cx: 40, cy: -10, r: 3.4 }),
    s('circle', { class: 'restart', cx: 40, cy: 50, r: 4 }),
    s('circle', { class: 'ball', cx: 40, cy: 50, r: 2.6 }));
}

/** The rules page's article; the headings it shares with the classic page are in the same words. */
export function rulesPage() {
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('paper-soccer-centre.rules.title') }),
    h('p', { class: 'lead', text: t('paper-soccer-centre.rules.lead') }),
    h('h2', { text: t('paper-soccer-centre.rules.points') }),
    h('ul', {}, ['paper-soccer-centre.rules.points1', 'paper-soccer-centre.rules.points2', 'paper-soccer-centre.rules.points3'].map((key) => h('li', { text: t(key) }))),
    h('h2', { text: t('paper-soccer-centre.rules.restart') }),
    h('figure', { class: 'rule-figure' }, restartDiagram(), h('figcaption', { text: t('paper-soccer-centre.rules.figure') })),
    h('ul', {}, ['paper-soccer-centre.rules.restart1', 'paper-soccer-centre.rules.restart2'].map((key) => h('li', { text: t(key) }))),
    h('h2', { text: t('paper-soccer-centre.rules.end') }),
    h('ul', {}, ['paper-soccer-centre.rules.end1', 'paper-soccer-centre.rules.end2', 'paper-soccer-centre.rules.end3'].map((key) => h('li', { text: t(key) }))),
    h('h2', { text: t('paper-soccer.rules.notation') }),
    h('p', { text: t('paper-soccer-centre.rules.notation1') }),
    h('p', {}, h('a', { href: '/', text: t('paper-soccer.rules.toLobby') })));
}
