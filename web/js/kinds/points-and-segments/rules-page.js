// The rules of Points and segments as kartka plays them, with a drawing of a chord on the convex start.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import './rules-catalog.js';
import { Board } from './board.js';
import { PointsAndSegmentsGame } from './game.js';

/** Eight points on a circle after `moves`, the points the side to move may use highlighted, captioned `caption`. */
function figure(caption, moves) {
  const ruleset = { kind: 'points-and-segments', points: 8, start: 'convex' };
  const game = new PointsAndSegmentsGame(ruleset);
  moves.forEach((move) => game.play(move));
  const board = new Board(ruleset, { label: caption });
  board.draw(game, { targets: true });
  board.element.classList.add('diagram');
  return h('figure', { class: 'rule-figure' }, board.element, h('figcaption', { text: caption }));
}

/** The rules page's article. */
export function rulesPage() {
  const term = (name, text) => [h('strong', { text: t(name) }), ' ', t(text)];
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('points-and-segments.rules.title') }),
    h('p', { class: 'lead', text: t('points-and-segments.rules.lead') }),

    h('h2', { text: t('points-and-segments.rules.points') }),
    h('p', { text: t('points-and-segments.rules.points1') }),

    h('h2', { text: t('points-and-segments.rules.moves') }),
    h('ul', {},
      h('li', { text: t('points-and-segments.rules.join') }),
      h('li', { text: t('points-and-segments.rules.meet') }),
      h('li', { text: t('points-and-segments.rules.turns') })),
    h('div', { class: 'figures' }, figure(t('points-and-segments.rules.figure'), ['1-5'])),

    h('h2', { text: t('points-and-segments.rules.end') }),
    h('ul', {},
      h('li', {}, term('points-and-segments.rules.noMove', 'points-and-segments.rules.noMove1')),
      h('li', { text: t('points-and-segments.rules.theory') }),
      h('li', { text: t('points-and-segments.rules.besides') })),

    h('h2', { text: t('points-and-segments.rules.notation') }),
    h('p', { text: t('points-and-segments.rules.notation1') }),
    h('p', {}, h('a', { href: '/', text: t('points-and-segments.rules.toLobby') })));
}
