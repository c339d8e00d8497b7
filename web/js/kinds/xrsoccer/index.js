// xrsoccer (rules §4a) in the shape kinds/index.js describes.

import { parseDigits } from '../paper-soccer/rules.js';
import { Board } from './board.js';
import { XrGame } from './game.js';
import { rulesPage } from './rules-page.js';

/** The seed's field: 12 × 18 cells, played to 5 points. */
const STANDARD = { kind: 'xrsoccer', width: 12, length: 18, target: 5 };

export default {
  key: 'xrsoccer',
  name: 'xrsoccer',
  defaultRuleset: STANDARD,
  variants: [
    { label: '12×18, to 5', ruleset: STANDARD },
    { label: '12×18, to 3', ruleset: { ...STANDARD, target: 3 } },
  ],
  describeRuleset: (ruleset) => `${ruleset.width}×${ruleset.length}, to ${ruleset.target}`,
  seats: {
    first: { name: 'first', role: 'scoring in the top goal', choice: 'First (score in the top goal)' },
    second: { name: 'second', role: 'scoring in the bottom goal', choice: 'Second (score in the bottom goal)' },
  },
  newGame: (ruleset) => new XrGame(ruleset),
  notation: {
    actions: (text) => parseDigits(text).map(String),
    actionCount: (text) => parseDigits(text).length,
  },
  Board,
  howToMove: 'Draw a line of three steps: click or tap a highlighted point for each. A stuck ball is carried on (the dashed arrow). Keyboard: the numeric keypad.',
  messages: {
    over: 'The match is decided — waiting for the server…',
    again: 'Your line goes on: three steps in all.',
    othersAgain: (name) => `${name} is drawing a line of three steps.`,
  },
  rulesPage,
};
