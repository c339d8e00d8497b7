// What a game of Dots and Boxes needs to be played and shown: its rules, notation and board. Loaded only by the
// pages that show a game (kinds/index.js `loadKind`), so that the lobby and the other lists never fetch them.

import { Board } from './board.js';
import { DotsAndBoxesGame } from './game.js';
import { edgeName, parseEdges } from './rules.js';

export default {
  newGame: (ruleset) => new DotsAndBoxesGame(ruleset),
  // An action is an edge (`a1h`); a turn of several edges (after completed boxes) writes them with spaces.
  notation: {
    // Between the actions of one turn, as the engine writes them (its ACTION_SEPARATOR).
    separator: ' ',
    actions: (text) => parseEdges(text).map(edgeName),
    actionCount: (text) => parseEdges(text).length,
  },
  Board,
};
