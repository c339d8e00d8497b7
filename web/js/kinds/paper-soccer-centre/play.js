// What a game of Paper Soccer played for points needs to be played and shown: its rules, notation and board. Loaded only by the pages
// that show a game (kinds/index.js `loadKind`), so that the lobby and the other lists never fetch them.

import { parseDigits } from '../paper-soccer/rules.js';
import { Board } from './board.js';
import { CentreGame } from './game.js';
import { stepTurnEnds } from '../paper-soccer/game.js';

export default {
  newGame: (ruleset) => new CentreGame(ruleset),
  notation: {
    actions: (text) => parseDigits(text).map(String),
    actionCount: (text) => parseDigits(text).length,
  },
  Board,
  turnEnds: stepTurnEnds,
};
