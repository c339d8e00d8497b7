// What a game of Balda needs to be played and shown: its rules, notation and board. Loaded only by the pages
// that show a game (kinds/index.js `loadKind`), so that the lobby and the other lists never fetch them.

import { Board } from './board.js';
import { BaldaGame } from './game.js';
import { moveName, parseMove } from './rules.js';

export default {
  newGame: (ruleset) => new BaldaGame(ruleset),
  // A move is one action: a word (`c4=к:b4,c4,c3,d3`) or `pass`, separated by spaces when several are written.
  notation: {
    actions: (text) => text.trim().split(/\s+/).filter(Boolean).map((token) => moveName(parseMove(token))),
    actionCount: (text) => text.trim().split(/\s+/).filter(Boolean).map(parseMove).length,
  },
  separator: ' ',
  Board,
};
