// xrsoccer (rules §4a) in the shape kinds/index.js describes.

import './catalog.js';
import '../paper-soccer/catalog.js';
import '../paper-soccer-centre/catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';

/** The seed's field: 12 × 18 cells, played to 5 points. */
const STANDARD = { kind: 'xrsoccer', width: 12, length: 18, target: 5 };

/** `12×18, to 5`. */
const describe = (ruleset) => t('xrsoccer.variant', ruleset);

export default {
  key: 'xrsoccer',
  name: 'xrsoccer',
  defaultRuleset: STANDARD,
  variants: [
    { get label() { return describe(STANDARD); }, ruleset: STANDARD },
    { get label() { return describe({ ...STANDARD, target: 3 }); }, ruleset: { ...STANDARD, target: 3 } },
  ],
  describeRuleset: describe,
  seats: {
    first: seat('paper-soccer.first', { upright: 'paper-soccer-centre.scoreTop', turned: 'paper-soccer-centre.scoreBottom' },
      'xrsoccer.chooseFirst'),
    second: seat('paper-soccer.second', { upright: 'paper-soccer-centre.scoreBottom', turned: 'paper-soccer-centre.scoreTop' },
      'paper-soccer-centre.chooseSecond'),
  },
  // What playing and showing a game needs (board, rules, notation) is loaded only by the pages that show one
  // (kinds/index.js `loadKind`), never by the lobby.
  play: () => import('./play.js'),
  // Its board's drawing: Paper Soccer's lines and ball, the points of a match, its own goal points and
  // relocations (kinds/index.js loads them with the board).
  styles: ['../paper-soccer/board.css', '../paper-soccer-centre/board.css', './board.css']
    .map((sheet) => new URL(sheet, import.meta.url).href),
  get howToMove() { return t('xrsoccer.howToMove'); },
  messages: {
    get over() { return t('xrsoccer.over'); },
    get again() { return t('xrsoccer.again'); },
    othersAgain: (name) => t('xrsoccer.othersAgain', { name }),
  },
  // Its texts and diagrams are a kind's largest part, and only the rules page needs them.
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
