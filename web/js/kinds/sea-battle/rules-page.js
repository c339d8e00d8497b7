// The rules of Sea Battle as kartka plays them, with a drawing of both grids in play.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import './rules-catalog.js';
import { Board } from './board.js';
import { SeaBattleGame } from './game.js';

const CLASSIC = { kind: 'sea-battle', fleet: 'classic' };

/** Both grids of a classic game as the first seat sees it after `moves` (`[seat, text]`), captioned `caption`. */
function figure(caption, moves) {
  const game = new SeaBattleGame(CLASSIC);
  moves.forEach(([seat, text]) => text.split(' ').forEach((action) => game.play(action, seat)));
  const board = new Board(CLASSIC, { label: caption });
  board.draw(game);
  board.element.classList.add('diagram');
  return h('figure', { class: 'rule-figure' }, board.element, h('figcaption', { text: caption }));
}

/** The rules page's article. */
export function rulesPage() {
  const term = (name, text) => [h('strong', { text: t(name) }), ' ', t(text)];
  const paragraph = (name) => h('p', { text: t(`sea-battle.rules.${name}`) });
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('sea-battle.rules.title') }),
    h('p', { class: 'lead', text: t('sea-battle.rules.lead') }),

    h('h2', { text: t('sea-battle.rules.fleet') }),
    paragraph('grid1'),
    paragraph('fleet1'),
    paragraph('touching1'),
    paragraph('options1'),

    h('h2', { text: t('sea-battle.rules.setup') }),
    paragraph('setup1'),
    paragraph('setup2'),

    h('h2', { text: t('sea-battle.rules.play') }),
    h('ul', {},
      h('li', {}, term('sea-battle.rules.shot', 'sea-battle.rules.shot1')),
      h('li', {}, term('sea-battle.rules.again', 'sea-battle.rules.again1')),
      h('li', {}, term('sea-battle.rules.refused', 'sea-battle.rules.refused1'))),
    h('div', { class: 'figures' }, figure(t('sea-battle.rules.figure'), [
      ['first', 'F:A1-A4,C1-C3,E1-E3,G1-G2,I1-I2,A6-A7,C6,E6,G6,I6'],
      ['second', 'F'],
      ['first', 'E5x E6x E7#E5-E7 B2.'],
      ['second', 'A1x J10.'],
    ])),

    h('h2', { text: t('sea-battle.rules.end') }),
    h('ul', {},
      h('li', {}, term('sea-battle.rules.sunk', 'sea-battle.rules.sunk1')),
      h('li', { text: t('sea-battle.rules.timeouts') }),
      h('li', { text: t('sea-battle.rules.besides') })),

    h('h2', { text: t('sea-battle.rules.fair') }),
    paragraph('fair1'),
    paragraph('fair2'),

    h('h2', { text: t('sea-battle.rules.notation') }),
    paragraph('notation1'),
    paragraph('notation2'),
    h('p', {}, h('a', { href: '/', text: t('sea-battle.rules.toLobby') })));
}
