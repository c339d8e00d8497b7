// What a game of Barriers needs to be played and shown: its rules, notation and board. Loaded only by the pages
// that show a game (kinds/index.js `loadKind`), so that the lobby and the other lists never fetch them.

import { Board } from './board.js';
import { BarriersGame } from './game.js';
import { barName, parseBars } from './rules.js';

export default {
  newGame: (ruleset) => new BarriersGame(ruleset),
  // A move is one bar (`e2e3`), so a text holding several moves run together is one action per pair of cells.
  notation: {
    actions: (text) => parseBars(text).map(barName),
    actionCount: (text) => parseBars(text).length,
  },
  Board,
};
