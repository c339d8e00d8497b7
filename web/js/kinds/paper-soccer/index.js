// Paper Soccer (kurnik.pl's Piłkarzyki) in the shape kinds/index.js describes.

import { Board } from './board.js';
import { SoccerGame } from './game.js';
import { parseDigits } from './rules.js';
import { rulesPage } from './rules-page.js';

/** kurnik's pitch: 8 × 10 squares with goals 2 wide. */
const KURNIK = { kind: 'paper-soccer', width: 8, height: 10, goal: 2 };

export default {
  key: 'paper-soccer',
  name: 'Paper Soccer',
  defaultRuleset: KURNIK,
  variants: [{ label: '8×10, goal 2', ruleset: KURNIK }],
  describeRuleset: (ruleset) => `${ruleset.width}×${ruleset.height}, goal ${ruleset.goal}`,
  seats: {
    first: { name: 'first', role: 'attacking the top goal', choice: 'First (kick off, attack the top goal)' },
    second: { name: 'second', role: 'attacking the bottom goal', choice: 'Second (attack the bottom goal)' },
  },
  newGame: (ruleset) => new SoccerGame(ruleset),
  // A move is one step or a whole turn of steps, one digit each: "754" is three.
  notation: {
    actions: (text) => parseDigits(text).map(String),
    actionCount: (text) => parseDigits(text).length,
  },
  Board,
  howToMove: 'Click or tap a highlighted point to move there. Keyboard: the numeric keypad, 8 = up, 9 = up-right, 6 = right … 7 = up-left.',
  messages: {
    over: 'The ball is in — waiting for the server…',
    again: 'Bounce! Your turn goes on: step again.',
    othersAgain: (name) => `${name} bounced and moves again.`,
  },
  rulesPage,
};
