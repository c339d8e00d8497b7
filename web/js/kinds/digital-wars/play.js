// What a game of Digital Wars needs to be played and shown: its rules, notation and board. Loaded only by the pages
// that show a game (kinds/index.js `loadKind`), so that the lobby and the other lists never fetch them.

import { Board } from './board.js';
import { DigitalWarsGame } from './game.js';
import { parseActions } from './rules.js';

export default {
  newGame: (ruleset) => new DigitalWarsGame(ruleset),
  // Actions are separated by spaces (the engine's ACTION_SEPARATOR); the pie rule's written string is one turn of
  // one action a digit.
  notation: {
    separator: ' ',
    actions: (text) => parseActions(text),
    actionCount: (text) => parseActions(text).length,
  },
  Board,
};
