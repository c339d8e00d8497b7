// Checks web/js/kinds/closing-in/rules.js: the seed's sample game replays move by move and leaves the removed
// squares and markers the rules document lists; illegal moves are refused and change nothing; the side to move
// with no move loses. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Position, parseSquares, squareName } from '../js/kinds/closing-in/rules.js';

const square = (name) => parseSquares(name)[0];
const names = (squares) => squares.map(squareName);

/** Plays `moves` (square names, first seat first) on a fresh board of `size`. */
function play(moves, size = 6) {
  const position = new Position({ size });
  for (const move of moves) assert.equal(position.move(square(move)), 'turn_over', `${move} leaves the other side a move`);
  return position;
}

test('square names: columns from A, rows from 1 at the bottom', () => {
  assert.deepEqual(square('D5'), { x: 3, y: 4 });
  assert.deepEqual(square('A12'), { x: 0, y: 11 });
  assert.equal(squareName({ x: 11, y: 9 }), 'L10');
  assert.deepEqual(names(parseSquares('D5B2A12')), ['D5', 'B2', 'A12']);
  for (const bad of ['', 'd5', '5D', 'D', 'D0', 'D5 B2']) assert.throws(() => parseSquares(bad), /not Closing In notation/, bad);
});

test("the seed's sample game: removed squares in order and both markers", () => {
  // 1. D5 B2 2. B3 C3 3. B5 C4 4. C5 D4 5. D6 F4 6. A6 C1 7. A1 B1, then A resigned.
  const moves = ['D5', 'B2', 'B3', 'C3', 'B5', 'C4', 'C5', 'D4', 'D6', 'F4', 'A6', 'C1', 'A1', 'B1'];
  const position = play(moves);
  const removedBy = (seat) => names(position.removed.filter((removed) => removed.seat === seat));
  assert.deepEqual(removedBy('first'), ['D5', 'B3', 'B5', 'C5', 'D6', 'A6']);
  assert.deepEqual(removedBy('second'), ['B2', 'C3', 'C4', 'D4', 'F4', 'C1']);
  assert.deepEqual(names(position.removed), ['D5', 'B2', 'B3', 'C3', 'B5', 'C4', 'C5', 'D4', 'D6', 'F4', 'A6', 'C1']);
  assert.equal(squareName(position.markers.first), 'A1');
  assert.equal(squareName(position.markers.second), 'B1');
  assert.equal(position.toMove, 'first');
  assert.equal(position.outcome, null);
  // A can still move, only up the A file: B1 holds B's marker and B2 is removed.
  assert.deepEqual(names(position.legalSquares()), ['A2', 'A3', 'A4', 'A5']);
});

test('placements: anywhere for A, anywhere but on A for B', () => {
  const position = new Position({ size: 6 });
  assert.equal(position.legalSquares().length, 36);
  position.move(square('C3'));
  assert.equal(position.legalSquares().length, 35);
  assert.throws(() => position.move(square('C3')), /illegal move to C3/);
});

test('illegal moves are refused and change nothing', () => {
  // A on B3 after D5 B2 B3 C3: D5 and B2 removed, B on C3.
  const position = play(['D5', 'B2', 'B3', 'C3']);
  const refused = {
    D4: 'not along a line',
    C3: 'onto the other marker',
    D3: 'through the other marker',
    B2: 'onto a removed square',
    B1: 'over a removed square',
    E6: 'over a removed square on a diagonal',
    B3: 'staying put',
  };
  for (const [target, why] of Object.entries(refused)) {
    const before = position.clone();
    assert.throws(() => position.move(square(target)), /illegal move/, why);
    assert.deepEqual(position, before, `${target} changed nothing`);
  }
  assert.throws(() => position.move({ x: 6, y: 2 }), /illegal move/, 'off the board');
  assert.deepEqual(names(position.legalSquares()), ['D1', 'A2', 'C2', 'A3', 'A4', 'B4', 'C4', 'B5', 'B6']);
  assert.throws(() => new Position({ size: 2 }), /no 2×2 board/);
  assert.throws(() => new Position({ size: 13 }), /no 13×13 board/);
});

test('the side to move with no move loses', () => {
  const position = new Position({ size: 3 });
  for (const move of ['A1', 'C3', 'A3', 'C1', 'B2']) position.move(square(move));
  // B on C1: A1 is removed behind B1, C3 above C2, and A's marker on B2 blocks the diagonal.
  assert.deepEqual(names(position.legalSquares()), ['B1', 'C2']);
  position.move(square('C2'));
  assert.deepEqual(names(position.legalSquares()), ['B1', 'A2', 'B3']);
  position.move(square('B1'));
  assert.deepEqual(names(position.legalSquares()), ['B3']);
  position.move(square('B3'));
  assert.deepEqual(names(position.legalSquares()), ['A2']);
  // A to A2 leaves B on B3 boxed in by removed squares and A's marker.
  assert.equal(position.move(square('A2')), 'game_over');
  assert.deepEqual(position.outcome, { winner: 'first', reason: 'stuck' });
  assert.deepEqual(position.legalSquares(), []);
  assert.throws(() => position.move(square('C2')), /illegal move/);
});
