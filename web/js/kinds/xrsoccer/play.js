// What a game of xrsoccer needs to be played and shown: its rules, notation and board. Loaded only by the pages
// that show a game (kinds/index.js `loadKind`), so that the lobby and the other lists never fetch them.

import { parseDigits } from '../paper-soccer/rules.js';
import { Board } from './board.js';
import { XrGame } from './game.js';
import { stepTurnEnds } from '../paper-soccer/game.js';

export default {
  newGame: (ruleset) => new XrGame(ruleset),
  notation: {
    actions: (text) => parseDigits(text).map(String),
    actionCount: (text) => parseDigits(text).length,
  },
  Board,
  turnEnds: stepTurnEnds,
};
