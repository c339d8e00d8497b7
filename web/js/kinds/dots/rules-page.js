// The rules of Dots (the sports rules, shared/rules/dots.md) in short, with a drawing of a capture.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import './rules-catalog.js';
import { Board } from './board.js';
import { DotsGame } from './game.js';

/** A small empty field after `moves`, captioned `caption`. */
function figure(caption, moves) {
  const ruleset = { kind: 'dots', width: 10, height: 8, start: 'empty', first_move_zone: false };
  const game = new DotsGame(ruleset);
  moves.forEach((move) => game.play(move));
  const board = new Board(ruleset, { label: caption });
  board.draw(game);
  board.element.classList.add('diagram');
  return h('figure', { class: 'rule-figure' }, board.element, h('figcaption', { text: caption }));
}

/** The rules page's article. */
export function rulesPage() {
  const term = (name, text) => [h('strong', { text: t(name) }), ' ', t(text)];
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('dots.rules.title') }),
    h('p', { class: 'lead', text: t('dots.rules.lead') }),

    h('h2', { text: t('dots.rules.field') }),
    h('p', { text: t('dots.rules.field1') }),

    h('h2', { text: t('dots.rules.moves') }),
    h('ul', {},
      h('li', { text: t('dots.rules.place') }),
      h('li', {}, term('dots.rules.capture', 'dots.rules.capture1')),
      h('li', {}, term('dots.rules.house', 'dots.rules.house1')),
      h('li', { text: t('dots.rules.dead') }),
      h('li', { text: t('dots.rules.extra') }),
      h('li', {}, term('dots.rules.territory', 'dots.rules.territory1'))),
    h('div', { class: 'figures' }, figure(t('dots.rules.figure'), ['ed', 'ee', 'de', 'ab', 'fe', 'ac', 'ef'])),

    h('h2', { text: t('dots.rules.end') }),
    h('ul', {},
      h('li', {}, term('dots.rules.score', 'dots.rules.score1')),
      h('li', {}, term('dots.rules.stop', 'dots.rules.stop1')),
      h('li', {}, term('dots.rules.window', 'dots.rules.window1')),
      h('li', { text: t('dots.rules.full') }),
      h('li', { text: t('dots.rules.besides') })),

    h('h2', { text: t('dots.rules.notation') }),
    h('p', { text: t('dots.rules.notation1') }),
    h('p', {}, h('a', { href: '/', text: t('dots.rules.toLobby') })));
}
