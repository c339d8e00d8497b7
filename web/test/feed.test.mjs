// A game's feed puts a long game's snapshot back together: the `snapshot_moves` frames that come ahead of the
// `snapshot` go before its own moves, and a snapshot missing some of them is asked for again. Run with
// `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { GameFeed } from '../js/feed.js';

const GAME = '7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1b';

/** A connection that is online, records requests and lets the test deliver frames. */
class FakeConnection {
  constructor() {
    this.status = 'online';
    this.handlers = new Map();
    this.requests = [];
  }

  on(type, handler) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
    return () => {};
  }

  deliver(frame) {
    for (const handler of this.handlers.get(frame.type) ?? []) handler(frame);
  }

  request(frame) {
    this.requests.push(frame);
    return new Promise(() => {});
  }

  watch() {
    return () => {};
  }
}

const move = (ply) => ({ ply, seat: ply % 2 ? 'second' : 'first', notation: `m${ply}`, turn_ended: true });

test('moves sent ahead of a snapshot go before its own', () => {
  const connection = new FakeConnection();
  const snapshots = [];
  new GameFeed(connection, GAME, { snapshot: (game) => snapshots.push(game), event: () => {} });
  connection.deliver({ type: 'snapshot_moves', game_id: GAME, moves: [move(0), move(1)] });
  connection.deliver({ type: 'snapshot_moves', game_id: 'another', moves: [move(7)] });
  connection.deliver({ type: 'snapshot_moves', game_id: GAME, moves: [move(2)] });
  connection.deliver({ type: 'snapshot', game: { id: GAME, seq: 9, earlier_moves: 3, moves: [move(3)] } });
  assert.equal(snapshots.length, 1);
  assert.deepEqual(snapshots[0].moves.map((m) => m.ply), [0, 1, 2, 3]);
  assert.equal(snapshots[0].earlier_moves, 0);
});

test('a snapshot missing moves sent ahead of it is asked for again', () => {
  const connection = new FakeConnection();
  const snapshots = [];
  new GameFeed(connection, GAME, { snapshot: (game) => snapshots.push(game), event: () => {} });
  const subscriptions = () => connection.requests.filter((r) => r.type === 'subscribe').length;
  const before = subscriptions();
  connection.deliver({ type: 'snapshot_moves', game_id: GAME, moves: [move(0)] });
  connection.deliver({ type: 'snapshot', game: { id: GAME, seq: 9, earlier_moves: 2, moves: [move(2)] } });
  assert.equal(snapshots.length, 0);
  assert.equal(subscriptions(), before + 1);
  assert.equal(connection.requests.at(-1).after_seq, undefined, 'the whole game again, not a resume');
});
