// Points and segments in the shape kinds/index.js describes.

import './catalog.js';
import { t } from '../../i18n.js';

const game = (points, start = 'lattice') => ({ kind: 'points-and-segments', points, start });

export default {
  key: 'points-and-segments',
  get name() { return t('points-and-segments.name'); },
  defaultRuleset: game(15),
  variants: [
    { label: '15', ruleset: game(15) },
    { label: '21', ruleset: game(21) },
    { get label() { return t('points-and-segments.convexVariant', { points: 15 }); }, ruleset: game(15, 'convex') },
  ],
  describeRuleset: (ruleset) => (ruleset.start === 'convex'
    ? t('points-and-segments.convexVariant', { points: ruleset.points ?? 15 })
    : String(ruleset.points ?? 15)),
  seats: {
    first: { name: 'A', role: () => t('points-and-segments.moveFirst'), get choice() { return t('points-and-segments.chooseA'); } },
    second: { name: 'B', role: () => t('points-and-segments.moveSecond'), get choice() { return t('points-and-segments.chooseB'); } },
  },
  // What playing and showing a game needs (board, rules, notation) is loaded only by the pages that show one
  // (kinds/index.js `loadKind`), never by the lobby.
  play: () => import('./play.js'),
  // Its board's drawing, loaded with its board and its rules page (kinds/index.js).
  styles: [new URL('./board.css', import.meta.url).href],
  get howToMove() { return t('points-and-segments.howToMove'); },
  // Every move ends the turn, so there is no message for a turn that goes on.
  messages: { get over() { return t('points-and-segments.over'); } },
  // Its texts and diagrams are a kind's largest part, and only the rules page needs them.
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
};
