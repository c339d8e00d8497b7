// The rules of Five in a row as kartka plays them, with drawings of a won row and of renju's forbidden points.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import './rules-catalog.js';
import { Board } from './board.js';
import { FiveInARowGame } from './game.js';

const GOMOKU = { kind: 'five-in-a-row', width: 15, height: 15, endless: false, line: 5, win: 'freestyle', opening: 'none' };

/** A board of `ruleset` after `moves`, captioned `caption`. */
function figure(caption, ruleset, moves) {
  const game = new FiveInARowGame(ruleset);
  moves.forEach((move) => game.play(move));
  const board = new Board(ruleset, { label: caption });
  board.draw(game);
  board.element.classList.add('diagram');
  return h('figure', { class: 'rule-figure' }, board.element, h('figcaption', { text: caption }));
}

/** The rules page's article. */
export function rulesPage() {
  const term = (name, text) => [h('strong', { text: t(name) }), ' ', t(text)];
  const item = (name) => h('li', {}, term(`five-in-a-row.rules.${name}`, `five-in-a-row.rules.${name}1`));
  const paragraph = (name) => h('p', { text: t(`five-in-a-row.rules.${name}`) });
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('five-in-a-row.rules.title') }),
    h('p', { class: 'lead', text: t('five-in-a-row.rules.lead') }),

    h('h2', { text: t('five-in-a-row.rules.board') }),
    paragraph('board1'),
    paragraph('board2'),

    h('h2', { text: t('five-in-a-row.rules.win') }),
    h('ul', {}, item('freestyle'), item('exact'), item('caro'), item('renju')),
    paragraph('forbidden'),
    h('div', { class: 'figures' },
      figure(t('five-in-a-row.rules.figureWin'), GOMOKU, ['h8', 'a1', 'i9', 'a3', 'j10', 'o1', 'k11', 'o3', 'g7']),
      figure(t('five-in-a-row.rules.figureRenju'), { ...GOMOKU, win: 'renju' },
        ['f8', 'a1', 'g8', 'a3', 'h6', 'o1', 'h7', 'o3'])),

    h('h2', { text: t('five-in-a-row.rules.openings') }),
    paragraph('seats'),
    h('ul', {}, item('none'), item('pro'), item('swap'), item('swap2')),

    h('h2', { text: t('five-in-a-row.rules.end') }),
    h('ul', {},
      h('li', { text: t('five-in-a-row.rules.row') }),
      h('li', { text: t('five-in-a-row.rules.full') }),
      h('li', { text: t('five-in-a-row.rules.besides') })),

    h('h2', { text: t('five-in-a-row.rules.notation') }),
    paragraph('notation1'),
    h('p', {}, h('a', { href: '/', text: t('five-in-a-row.rules.toLobby') })));
}
