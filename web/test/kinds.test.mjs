// Every kind in the table has every field of the shape kinds/index.js describes, and counts the actions of a
// move text the way the server counts plies. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { KINDS, actionCount, gameName, kindOf, loadKind, rulesetKey, rulesetSeats } from '../js/kinds/index.js';
import { SEAT_NAMES } from '../js/seats.js';
import { addTrack } from '../js/kinds/racetrack/tracks.js';

// The pages load a kind's rules, notation and board when they show a game (`loadKind`); these tests use them.
for (const key of KINDS.keys()) await loadKind(key);
// A race's track is data the server serves (`GET /api/tracks/{hash}`); here, the shipped default track's map.
{
  const text = readFileSync(new URL('../../engine/src/kinds/racetrack/tracks/oval.track', import.meta.url), 'utf8');
  const lines = text.split('\n');
  const rows = lines.slice(lines.indexOf('map:') + 1).map((row) => row.trimEnd()).filter((row) => row !== '');
  addTrack({ name: 'oval', version: 1, hash: 'oval', rows });
}

const FUNCTIONS = ['describeRuleset', 'play', 'newGame', 'Board', 'rulesPage'];
const STRINGS = ['key', 'name', 'howToMove'];

test('every kind has every field of the shape', () => {
  assert.ok(KINDS.size >= 2, 'Paper Soccer and Closing In at least');
  for (const [key, kind] of KINDS) {
    assert.equal(kind.key, key, 'filed under its own key');
    for (const field of STRINGS) assert.equal(typeof kind[field], 'string', `${key}.${field}`);
    for (const field of FUNCTIONS) assert.equal(typeof kind[field], 'function', `${key}.${field}`);
    assert.equal(kind.defaultRuleset.kind, key, `${key}: the default ruleset names its kind`);
    assert.ok(kind.variants.length > 0, `${key}: a variant to choose`);
    assert.equal(rulesetKey(kind.variants[0].ruleset), rulesetKey(kind.defaultRuleset), `${key}: the default comes first`);
    for (const { label, ruleset } of kind.variants) {
      assert.equal(typeof label, 'string', `${key}: a variant's label`);
      assert.equal(ruleset.kind, key, `${key}: a variant's ruleset names its kind`);
      assert.equal(typeof kind.describeRuleset(ruleset), 'string');
      // A ruleset seats two of the kind's seats at least, and never more than it names.
      const seated = rulesetSeats(ruleset).length;
      assert.ok(seated >= 2 && seated <= Object.keys(kind.seats).length, `${key}: a variant's seats`);
    }
    // Two seats at least, and a kind of more seats names them in seat order (`first`, `second`, `third`…).
    assert.deepEqual(Object.keys(kind.seats), SEAT_NAMES.slice(0, Math.max(2, Object.keys(kind.seats).length)), `${key}.seats`);
    for (const seat of Object.keys(kind.seats)) {
      for (const field of ['name', 'choice']) assert.equal(typeof kind.seats[seat][field], 'string', `${key}.seats.${seat}.${field}`);
      for (const turned of [false, true]) assert.equal(typeof kind.seats[seat].role(turned), 'string', `${key}.seats.${seat}.role`);
    }
    assert.equal(typeof kind.notation.actions, 'function', `${key}.notation.actions`);
    assert.equal(typeof kind.notation.actionCount, 'function', `${key}.notation.actionCount`);
    assert.equal(typeof kind.messages.over, 'string', `${key}.messages.over`);
    const game = kind.newGame(kind.defaultRuleset);
    for (const method of ['play', 'legalActions', 'clone']) assert.equal(typeof game[method], 'function', `${key} game.${method}`);
    assert.equal(game.toMove, 'first', `${key}: the first seat starts`);
    assert.equal(game.midTurn, false);
    assert.equal(game.outcome, null);
    // Whatever the first legal action is, its own notation counts as one action and plays.
    const [first] = game.legalActions();
    assert.equal(kind.notation.actionCount(first), 1, `${key}: one action is one action`);
    assert.deepEqual(kind.notation.actions(first), [first]);
    game.play(first);
    if (kind.messages.again === undefined) assert.equal(game.midTurn, false, `${key}: no message for a turn that goes on`);
    else assert.equal(typeof kind.messages.othersAgain, 'function', `${key}.messages.othersAgain`);
  }
});

test('every kind\'s game clones into a game of its own: playing on the copy leaves the original as it was', () => {
  // What an action changes: the actions open, or in a simultaneous phase (Sea Battle's fleets, Bulls and Cows'
  // secrets) the seats still to act, whose actions stay the same.
  const state = (game) => ({ legal: game.legalActions(), toAct: game.seatsToAct ?? [game.toMove] });
  for (const [key, kind] of KINDS) {
    const game = kind.newGame(kind.defaultRuleset);
    const before = state(game);
    const legal = before.legal;
    const copy = game.clone();
    copy.play(legal[0]);
    assert.notDeepEqual(state(copy), before, `${key}: the copy played`);
    assert.deepEqual(state(game), before, `${key}: the original did not`);
    assert.equal(game.toMove, 'first');
    const copied = state(copy);
    game.play(legal.at(-1));
    assert.deepEqual(state(copy), copied, `${key}: the copy does not follow the original`);
    assert.deepEqual(state(copy.clone()), copied, `${key}: a clone of a clone`);
  }
});

test('every kind draws with board styles from kind folders, and the shared sheet names no kind', () => {
  for (const [key, kind] of KINDS) {
    assert.ok(kind.styles.length > 0, `${key}: its board is drawn with a stylesheet of its own`);
    for (const href of kind.styles) {
      const path = fileURLToPath(href);
      assert.match(path, /\/web\/js\/kinds\/[a-z-]+\/board\.css$/, `${key}: ${href} is a kind folder's board.css`);
      assert.ok(existsSync(path), `${key}: ${path} exists`);
    }
  }
  const shared = readFileSync(new URL('../css/board.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  for (const key of KINDS.keys()) assert.doesNotMatch(shared, new RegExp(`\\.${key}\\b`), `css/board.css names no ${key}`);
  for (const [key, kind] of KINDS) {
    const own = new URL(`../js/kinds/${key}/board.css`, import.meta.url);
    if (existsSync(own)) assert.equal(kind.styles.at(-1), own.href, `${key}: its own folder's sheet, applied last`);
  }
});

test('a player sees the goal they attack at the top of their screen, their board turned or not', () => {
  for (const key of ['paper-soccer', 'paper-soccer-centre', 'xrsoccer', 'line-soccer', 'russian-soccer']) {
    const { seats } = KINDS.get(key);
    // The first seat's board is upright, the second seat's turned (game.js).
    assert.equal(seats.first.role(false), seats.second.role(true), key);
    assert.match(seats.first.role(false), /top/, key);
    assert.match(seats.second.role(false), /bottom/, `${key}: a spectator's upright board has the second seat's goal at the bottom`);
  }
});

test('actionCount counts the actions of a move text', () => {
  assert.equal(actionCount({ kind: 'closing-in', size: 6 }, 'D5B2'), 2);
  assert.equal(actionCount({ kind: 'closing-in', size: 12 }, 'A12'), 1);
  assert.equal(actionCount({ kind: 'closing-in', size: 12 }, 'A12L1C10'), 3);
  assert.equal(actionCount({ kind: 'paper-soccer', width: 8, height: 10, goal: 2 }, '754'), 3);
  assert.deepEqual(kindOf({ kind: 'closing-in' }).notation.actions('A12B3'), ['A12', 'B3']);
  assert.throws(() => actionCount({ kind: 'closing-in' }, 'D'), /not Closing In notation/);
  assert.throws(() => actionCount({ kind: 'paper-soccer' }, '758'), /not kurnik notation/);
});

test('kindOf names the kind it does not know', () => {
  assert.equal(kindOf({ kind: 'paper-soccer' }).name, 'Paper Soccer');
  assert.equal(kindOf('closing-in').name, 'Closing In');
  assert.throws(() => kindOf({ kind: 'chess' }), /unknown game kind: "chess"/);
  assert.throws(() => kindOf(undefined), /unknown game kind/);
});

test('lists name a game by kind and ruleset, whatever order the fields come in', () => {
  assert.equal(gameName({ goal: 2, height: 10, width: 8, kind: 'paper-soccer' }), 'Paper Soccer');
  assert.equal(gameName({ size: 8, kind: 'closing-in' }), 'Closing In 8×8');
  assert.equal(gameName({ kind: 'closing-in', size: 10 }), 'Closing In 10×10');
  assert.equal(gameName({ kind: 'paper-soccer', width: 6, height: 8, goal: 2 }), 'Paper Soccer 6×8, goal 2');
});

test('on a touch screen a first tap marks a target and a second plays it; a mouse or a key plays at once', async () => {
  const { TapConfirm } = await import('../js/kinds/tap-confirm.js');
  assert.equal(new TapConfirm().tap('h8', { type: 'click' }), true, 'no touch screen here: a click plays');
  globalThis.matchMedia = (query) => ({ matches: query === '(pointer: coarse)' });
  try {
    const confirm = new TapConfirm();
    assert.equal(confirm.tap('h8', { type: 'click' }), false, 'the first tap marks');
    assert.equal(confirm.tap('h9', { type: 'click' }), false, 'a tap elsewhere marks that instead');
    assert.equal(confirm.tap('h9', { type: 'click' }), true, 'the second tap on it plays');
    assert.equal(confirm.tap('h9', { type: 'click' }), false, 'and the mark is gone');
    confirm.clear();
    assert.equal(confirm.tap('a1h', { type: 'keydown' }), true, 'a key plays at once');
  } finally {
    delete globalThis.matchMedia;
  }
});
