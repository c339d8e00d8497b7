// Checks web/js/kinds/digital-wars/rules.js: the drawn digits are the engine's (its pinned seed), actions read and
// list in the engine's order (its perft data), the pie rule writes then chooses, illegal actions are refused and
// change nothing, and the last eraser loses or wins by the ending. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Position, drawnDigits, parseActions } from '../js/kinds/digital-wars/rules.js';

/** perft(depth) by the browser's rules, counted as the engine's data file counts it. */
function perft(position, depth) {
  if (depth === 0) return 1;
  return position.legalActions().reduce((sum, action) => {
    const after = position.clone();
    after.play(action);
    return sum + perft(after, depth - 1);
  }, 0);
}

test('the drawn digits are the engine\'s', () => {
  assert.deepEqual(drawnDigits(1234567, 8), [7, 3, 3, 1, 1, 4, 7, 7]);
  assert.equal(new Position({ length: 20, seed: 0 }).digits.join(''), '50947030901631775224');
});

test("legal actions agree with the engine's perft data", () => {
  assert.deepEqual([1, 2, 3].map((depth) => perft(new Position({ length: 20, seed: 0 }), depth)), [79, 5777, 399224]);
  assert.deepEqual([1, 2, 3, 4].map((depth) => perft(new Position({ length: 5, seed: 7 }), depth)), [24, 506, 9300, 148373]);
  const written = new Position({ length: 6, pie: true });
  for (const action of [...parseActions('=902100'), 'second']) written.play(action);
  assert.deepEqual([1, 2, 3].map((depth) => perft(written, depth)), [15, 170, 1506]);
});

test('notation: runs of written digits split, anything else is refused', () => {
  assert.deepEqual(parseActions('=314'), ['=3', '=1', '=4']);
  assert.deepEqual(parseActions('4:7>2 12:x first'), ['4:7>2', '12:x', 'first']);
  for (const bad of ['', '0:x', '4:7', '4:7>', '=', 'third', '4:x3']) assert.throws(() => parseActions(bad), /not Digital Wars notation/, bad);
});

test('the pie rule: the first seat writes in one turn, the second chooses who moves first', () => {
  const position = new Position({ length: 5, pie: true, ending: 'normal' });
  assert.deepEqual(position.legalActions(), ['=0', '=1', '=2', '=3', '=4', '=5', '=6', '=7', '=8', '=9']);
  assert.equal(position.midTurn, false);
  for (const digit of '1020') assert.equal(position.play(`=${digit}`), 'turn_goes_on');
  assert.equal(position.midTurn, true);
  assert.equal(position.play('=0'), 'turn_over');
  assert.deepEqual([position.phase, position.toMove, position.legalActions()], ['choosing', 'second', ['first', 'second']]);
  position.play('second');
  assert.equal(position.toMove, 'second');
  assert.deepEqual(position.legalActions(), ['1:1>0', '3:2>0', '3:2>1', '2:x', '4:x', '5:x'], "the engine's order");
  const before = position.clone();
  for (const bad of ['4:1>0', '1:x', '1:1>1', '6:x', '=3', 'first']) assert.throws(() => position.play(bad), Error, bad);
  assert.deepEqual(position, before);
  assert.equal(position.play('4:x'), 'turn_over');
  assert.deepEqual(position.digits, [1, 0, 2]);
  position.play('1:1>0');
  assert.equal(position.play('1:x'), 'game_over');
  assert.deepEqual(position.outcome, { winner: 'second', reason: 'stuck' }, 'normal play: the last eraser wins');
});

test('misère: the last eraser loses', () => {
  const position = new Position({ length: 5, pie: true });
  for (const action of parseActions('=00000')) position.play(action);
  position.play('first');
  assert.equal(position.play('1:x'), 'game_over');
  assert.deepEqual(position.outcome, { winner: 'second', reason: 'stuck' });
});
