// What Line Soccer and Russian Paper Soccer share in the shape kinds/index.js describes: notation, the board,
// the game, and the words that make plain whose duty it is to kick.

import './catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';
import { Board } from './board.js';
import { LineSoccerGame, lineTurnEnds } from './game.js';
import { actionText, parseActions } from './rules.js';

/** The parts of a kind's object both kinds share. */
export const shared = {
  seats: {
    first: seat('line-soccer.first', { upright: 'line-soccer.attackTop', turned: 'line-soccer.attackBottom' }, 'line-soccer.chooseFirst'),
    second: seat('line-soccer.second', { upright: 'line-soccer.attackBottom', turned: 'line-soccer.attackTop' }, 'line-soccer.chooseSecond'),
  },
  newGame: (ruleset) => new LineSoccerGame(ruleset),
  // A move is one step (a digit) or one kick (`p`, its direction and its segments: `p37`); a turn runs them
  // together, steps before kicks: "012p37" is four actions.
  notation: {
    actions: (text) => parseActions(text).map(actionText),
    actionCount: (text) => parseActions(text).length,
  },
  Board,
  turnEnds: lineTurnEnds,
  howToMove: t('line-soccer.howToMove'),
  messages: {
    get over() { return t('line-soccer.over'); },
    get again() { return t('line-soccer.again'); },
    othersAgain: (name) => t('line-soccer.othersAgain', { name }),
    /** A kick due is announced, whoever owes it. */
    turn: (game, name) => {
      const length = game.kickDue;
      if (length === null) return undefined;
      return name === null ? t('line-soccer.kickYours', { length }) : t('line-soccer.kickTheirs', { name, length });
    },
  },
};
