// What a game of Closing In needs to be played and shown: its rules, notation and board. Loaded only by the pages
// that show a game (kinds/index.js `loadKind`), so that the lobby and the other lists never fetch them.

import { Board } from './board.js';
import { ClosingInGame } from './game.js';
import { parseSquares, squareName } from './rules.js';

export default {
  newGame: (ruleset) => new ClosingInGame(ruleset),
  // A move is one square ("D5", "A12"), so a text holding several moves run together is one action per square.
  notation: {
    actions: (text) => parseSquares(text).map(squareName),
    actionCount: (text) => parseSquares(text).length,
  },
  Board,
};
