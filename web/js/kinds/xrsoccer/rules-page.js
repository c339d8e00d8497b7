// The rules of xrsoccer (rules §4a) with the decisions kartka took where the seed leaves room
// (engine/src/kinds/xrsoccer/mod.rs), and a drawing of a relocation.

import { h, s } from '../../dom.js';
import { t } from '../../i18n.js';
import '../paper-soccer/rules-catalog.js';
import './rules-catalog.js';

/** A corner of the field: a blocked point, the dashed arrow of the relocation to the nearest point with a line. */
function relocationDiagram() {
  const lines = [[1, 1, 0, 1], [1, 1, 1, 0], [1, 1, 0, 0], [1, 1, 2, 0], [1, 1, 2, 1], [1, 1, 0, 2], [1, 1, 1, 2], [1, 1, 2, 2]];
  const grid = [];
  for (let i = 0; i <= 4; i += 1) {
    grid.push(s('line', { x1: i * 10, y1: 0, x2: i * 10, y2: 40 }), s('line', { x1: 0, y1: i * 10, x2: 40, y2: i * 10 }));
  }
  return s('svg', { class: 'diagram', viewBox: '-5 -5 50 50', role: 'img', 'aria-label': t('xrsoccer.rules.diagram') },
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
    h('h1', { text: t('xrsoccer.rules.title') }),
    h('p', { class: 'lead', text: t('xrsoccer.rules.lead') }),
    h('h2', { text: t('xrsoccer.rules.field') }),
    h('p', { text: t('xrsoccer.rules.field1') }),
    h('h2', { text: t('xrsoccer.rules.move') }),
    h('ul', {}, ['xrsoccer.rules.move1', 'xrsoccer.rules.move2', 'xrsoccer.rules.move3'].map((key) => h('li', { text: t(key) }))),
    h('h2', { text: t('xrsoccer.rules.relocation') }),
    h('figure', { class: 'rule-figure' }, relocationDiagram(), h('figcaption', { text: t('xrsoccer.rules.figure') })),
    h('p', { text: t('xrsoccer.rules.relocation1') }),
    h('h2', { text: t('xrsoccer.rules.end') }),
    h('ul', {}, ['xrsoccer.rules.end1', 'xrsoccer.rules.end2', 'xrsoccer.rules.end3'].map((key) => h('li', { text: t(key) }))),
    h('h2', { text: t('paper-soccer.rules.notation') }),
    h('p', { text: t('xrsoccer.rules.notation1') }),
    h('p', {}, h('a', { href: '/', text: t('paper-soccer.rules.toLobby') })));
}
