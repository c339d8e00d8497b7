// Checks web/js/kinds/barriers/rules.js: bars read and write as the engine writes them, each touch rule keeps the
// cells it should free, illegal bars are refused and change nothing, the side to move with no bar loses, and the
// legal bars are listed in the engine's order (its perft data: 112 bars on the empty 8 × 8 board, 12 on 3 × 3).
// Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Position, barName, parseBars } from '../js/kinds/barriers/rules.js';
import { BarriersGame } from '../js/kinds/barriers/game.js';

/** Plays `bars` on a fresh board of `ruleset`. */
function play(bars, ruleset) {
  const position = new Position(ruleset);
  for (const bar of bars) assert.equal(position.play(bar), 'turn_over', `${bar} leaves the other side a bar`);
  return position;
}

/** perft(depth) by the browser's rules, counted as the engine's data file counts it. */
function perft(position, depth) {
  if (depth === 0) return 1;
  return position.legalBars().reduce((sum, bar) => {
    const after = position.clone();
    after.play(barName(bar));
    return sum + perft(after, depth - 1);
  }, 0);
}

test('bars read in either order of their cells and write lower-left first', () => {
  assert.deepEqual(parseBars('e3e2').map(barName), ['e2e3']);
  assert.deepEqual(parseBars('f2e2k12l12').map(barName), ['e2f2', 'k12l12']);
  for (const bad of ['', 'e2', 'e2f3', 'e2e4', 'e2e2', 'E2E3', 'e2 e3', 'e0e1']) assert.throws(() => parseBars(bad), /not Barriers notation/, bad);
});

test("legal bars agree with the engine's perft data", () => {
  assert.equal(new Position({ width: 8, height: 8 }).legalBars().length, 112);
  assert.deepEqual([1, 2, 3, 4].map((depth) => perft(new Position({ width: 3, height: 3 }), depth)), [12, 88, 336, 432]);
  assert.deepEqual([1, 2, 3].map((depth) => perft(new Position({ width: 3, height: 5, touch: 'sides' }), depth)), [22, 206, 504]);
  assert.deepEqual([1, 2, 3].map((depth) => perft(new Position({ width: 4, height: 4, touch: 'corners' }), depth)), [24, 196, 408]);
  assert.deepEqual(new Position({ width: 2, height: 2 }).legalBars().map(barName), ['a1b1', 'a1a2', 'b1b2', 'a2b2']);
});

test('each touch rule keeps its cells free', () => {
  const free = (touch) => {
    const position = play(['c3d3'], { width: 6, height: 6, touch });
    return ['c2', 'b3', 'b2', 'e4', 'a1'].filter((name) => position.isFree(parseBars(`${name}${name[0]}${Number(name.slice(1)) + 1}`)[0][0]));
  };
  assert.deepEqual(free('cells'), ['c2', 'b3', 'b2', 'e4', 'a1']);
  assert.deepEqual(free('sides'), ['b2', 'e4', 'a1']);
  assert.deepEqual(free('corners'), ['a1']);
});

test('illegal bars are refused and change nothing; the side with no bar loses', () => {
  const position = play(['a1a2'], { width: 3, height: 2 });
  const before = position.clone();
  for (const bad of ['a2b2', 'a1b1', 'c2d2', 'b1b2b2c2']) assert.throws(() => position.play(bad), Error, bad);
  assert.deepEqual(position, before);
  assert.equal(position.play('b1c1'), 'turn_over');
  assert.equal(position.play('b2c2'), 'game_over');
  assert.deepEqual(position.outcome, { winner: 'first', reason: 'stuck' });
  assert.deepEqual(position.legalBars(), []);
});

test('a game lists its bars as notation and refuses a text of two bars', () => {
  const game = new BarriersGame({ kind: 'barriers', width: 2, height: 3, touch: 'corners' });
  assert.deepEqual(game.legalActions(), ['a1b1', 'a1a2', 'b1b2', 'a2b2', 'a2a3', 'b2b3', 'a3b3']);
  assert.throws(() => game.play('a1b1a3b3'), /one move is one bar/);
  game.play('a2b2');
  assert.deepEqual(game.outcome, { winner: 'first', reason: 'stuck' });
});
