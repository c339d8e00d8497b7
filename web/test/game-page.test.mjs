// The game page's logic for any number of seats: where the player cards stand around the board, which way up the
// board is, what each card shows (its clock, whether its seat is to move, the marker of a seat that left a game
// that plays on), the move list's rounds past a seat that left, and a replay's steps across a departure.
// Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { GameModel, turnRows } from '../js/game-model.js';
import { loadKind } from '../js/kinds/index.js';
import { describePlayers } from '../js/format.js';
import { declinedText, offeredText } from '../js/offers.js';
import { cardState, cardsAroundBoard, departureText } from '../js/player-card.js';
import { boardTurned, canFlip, cardOrder, firstBottom, nextSeat } from '../js/seats.js';

await loadKind('dots-and-boxes');
await loadKind('paper-soccer');
await loadKind('dots');

const TWO = ['first', 'second'];
const FOUR = ['first', 'second', 'third', 'fourth'];
const NAMES = ['alice', 'bob', 'carol', 'dave'];
const BOXES = { kind: 'dots-and-boxes', rows: 3, cols: 3, players: 4 };

/** A four-player Dots and Boxes game, the second seat to move after the first seat's edge, its clock running since
 * 1000. */
function boxesOfFour(extra = {}) {
  const clocks = { ms: [170000, 180000, 175000, 160000], running: 'second' };
  return new GameModel({
    id: '7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a20',
    players: NAMES.map((name) => ({ account_id: name, name, guest: false })),
    ruleset: BOXES,
    time_control: { type: 'fischer', initial_seconds: 180, increment_seconds: 0 },
    speed: 'blitz',
    rated: false,
    status: 'active',
    result: null,
    moves: [{ ply: 0, seat: 'first', notation: 'a1h', turn_ended: true, at_ms: 1000, clocks }],
    ply: 1,
    to_act: 'second',
    mid_turn: false,
    clocks,
    clocks_at_ms: 1000,
    draw_offer: null,
    seq: 2,
    created_at_ms: 0,
    ...extra,
  });
}

test('a spectator of four sees every card above the board in seat order; a player sees their own below it', () => {
  assert.deepEqual(cardOrder(FOUR, firstBottom(FOUR, null)), { above: FOUR, below: null });
  assert.deepEqual(cardOrder(FOUR, firstBottom(FOUR, 'third')), { above: ['first', 'second', 'fourth'], below: 'third' });
  // The page builds the column from the cards themselves.
  const cards = Object.fromEntries(FOUR.map((seat) => [seat, { element: `card of ${seat}` }]));
  assert.deepEqual(cardsAroundBoard(cards, null, 'board'),
    ['card of first', 'card of second', 'card of third', 'card of fourth', 'board']);
  assert.deepEqual(cardsAroundBoard(cards, 'second', 'board'),
    ['card of first', 'card of third', 'card of fourth', 'board', 'card of second']);
});

test('a game of two looks as it always did: the opponent above, the board turned for the second seat, a spectator flips', () => {
  const cards = Object.fromEntries(TWO.map((seat) => [seat, { element: seat }]));
  assert.equal(firstBottom(TWO, null), 'first', 'a spectator starts from the first seat\'s end');
  assert.deepEqual(cardsAroundBoard(cards, 'first', 'board'), ['second', 'board', 'first']);
  assert.deepEqual(cardsAroundBoard(cards, 'second', 'board'), ['first', 'board', 'second']);
  assert.equal(boardTurned(TWO, 'first'), false);
  assert.equal(boardTurned(TWO, 'second'), true);
  assert.ok(canFlip(TWO));
  assert.equal(nextSeat(TWO, 'first'), 'second');
  assert.equal(nextSeat(TWO, 'second'), 'first');
});

test('a board of more seats has no seat\'s end: never turned, not flipped', () => {
  for (const seat of FOUR) assert.equal(boardTurned(FOUR, seat), false, seat);
  assert.equal(boardTurned(FOUR, null), false);
  assert.equal(canFlip(['first', 'second', 'third']), false);
  assert.equal(nextSeat(FOUR, 'fourth'), 'first');
});

test('each of four cards shows its own clock, and only the seat to move is marked', () => {
  const model = boxesOfFour();
  const states = FOUR.map((seat) => cardState(model, seat, 4000));
  assert.deepEqual(states.map((state) => state.ms), [170000, 177000, 175000, 160000], 'the running clock counts down');
  assert.deepEqual(states.map((state) => state.running), [false, true, false, false]);
  assert.deepEqual(states.map((state) => state.toMove), [false, true, false, false]);
  assert.deepEqual(states.map((state) => state.departed), [null, null, null, null]);
});

test('a seat that leaves live is marked on its card, and the turn indicator passes it by', () => {
  const model = boxesOfFour();
  model.apply({ at_ms: 5000, event: { type: 'seat_left', seat: 'second', reason: 'time', ply: 1, to_act: 'third',
    clocks: { ms: [170000, 0, 175000, 160000], running: 'third' } } });
  const states = Object.fromEntries(FOUR.map((seat) => [seat, cardState(model, seat, 5000)]));
  assert.equal(states.second.departed, 'timed out');
  assert.equal(states.second.toMove, false);
  assert.equal(states.third.toMove, true, 'the next seat in order is to move');
  assert.equal(states.third.running, true);
  // Round the table: the fourth seat, then the first, then the third again; the second is never to move.
  model.apply({ at_ms: 6000, event: { type: 'moved', ply: 1, seat: 'third', notation: 'a2h', turn_ended: true, at_ms: 6000, clocks: { ms: [170000, 0, 174000, 160000], running: 'fourth' } } });
  assert.equal(model.toAct(), 'fourth');
  model.apply({ at_ms: 7000, event: { type: 'moved', ply: 2, seat: 'fourth', notation: 'a3h', turn_ended: true, at_ms: 7000, clocks: { ms: [170000, 0, 174000, 159000], running: 'first' } } });
  assert.equal(model.toAct(), 'first');
  model.apply({ at_ms: 8000, event: { type: 'moved', ply: 3, seat: 'first', notation: 'a4h', turn_ended: true, at_ms: 8000, clocks: { ms: [169000, 0, 174000, 159000], running: 'third' } } });
  assert.equal(model.toAct(), 'third', 'the turn passes the second seat by');
  assert.deepEqual(FOUR.map((seat) => cardState(model, seat, 8000).toMove), [false, false, true, false]);
  // The move list's rounds go on past the seat that left.
  assert.deepEqual(turnRows(model.turns).map((row) => FOUR.map((seat) => row[seat]?.notation)),
    [['a1h', undefined, 'a2h', 'a3h'], ['a4h', undefined, undefined, undefined]]);
});

test('a snapshot\'s departures mark their cards, each by how the seat left', () => {
  const model = boxesOfFour({
    departed: [{ seat: 'second', ply: 1, reason: 'resignation' }, { seat: 'fourth', ply: 1, reason: 'abandonment' }],
    to_act: 'third',
    clocks: { ms: [170000, 180000, 175000, 160000], running: 'third' },
  });
  assert.deepEqual(FOUR.map((seat) => cardState(model, seat, 1000).departed), [null, 'resigned', null, 'left']);
  assert.deepEqual(FOUR.map((seat) => cardState(model, seat, 1000).toMove), [false, false, true, false]);
  assert.equal(departureText('time'), 'timed out');
});

test('a replay steps across a departure: before it the seat moves, after it the turn passes it by', () => {
  const clocks = { ms: [1, 1, 1, 1], running: null };
  const move = (ply, seat, notation) => ({ ply, seat, notation, turn_ended: true, at_ms: 1000 + ply, clocks });
  const model = boxesOfFour({
    moves: [move(0, 'first', 'a1h'), move(1, 'third', 'a2h'), move(2, 'fourth', 'a3h')],
    ply: 3,
    to_act: 'first',
    departed: [{ seat: 'second', ply: 1, reason: 'resignation' }],
  });
  assert.equal(model.gameAt(0).toMove, 'first');
  assert.equal(model.gameAt(1).toMove, 'third', 'the second seat left after the first edge');
  assert.equal(model.gameAt(3).toMove, 'first');
  assert.deepEqual(model.gameAt(3).position.drawnBy.filter(Boolean), ['first', 'third', 'fourth'],
    'each edge is its own mover\'s');
});

test('the move list\'s rounds go on when the first seat has left: a round ends where the seat order starts again', () => {
  const turn = (seat, notation) => ({ seat, notation, ended: true });
  const turns = [turn('first', 'a1h'), turn('second', 'a2h'), turn('third', 'a3h'), turn('second', 'a4h'), turn('third', 'b1v'), turn('second', 'b2v')];
  assert.deepEqual(turnRows(turns).map((row) => [row.number, row.first?.notation, row.second?.notation, row.third?.notation]),
    [[1, 'a1h', 'a2h', 'a3h'], [2, undefined, 'a4h', 'b1v'], [3, undefined, 'b2v', undefined]]);
});

test('a board\'s label names two players as a pairing and more as a list, in seat order', () => {
  const players = NAMES.map((name) => ({ name }));
  assert.equal(describePlayers(players.slice(0, 2), 'game.boardLabel', 'game.boardLabelTable'), 'alice against bob');
  assert.equal(describePlayers(players, 'game.boardLabel', 'game.boardLabelTable'), 'Game of alice, bob, carol, and dave');
});

test('an offer at a table of two is the opponent\'s; at a larger one it names who made or declined it', () => {
  const four = boxesOfFour({ draw_offer: 'third' });
  assert.equal(offeredText(four, 'draw'), 'carol offers a draw; it passes once every player accepts.');
  assert.equal(declinedText(four, 'draw', 'fourth'), 'dave declined the draw.');
  assert.equal(declinedText(four, 'agreedEnd', 'first'), 'alice wants to play on.');
  const two = new GameModel({
    id: '7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a21', players: [{ account_id: 'a', name: 'alice' }, { account_id: 'b', name: 'bob' }],
    ruleset: { kind: 'dots', width: 10, height: 10, start: 'empty' }, time_control: { type: 'fischer', initial_seconds: 180, increment_seconds: 0 },
    speed: 'blitz', rated: false, status: 'active', result: null, moves: [], ply: 0, to_act: 'first', mid_turn: false,
    clocks: { ms: [180000, 180000], running: 'first' }, clocks_at_ms: 0, draw_offer: null, agreed_end_offer: 'second', seq: 1, created_at_ms: 0,
  });
  assert.equal(offeredText(two, 'agreedEnd'), 'Your opponent offers to end the game now and count the points.');
  assert.equal(declinedText(two, 'draw', 'second'), 'Your opponent declined the draw.');
});
