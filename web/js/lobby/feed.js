// The live lobby (docs/protocol.md, `lobby_subscribe`): the open seeks and how busy each pool is, kept current
// by `seek_added`, `seek_removed` and `pool_status` frames, and taken afresh from the `lobby` snapshot after
// every reconnect. Panels listen for its `seeks` and `pools` events.

import { rulesetKey } from '../kinds/index.js';

/** The same key for equal pools, whatever order the server writes their fields in. */
export function poolKey({ ruleset, time_control: tc, rated }) {
  const clock = tc.type === 'per_move'
    ? [tc.type, tc.move_seconds, tc.reserve_seconds, tc.on_timeout ?? 'lose']
    : [tc.initial_seconds, tc.increment_seconds];
  return [rulesetKey(ruleset), ...clock, rated].join(':');
}

export class LobbyFeed extends EventTarget {
  constructor(connection) {
    super();
    this.connection = connection;
    /** Open seeks by id, oldest first. */
    this.seeks = new Map();
    /** Pool statuses (`{pool, waiting, expected_wait_ms}`) by pool key. */
    this.pools = new Map();
    this.removers = [
      connection.on('welcome', () => this.subscribe()),
      connection.on('lobby', ({ seeks, pools }) => {
        this.seeks = new Map(seeks.map((seek) => [seek.id, seek]));
        this.pools = new Map(pools.map((status) => [poolKey(status.pool), status]));
        this.changed('seeks');
        this.changed('pools');
      }),
      connection.on('seek_added', ({ seek }) => {
        this.seeks.set(seek.id, seek);
        this.changed('seeks');
      }),
      connection.on('seek_removed', ({ seek_id: id }) => {
        if (this.seeks.delete(id)) this.changed('seeks');
      }),
      connection.on('pool_status', (status) => {
        this.pools.set(poolKey(status.pool), status);
        this.changed('pools');
      }),
    ];
    if (connection.status === 'online') this.subscribe();
  }

  /** The status of a pool, or nobody waiting and no estimate when the server has not mentioned it. */
  pool(spec) {
    return this.pools.get(poolKey(spec)) ?? { pool: spec, waiting: 0, expected_wait_ms: null };
  }

  subscribe() {
    this.connection.request({ type: 'lobby_subscribe', chat: true }).catch(() => {});
  }

  changed(what) {
    this.dispatchEvent(new Event(what));
  }

  close() {
    this.removers.forEach((remove) => remove());
    this.connection.request({ type: 'lobby_unsubscribe' }).catch(() => {});
  }
}
