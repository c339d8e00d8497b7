// Closing In in the shape kinds/index.js describes.

import './catalog.js';
import { t } from '../../i18n.js';

const board = (size) => ({ kind: 'closing-in', size });

export default {
  key: 'closing-in',
  get name() { return t('closing-in.name'); },
  defaultRuleset: board(6),
  variants: [{ label: '6×6', ruleset: board(6) }, { label: '8×8', ruleset: board(8) }],
  describeRuleset: (ruleset) => `${ruleset.size}×${ruleset.size}`,
  seats: {
    first: { name: 'A', role: () => t('closing-in.moveFirst'), get choice() { return t('closing-in.chooseA'); } },
    second: { name: 'B', role: () => t('closing-in.moveSecond'), get choice() { return t('closing-in.chooseB'); } },
  },
  // What playing and showing a game needs (board, rules, notation) is loaded only by the pages that show one
  // (kinds/index.js `loadKind`), never by the lobby.
  play: () => import('./play.js'),
  // Its board's drawing, loaded with its board and its rules page (kinds/index.js).
  styles: [new URL('./board.css', import.meta.url).href],
  get howToMove() { return t('closing-in.howToMove'); },
  // Every move ends the turn, so there is no message for a turn that goes on.
  messages: { get over() { return t('closing-in.over'); } },
  // Its texts and diagrams are a kind's largest part, and only the rules page needs them.
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
