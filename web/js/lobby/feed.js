// The live lobby (docs/protocol.md, `lobby_subscribe`): the open seeks and how busy each pool is, kept current
// by `seek_added`, `seek_removed` and `pool_status` frames, and taken afresh from the `lobby` snapshot after
// every reconnect. The open correspondence seeks too: stored, so read over REST after each subscription, then
// kept current by `correspondence_seek_added` and `correspondence_seek_removed`. Panels listen for its `seeks`,
// `pools` and `correspondence-seeks` events.

import { correspondenceApi } from '../correspondence/api.js';
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
    /** Open correspondence seeks by id. */
    this.correspondenceSeeks = new Map();
    /** The news that came while the open correspondence seeks were being read, to apply to what was read. */
    this.reading = null;
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
      connection.on('correspondence_seek_added', ({ seek }) => {
        this.reading?.added.set(seek.id, seek);
        this.correspondenceSeeks.set(seek.id, seek);
        this.changed('correspondence-seeks');
      }),
      connection.on('correspondence_seek_removed', ({ seek_id: id }) => {
        this.reading?.removed.add(id);
        if (this.correspondenceSeeks.delete(id)) this.changed('correspondence-seeks');
      }),
    ];
    if (connection.status === 'online') this.subscribe();
    this.unwatch = connection.watch();
  }

  /** The status of a pool, or nobody waiting and no estimate when the server has not mentioned it. */
  pool(spec) {
    return this.pools.get(poolKey(spec)) ?? { pool: spec, waiting: 0, expected_wait_ms: null };
  }

  subscribe() {
    this.connection.request({ type: 'lobby_subscribe', chat: true })
      .then(() => this.readCorrespondenceSeeks())
      .catch(() => {});
  }

  /**
   * Reads the open correspondence seeks once subscribed, so that no news is missed between the read and the
   * subscription: a seek the news removed while the read was under way stays removed, one it added is kept.
   */
  async readCorrespondenceSeeks() {
    const news = { added: new Map(), removed: new Set() };
    this.reading = news;
    try {
      const { seeks } = await correspondenceApi.seeks();
      const open = new Map(seeks.map((seek) => [seek.id, seek]));
      news.added.forEach((seek, id) => open.set(id, seek));
      news.removed.forEach((id) => open.delete(id));
      this.correspondenceSeeks = open;
      this.changed('correspondence-seeks');
    } finally {
      if (this.reading === news) this.reading = null;
    }
  }

  changed(what) {
    this.dispatchEvent(new Event(what));
  }

  close() {
    this.removers.forEach((remove) => remove());
    this.connection.request({ type: 'lobby_unsubscribe' }).catch(() => {});
    this.unwatch();
  }
}
