// Paper Soccer played as a match of points (the `centre` option) in the shape kinds/index.js describes.

import './catalog.js';
import '../paper-soccer/catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';

/** kurnik's pitch: 8 × 10 squares with goals 2 wide. */
const KURNIK = { kind: 'paper-soccer-centre', width: 8, height: 10, goal: 2 };

/** `8×10, goal 2`, in Paper Soccer's words. */
const describe = (ruleset) => t('paper-soccer.variant', ruleset);

export default {
  key: 'paper-soccer-centre',
  get name() { return t('paper-soccer-centre.name'); },
  defaultRuleset: KURNIK,
  variants: [{ get label() { return describe(KURNIK); }, ruleset: KURNIK }],
  describeRuleset: describe,
  seats: {
    first: seat('paper-soccer.first', { upright: 'paper-soccer-centre.scoreTop', turned: 'paper-soccer-centre.scoreBottom' },
      'paper-soccer-centre.chooseFirst'),
    second: seat('paper-soccer.second', { upright: 'paper-soccer-centre.scoreBottom', turned: 'paper-soccer-centre.scoreTop' },
      'paper-soccer-centre.chooseSecond'),
  },
  // What playing and showing a game needs (board, rules, notation) is loaded only by the pages that show one
  // (kinds/index.js `loadKind`), never by the lobby.
  play: () => import('./play.js'),
  // Its board's drawing: Paper Soccer's pitch, with its points (kinds/index.js loads them with the board).
  styles: [new URL('../paper-soccer/board.css', import.meta.url).href, new URL('./board.css', import.meta.url).href],
  get howToMove() { return t('paper-soccer-centre.howToMove'); },
  messages: {
    get over() { return t('paper-soccer-centre.over'); },
    get again() { return t('paper-soccer.again'); },
    othersAgain: (name) => t('paper-soccer.othersAgain', { name }),
  },
  // Its texts and diagrams are a kind's largest part, and only the rules page needs them.
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
