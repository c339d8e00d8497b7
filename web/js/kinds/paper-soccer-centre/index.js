// Paper Soccer played as a match of points (the `centre` option) in the shape kinds/index.js describes.

import { parseDigits } from '../paper-soccer/rules.js';
import { Board } from './board.js';
import { CentreGame } from './game.js';
import { rulesPage } from './rules-page.js';

/** kurnik's pitch: 8 × 10 squares with goals 2 wide. */
const KURNIK = { kind: 'paper-soccer-centre', width: 8, height: 10, goal: 2 };

export default {
  key: 'paper-soccer-centre',
  name: 'Paper Soccer (points)',
  defaultRuleset: KURNIK,
  variants: [{ label: '8×10, goal 2', ruleset: KURNIK }],
  describeRuleset: (ruleset) => `${ruleset.width}×${ruleset.height}, goal ${ruleset.goal}`,
  seats: {
    first: { name: 'first', role: 'scoring in the top goal', choice: 'First (kick off, score in the top goal)' },
    second: { name: 'second', role: 'scoring in the bottom goal', choice: 'Second (score in the bottom goal)' },
  },
  newGame: (ruleset) => new CentreGame(ruleset),
  notation: {
    actions: (text) => parseDigits(text).map(String),
    actionCount: (text) => parseDigits(text).length,
  },
  Board,
  howToMove: 'Click or tap a highlighted point to move there; after a point the ball restarts on the centre. Keyboard: the numeric keypad, 8 = up … 7 = up-left.',
  messages: {
    over: 'The centre is full — waiting for the server…',
    again: 'Bounce! Your turn goes on: step again.',
    othersAgain: (name) => `${name} bounced and moves again.`,
  },
  rulesPage,
};
