// The lobby's challenge lists (js/lobby/challenges.js): where a `challenge_updated` puts a challenge.
// Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { placeChallenge } from '../js/lobby/challenges.js';

const alice = { id: 'a', name: 'alice' };
const bob = { id: 'b', name: 'bob' };
const carol = { id: 'c', name: 'carol' };

const challenge = (id, challenger, status, invited) => ({ id, challenger, status, invited, opponent: invited.length === 1 ? invited[0] : null });
const empty = { incoming: [], outgoing: [], declined: [] };
const ids = (lists) => Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, list.map((c) => c.id)]));

test('my own open challenge is only outgoing, never incoming', () => {
  const lists = placeChallenge(empty, challenge('x', alice, 'open', [bob, carol]), alice.id);
  assert.deepEqual(ids(lists), { incoming: [], outgoing: ['x'], declined: [] });
  // An acceptance changes it: it stays once in outgoing.
  const again = placeChallenge(lists, { ...challenge('x', alice, 'open', [bob, carol]), joined: [alice, bob] }, alice.id);
  assert.deepEqual(ids(again), { incoming: [], outgoing: ['x'], declined: [] });
});

test('my declined challenge is outgoing and declined, not incoming; an open link declined by nobody is not declined', () => {
  const lists = placeChallenge({ ...empty, outgoing: [challenge('x', alice, 'open', [bob])] }, challenge('x', alice, 'declined', [bob]), alice.id);
  assert.deepEqual(ids(lists), { incoming: [], outgoing: ['x'], declined: ['x'] });
  const link = placeChallenge(empty, challenge('y', alice, 'cancelled', []), alice.id);
  assert.deepEqual(ids(link), { incoming: [], outgoing: ['y'], declined: [] });
});

test('someone else\'s challenge is incoming, newest first, once', () => {
  const first = placeChallenge(empty, challenge('x', bob, 'open', [alice]), alice.id);
  const second = placeChallenge(first, challenge('y', carol, 'open', [alice, bob]), alice.id);
  const changed = placeChallenge(second, challenge('x', bob, 'cancelled', [alice]), alice.id);
  assert.deepEqual(ids(changed), { incoming: ['x', 'y'], outgoing: [], declined: [] });
});
