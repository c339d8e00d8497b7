// What a game of Superghost needs to be played and shown: its rules, notation and board. Loaded only by the pages
// that show a game (kinds/index.js `loadKind`).

import { Board } from './board.js';
import { SuperghostGame } from './game.js';
import { splitActions } from './rules.js';

export default {
  newGame: (ruleset) => new SuperghostGame(ruleset),
  // An action is `>a`, `<a` or `?`, with the server's verdict when it sent it (`>s!`, `?+`, `?-`).
  notation: {
    actions: splitActions,
    actionCount: (text) => splitActions(text).length,
  },
  Board,
};
