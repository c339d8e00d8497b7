// The rules of Superghost as kartka plays them, with a drawing of a fragment.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import './rules-catalog.js';
import { Board } from './board.js';
import { SuperghostGame } from './game.js';

/** An English game of two after `actions`, captioned `caption`. */
function figure(caption, actions) {
  const ruleset = { players: 2, language: 'en' };
  const game = new SuperghostGame(ruleset);
  actions.forEach((action) => game.play(action));
  const board = new Board(ruleset, { label: caption });
  board.draw(game);
  board.element.classList.add('diagram');
  return h('figure', { class: 'rule-figure' }, board.element, h('figcaption', { text: caption }));
}

/** The rules page's article. */
export function rulesPage() {
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('superghost.rules.title') }),
    h('p', { class: 'lead', text: t('superghost.rules.lead') }),
    h('p', { text: t('superghost.rules.language') }),

    h('h2', { text: t('superghost.rules.moves') }),
    h('ul', {},
      h('li', { text: t('superghost.rules.add') }),
      h('li', { text: t('superghost.rules.inside') }),
      h('li', { text: t('superghost.rules.complete') }),
      h('li', { text: t('superghost.rules.challenge') })),
    h('div', { class: 'figures' }, figure(t('superghost.rules.figure'), ['>c', '>a', '>t'])),

    h('h2', { text: t('superghost.rules.end') }),
    h('ul', {},
      h('li', { text: t('superghost.rules.letters') }),
      h('li', { text: t('superghost.rules.out') }),
      h('li', { text: t('superghost.rules.besides') })),

    h('h2', { text: t('superghost.rules.notation') }),
    h('p', { text: t('superghost.rules.notation1') }),
    h('p', {}, h('a', { href: '/', text: t('superghost.rules.toLobby') })));
}
