// Dots (Kropki) in the shape kinds/index.js describes.

import { Board } from './board.js';
import { DotsGame } from './game.js';
import { actionPoint, officialName, parseActions } from './rules.js';
import { rulesPage } from './rules-page.js';

/** A ruleset with every option the server echoes, so that variants match the server's rulesets field by field. */
const field = (width, height, options = {}) => ({
  kind: 'dots', width, height, start: 'cross', first_move_zone: true, extra_move: false, instant_win: 0,
  stop: 'computed', auto_end: false, territory: false, ...options,
});

export default {
  key: 'dots',
  name: 'Dots',
  defaultRuleset: field(39, 32),
  variants: [
    { label: '39×32', ruleset: field(39, 32) },
    { label: '20×20', ruleset: field(20, 20) },
    { label: '30×30', ruleset: field(30, 30) },
    { label: '39×32, empty start', ruleset: field(39, 32, { start: 'empty' }) },
    { label: '39×32, four crosses', ruleset: field(39, 32, { start: 'cross4' }) },
    { label: '39×32, random crosses', ruleset: field(39, 32, { start: 'random' }) },
    { label: '20×20, extra move', ruleset: field(20, 20, { extra_move: true }) },
    { label: '39×32, no STOP', ruleset: field(39, 32, { stop: 'off' }) },
    { label: '39×32, STOP window 3 min', ruleset: field(39, 32, { stop: { window: { seconds: 180 } } }) },
    { label: '39×32, territory', ruleset: field(39, 32, { stop: 'off', territory: true }) },
  ],
  describeRuleset: (ruleset) => {
    const words = [`${ruleset.width}×${ruleset.height}`];
    if (ruleset.start && ruleset.start !== 'cross') words.push(`${ruleset.start} start`);
    if (ruleset.extra_move) words.push('extra move');
    if (ruleset.instant_win) words.push(`instant win ${ruleset.instant_win}`);
    if (ruleset.stop === 'off' && !ruleset.territory) words.push('no STOP');
    if (ruleset.stop?.window) words.push(`STOP window ${ruleset.stop.window.seconds} s`);
    if (ruleset.territory) words.push('territory');
    if (ruleset.auto_end) words.push('auto end');
    return words.join(', ');
  },
  seats: {
    first: { name: 'Blue', role: 'moving first', choice: 'Blue (move first)' },
    second: { name: 'Red', role: 'moving second', choice: 'Red (move second)' },
  },
  newGame: (ruleset) => new DotsGame(ruleset),
  // A move is a point (`qv`), a paint-later point (`qv~`), a paint (`P:qv`), STOP or DONE; several actions of
  // one turn (extra moves, a paint and a dot) are separated by spaces.
  notation: {
    // Between the actions of one turn, as the engine writes them (its ACTION_SEPARATOR).
    separator: ' ',
    actions: (text) => parseActions(text),
    actionCount: (text) => parseActions(text).length,
    // Rules §10.1: shown as `20-17` (1-based, rows from the bottom); the stored notation stays `qv`.
    display: (text, ruleset) => parseActions(text).map((token) => {
      const point = actionPoint(token);
      if (!point) return token;
      const name = officialName(point, ruleset.height);
      return token.startsWith('P:') ? `paint ${name}` : token.endsWith('~') ? `${name}~` : name;
    }).join(' '),
  },
  Board,
  howToMove: 'Click or tap a point to place your dot there. With “Confirm taps” on, tap once to mark the point and again to play it. ' +
    'STOP ends the game: your dots not linked to the edge count for your opponent; with a STOP window your opponent ' +
    'first places dots until DONE or the window\'s time is up. In territory mode, “Paint later” leaves your next ' +
    'captures unpainted, and “Paint” then turns one into territory without using your move.',
  messages: {
    over: 'The game is over by the rules — waiting for the server…',
    again: 'You captured: place another dot.',
    othersAgain: (name) => `${name} captured and moves again.`,
    // A STOP window, and the dot still owed after a paint (a paint uses no move).
    turn: (game, name) => {
      const { position } = game;
      if (position.stoppedBy) return name ? `STOP window: ${name} places dots.` : 'STOP window: place dots, then press DONE.';
      if (game.midTurn && position.lastCaptures.length === 0) return name ? `${name} painted and moves.` : 'Painted: place your dot.';
      return null;
    },
  },
  rulesPage,
  // The seed's clocks (rules §9) are Dots' own: quick pairing offers them beside Fischer.
  perMovePools: true,
};
