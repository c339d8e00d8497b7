// What a game of Sea Battle needs to be played and shown: its rules, notation and board. Loaded only by the pages
// that show a game (kinds/index.js `loadKind`), so that the lobby and the other lists never fetch them.

import { Board } from './board.js';
import { SeaBattleGame } from './game.js';
import { t } from '../../i18n.js';

/** A move's actions: a fleet (`F`, `F:A1-A4,…`) is one; shots, each with its answer, are separated by spaces. */
const actions = (text) => (text.startsWith('F') && !/^F(10|[1-9])/.test(text) ? [text] : text.split(' ').filter(Boolean));

export default {
  newGame: (ruleset, options) => new SeaBattleGame(ruleset, options),
  notation: {
    // Between the shots of one turn, as the engine writes them (its ACTION_SEPARATOR).
    separator: ' ',
    actions,
    actionCount: (text) => actions(text).length,
    // A fleet reads as a word in the move list (the board shows the reader's own); shots as they are.
    display: (text) => (text.split(' ').map((action) => (action === 'F' || action.startsWith('F:') ? t('sea-battle.notation.fleet') : action)).join(' ')),
  },
  Board,
};
