// The admin's game viewer (admin/js/game.js) for any number of seats: the players in its title and board label,
// the replay across a seat that left, and results as every player's rank. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import '../admin/js/catalog.js';
import { adjudicationText, playersLine, reviewModel } from '../admin/js/game.js';
import { result } from '../admin/js/dom.js';
import { loadKind } from '../js/kinds/index.js';

await loadKind('dots-and-boxes');

const NAMES = ['alice', 'bob', 'carol', 'dave'];
const players = NAMES.map((name) => ({ id: name, name, guest: false }));
const clocks = { ms: [1, 1, 1, 1], running: null };
const move = (ply, turn, seat, notation) => ({ ply, turn, seat, notation, turn_ended: true, received_at_ms: 1000 + ply, clocks, client_move_id: `m${ply}` });

/** A review of a finished four-player Dots and Boxes game whose second seat resigned after the first edge. */
function review() {
  return {
    game: {
      id: '7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a30', ruleset: { kind: 'dots-and-boxes', rows: 3, cols: 3, players: 4 },
      time_control: { type: 'fischer', initial_seconds: 180, increment_seconds: 0 }, speed: 'blitz', rated: false, players,
      status: 'finished', result: { reason: 'adjudication', ranks: [2, 4, 1, 3] }, ply: 3, created_at_ms: 0, import: null,
    },
    accounts: players,
    moves: [move(0, 1, 'first', 'a1h'), move(1, 2, 'third', 'a2h'), move(2, 3, 'fourth', 'a3h')],
    timeline: [
      { source: 'game', seq: 1, at_ms: 1000, event: { type: 'moved', ply: 0, seat: 'first', notation: 'a1h', turn_ended: true, at_ms: 1000, clocks } },
      { source: 'game', seq: 2, at_ms: 1500, event: { type: 'seat_left', seat: 'second', reason: 'resignation', ply: 1, to_act: 'third', clocks } },
      { source: 'chat', at_ms: 1600, message: { id: 1, channel: { kind: 'spectators' }, name: 'eve', text: 'hi', at_ms: 1600 } },
    ],
    record_formats: ['own'],
  };
}

test('the title and the board label name every player in seat order', () => {
  assert.equal(playersLine(players), 'alice – bob – carol – dave');
  assert.equal(playersLine(players.slice(0, 2)), 'alice – bob');
});

test('the replay passes the turn by a seat from the ply it left at, each edge its own mover\'s', () => {
  const model = reviewModel(review());
  assert.equal(model.gameAt(0).toMove, 'first');
  assert.equal(model.gameAt(1).toMove, 'third', 'the second seat resigned after the first edge');
  assert.deepEqual(model.gameAt(3).position.drawnBy.filter(Boolean), ['first', 'third', 'fourth']);
  assert.equal(model.gameAt(3).toMove, 'first');
  // Without its departure the same moves would be read as the second seat's turn.
  const stored = review();
  stored.timeline = stored.timeline.filter((entry) => entry.event?.type !== 'seat_left');
  assert.equal(reviewModel(stored).gameAt(1).toMove, 'second');
});

test('the result line and an adjudication at a table of four give every player\'s place', () => {
  const { game } = review();
  assert.equal(result(game), 'carol 1st place, alice 2nd place, dave 3rd place, bob 4th place (adjudication)');
  assert.equal(adjudicationText(game.result, players), 'carol 1st place, alice 2nd place, dave 3rd place, bob 4th place (adjudication)');
  assert.equal(adjudicationText({ reason: 'adjudication', ranks: [2, 1] }, players.slice(0, 2)), 'bob won');
  assert.equal(adjudicationText({ reason: 'adjudication', ranks: [1, 1, 1, 1] }, players), 'draw');
});
