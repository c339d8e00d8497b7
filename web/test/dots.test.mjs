// Checks web/js/kinds/dots/rules.js against the engine's answers: the zagram corpus game (shared/corpus/dots)
// replays to its known captures, 3 for Black (Blue, first) and 60 for White; rule-document positions for a
// capture, a house and its intruder, the edge, and STOP. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { CAPTURED, HOUSE, LIVE, Position, parseActions, parsePoint, pointName } from '../js/kinds/dots/rules.js';

/** A position of `width` × `height` with an empty start and no zone, after `moves` in turn order. */
function played(width, height, moves) {
  const position = new Position({ width, height, start: 'empty', first_move_zone: false });
  for (const move of moves) position.play(move);
  return position;
}

test('points and move texts read as the engine writes them', () => {
  assert.equal(pointName({ x: 16, y: 21 }), 'qv');
  assert.equal(pointName({ x: 51, y: 26 }), 'ZA');
  assert.deepEqual(parseActions('qv  rv STOP'), ['qv', 'rv', 'STOP']);
  for (const bad of ['q', 'q1', 'qvx']) assert.throws(() => parseActions(bad), /not a point/, bad);
});

test('a ring captures the dot inside; the captured dot never counts for its owner', () => {
  const position = played(10, 10, ['ed', 'ee', 'de', 'aa', 'fe', 'ba', 'ef']);
  assert.deepEqual(position.counts, { first: 1, second: 0 });
  assert.equal(position.cell({ x: 4, y: 4 }).state, CAPTURED);
  assert.throws(() => position.play('ee'), /not a legal point/, 'a captured point is occupied');
});

test('an empty ring is a house; an intruder there is captured at once (T3)', () => {
  const position = played(5, 5, ['cb', 'aa', 'bc', 'ba', 'dc', 'ea', 'cd']);
  assert.equal(position.cell({ x: 2, y: 2 }).state, HOUSE);
  position.play('cc');
  assert.deepEqual(position.counts, { first: 1, second: 0 });
  assert.equal(position.toMove, 'first', 'the house owner moves next, no extra move');
});

test('edge dots are never captured (T2)', () => {
  const position = played(5, 3, ['aa', 'ba', 'ca', 'ea', 'bb']);
  assert.deepEqual(position.counts, { first: 0, second: 0 });
});

test('STOP counts the presser’s ungrounded dots for the opponent', () => {
  const position = played(10, 10, ['ee', 'aa']);
  position.play('STOP');
  assert.deepEqual(position.outcome, { winner: 'second', reason: 'stop', scores: [0, 1] });
});

test('the zagram corpus game replays to 3 and 60 captures', () => {
  const url = new URL('../../../shared/corpus/dots/zagram352562.sgf', import.meta.url);
  const sgf = readFileSync(url, 'utf8');
  // Its four crosses are zagram's, not the rules' cross4: the setup dots are placed directly.
  const position = new Position({ width: 39, height: 32, start: 'empty', first_move_zone: false });
  const setup = (colour) => [...sgf.matchAll(new RegExp(`A${colour}((?:\\[[a-zA-Z]{2}\\])+)`, 'g'))]
    .flatMap((match) => match[1].match(/[a-zA-Z]{2}/g));
  for (const [colour, seat] of [['B', 'first'], ['W', 'second']]) {
    const points = setup(colour);
    assert.equal(points.length, 8, `${colour}: four crosses`);
    for (const name of points) position.set(parsePoint(name), LIVE, seat);
  }
  const moves = [...sgf.matchAll(/;([BW])\[([a-zA-Z]{2})/g)];
  assert.equal(moves.length, 244, "every move node of the file");
  for (const [, colour, point] of moves) {
    assert.equal(position.toMove, colour === 'B' ? 'first' : 'second', `${colour}[${point}] in turn`);
    position.play(point);
  }
  assert.deepEqual(position.counts, { first: 3, second: 60 });
});

test('moves show in the official notation of §10.1, the stored one unchanged', async () => {
  const { kindOf, loadKind } = await import('../js/kinds/index.js');
  await loadKind('dots');
  const { notation } = kindOf('dots');
  const field = { kind: 'dots', width: 39, height: 32 };
  assert.equal(notation.display('tp', field), '20-17', '(19,15) on 39×32');
  assert.equal(notation.display('aa STOP', { ...field, height: 10 }), '1-10 STOP');
  assert.equal(notation.display('Mf', { ...field, width: 52, height: 52 }), '39-47');
});

test('a random start draws the engine\'s crosses from the ruleset\'s seed (rules 2.6)', async () => {
  const { randomCorners } = await import('../js/kinds/dots/rules.js');
  // The same corners engine/src/kinds/dots/start.rs pins for these seeds.
  assert.deepEqual(randomCorners(20, 20, 42), [{ x: 6, y: 6 }, { x: 12, y: 11 }, { x: 6, y: 10 }, { x: 10, y: 6 }]);
  assert.deepEqual(randomCorners(39, 32, 4294967295), [{ x: 8, y: 8 }, { x: 21, y: 20 }, { x: 10, y: 19 }, { x: 19, y: 15 }]);
  const position = new Position({ kind: 'dots', width: 20, height: 20, start: 'random', seed: 42 });
  assert.equal(position.cell({ x: 6, y: 6 }).state, LIVE);
  assert.equal(position.cell({ x: 6, y: 6 }).seat, 'first');
  assert.equal(position.cell({ x: 7, y: 6 }).seat, 'second');
});

const small = (options) => ({ kind: 'dots', width: 10, height: 10, start: 'empty', first_move_zone: false, extra_move: false,
  instant_win: 0, stop: 'off', auto_end: false, territory: false, ...options });

test('territory mode: a capture painted later is counted at once, stays playable, and its owner paints it (6.5)', async () => {
  const { DotsGame } = await import('../js/kinds/dots/game.js');
  const { DEFERRED, TERRITORY } = await import('../js/kinds/dots/rules.js');
  const game = new DotsGame(small({ territory: true }));
  for (const action of ['dc', 'dd', 'ec', 'aa', 'cd', 'ba', 'fd', 'ca', 'de', 'da', 'ee~']) game.play(action);
  assert.deepEqual(game.position.counts, { first: 1, second: 0 });
  assert.deepEqual(game.position.cell(parsePoint('ed')), { state: DEFERRED, seat: 'first' });
  assert.ok(game.legalActions().includes('ed'), 'a deferred point is playable');
  assert.ok(!game.legalActions().some((action) => action.startsWith('P:')), 'Red has nothing to paint');
  assert.ok(!game.legalActions().includes('STOP'), 'no STOP in territory mode');
  game.play('ea');
  assert.deepEqual(game.legalActions().filter((action) => action.startsWith('P:')), ['P:ed']);
  game.play('P:ed');
  assert.deepEqual(game.position.cell(parsePoint('ed')), { state: TERRITORY, seat: 'first' });
  assert.equal(game.midTurn, true, 'a paint uses no move');
  game.play('ia');
  assert.equal(game.toMove, 'second');
  assert.ok(!game.legalActions().includes('ed'), 'painted territory is not playable');
});

test('territory mode: an intruder in a deferred area is captured and the area stays deferred (4.8b)', async () => {
  const { DotsGame } = await import('../js/kinds/dots/game.js');
  const { DEFERRED } = await import('../js/kinds/dots/rules.js');
  const game = new DotsGame(small({ territory: true }));
  for (const action of ['dc', 'dd', 'ec', 'aa', 'cd', 'ba', 'fd', 'ca', 'de', 'da', 'ee~', 'ed']) game.play(action);
  assert.deepEqual(game.position.counts, { first: 2, second: 0 });
  assert.deepEqual(game.position.cell(parsePoint('ed')), { state: CAPTURED, seat: 'second' });
  assert.equal(game.position.deferredAreas().length, 0, 'no empty point is left in the area');
  assert.equal(game.toMove, 'first');
  assert.equal(DEFERRED, 'deferred');
});

test('a STOP window: the opponent places dots until DONE, the counts as they stand decide (7.4)', async () => {
  const { DotsGame } = await import('../js/kinds/dots/game.js');
  const game = new DotsGame(small({ stop: { window: { seconds: 10 } } }));
  for (const action of ['ed', 'ee', 'de', 'aa', 'STOP']) game.play(action);
  assert.equal(game.toMove, 'second');
  assert.equal(game.position.stoppedBy, 'first');
  assert.ok(game.legalActions().includes('DONE') && !game.legalActions().includes('STOP'));
  for (const action of ['ec', 'dd', 'fd']) {
    game.play(action);
    assert.equal(game.toMove, 'second', 'the presser waits');
  }
  assert.equal(game.outcome, null);
  game.play('DONE');
  assert.deepEqual(game.outcome, { winner: 'second', reason: 'stop', scores: [0, 1] });
});

test('the new variants and a paint read in words: a STOP window in minutes, territory without "no STOP"', async () => {
  const { kindOf, loadKind } = await import('../js/kinds/index.js');
  await loadKind('dots');
  const { describeRuleset, notation, variants } = kindOf('dots');
  const field = { kind: 'dots', width: 39, height: 32 };
  const labels = variants.map((variant) => variant.label);
  for (const minutes of [1, 3, 5]) assert.ok(labels.includes(`39×32, STOP window ${minutes} min`), labels.join(' | '));
  assert.ok(labels.includes('39×32, territory'), labels.join(' | '));
  assert.equal(describeRuleset({ ...field, stop: { window: { seconds: 90 } } }), '39×32, STOP window 90 s');
  assert.equal(notation.display('P:tp tq~', field), 'paint 20-17 20-16~');
});
