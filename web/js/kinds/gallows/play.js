// What a game of Gallows needs to be played and shown: its rules, notation and board. Loaded only by the pages
// that show a game (kinds/index.js `loadKind`), so that the lobby and the other lists never fetch them.

import { Board } from './board.js';
import { GallowsGame } from './game.js';
import { t } from '../../i18n.js';

/** A move as the move list shows it: a word set as a word and its blanks (the setter's own word beside it). */
function display(text) {
  if (text.startsWith('W:')) return `${t('gallows.notation.word')} ${text.slice(2)}`;
  return text;
}

/** A move is one action: a word, a letter or a whole-word guess. */
const actions = (text) => [text.trim()];

export default {
  newGame: (ruleset, options) => new GallowsGame(ruleset, options),
  notation: {
    separator: ' ',
    actions,
    actionCount: (text) => actions(text).length,
    display,
  },
  Board,
};
