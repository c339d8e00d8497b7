// One game's events over a Connection, through dropped connections and server restarts: it subscribes again
// after every reconnect from the last sequence number it has (`after_seq`), fills any gap the same way, and
// keeps the player's moves until the server has them. A move is resent after a reconnect with its original
// `ply` and `client_move_id`, so the server applies it once and answers a repeat with the original ack.

const RETRY_INTERNAL_MS = 1000;

function freshMoveId() {
  return crypto.randomUUID().slice(0, 18);
}

export class GameFeed {
  /**
   * `handlers`: `snapshot(game)`, `event(envelope)` once per event in order, `rejected(error)` when the server
   * refuses a pending move (the pending moves are dropped: the game state from the server is the truth), and
   * `changed()` whenever the pending moves change.
   */
  constructor(connection, gameId, handlers) {
    this.connection = connection;
    this.gameId = gameId;
    this.handlers = handlers;
    this.lastSeq = null;
    /** The moves sent ahead of a long game's snapshot (`snapshot_moves`), until the snapshot comes. */
    this.earlierMoves = [];
    /** Moves sent or to be sent, oldest first: `{ply, client_move_id, notation, madeAt}`. */
    this.pending = [];
    this.subscribed = false;
    /** Set once the page no longer follows the game: nothing is retried then. */
    this.closed = false;
    this.retryTimer = null;
    this.removers = [
      connection.on('welcome', () => this.subscribe()),
      connection.on('status', (status) => {
        if (status !== 'online') this.subscribed = false;
      }),
      connection.on('snapshot_moves', (frame) => frame.game_id === gameId && this.earlierMoves.push(...frame.moves)),
      connection.on('snapshot', (frame) => frame.game.id === gameId && this.onSnapshot(frame.game)),
      connection.on('events', (frame) => frame.game_id === gameId && frame.events.forEach((e) => this.onEvent(e))),
      connection.on('event', (frame) => frame.game_id === gameId && this.onEvent(frame)),
    ];
    if (connection.status === 'online') this.subscribe();
    this.unwatch = connection.watch();
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.removers.forEach((remove) => remove());
    if (this.subscribed) {
      this.connection.request({ type: 'unsubscribe', game_id: this.gameId }).catch(() => {});
    }
    this.unwatch();
  }

  async subscribe() {
    this.subscribed = false;
    this.earlierMoves = [];
    const frame = { type: 'subscribe', game_id: this.gameId, chat: true, viewers: true, rematch: true };
    if (this.lastSeq !== null) frame.after_seq = this.lastSeq;
    try {
      await this.connection.request(frame);
    } catch (error) {
      // `internal`: nothing changed (the game may be moving between servers): subscribe again in a moment.
      if (error.code === 'internal') {
        if (!this.closed) this.retryTimer = setTimeout(() => this.subscribe(), RETRY_INTERNAL_MS);
      } else if (error.code !== 'offline') this.handlers.failed?.(error);
      return;
    }
    this.subscribed = true;
    for (const move of this.pending) this.send(move);
  }

  onSnapshot(game) {
    const earlier = this.earlierMoves;
    this.earlierMoves = [];
    if (earlier.length !== (game.earlier_moves ?? 0)) {
      // Some moves sent ahead of the snapshot were missed: ask for the whole game again.
      this.lastSeq = null;
      this.subscribe();
      return;
    }
    this.lastSeq = game.seq;
    this.handlers.snapshot({ ...game, moves: earlier.concat(game.moves), earlier_moves: 0 });
  }

  onEvent(envelope) {
    if (this.lastSeq === null || envelope.seq <= this.lastSeq) return;
    if (envelope.seq > this.lastSeq + 1) {
      // Something was missed: ask for exactly what comes after what we have.
      this.subscribe();
      return;
    }
    this.lastSeq = envelope.seq;
    if (envelope.event.type === 'moved') this.settle(envelope.event.client_move_id);
    this.handlers.event(envelope);
  }

  /** Queues a move made at `ply` (the steps played so far) and sends it when subscribed. */
  move(ply, notation) {
    const move = { ply, client_move_id: freshMoveId(), notation, madeAt: Date.now() };
    this.pending.push(move);
    this.handlers.changed?.();
    if (this.subscribed) this.send(move);
  }

  async send(move) {
    const frame = { type: 'move', game_id: this.gameId, ply: move.ply, client_move_id: move.client_move_id };
    try {
      await this.connection.request({ ...frame, notation: move.notation });
      this.settle(move.client_move_id);
    } catch (error) {
      if (!this.pending.includes(move)) return;
      if (error.code === 'offline') return; // resent after the reconnect
      if (error.code === 'internal') {
        setTimeout(() => this.pending.includes(move) && this.subscribed && this.send(move), RETRY_INTERNAL_MS);
        return;
      }
      this.pending = [];
      this.handlers.changed?.();
      this.handlers.rejected?.(error);
    }
  }

  settle(clientMoveId) {
    const before = this.pending.length;
    this.pending = this.pending.filter((move) => move.client_move_id !== clientMoveId);
    if (this.pending.length !== before) this.handlers.changed?.();
  }

  /** Sends a game action (`resign`, `abort`, `claim_victory`, `draw`); resolves with the ack. */
  act(type, fields = {}) {
    return this.connection.request({ type, game_id: this.gameId, ...fields });
  }
}
