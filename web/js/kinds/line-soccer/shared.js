// What Line Soccer and Russian Paper Soccer share in the shape kinds/index.js describes: the seats, the words
// that make plain whose duty it is to kick, and their play.js (notation, the board, the game) with its styles.

import './catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';

/** The parts of a kind's object both kinds share. */
export const shared = {
  seats: {
    first: seat('line-soccer.first', { upright: 'line-soccer.attackTop', turned: 'line-soccer.attackBottom' }, 'line-soccer.chooseFirst'),
    second: seat('line-soccer.second', { upright: 'line-soccer.attackBottom', turned: 'line-soccer.attackTop' }, 'line-soccer.chooseSecond'),
  },
  // What playing and showing a game needs (board, rules, notation) is loaded only by the pages that show one
  // (kinds/index.js `loadKind`), never by the lobby.
  play: () => import('./play.js'),
  // The board's drawing: Paper Soccer's lines and ball, with the kicks (kinds/index.js loads them with the board).
  styles: [new URL('../paper-soccer/board.css', import.meta.url).href, new URL('./board.css', import.meta.url).href],
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
