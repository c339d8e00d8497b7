// The rules of Barriers as kartka plays them, with drawings of the three touch rules on one position.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import './rules-catalog.js';
import { Board } from './board.js';
import { BarriersGame } from './game.js';

/** A 5 × 5 board by `touch` after `bars`, the bars of the side to move highlighted, captioned `caption`. */
function figure(caption, touch, bars) {
  const ruleset = { width: 5, height: 5, touch };
  const game = new BarriersGame(ruleset);
  bars.forEach((bar) => game.play(bar));
  const board = new Board(ruleset, { label: caption });
  board.draw(game, { targets: true });
  board.element.classList.add('diagram');
  return h('figure', { class: 'rule-figure' }, board.element, h('figcaption', { text: caption }));
}

/** The rules page's article. */
export function rulesPage() {
  const term = (name, text) => [h('strong', { text: t(name) }), ' ', t(text)];
  const opening = ['b2c2', 'e4e5'];
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('barriers.rules.title') }),
    h('p', { class: 'lead', text: t('barriers.rules.lead') }),

    h('h2', { text: t('barriers.rules.board') }),
    h('p', { text: t('barriers.rules.board1') }),

    h('h2', { text: t('barriers.rules.moves') }),
    h('ul', {},
      h('li', { text: t('barriers.rules.bar') }),
      h('li', {}, term('barriers.rules.cells', 'barriers.rules.cells1')),
      h('li', {}, term('barriers.rules.sides', 'barriers.rules.sides1')),
      h('li', {}, term('barriers.rules.corners', 'barriers.rules.corners1'))),
    h('div', { class: 'figures' },
      figure(t('barriers.rules.figureCells'), 'cells', opening),
      figure(t('barriers.rules.figureSides'), 'sides', opening),
      figure(t('barriers.rules.figureCorners'), 'corners', opening)),

    h('h2', { text: t('barriers.rules.end') }),
    h('ul', {},
      h('li', {}, term('barriers.rules.noMove', 'barriers.rules.noMove1')),
      h('li', { text: t('barriers.rules.theory') }),
      h('li', { text: t('barriers.rules.besides') })),

    h('h2', { text: t('barriers.rules.notation') }),
    h('p', { text: t('barriers.rules.notation1') }),
    h('p', {}, h('a', { href: '/', text: t('barriers.rules.toLobby') })));
}
