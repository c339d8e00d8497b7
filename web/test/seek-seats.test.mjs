// The seats of lobby seeks (js/lobby/seek-seats.js). Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { manySeats, seatsTaken, seekAction } from '../js/lobby/seek-seats.js';

const alice = { id: 'a', name: 'alice' };
const bob = { id: 'b', name: 'bob' };

const seek = (seats, joined) => ({ id: 's', creator: alice, seats, joined });

test('a seek shows the seats taken of its seats', () => {
  assert.equal(seatsTaken(seek(3, [alice])), '1/3');
  assert.equal(seatsTaken(seek(3, [alice, bob])), '2/3');
  assert.equal(seatsTaken(seek(4, [alice, bob])), '2/4');
});

test('only games of more than two seats count seats', () => {
  assert.equal(manySeats(seek(2, [alice])), false);
  assert.equal(manySeats(seek(3, [alice])), true);
  assert.equal(manySeats({ id: 's', creator: alice }), false, 'a seek without seats is a game of two');
});

test('the creator cancels, a seated player leaves, anyone else joins', () => {
  const halfFull = seek(3, [alice, bob]);
  assert.equal(seekAction(halfFull, 'a'), 'cancel');
  assert.equal(seekAction(halfFull, 'b'), 'leave');
  assert.equal(seekAction(halfFull, 'c'), 'join');
  assert.equal(seekAction(seek(3, [alice]), 'b'), 'join', 'after bob left his seat he may take one again');
});
