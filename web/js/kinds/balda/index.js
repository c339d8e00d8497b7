// Balda in the shape kinds/index.js describes, for two to four seats. Its words are judged by the server's
// dictionary, which the browser never holds; the ruleset names the start word the server drew (`start`).

import './catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';

const grid = (size, language, players = 2) => ({ kind: 'balda', size, players, language });

/** A ruleset in a few words: `5×5, Russian`, `7×7, Polish, 3 players`. */
function describe(ruleset) {
  const size = ruleset.size ?? 5;
  const words = [`${size}×${size}`, t(`balda.language.${ruleset.language ?? 'pl'}`)];
  if ((ruleset.players ?? 2) > 2) words.push(t('balda.players', { players: ruleset.players }));
  return words.join(', ');
}

const variant = (ruleset) => ({ get label() { return describe(ruleset); }, ruleset });

const place = (name) => seat(`balda.seat.${name}`, `balda.moves.${name}`, `balda.choose.${name}`);

export default {
  key: 'balda',
  get name() { return t('balda.name'); },
  defaultRuleset: grid(5, 'pl'),
  variants: [grid(5, 'pl'), grid(5, 'ru'), grid(5, 'en'), grid(7, 'pl'), grid(7, 'ru'), grid(5, 'ru', 3), grid(6, 'pl', 4)].map(variant),
  describeRuleset: describe,
  seats: { first: place('first'), second: place('second'), third: place('third'), fourth: place('fourth') },
  seatCount: (ruleset) => ruleset.players ?? 2,
  play: () => import('./play.js'),
  styles: [new URL('./board.css', import.meta.url).href],
  get howToMove() { return t('balda.howToMove'); },
  messages: { get over() { return t('balda.over'); } },
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
