// The rules of Digital Wars as kartka plays them, with a drawing of the moves open in one string.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import './rules-catalog.js';
import { Board } from './board.js';
import { DigitalWarsGame } from './game.js';

/** The string `digits` written under the pie rule and played from by the first seat, its actions shown. */
function figure(caption, digits) {
  const ruleset = { length: digits.length, pie: true, ending: 'misere' };
  const game = new DigitalWarsGame(ruleset);
  for (const digit of digits) game.play(`=${digit}`);
  game.play('first');
  const board = new Board(ruleset, { label: caption });
  board.draw(game, { targets: true });
  board.element.classList.add('diagram');
  return h('figure', { class: 'rule-figure' }, board.element, h('figcaption', { text: caption }));
}

/** The rules page's article. */
export function rulesPage() {
  const term = (name, text) => [h('strong', { text: t(name) }), ' ', t(text)];
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('digital-wars.rules.title') }),
    h('p', { class: 'lead', text: t('digital-wars.rules.lead') }),

    h('h2', { text: t('digital-wars.rules.string') }),
    h('ul', {},
      h('li', {}, term('digital-wars.rules.drawn', 'digital-wars.rules.drawn1')),
      h('li', {}, term('digital-wars.rules.pie', 'digital-wars.rules.pie1'))),

    h('h2', { text: t('digital-wars.rules.moves') }),
    h('ul', {},
      h('li', {}, term('digital-wars.rules.lower', 'digital-wars.rules.lower1')),
      h('li', {}, term('digital-wars.rules.erase', 'digital-wars.rules.erase1'))),
    h('div', { class: 'figures' }, figure(t('digital-wars.rules.figure'), [3, 0, 2, 0, 5])),

    h('h2', { text: t('digital-wars.rules.end') }),
    h('ul', {},
      h('li', {}, term('digital-wars.rules.misere', 'digital-wars.rules.misere1')),
      h('li', {}, term('digital-wars.rules.normal', 'digital-wars.rules.normal1')),
      h('li', { text: t('digital-wars.rules.theory') }),
      h('li', { text: t('digital-wars.rules.besides') })),

    h('h2', { text: t('digital-wars.rules.notation') }),
    h('p', { text: t('digital-wars.rules.notation1') }),
    h('p', {}, h('a', { href: '/', text: t('digital-wars.rules.toLobby') })));
}
