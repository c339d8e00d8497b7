// Bulls and Cows («Быки и коровы») in the shape kinds/index.js describes: the second kind with hidden
// information, on Sea Battle's layer. Each viewer's game is built from the moves as it receives them (rules.js):
// both seats choose secrets at once, then guess in simultaneous rounds.

import './catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';

const code = (digits = 4, options = {}) => ({ kind: 'bulls-and-cows', digits, ...options });

/** A ruleset in a few words: `4 digits`, `5 digits, no leading zero, 12 rounds`. */
function describe(ruleset) {
  const words = [t('bulls-and-cows.digits', { count: ruleset.digits ?? 4 })];
  if (ruleset.leading_zero === false) words.push(t('bulls-and-cows.noLeadingZero'));
  if ((ruleset.max_rounds ?? 10) !== 10) words.push(t('bulls-and-cows.rounds', { count: ruleset.max_rounds }));
  return words.join(', ');
}

const variant = (ruleset) => ({ get label() { return describe(ruleset); }, ruleset });

/** The status line's words in a simultaneous phase: what the reader is to do, or whom they wait for. */
function phase(game, reader, nameOf) {
  const { position } = game;
  if (position.outcome) return null;
  const acting = position.seatsToAct;
  const opponent = reader === 'first' ? 'second' : 'first';
  if (position.choosingSecrets) {
    if (!reader) return acting.length === 2 ? t('bulls-and-cows.bothChoosing') : t('bulls-and-cows.seatChoosing', { name: nameOf(acting[0]) });
    if (acting.includes(reader)) return t(acting.includes(opponent) ? 'bulls-and-cows.chooseYours' : 'bulls-and-cows.chooseYoursOpponentReady', { name: nameOf(opponent) });
    return t('bulls-and-cows.waitingForSecret', { name: nameOf(opponent) });
  }
  const round = position.rounds.length + 1;
  if (!reader) return t('bulls-and-cows.roundOn', { round });
  if (acting.includes(reader)) return t(acting.includes(opponent) ? 'bulls-and-cows.guessNow' : 'bulls-and-cows.guessNowOpponentReady', { round, name: nameOf(opponent) });
  return t('bulls-and-cows.waitingForGuess', { round, name: nameOf(opponent) });
}

export default {
  key: 'bulls-and-cows',
  hiddenInformation: true,
  get name() { return t('bulls-and-cows.name'); },
  defaultRuleset: code(4),
  variants: [code(4), code(3), code(5), code(4, { leading_zero: false })].map(variant),
  describeRuleset: describe,
  seats: {
    first: seat('bulls-and-cows.seat.first', 'bulls-and-cows.role', 'bulls-and-cows.chooseFirst'),
    second: seat('bulls-and-cows.seat.second', 'bulls-and-cows.role', 'bulls-and-cows.chooseSecond'),
  },
  play: () => import('./play.js'),
  styles: [new URL('./board.css', import.meta.url).href],
  get howToMove() { return t('bulls-and-cows.howToMove'); },
  messages: {
    get over() { return t('bulls-and-cows.over'); },
    phase,
  },
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
