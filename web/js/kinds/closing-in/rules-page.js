// The rules of Closing In as kartka plays them, with a drawing of a queen move on the board.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import './rules-catalog.js';
import { Board } from './board.js';
import { ClosingInGame } from './game.js';

/** A 6 × 6 board after `moves`, the squares of the side to move highlighted, captioned `caption`. */
function figure(caption, moves) {
  const game = new ClosingInGame({ size: 6 });
  moves.forEach((move) => game.play(move));
  const board = new Board({ size: 6 }, { label: caption });
  board.draw(game, { targets: true });
  board.element.classList.add('diagram');
  return h('figure', { class: 'rule-figure' }, board.element, h('figcaption', { text: caption }));
}

/** The rules page's article. */
export function rulesPage() {
  const term = (name, text) => [h('strong', { text: t(name) }), ' ', t(text)];
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('closing-in.rules.title') }),
    h('p', { class: 'lead', text: t('closing-in.rules.lead') }),

    h('h2', { text: t('closing-in.rules.board') }),
    h('p', { text: t('closing-in.rules.board1') }),

    h('h2', { text: t('closing-in.rules.moves') }),
    h('ul', {},
      h('li', {}, term('closing-in.rules.placing', 'closing-in.rules.placing1')),
      h('li', {}, term('closing-in.rules.moving', 'closing-in.rules.moving1')),
      h('li', { text: t('closing-in.rules.blocked') }),
      h('li', { text: t('closing-in.rules.turns') })),
    h('div', { class: 'figures' }, figure(t('closing-in.rules.figure'), ['D5', 'B2', 'B3', 'C3'])),

    h('h2', { text: t('closing-in.rules.end') }),
    h('ul', {},
      h('li', {}, term('closing-in.rules.noMove', 'closing-in.rules.noMove1')),
      h('li', { text: t('closing-in.rules.besides') })),

    h('h2', { text: t('closing-in.rules.notation') }),
    h('p', { text: t('closing-in.rules.notation1') }),
    h('p', {}, h('a', { href: '/', text: t('closing-in.rules.toLobby') })));
}
