// What a race needs to be played and shown: its rules, notation and board, and the track's map, fetched by hash
// before a game is built (kinds/index.js `loadKind` awaits `prepare`). Loaded only by the pages that show a game.

import { Board } from './board.js';
import { RacetrackGame } from './game.js';
import { parseMove } from './rules.js';
import { fetchTrack, trackOf } from './tracks.js';

export default {
  prepare: (ruleset) => fetchTrack(ruleset),
  newGame: (ruleset) => new RacetrackGame(ruleset, trackOf(ruleset)),
  // A move is one action: a keypad digit, or the point reached (`x,y`).
  notation: {
    actions: (text) => {
      parseMove(text);
      return [text.trim()];
    },
    actionCount: (text) => {
      parseMove(text);
      return 1;
    },
  },
  Board,
};
