// What a game of Five in a row needs to be played and shown: its rules, notation and board. Loaded only by the
// pages that show a game (kinds/index.js `loadKind`), so that the lobby and the other lists never fetch them.

import { Board } from './board.js';
import { FiveInARowGame } from './game.js';
import { parseActions } from './rules.js';

export default {
  newGame: (ruleset) => new FiveInARowGame(ruleset),
  // An action is a point (`h8`, `3,-2` on the endless board) or a colour choice (`=B`, `=W`); the actions of one
  // turn (the swap openings' stones) are separated by spaces, as `3,-2` and `4,5` run together would be ambiguous.
  notation: {
    // Between the actions of one turn, as the engine writes them (its ACTION_SEPARATOR).
    separator: ' ',
    actions: (text) => parseActions(text),
    actionCount: (text) => parseActions(text).length,
  },
  Board,
};
