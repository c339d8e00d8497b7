// What a game of Dots needs to be played and shown: its rules, notation and board. Loaded only by the pages
// that show a game (kinds/index.js `loadKind`), so that the lobby and the other lists never fetch them.

import { Board } from './board.js';
import { DotsGame } from './game.js';
import { actionPoint, officialName, parseActions } from './rules.js';
import { t } from '../../i18n.js';

export default {
  newGame: (ruleset) => new DotsGame(ruleset),
  // A move is a point (`qv`), a paint-later point (`qv~`), a paint (`P:qv`), STOP or DONE; several actions of
  // one turn (extra moves, a paint and a dot) are separated by spaces.
  notation: {
    // Between the actions of one turn, as the engine writes them (its ACTION_SEPARATOR).
    separator: ' ',
    actions: (text) => parseActions(text),
    actionCount: (text) => parseActions(text).length,
    // Rules §10.1: shown as `20-17` (1-based, rows from the bottom); the stored notation stays `qv`.
    display: (text, ruleset) => parseActions(text).map((token) => {
      const point = actionPoint(token);
      if (!point) return token;
      const name = officialName(point, ruleset.height);
      return token.startsWith('P:') ? t('dots.paintMove', { point: name }) : token.endsWith('~') ? `${name}~` : name;
    }).join(' '),
  },
  Board,
};
