// What a game of Points and segments needs to be played and shown: its rules, notation and board. Loaded only by
// the pages that show a game (kinds/index.js `loadKind`), so that the lobby and the other lists never fetch them.

import { Board } from './board.js';
import { PointsAndSegmentsGame } from './game.js';
import { parseSegments, segmentName } from './rules.js';

export default {
  newGame: (ruleset) => new PointsAndSegmentsGame(ruleset),
  // A move is one segment ("3-11"); segments differ in length, so several in one text are separated by spaces.
  notation: {
    actions: (text) => parseSegments(text).map(segmentName),
    actionCount: (text) => parseSegments(text).length,
    separator: ' ',
  },
  Board,
};
