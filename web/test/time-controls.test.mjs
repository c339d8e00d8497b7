// The client's speed classes must be the server's (server/src/ratings/speed.rs): a time control's label and the
// rating shown beside it depend on it. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { PER_MOVE_POOL_TIME_CONTROLS, POOL_TIME_CONTROLS, TIME_CONTROLS, poolTimeControls, speedOf } from '../js/time-controls.js';

const fischer = (initial, increment) => ({ type: 'fischer', initial_seconds: initial, increment_seconds: increment });

test('the server\'s boundaries: initial time + 20 increments under 3, 8 and 25 minutes', () => {
  const cases = [
    [60, 0, 'bullet'], [120, 0, 'bullet'], [179, 0, 'bullet'], [180, 0, 'blitz'], [420, 0, 'blitz'], [479, 0, 'blitz'],
    [480, 0, 'rapid'], [900, 0, 'rapid'], [1499, 0, 'rapid'], [1500, 0, 'classical'], [60, 6, 'blitz'],
  ];
  for (const [initial, increment, speed] of cases) assert.equal(speedOf(fischer(initial, increment)), speed, `${initial}+${increment}`);
});

test('the offered time controls span every speed class, and quick pairing offers the three fastest', () => {
  assert.deepEqual([...new Set(TIME_CONTROLS.map(speedOf))], ['bullet', 'blitz', 'rapid', 'classical']);
  assert.deepEqual([...new Set(POOL_TIME_CONTROLS.map(speedOf))], ['bullet', 'blitz', 'rapid']);
});

test('a per-move clock counts its reserve as the initial time and its move time as the increment', async () => {
  const { formatTimeControl, describeTimeControl } = await import('../js/format.js');
  const perMove = (move, reserve, onTimeout) => ({ type: 'per_move', move_seconds: move, reserve_seconds: reserve, on_timeout: onTimeout });
  assert.equal(speedOf(perMove(5, 0, 'random_move')), 'bullet');
  assert.equal(speedOf(perMove(10, 60, 'lose')), 'blitz');
  assert.equal(speedOf(perMove(30, 300, 'lose')), 'rapid');
  assert.equal(formatTimeControl(perMove(5, 0, 'random_move')), '5s/move random');
  assert.equal(formatTimeControl(perMove(10, 60, 'lose')), '10s/move +1m');
  assert.equal(describeTimeControl(perMove(10, 90, 'lose')), '10 s a move, 90 s reserve');
  assert.ok(TIME_CONTROLS.some((tc) => tc.type === 'per_move' && tc.on_timeout === 'random_move'), 'blitz with a random move is offered');
  assert.ok(POOL_TIME_CONTROLS.every((tc) => tc.type === 'fischer'));
});

test('quick pairing offers the per-move clocks beside Fischer for the kinds that ask for them, Dots among them', async () => {
  const { KINDS, kindOf } = await import('../js/kinds/index.js');
  const perMove = PER_MOVE_POOL_TIME_CONTROLS;
  assert.deepEqual(perMove.map((tc) => [tc.move_seconds, tc.reserve_seconds, tc.on_timeout]), [[5, 0, 'random_move'], [10, 60, 'lose']]);
  assert.deepEqual(poolTimeControls(kindOf('dots')), [...POOL_TIME_CONTROLS, ...perMove]);
  for (const kind of KINDS.values()) {
    const offered = poolTimeControls(kind);
    assert.equal(offered.some((tc) => tc.type === 'per_move'), Boolean(kind.perMovePools), kind.key);
    assert.deepEqual(offered.slice(0, POOL_TIME_CONTROLS.length), POOL_TIME_CONTROLS, `${kind.key}: Fischer first`);
  }
});
