// Five in a row (gomoku, tic-tac-toe, renju) in the shape kinds/index.js describes.

import './catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';

/** A ruleset with every field the server echoes, so that variants match the server's rulesets field by field; the
 * endless board has no width and height. */
const board = ({ width = 15, height = 15, endless = false, line = 5, win = 'freestyle', opening = 'none' } = {}) => (endless
  ? { kind: 'five-in-a-row', endless, line, win, opening }
  : { kind: 'five-in-a-row', width, height, endless, line, win, opening });

/** A ruleset in a few words: `15×15, exact, swap2`, `endless, line of 6`. */
function describe(ruleset) {
  const words = [ruleset.endless ? t('five-in-a-row.endless') : `${ruleset.width}×${ruleset.height}`];
  if (ruleset.line !== 5) words.push(t('five-in-a-row.lineOf', { line: ruleset.line }));
  if (ruleset.win && ruleset.win !== 'freestyle') words.push(t(`five-in-a-row.win.${ruleset.win}`));
  if (ruleset.opening && ruleset.opening !== 'none') words.push(t(`five-in-a-row.opening.${ruleset.opening}`));
  return words.join(', ');
}

/** A variant under its own name. */
const variant = (nameKey, ruleset) => ({ get label() { return t(nameKey); }, ruleset });

export default {
  key: 'five-in-a-row',
  get name() { return t('five-in-a-row.name'); },
  defaultRuleset: board(),
  variants: [
    variant('five-in-a-row.variant.gomoku', board()),
    variant('five-in-a-row.variant.ticTacToe', board({ width: 3, height: 3, line: 3 })),
    variant('five-in-a-row.variant.renju', board({ win: 'renju' })),
    variant('five-in-a-row.variant.caro', board({ win: 'caro' })),
    variant('five-in-a-row.variant.exact', board({ win: 'exact' })),
    variant('five-in-a-row.variant.swap2', board({ opening: 'swap2' })),
    variant('five-in-a-row.variant.endless', board({ endless: true })),
  ],
  describeRuleset: describe,
  // Seats are not colours: the swap openings decide who plays Black during the game (the board says who does).
  seats: {
    first: seat('five-in-a-row.seat.first', 'five-in-a-row.moveFirst', 'five-in-a-row.chooseFirst'),
    second: seat('five-in-a-row.seat.second', 'five-in-a-row.moveSecond', 'five-in-a-row.chooseSecond'),
  },
  // What playing and showing a game needs (board, rules, notation) is loaded only by the pages that show one
  // (kinds/index.js `loadKind`), never by the lobby.
  play: () => import('./play.js'),
  // Its board's drawing, loaded with its board and its rules page (kinds/index.js).
  styles: [new URL('./board.css', import.meta.url).href],
  get howToMove() { return t('five-in-a-row.howToMove'); },
  messages: {
    get over() { return t('five-in-a-row.over'); },
    // The swap openings' turns of several stones.
    get again() { return t('five-in-a-row.again'); },
    othersAgain: (name) => t('five-in-a-row.othersAgain', { name }),
    // A colour choice due, else the colour of the stone the side to act places: seats are not colours, and in
    // the swap openings one seat places stones of both.
    turn: (game, name) => {
      const { position } = game;
      if (position.choiceDue) {
        // Swap2's second seat may also place two more stones and leave the choice to the first.
        if (name) return t('five-in-a-row.othersChoose', { name });
        return t(position.takesStone ? 'five-in-a-row.chooseOrPlace' : 'five-in-a-row.choose');
      }
      const colour = position.nextColour === 'black' ? 'Black' : 'White';
      return name ? t(`five-in-a-row.othersPlace${colour}`, { name }) : t(`five-in-a-row.place${colour}`);
    },
  },
  // Its texts and diagrams are a kind's largest part, and only the rules page needs them.
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
