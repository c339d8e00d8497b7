// The rules of Dots and Boxes as kartka plays them, with a drawing of a completed box and its extra move.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import './rules-catalog.js';
import { Board } from './board.js';
import { DotsAndBoxesGame } from './game.js';

/** A field of `ruleset` after `moves`, the edges the side to move may draw highlighted, captioned `caption`. */
function figure(caption, ruleset, moves) {
  const game = new DotsAndBoxesGame(ruleset);
  moves.forEach((move) => game.play(move));
  const board = new Board(ruleset, { label: caption });
  board.draw(game, { targets: true });
  board.element.classList.add('diagram');
  return h('figure', { class: 'rule-figure' }, board.element, h('figcaption', { text: caption }));
}

/** The rules page's article. */
export function rulesPage() {
  const term = (name, text) => [h('strong', { text: t(name) }), ' ', t(text)];
  const paragraph = (name) => h('p', { text: t(`dots-and-boxes.rules.${name}`) });
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('dots-and-boxes.rules.title') }),
    h('p', { class: 'lead', text: t('dots-and-boxes.rules.lead') }),

    h('h2', { text: t('dots-and-boxes.rules.field') }),
    paragraph('field1'),
    paragraph('players1'),

    h('h2', { text: t('dots-and-boxes.rules.moves') }),
    h('ul', {},
      h('li', {}, term('dots-and-boxes.rules.edge', 'dots-and-boxes.rules.edge1')),
      h('li', {}, term('dots-and-boxes.rules.box', 'dots-and-boxes.rules.box1')),
      h('li', { text: t('dots-and-boxes.rules.optional') })),
    h('div', { class: 'figures' },
      figure(t('dots-and-boxes.rules.figure'), { kind: 'dots-and-boxes', rows: 2, cols: 2, players: 2 },
        ['a1h', 'a1v', 'b2h', 'a2v', 'b1v', 'a2h'])),

    h('h2', { text: t('dots-and-boxes.rules.end') }),
    h('ul', {},
      h('li', {}, term('dots-and-boxes.rules.full', 'dots-and-boxes.rules.full1')),
      h('li', { text: t('dots-and-boxes.rules.leaving') }),
      h('li', { text: t('dots-and-boxes.rules.besides') })),

    h('h2', { text: t('dots-and-boxes.rules.notation') }),
    paragraph('notation1'),
    h('p', {}, h('a', { href: '/', text: t('dots-and-boxes.rules.toLobby') })));
}
