// The rules of Line Soccer (`line` and `line/opcja1`) as kartka plays them, with the decisions the sources
// leave open (engine/src/kinds/line_soccer/mod.rs lists the same).

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import './rules-catalog.js';
import { figure } from './diagram.js';

const SMALL = { kind: 'line-soccer', preset: 'opcja1', width: 16, length: 20 };

/** The rules page's article. */
export function rulesPage() {
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('line-soccer.rules.title') }),
    h('p', { class: 'lead', text: t('line-soccer.rules.lead') }),

    h('h2', { text: t('line-soccer.rules.field') }),
    h('p', { text: t('line-soccer.rules.field1') }),
    h('p', { text: t('line-soccer.rules.lots') }),

    h('h2', { text: t('line-soccer.rules.lines') }),
    h('ul', {}, ['line-soccer.rules.line1', 'line-soccer.rules.line2', 'line-soccer.rules.line3'].map((key) => h('li', { text: t(key) }))),
    h('div', { class: 'figures' }, figure(SMALL, ['0', '0', '1'], t('line-soccer.rules.figure'))),

    h('h2', { text: t('line-soccer.rules.kicks') }),
    h('ul', {}, ['line-soccer.rules.kick1', 'line-soccer.rules.kick2', 'line-soccer.rules.kick3', 'line-soccer.rules.kick4',
      'line-soccer.rules.kick5', 'line-soccer.rules.kick6'].map((key) => h('li', { text: t(key) }))),

    h('h2', { text: t('line-soccer.rules.opcja') }),
    h('p', { text: t('line-soccer.rules.opcja1') }),

    h('h2', { text: t('line-soccer.rules.end') }),
    h('ul', {}, ['line-soccer.rules.end1', 'line-soccer.rules.end2', 'line-soccer.rules.besides'].map((key) => h('li', { text: t(key) }))),

    h('h2', { text: t('line-soccer.rules.notation') }),
    h('p', { text: t('line-soccer.rules.notation1') }),
    h('p', {}, h('a', { href: '/', text: t('line-soccer.rules.toLobby') })));
}
