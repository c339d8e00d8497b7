// The WebSocket to the server (docs/protocol.md): authenticates with `hello`, reconnects by itself while the page
// is open, matches answers to requests by id, and hands every other frame to its listeners. A signed-in reader is
// always connected; a signed-out one only while the page watches something (a game, the lobby: `watch()`), since
// the server closes a socket that neither says hello nor watches anything.

const PROTOCOL = 2;
/** The first reconnect comes this soon: most drops are a moment's. */
const FIRST_RETRY_MS = 250;
/** Later reconnects come every 1 to 2 s (a restarted server is back for everyone within that): the jitter keeps
 * the clients of a restarted server from returning in step. */
const RETRY_MS = 1000;
const RETRY_JITTER_MS = 1000;
/** The close code of a socket whose game moved between server nodes: resubscribe at once (docs/protocol.md). */
const RESUBSCRIBE_CLOSE_CODE = 4000;
/** The close code of every socket of an account an admin has just banned (docs/protocol.md): no reconnect. */
const BANNED_CLOSE_CODE = 4003;
/** Reconnects after that close are spread over this many milliseconds. */
const RESUBSCRIBE_SPREAD_MS = 250;
/** A socket that answers nothing for this long is treated as dead (pings go out at a third of it). */
const SILENCE_MS = 30_000;

/** A request the server refused, or one that could not be answered because the connection dropped. */
class RequestError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

export class Connection {
  /** `tokenSource()` gives the bearer token to authenticate with. */
  constructor(tokenSource) {
    this.tokenSource = tokenSource;
    this.status = 'offline';
    this.account = null;
    this.serverOffsetMs = 0;
    this.listeners = new Map();
    this.waiting = new Map();
    this.nextId = 1;
    this.attempt = 0;
    this.socket = null;
    this.stopped = true;
    /** How many things on the page watch through the connection (`watch()`). */
    this.watchers = 0;
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.needed()) this.open();
    else this.setStatus('idle');
  }

  /** Closes and stays closed until `start()` (sign-in, sign-out); no reconnect. */
  stop() {
    this.stopped = true;
    this.close();
    this.setStatus('idle');
  }

  /** Whether the page needs a socket now: a signed-in reader's always, a signed-out one's while it watches. */
  needed() {
    return Boolean(this.tokenSource()) || this.watchers > 0;
  }

  /** Something on the page watches through the connection until the returned function is called. */
  watch() {
    this.watchers += 1;
    if (!this.stopped && !this.socket && !this.retryTimer) this.open();
    let watching = true;
    return () => {
      if (!watching) return;
      watching = false;
      this.watchers -= 1;
      if (!this.stopped && !this.needed()) {
        this.close();
        this.setStatus('idle');
      }
    };
  }

  /** Closes the socket, if any, and cancels the reconnect, if one is due. */
  close() {
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    clearInterval(this.pingTimer);
    this.socket?.close(1000);
    this.socket = null;
    for (const { reject } of this.waiting.values()) reject(new RequestError('offline', 'the connection closed'));
    this.waiting.clear();
  }

  /** `handler(frame)` for every frame of `type`, plus `status` (online/connecting/offline, or idle: a signed-out
   * page that watches nothing needs no socket); returns the remover. */
  on(type, handler) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type).add(handler);
    return () => this.listeners.get(type)?.delete(handler);
  }

  emit(type, value) {
    for (const handler of [...(this.listeners.get(type) ?? [])]) handler(value);
  }

  /** The server's clock now, estimated from the offset measured at `welcome` and every `pong`. */
  serverNow() {
    return Date.now() + this.serverOffsetMs;
  }

  /**
   * Sends a frame with a fresh request id; resolves with the answer (an `ack`, or `seek_created` for a seek),
   * rejects with a RequestError on an `error` frame, or with code `offline` when the connection is down or drops
   * before the answer.
   */
  request(frame) {
    if (this.status !== 'online') return Promise.reject(new RequestError('offline', 'not connected'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ ...frame, id }));
    });
  }

  setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.emit('status', status);
  }

  open() {
    this.retryTimer = null;
    this.setStatus('connecting');
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}/ws`);
    this.socket = socket;
    socket.addEventListener('open', () => {
      const token = this.tokenSource();
      if (token) socket.send(JSON.stringify({ type: 'hello', id: 0, protocol: PROTOCOL, token }));
      else this.watchOnly();
    });
    socket.addEventListener('message', (message) => {
      if (socket === this.socket) this.receive(JSON.parse(message.data));
    });
    socket.addEventListener('close', (event) => {
      if (socket === this.socket) this.dropped(event);
    });
  }

  receive(frame) {
    this.lastHeard = Date.now();
    if (frame.type === 'welcome') {
      this.attempt = 0;
      this.account = frame.account;
      this.serverOffsetMs = frame.server_time_ms - Date.now();
      this.keepAlive();
      this.setStatus('online');
      this.emit('welcome', frame);
      return;
    }
    if (frame.type === 'pong') {
      this.serverOffsetMs = frame.server_time_ms - Date.now();
      return;
    }
    if (frame.type === 'error' && (frame.code === 'invalid_token' || frame.code === 'unauthenticated')) {
      this.emit('signed_out', frame);
      this.stop();
      return;
    }
    const waiter = frame.id !== undefined && frame.id !== null ? this.waiting.get(frame.id) : undefined;
    // The frame that carries a request's id answers it; frames the request causes on the way carry none.
    if (waiter) {
      this.waiting.delete(frame.id);
      if (frame.type === 'error') waiter.reject(new RequestError(frame.code, frame.message));
      else waiter.resolve(frame);
      return;
    }
    this.emit(frame.type, frame);
  }

  /** Without a token the socket says no hello: it may watch games and the lobby, and is online as it is. */
  watchOnly() {
    this.attempt = 0;
    this.account = null;
    this.keepAlive();
    this.setStatus('online');
    this.emit('welcome', { type: 'welcome', account: null });
  }

  /** Pings keep the clock offset fresh and find a socket that died without a close. */
  keepAlive() {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (Date.now() - this.lastHeard > SILENCE_MS) this.socket?.close(4000);
      else this.socket?.send(JSON.stringify({ type: 'ping' }));
    }, SILENCE_MS / 3);
  }

  dropped(event) {
    clearInterval(this.pingTimer);
    this.socket = null;
    for (const { reject } of this.waiting.values()) reject(new RequestError('offline', 'the connection dropped'));
    this.waiting.clear();
    if (this.stopped) return;
    // The ban ended every session: reconnecting with the token would only be refused as an ended session.
    if (event && event.code === BANNED_CLOSE_CODE) {
      this.stop();
      this.emit('banned', event);
      return;
    }
    if (!this.needed()) {
      this.setStatus('idle');
      return;
    }
    this.setStatus('offline');
    // A game moved between servers (docs/protocol.md, close code 4000): nothing is wrong, so reconnect at once
    // (a little spread, as every watcher of the game reconnects together); the feeds resume with `after_seq`.
    if (event && event.code === RESUBSCRIBE_CLOSE_CODE) {
      this.retryTimer = setTimeout(() => this.open(), Math.random() * RESUBSCRIBE_SPREAD_MS);
      return;
    }
    const delay = this.attempt === 0 ? FIRST_RETRY_MS : RETRY_MS + Math.random() * RETRY_JITTER_MS;
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.open(), delay);
  }
}
