// Dots and Boxes in the shape kinds/index.js describes, for two to four seats.

import './catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';

const field = (rows, cols, players = 2) => ({ kind: 'dots-and-boxes', rows, cols, players });

/** A ruleset in a few words: `5×5`, `5×5, 3 players`. */
function describe(ruleset) {
  const words = [`${ruleset.rows}×${ruleset.cols}`];
  if (ruleset.players > 2) words.push(t('dots-and-boxes.players', { players: ruleset.players }));
  return words.join(', ');
}

/** A variant named by its ruleset's words. */
const variant = (ruleset) => ({ get label() { return describe(ruleset); }, ruleset });

/** A seat by its place at the table: its colour on the board, and when it moves. */
const place = (name) => seat(`dots-and-boxes.seat.${name}`, `dots-and-boxes.moves.${name}`, `dots-and-boxes.choose.${name}`);

export default {
  key: 'dots-and-boxes',
  get name() { return t('dots-and-boxes.name'); },
  defaultRuleset: field(5, 5),
  variants: [field(5, 5), field(3, 3), field(4, 5), field(7, 7), field(9, 9), field(5, 5, 3), field(5, 5, 4), field(7, 7, 4)].map(variant),
  describeRuleset: describe,
  // Up to four seats, in seat order (seats.js): each has its colour on the board.
  seats: { first: place('first'), second: place('second'), third: place('third'), fourth: place('fourth') },
  // A ruleset without `players` is for two, as the server reads it.
  seatCount: (ruleset) => ruleset.players ?? 2,
  // What playing and showing a game needs (board, rules, notation) is loaded only by the pages that show one
  // (kinds/index.js `loadKind`), never by the lobby.
  play: () => import('./play.js'),
  // Its board's drawing, loaded with its board and its rules page (kinds/index.js).
  styles: [new URL('./board.css', import.meta.url).href],
  get howToMove() { return t('dots-and-boxes.howToMove'); },
  messages: {
    get over() { return t('dots-and-boxes.over'); },
    // A completed box gives its mover another edge.
    get again() { return t('dots-and-boxes.again'); },
    othersAgain: (name) => t('dots-and-boxes.othersAgain', { name }),
  },
  // Its texts and diagrams are a kind's largest part, and only the rules page needs them.
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
