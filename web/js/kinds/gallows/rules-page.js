// The rules of Gallows as kartka plays them, with a drawing of the gallows after each number of misses.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import { drawing } from './board.js';
import './rules-catalog.js';

/** The rules page's article. */
export function rulesPage() {
  const term = (name, text) => [h('strong', { text: t(name) }), ' ', t(text)];
  const paragraph = (name) => h('p', { text: t(`gallows.rules.${name}`) });
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('gallows.rules.title') }),
    h('p', { class: 'lead', text: t('gallows.rules.lead') }),

    h('h2', { text: t('gallows.rules.words') }),
    paragraph('words1'),
    paragraph('words2'),

    h('h2', { text: t('gallows.rules.guessing') }),
    h('ul', {},
      h('li', {}, term('gallows.rules.letter', 'gallows.rules.letter1')),
      h('li', {}, term('gallows.rules.whole', 'gallows.rules.whole1')),
      h('li', {}, term('gallows.rules.hanged', 'gallows.rules.hanged1'))),
    h('figure', { class: 'gallows-figures' },
      [0, 2, 4, 6].map((misses) => drawing(misses, 6)),
      h('figcaption', { text: t('gallows.rules.figure') })),
    paragraph('example'),

    h('h2', { text: t('gallows.rules.options') }),
    h('ul', {},
      h('li', {}, term('gallows.rules.misses', 'gallows.rules.misses1')),
      h('li', {}, term('gallows.rules.reveal', 'gallows.rules.reveal1')),
      h('li', {}, term('gallows.rules.server', 'gallows.rules.server1'))),

    h('h2', { text: t('gallows.rules.end') }),
    h('ul', {},
      h('li', {}, term('gallows.rules.win', 'gallows.rules.win1')),
      h('li', { text: t('gallows.rules.timeouts') }),
      h('li', { text: t('gallows.rules.besides') })),

    h('h2', { text: t('gallows.rules.fair') }),
    paragraph('fair1'),

    h('h2', { text: t('gallows.rules.notation') }),
    paragraph('notation1'),
    h('p', {}, h('a', { href: '/', text: t('gallows.rules.toLobby') })));
}
