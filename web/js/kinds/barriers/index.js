// Barriers (Cram) in the shape kinds/index.js describes.

import './catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';

const board = (width, height, touch = 'cells') => ({ kind: 'barriers', width, height, touch });

/** A ruleset in a few words: `8×8`, `5×5, no touching sides`. */
function describe(ruleset) {
  const size = `${ruleset.width ?? 8}×${ruleset.height ?? 8}`;
  const touch = ruleset.touch ?? 'cells';
  return touch === 'cells' ? size : `${size}, ${t(`barriers.touch.${touch}`)}`;
}

const variant = (ruleset) => ({ get label() { return describe(ruleset); }, ruleset });

export default {
  key: 'barriers',
  get name() { return t('barriers.name'); },
  defaultRuleset: board(8, 8),
  variants: [board(8, 8), board(5, 5), board(7, 7), board(6, 6, 'sides'), board(8, 8, 'corners')].map(variant),
  describeRuleset: describe,
  seats: {
    first: seat('barriers.seat.first', 'barriers.moveFirst', 'barriers.chooseFirst'),
    second: seat('barriers.seat.second', 'barriers.moveSecond', 'barriers.chooseSecond'),
  },
  // What playing and showing a game needs (board, rules, notation) is loaded only by the pages that show one
  // (kinds/index.js `loadKind`), never by the lobby.
  play: () => import('./play.js'),
  // Its board's drawing, loaded with its board and its rules page (kinds/index.js).
  styles: [new URL('./board.css', import.meta.url).href],
  get howToMove() { return t('barriers.howToMove'); },
  // Every move ends the turn, so there is no message for a turn that goes on.
  messages: { get over() { return t('barriers.over'); } },
  // Its texts and diagrams are a kind's largest part, and only the rules page needs them.
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
