// Racetrack in the shape kinds/index.js describes, for two to six seats. Its track is data the server serves by
// hash: `prepare` fetches it before a game is built.

import './catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';

/** The tracks every server ships (engine/src/kinds/racetrack/tracks/); a server may add its own. */
const SHIPPED = ['oval', 'sprint', 'chicane', 'grand-tour'];

const race = (track, players = 2, crash = 'hit-points') => ({ kind: 'racetrack', track, players, crash, max_rounds: 200 });

/** A ruleset in a few words: `oval`, `grand-tour, 6 players, crash: out`. */
function describe(ruleset) {
  const words = [ruleset.track ?? 'oval'];
  if ((ruleset.players ?? 2) > 2) words.push(t('racetrack.players', { players: ruleset.players }));
  if (ruleset.crash === 'out') words.push(t('racetrack.crashOut'));
  return words.join(', ');
}

const variant = (ruleset) => ({ get label() { return describe(ruleset); }, ruleset });

const place = (name) => seat(`racetrack.seat.${name}`, `racetrack.moves.${name}`, `racetrack.choose.${name}`);

export default {
  key: 'racetrack',
  get name() { return t('racetrack.name'); },
  defaultRuleset: race('oval'),
  variants: [
    race('oval'), race('sprint'), race('chicane'), race('grand-tour'), race('oval', 4), race('grand-tour', 6),
    race('chicane', 3, 'out'),
  ].map(variant),
  describeRuleset: describe,
  seats: { first: place('first'), second: place('second'), third: place('third'), fourth: place('fourth'), fifth: place('fifth'), sixth: place('sixth') },
  seatCount: (ruleset) => ruleset.players ?? 2,
  shippedTracks: SHIPPED,
  play: () => import('./play.js'),
  styles: [new URL('./board.css', import.meta.url).href],
  get howToMove() { return t('racetrack.howToMove'); },
  messages: {
    get over() { return t('racetrack.over'); },
  },
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
