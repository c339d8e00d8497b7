// Superghost in the shape kinds/index.js describes, for two to four seats. Its fragments are judged by the server's
// dictionary, which the browser never holds: the moves the server sends carry its verdicts (rules.js).

import './catalog.js';
import '../balda/catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';

const game = (language, players = 2) => ({ kind: 'superghost', players, language });

/** A ruleset in a few words: `English`, `Polish, 3 players` (the language names are Balda's). */
function describe(ruleset) {
  const words = [t(`balda.language.${ruleset.language ?? 'pl'}`)];
  if ((ruleset.players ?? 2) > 2) words.push(t('superghost.players', { players: ruleset.players }));
  return words.join(', ');
}

const variant = (ruleset) => ({ get label() { return describe(ruleset); }, ruleset });

const place = (name) => seat(`superghost.seat.${name}`, `superghost.moves.${name}`, `superghost.choose.${name}`);

export default {
  key: 'superghost',
  get name() { return t('superghost.name'); },
  defaultRuleset: game('pl'),
  variants: [game('pl'), game('en'), game('ru'), game('pl', 3), game('en', 3), game('ru', 4)].map(variant),
  describeRuleset: describe,
  seats: { first: place('first'), second: place('second'), third: place('third'), fourth: place('fourth') },
  seatCount: (ruleset) => ruleset.players ?? 2,
  play: () => import('./play.js'),
  styles: [new URL('./board.css', import.meta.url).href],
  get howToMove() { return t('superghost.howToMove'); },
  messages: { get over() { return t('superghost.over'); } },
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
