// Gallows (Hangman, «Wisielec», «Виселица») in the shape kinds/index.js describes: the third kind with hidden
// information, on Sea Battle's layer. Each viewer's game is built from the moves as it receives them (rules.js):
// the first seat sets a word the second guesses, then the other way round.

import './catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';
import { readRules, setterOf } from './rules.js';

const gallows = (language = 'pl', options = {}) => ({ kind: 'gallows', language, ...options });

/** A ruleset in a few words: `Polish`, `English, 8 misses, words by the server, ends shown`. */
function describe(ruleset) {
  const rules = readRules(ruleset);
  const words = [t(`gallows.language.${rules.language}`)];
  if (rules.misses !== 6) words.push(t('gallows.misses', { count: rules.misses }));
  if (rules.word === 'server') words.push(t('gallows.serverWords'));
  if (rules.reveal === 'ends') words.push(t('gallows.endsShown'));
  return words.join(', ');
}

const variant = (ruleset) => ({ get label() { return describe(ruleset); }, ruleset });

/** The status line's words: who sets the word or guesses it, in which round. */
function phase(game, reader, nameOf) {
  const { position } = game;
  if (position.outcome) return null;
  const round = position.roundIndex + 1;
  const setter = setterOf(position.roundIndex);
  const mover = position.toMove;
  if (position.serverDraws) return t('gallows.serverDrawing', { round });
  if (position.setting) {
    return mover === reader ? t('gallows.setYours', { round }) : t('gallows.seatSetting', { round, name: nameOf(setter) });
  }
  return mover === reader ? t('gallows.guessNow', { round }) : t('gallows.seatGuessing', { round, name: nameOf(mover) });
}

export default {
  key: 'gallows',
  hiddenInformation: true,
  get name() { return t('gallows.name'); },
  defaultRuleset: gallows('pl'),
  variants: [
    gallows('pl'), gallows('en'), gallows('ru'), gallows('pl', { word: 'server' }), gallows('pl', { misses: 10, reveal: 'ends' }),
  ].map(variant),
  describeRuleset: describe,
  seats: {
    first: seat('gallows.seat.first', 'gallows.role', 'gallows.chooseFirst'),
    second: seat('gallows.seat.second', 'gallows.role', 'gallows.chooseSecond'),
  },
  play: () => import('./play.js'),
  styles: [new URL('./board.css', import.meta.url).href],
  get howToMove() { return t('gallows.howToMove'); },
  messages: {
    get over() { return t('gallows.over'); },
    phase,
  },
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
