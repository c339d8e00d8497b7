// The rules of Racetrack as kartka plays them, with a drawing of a car's nine targets on a small track.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import './rules-catalog.js';
import { Board } from './board.js';
import { RacetrackGame } from './game.js';
import { Track } from './rules.js';

/** A small ring drawn for the page (not a track to race on): its line the S/F column, racing east. */
const RING = new Track({ name: 'ring', hash: 'rules-page', rows: ['#########', '#...S...#', '#.>.S...#', '#...F...#', '#..###..#', '#o......#', '#########'] });

/** The ring after `moves`, the targets of the car to move shown, captioned `caption`. */
function figure(caption, moves) {
  const game = new RacetrackGame({ kind: 'racetrack', players: 2 }, RING);
  moves.forEach((move) => game.play(move));
  const board = new Board({ kind: 'racetrack', players: 2 }, { label: caption });
  board.draw(game, { targets: true });
  board.element.classList.add('diagram');
  return h('figure', { class: 'rule-figure' }, board.element, h('figcaption', { text: caption }));
}

/** The rules page's article. */
export function rulesPage() {
  const paragraph = (name) => h('p', { text: t(`racetrack.rules.${name}`) });
  return h('article', { class: 'panel rules-page' },
    h('h1', { text: t('racetrack.rules.title') }),
    h('p', { class: 'lead', text: t('racetrack.rules.lead') }),
    h('h2', { text: t('racetrack.rules.track') }),
    paragraph('track1'),
    h('h2', { text: t('racetrack.rules.moves') }),
    h('ul', {},
      h('li', { text: t('racetrack.rules.move1') }),
      h('li', { text: t('racetrack.rules.crash1') }),
      h('li', { text: t('racetrack.rules.occupied1') })),
    h('div', { class: 'figures' }, figure(t('racetrack.rules.figure'), ['5,1', '5'])),
    h('h2', { text: t('racetrack.rules.end') }),
    paragraph('end1'),
    h('h2', { text: t('racetrack.rules.notation') }),
    paragraph('notation1'),
    h('p', {}, h('a', { href: '/', text: t('racetrack.rules.toLobby') })));
}
