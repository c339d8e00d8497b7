// What a game of Line Soccer or Russian Paper Soccer needs to be played and shown: its rules, notation and
// board. Loaded only by the pages that show a game (kinds/index.js `loadKind`), so that the lobby and the other
// lists never fetch them.

import { Board } from './board.js';
import { LineSoccerGame, lineTurnEnds } from './game.js';
import { actionText, parseActions } from './rules.js';

export default {
  newGame: (ruleset) => new LineSoccerGame(ruleset),
  // A move is one step (a digit) or one kick (`p`, its direction and its segments: `p37`); a turn runs them
  // together, steps before kicks: "012p37" is four actions.
  notation: {
    actions: (text) => parseActions(text).map(actionText),
    actionCount: (text) => parseActions(text).length,
  },
  Board,
  turnEnds: lineTurnEnds,
};
