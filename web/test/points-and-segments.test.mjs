// Checks web/js/kinds/points-and-segments/rules.js against the engine: the same points from the same ruleset (the
// lattice from its seed, the circle in order), the same legal segments, and a game played to its end. The
// expected numbers are the engine's perft data (engine/tests/data/perft/points-and-segments.txt). Run with
// `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Position, orientation, parseSegments, segmentName, segmentsMeet } from '../js/kinds/points-and-segments/rules.js';

const lattice = (points, seed) => new Position({ points, start: 'lattice', seed });
const convex = (points) => new Position({ points, start: 'convex' });

/** perft(depth) by playing every legal segment. */
function perft(position, depth) {
  if (depth === 0) return 1;
  return position.legalSegments().reduce((sum, segment) => {
    const after = position.clone();
    after.play(segmentName(segment));
    return sum + perft(after, depth - 1);
  }, 0);
}

test('notation: two numbers from 1, the lower first', () => {
  assert.deepEqual(parseSegments('11-3'), [[2, 10]]);
  assert.equal(segmentName([10, 2]), '3-11');
  assert.deepEqual(parseSegments('1-2 3-4'), [[0, 1], [2, 3]]);
  for (const bad of ['', '3', '0-2', '3-', '3-100', '3+4', '03-4']) assert.throws(() => parseSegments(bad), /not Points and segments notation/, bad);
});

test('the placements are the engine\'s: its perft counts come out', () => {
  assert.deepEqual([1, 2, 3, 4].map((depth) => perft(convex(6), depth)), [15, 60, 30, 0]);
  assert.deepEqual([1, 2, 3].map((depth) => perft(lattice(6, 0), depth)), [15, 68, 36]);
  assert.deepEqual([1, 2].map((depth) => perft(lattice(9, 7), depth)), [36, 536]);
  assert.equal(perft(lattice(30, 12345), 1), 435);
  const seeded = lattice(15, 0);
  assert.deepEqual(seeded.points.slice(0, 3), [{ x: 7, y: 0 }, { x: 25, y: 0 }, { x: 15, y: 2 }]);
});

test('no three points of a start on one line', () => {
  for (const position of [lattice(30, 1), lattice(12, 99), convex(30)]) {
    const { points } = position;
    for (let a = 0; a < points.length; a += 1) {
      for (let b = a + 1; b < points.length; b += 1) {
        for (let c = b + 1; c < points.length; c += 1) assert.notEqual(orientation(points[a], points[b], points[c]), 0);
      }
    }
  }
});

test('a segment may not meet an earlier one, even at an end, nor reuse a point', () => {
  const position = convex(8);
  assert.equal(position.play('1-5'), 'turn_over');
  assert.equal(position.toMove, 'second');
  for (const illegal of ['2-6', '1-3', '5-7', '2-2', '1-9']) {
    assert.throws(() => position.play(illegal), /illegal segment/, illegal);
  }
  assert.equal(position.segments.length, 1, 'refused moves change nothing');
  assert.ok(segmentsMeet({ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 4, y: 0 }, { x: 6, y: 3 }), 'a shared end meets');
});

test('the side left without a move loses', () => {
  const position = convex(6);
  assert.equal(position.play('1-4'), 'turn_over');
  assert.equal(position.play('2-3'), 'turn_over');
  assert.equal(position.play('5-6'), 'game_over');
  assert.deepEqual(position.outcome, { winner: 'first', reason: 'stuck' });
  assert.deepEqual(position.legalSegments(), []);
});
