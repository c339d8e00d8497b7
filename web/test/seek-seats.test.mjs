// The seats of lobby seeks (js/lobby/seek-seats.js). Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { challengeAction, isInvited, manySeats, namesIn, rulesetSeats, seatsTaken, seekAction } from '../js/lobby/seek-seats.js';

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

test('a ruleset seats its players, two unless it says', () => {
  assert.equal(rulesetSeats({ kind: 'dots-and-boxes', rows: 3, cols: 3, players: 3 }), 3);
  assert.equal(rulesetSeats({ kind: 'paper-soccer' }), 2);
});

test('a challenge form reads each name once, in order', () => {
  assert.deepEqual(namesIn(' bob, carol  dave,bob '), ['bob', 'carol', 'dave']);
  assert.deepEqual(namesIn('  '), []);
});

const carol = { id: 'c', name: 'carol' };
const challenge = (invited, joined) => ({ id: 'x', challenger: alice, seats: 3, invited, joined });

test('an invited player answers a challenge of three, then waits for the others', () => {
  const open = challenge([bob, carol], [alice]);
  assert.equal(challengeAction(open, 'a'), 'cancel');
  assert.equal(challengeAction(open, 'b'), 'answer');
  assert.equal(challengeAction(challenge([bob, carol], [alice, bob]), 'b'), 'wait');
  assert.equal(seatsTaken(challenge([bob, carol], [alice, bob])), '2/3');
  assert.equal(isInvited(open, 'c'), true);
  assert.equal(isInvited(open, 'd'), false);
  assert.equal(isInvited({ id: 'y', challenger: alice, opponent: bob }, 'b'), true, 'an older server names the opponent');
});
