// What a game of Bulls and Cows needs to be played and shown: its rules, notation and board. Loaded only by the
// pages that show a game (kinds/index.js `loadKind`), so that the lobby and the other lists never fetch them.

import { Board } from './board.js';
import { BullsAndCowsGame } from './game.js';
import { t } from '../../i18n.js';

/** A move as the move list shows it: a secret or a guess still hidden as a word, the reader's own beside it. */
function display(text) {
  if (text === 'S' || text.startsWith('S:')) return [t('bulls-and-cows.notation.secret'), text.slice(2)].join(' ').trim();
  if (text === 'G') return t('bulls-and-cows.notation.guess');
  return text;
}

/** A move is one action: a secret (`S`, `S:0123`), a guess (`G`, `0123`), or the guess that completed a round,
 * received as the whole round (`0123=1B1C 4567=0B2C`). */
const actions = (text) => [text.trim()];

export default {
  newGame: (ruleset, options) => new BullsAndCowsGame(ruleset, options),
  notation: {
    separator: ' ',
    actions,
    actionCount: (text) => actions(text).length,
    display,
  },
  Board,
};
