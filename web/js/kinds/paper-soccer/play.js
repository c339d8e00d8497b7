// What a game of Paper Soccer needs to be played and shown: its rules, notation and board. Loaded only by the pages
// that show a game (kinds/index.js `loadKind`), so that the lobby and the other lists never fetch them.

import { Board } from './board.js';
import { SoccerGame, stepTurnEnds } from './game.js';
import { parseDigits } from './rules.js';

export default {
  newGame: (ruleset) => new SoccerGame(ruleset),
  // A move is one step or a whole turn of steps, one digit each: "754" is three.
  notation: {
    actions: (text) => parseDigits(text).map(String),
    actionCount: (text) => parseDigits(text).length,
  },
  Board,
  turnEnds: stepTurnEnds,
};
