// The rematch box (js/rematch.js): what it says and offers to each player, at a table of two as always and at a
// larger one, where the offer invites every other player and starts once all accepted. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { kindOf, loadKind } from '../js/kinds/index.js';
import { endedNote, rematchView } from '../js/rematch.js';

await loadKind('dots-and-boxes');
await loadKind('paper-soccer');

const account = (name) => ({ id: name, name, guest: false });
const [alice, bob, carol, dave] = ['alice', 'bob', 'carol', 'dave'].map(account);
/** A game's players as its snapshot lists them, first seat first. */
const seated = (...accounts) => accounts.map((player) => ({ account_id: player.id, name: player.name, guest: false }));
const boxes = kindOf({ kind: 'dots-and-boxes', rows: 3, cols: 3, players: 3 });
const soccer = kindOf({ kind: 'paper-soccer', width: 8, height: 10, goal: 2 });

/** An open rematch offer by `challenger` inviting `invited`, of whom `accepted` took their seats. */
const offer = (challenger, invited, accepted = []) => ({
  id: 'r', challenger, invited, joined: [challenger, ...accepted], status: 'open', rematch_of: 'g', expires_at_ms: 1,
});

test('a game of two reads as it always did: sides swapped, the one opponent named', () => {
  const players = seated(alice, bob);
  const none = rematchView({ offer: null, note: '', me: alice.id, seat: 'first', players, kind: soccer });
  assert.equal(none.controls, 'offer');
  assert.equal(none.terms, `Same time control, sides swapped: you play ${soccer.seats.second.name}.`);
  const mine = rematchView({ offer: offer(alice, [bob]), note: '', me: alice.id, seat: 'first', players, kind: soccer });
  assert.deepEqual([mine.message, mine.answers, mine.controls], [`Rematch offered (you play ${soccer.seats.second.name}). Waiting for bob…`, '', 'cancel']);
  const theirs = rematchView({ offer: offer(alice, [bob]), note: '', me: bob.id, seat: 'second', players, kind: soccer });
  assert.deepEqual([theirs.message, theirs.controls], [`alice wants a rematch (you play ${soccer.seats.first.name}).`, 'answer']);
  assert.equal(endedNote({ ...offer(alice, [bob]), status: 'declined' }, { me: alice.id, seat: 'first', players }), 'bob declined the rematch.');
  assert.equal(endedNote({ ...offer(alice, [bob]), status: 'declined' }, { me: bob.id, seat: 'second', players, declinedByMe: true }), '');
  assert.equal(endedNote({ ...offer(alice, [bob]), status: 'cancelled' }, { me: bob.id, seat: 'second', players }), 'alice withdrew the rematch offer.');
});

test('at a table of three the seats rotate: each player takes the next seat, the last the first', () => {
  const players = seated(alice, bob, carol);
  const terms = (me, seat) => rematchView({ offer: null, note: '', me, seat, players, kind: boxes }).terms;
  assert.equal(terms(alice.id, 'first'), `Same time control, the seats move round by one: you play ${boxes.seats.second.name}.`);
  assert.equal(terms(carol.id, 'third'), `Same time control, the seats move round by one: you play ${boxes.seats.first.name}.`);
  assert.doesNotMatch(terms(bob.id, 'second'), /swapped/);
});

test('at a table of four every invited player is named with their answer, and whoever accepted waits', () => {
  const players = seated(alice, bob, carol, dave);
  const open = offer(bob, [alice, carol, dave], [dave]);
  const maker = rematchView({ offer: open, note: '', me: bob.id, seat: 'second', players, kind: boxes });
  assert.equal(maker.message, `Rematch offered to alice, carol, and dave (you play ${boxes.seats.third.name}). Waiting for alice and carol…`);
  assert.equal(maker.answers, 'alice has not answered, carol has not answered, dave accepted');
  assert.equal(maker.controls, 'cancel');
  const accepted = rematchView({ offer: open, note: '', me: dave.id, seat: 'fourth', players, kind: boxes });
  assert.equal(accepted.message, `You accepted the rematch (you play ${boxes.seats.first.name}). Waiting for alice and carol…`);
  assert.equal(accepted.controls, 'wait', 'no Accept for a player who accepted');
  const asked = rematchView({ offer: open, note: '', me: alice.id, seat: 'first', players, kind: boxes });
  assert.equal(asked.message, `bob wants a rematch with everyone (you play ${boxes.seats.second.name}).`);
  assert.equal(asked.answers, maker.answers);
  assert.equal(asked.controls, 'answer');
  // The next acceptance, pushed as `challenge_updated`, changes what everyone reads.
  const later = rematchView({ offer: offer(bob, [alice, carol, dave], [dave, alice]), note: '', me: dave.id, seat: 'fourth', players, kind: boxes });
  assert.equal(later.message, `You accepted the rematch (you play ${boxes.seats.first.name}). Waiting for carol…`);
  assert.equal(later.answers, 'alice accepted, carol has not answered, dave accepted');
});

test('at a larger table a decline is told to everyone but the one who declined; a withdrawal names its maker', () => {
  const players = seated(alice, bob, carol);
  const declined = { ...offer(alice, [bob, carol], [bob]), status: 'declined' };
  assert.equal(endedNote(declined, { me: alice.id, seat: 'first', players }), 'A player declined the rematch.');
  assert.equal(endedNote(declined, { me: bob.id, seat: 'second', players }), 'A player declined the rematch.');
  assert.equal(endedNote(declined, { me: carol.id, seat: 'third', players, declinedByMe: true }), '');
  assert.equal(endedNote({ ...declined, status: 'cancelled' }, { me: carol.id, seat: 'third', players }), 'alice withdrew the rematch offer.');
  assert.equal(endedNote({ ...declined, status: 'expired' }, { me: alice.id, seat: 'first', players }), 'The rematch offer expired.');
});
