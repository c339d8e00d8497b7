// Dots (Kropki) in the shape kinds/index.js describes.

import './catalog.js';
import { seat } from '../seat.js';
import { t } from '../../i18n.js';

/** A ruleset with every option the server echoes, so that variants match the server's rulesets field by field. */
const field = (width, height, options = {}) => ({
  kind: 'dots', width, height, start: 'cross', first_move_zone: true, extra_move: false, instant_win: 0,
  stop: 'computed', auto_end: false, territory: false, ...options,
});

/** The starts other than the default crosses, with the key of their words. */
const STARTS = { empty: 'dots.start.empty', cross4: 'dots.start.cross4', random: 'dots.start.random' };

/** A STOP window's length: whole minutes as minutes (`STOP window 3 min`), else seconds. */
function describeWindow(seconds) {
  return seconds % 60 === 0 ? t('dots.stopWindowMin', { count: seconds / 60 }) : t('dots.stopWindowSec', { count: seconds });
}

/** A ruleset in a few words: `39×32, four crosses, no STOP`. */
function describe(ruleset) {
  const words = [`${ruleset.width}×${ruleset.height}`];
  if (STARTS[ruleset.start]) words.push(t(STARTS[ruleset.start]));
  if (ruleset.extra_move) words.push(t('dots.extraMove'));
  if (ruleset.instant_win) words.push(t('dots.instantWin', { count: ruleset.instant_win }));
  // Territory mode has no STOP: its own word says so.
  if (ruleset.stop === 'off' && !ruleset.territory) words.push(t('dots.noStop'));
  if (ruleset.stop?.window) words.push(describeWindow(ruleset.stop.window.seconds));
  if (ruleset.territory) words.push(t('dots.territory'));
  if (ruleset.auto_end) words.push(t('dots.autoEnd'));
  return words.join(', ');
}

/** A variant named by its ruleset's words. */
const variant = (ruleset) => ({ get label() { return describe(ruleset); }, ruleset });

export default {
  key: 'dots',
  get name() { return t('dots.name'); },
  defaultRuleset: field(39, 32),
  variants: [
    { label: '39×32', ruleset: field(39, 32) },
    { label: '20×20', ruleset: field(20, 20) },
    { label: '30×30', ruleset: field(30, 30) },
    variant(field(39, 32, { start: 'empty' })),
    variant(field(39, 32, { start: 'cross4' })),
    variant(field(39, 32, { start: 'random' })),
    variant(field(20, 20, { extra_move: true })),
    variant(field(39, 32, { stop: 'off' })),
    // The seed's STOP window (rules 7.4), in the lengths players choose: 1, 3 (the rules' default) or 5 minutes.
    ...[60, 180, 300].map((seconds) => variant(field(39, 32, { stop: { window: { seconds } } }))),
    variant(field(39, 32, { stop: 'off', territory: true })),
  ],
  // A 39×32 field on a phone is either tiny or zoomed in: phones list 20×20 first, the one a player takes.
  narrowVariant: 1,
  describeRuleset: describe,
  seats: {
    first: seat('dots.blue', 'dots.moveFirst', 'dots.chooseBlue'),
    second: seat('dots.red', 'dots.moveSecond', 'dots.chooseRed'),
  },
  // What playing and showing a game needs (board, rules, notation) is loaded only by the pages that show one
  // (kinds/index.js `loadKind`), never by the lobby.
  play: () => import('./play.js'),
  // Its board's drawing, loaded with its board and its rules page (kinds/index.js).
  styles: [new URL('./board.css', import.meta.url).href],
  get howToMove() { return t('dots.howToMove'); },
  messages: {
    get over() { return t('dots.over'); },
    get again() { return t('dots.again'); },
    othersAgain: (name) => t('dots.othersAgain', { name }),
    // A STOP window, and the dot still owed after a paint (a paint uses no move).
    turn: (game, name) => {
      const { position } = game;
      if (position.stoppedBy) return name ? t('dots.othersWindow', { name }) : t('dots.window');
      if (game.midTurn && position.lastCaptures.length === 0) return name ? t('dots.othersPainted', { name }) : t('dots.painted');
      return null;
    },
  },
  // Its texts and diagrams are a kind's largest part, and only the rules page needs them.
  rulesPage: () => import('./rules-page.js').then((module) => module.rulesPage()),
  // The seed's clocks (rules §9) are Dots' own: quick pairing offers them beside Fischer.
  perMovePools: true,
  // Both players may agree to end and count (rules 8.1): the server's `agreed_end`.
  agreedEnd: true,
};
