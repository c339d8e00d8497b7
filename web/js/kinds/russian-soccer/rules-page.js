// The rules of Russian Paper Soccer (kia84's `russian`) as kartka plays them, with the decisions the sources
// leave open (engine/src/kinds/line_soccer/mod.rs lists the same).

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import '../line-soccer/rules-catalog.js';
import { figure } from '../line-soccer/diagram.js';

const SMALL = { kind: 'russian-soccer', width: 12, length: 16 };

/** The rules page's article; what it shares with Line Soccer's page is in the same words. */
export function rulesPage() {
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('russian-soccer.rules.title') }),
    h('p', { class: 'lead', text: t('russian-soccer.rules.lead') }),

    h('h2', { text: t('line-soccer.rules.field') }),
    h('p', { text: t('russian-soccer.rules.field1') }),
    h('p', { text: t('line-soccer.rules.lots') }),

    h('h2', { text: t('russian-soccer.rules.moves') }),
    h('ul', {}, ['russian-soccer.rules.move1', 'russian-soccer.rules.move2'].map((key) => h('li', { text: t(key) }))),
    h('div', { class: 'figures' }, figure(SMALL, ['0', '0', '0', '2'], t('russian-soccer.rules.figure'))),

    h('h2', { text: t('russian-soccer.rules.penalties') }),
    h('ul', {}, ['russian-soccer.rules.penalty1', 'russian-soccer.rules.penalty2', 'russian-soccer.rules.penalty3',
      'russian-soccer.rules.penalty4', 'russian-soccer.rules.penalty5'].map((key) => h('li', { text: t(key) }))),

    h('h2', { text: t('line-soccer.rules.end') }),
    h('p', { text: t('russian-soccer.rules.end1') }),

    h('h2', { text: t('line-soccer.rules.notation') }),
    h('p', { text: t('russian-soccer.rules.notation1') }),
    h('p', {}, h('a', { href: '/', text: t('line-soccer.rules.toLobby') })));
}
