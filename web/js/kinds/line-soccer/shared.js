// What Line Soccer and Russian Paper Soccer share in the shape kinds/index.js describes: notation, the board,
// the game, and the words that make plain whose duty it is to kick.

import { Board } from './board.js';
import { LineSoccerGame } from './game.js';
import { actionText, parseActions } from './rules.js';

/** The parts of a kind's object both kinds share. */
export const shared = {
  seats: {
    first: { name: 'first', role: 'attacking the top goal', choice: 'First (start, attack the top goal)' },
    second: { name: 'second', role: 'attacking the bottom goal', choice: 'Second (attack the bottom goal)' },
  },
  newGame: (ruleset) => new LineSoccerGame(ruleset),
  // A move is one step (a digit) or one kick (`p`, its direction and its segments: `p37`); a turn runs them
  // together, steps before kicks: "012p37" is four actions.
  notation: {
    actions: (text) => parseActions(text).map(actionText),
    actionCount: (text) => parseActions(text).length,
  },
  Board,
  howToMove: 'Click or tap a highlighted point to step there; when you must kick, click or tap the end of a dashed ' +
    'arrow to kick that way (the rules set its length). Keyboard: the numeric keypad, 8 = up … 7 = up-left.',
  messages: {
    over: 'The game is over by the rules — waiting for the server…',
    again: 'Your line goes on: step again.',
    othersAgain: (name) => `${name} is drawing a line.`,
    /** A kick due is announced, whoever owes it. */
    turn: (game, name) => {
      const length = game.kickDue;
      if (length === null) return undefined;
      return name === null ? `Kick! Your opponent is closed: choose a direction for a kick of ${length}.`
        : `${name} must kick (${length}).`;
    },
  },
};
