// Seats as data (protocol 2): a seat's name and its index in every list of seats say the same seat, and a result's
// ranks read as wins, draws and places for any number of seats. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { SEAT_NAMES, otherSeat, seatIndex, seatName, seatsOf } from '../js/seats.js';
import { isDraw, outcomeOf, rankOf, soleWinnerIndex } from '../js/ranks.js';

test('seat names and indices map both ways, first to sixth, and nothing else is a seat', () => {
  assert.deepEqual(SEAT_NAMES.map((seat) => seatIndex(seat)), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual([0, 1, 2, 3, 4, 5].map(seatName), SEAT_NAMES);
  assert.deepEqual(seatsOf([{}, {}, {}]), ['first', 'second', 'third']);
  assert.throws(() => seatIndex('seventh'), /unknown seat/);
  assert.throws(() => seatName(6), /no seat/);
  assert.equal(otherSeat('first'), 'second');
  assert.equal(otherSeat('second'), 'first');
});

test('two-seat ranks read as protocol 1\'s winner did', () => {
  const won = { ranks: [1, 2] };
  assert.equal(soleWinnerIndex(won), 0);
  assert.equal(isDraw(won), false);
  assert.deepEqual(['first', 'second'].map((seat) => outcomeOf(won, seat)), ['win', 'loss']);
  const drawn = { ranks: [1, 1] };
  assert.equal(soleWinnerIndex(drawn), null);
  assert.deepEqual(['first', 'second'].map((seat) => outcomeOf(drawn, seat)), ['draw', 'draw']);
});

test('at a table of three, the middle rank is a place, and first place shared by some is no win and no draw', () => {
  const ranked = { ranks: [2, 1, 3] };
  assert.equal(rankOf(ranked, 'third'), 3);
  assert.equal(soleWinnerIndex(ranked), 1);
  assert.deepEqual(['first', 'second', 'third'].map((seat) => outcomeOf(ranked, seat)), ['place', 'win', 'loss']);
  const shared = { ranks: [1, 1, 3] };
  assert.equal(isDraw(shared), false);
  assert.equal(soleWinnerIndex(shared), null);
  assert.deepEqual(['first', 'second', 'third'].map((seat) => outcomeOf(shared, seat)), ['place', 'place', 'loss']);
  assert.equal(isDraw({ ranks: [1, 1, 1] }), true);
});
