// The rules of Bulls and Cows as kartka plays them.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import './rules-catalog.js';

/** The rules page's article. */
export function rulesPage() {
  const term = (name, text) => [h('strong', { text: t(name) }), ' ', t(text)];
  const paragraph = (name) => h('p', { text: t(`bulls-and-cows.rules.${name}`) });
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('bulls-and-cows.rules.title') }),
    h('p', { class: 'lead', text: t('bulls-and-cows.rules.lead') }),

    h('h2', { text: t('bulls-and-cows.rules.secrets') }),
    paragraph('secrets1'),
    paragraph('secrets2'),

    h('h2', { text: t('bulls-and-cows.rules.rounds') }),
    h('ul', {},
      h('li', {}, term('bulls-and-cows.rules.round', 'bulls-and-cows.rules.round1')),
      h('li', {}, term('bulls-and-cows.rules.answer', 'bulls-and-cows.rules.answer1'))),
    paragraph('example'),

    h('h2', { text: t('bulls-and-cows.rules.end') }),
    h('ul', {},
      h('li', {}, term('bulls-and-cows.rules.win', 'bulls-and-cows.rules.win1')),
      h('li', {}, term('bulls-and-cows.rules.draw', 'bulls-and-cows.rules.draw1')),
      h('li', { text: t('bulls-and-cows.rules.timeouts') }),
      h('li', { text: t('bulls-and-cows.rules.besides') })),

    h('h2', { text: t('bulls-and-cows.rules.fair') }),
    paragraph('fair1'),
    paragraph('fair2'),

    h('h2', { text: t('bulls-and-cows.rules.notation') }),
    paragraph('notation1'),
    h('p', {}, h('a', { href: '/', text: t('bulls-and-cows.rules.toLobby') })));
}
