// Paper Soccer (kurnik.pl's Piłkarzyki) in the shape kinds/index.js describes.

import './catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';

/** kurnik's pitch: 8 × 10 squares with goals 2 wide. */
const KURNIK = { kind: 'paper-soccer', width: 8, height: 10, goal: 2 };

/** `8×10, goal 2`. */
const describe = (ruleset) => t('paper-soccer.variant', ruleset);

export default {
  key: 'paper-soccer',
  get name() { return t('paper-soccer.name'); },
  defaultRuleset: KURNIK,
  variants: [{ get label() { return describe(KURNIK); }, ruleset: KURNIK }],
  describeRuleset: describe,
  seats: {
    first: seat('paper-soccer.first', { upright: 'paper-soccer.attackTop', turned: 'paper-soccer.attackBottom' }, 'paper-soccer.chooseFirst'),
    second: seat('paper-soccer.second', { upright: 'paper-soccer.attackBottom', turned: 'paper-soccer.attackTop' }, 'paper-soccer.chooseSecond'),
  },
  // What playing and showing a game needs (board, rules, notation) is loaded only by the pages that show one
  // (kinds/index.js `loadKind`), never by the lobby.
  play: () => import('./play.js'),
  // Its board's drawing, loaded with its board and its rules page (kinds/index.js).
  styles: [new URL('./board.css', import.meta.url).href],
  get howToMove() { return t('paper-soccer.howToMove'); },
  messages: {
    get over() { return t('paper-soccer.over'); },
    get again() { return t('paper-soccer.again'); },
    othersAgain: (name) => t('paper-soccer.othersAgain', { name }),
  },
  // Its texts and diagrams are a kind's largest part, and only the rules page needs them.
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
