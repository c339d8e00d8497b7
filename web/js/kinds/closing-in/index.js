// Closing In in the shape kinds/index.js describes.

import { Board } from './board.js';
import { ClosingInGame } from './game.js';
import { rulesPage } from './rules-page.js';
import { parseSquares, squareName } from './rules.js';

const board = (size) => ({ kind: 'closing-in', size });

export default {
  key: 'closing-in',
  name: 'Closing In',
  defaultRuleset: board(6),
  variants: [{ label: '6×6', ruleset: board(6) }, { label: '8×8', ruleset: board(8) }],
  describeRuleset: (ruleset) => `${ruleset.size}×${ruleset.size}`,
  seats: {
    first: { name: 'A', role: 'moving first', choice: 'A (place and move first)' },
    second: { name: 'B', role: 'moving second', choice: 'B (place and move second)' },
  },
  newGame: (ruleset) => new ClosingInGame(ruleset),
  // A move is one square ("D5", "A12"), so a text holding several moves run together is one action per square.
  notation: {
    actions: (text) => parseSquares(text).map(squareName),
    actionCount: (text) => parseSquares(text).length,
  },
  Board,
  howToMove: 'Click or tap a highlighted square to move your marker there.',
  // Every move ends the turn, so there is no message for a turn that goes on.
  messages: { over: 'No move left — waiting for the server…' },
  rulesPage,
};
