// The rules of Balda as kartka plays them, with a drawing of a game's first move.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import './rules-catalog.js';
import { Board } from './board.js';
import { BaldaGame } from './game.js';

/** A Russian 5 × 5 game from БАЛДА after `moves`, captioned `caption`. */
function figure(caption, moves) {
  const ruleset = { size: 5, players: 2, language: 'ru', start: 'балда' };
  const game = new BaldaGame(ruleset);
  moves.forEach((move) => game.play(move));
  const board = new Board(ruleset, { label: caption });
  board.draw(game);
  board.element.classList.add('diagram');
  return h('figure', { class: 'rule-figure' }, board.element, h('figcaption', { text: caption }));
}

/** The rules page's article. */
export function rulesPage() {
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('balda.rules.title') }),
    h('p', { class: 'lead', text: t('balda.rules.lead') }),

    h('h2', { text: t('balda.rules.grid') }),
    h('p', { text: t('balda.rules.grid1') }),
    h('p', { text: t('balda.rules.language') }),

    h('h2', { text: t('balda.rules.moves') }),
    h('ul', {},
      h('li', { text: t('balda.rules.place') }),
      h('li', { text: t('balda.rules.trace') }),
      h('li', { text: t('balda.rules.word') }),
      h('li', { text: t('balda.rules.pass') })),
    h('div', { class: 'figures' }, figure(t('balda.rules.figure'), ['b2=к:a3,b3,b2'])),

    h('h2', { text: t('balda.rules.end') }),
    h('ul', {},
      h('li', { text: t('balda.rules.score') }),
      h('li', { text: t('balda.rules.finish') }),
      h('li', { text: t('balda.rules.besides') })),

    h('h2', { text: t('balda.rules.notation') }),
    h('p', { text: t('balda.rules.notation1') }),
    h('p', {}, h('a', { href: '/', text: t('balda.rules.toLobby') })));
}
