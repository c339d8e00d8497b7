// Who is signed in: the bearer token and the account, kept in localStorage so a reload keeps the player.

const KEY = 'kartka.session';

function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) ?? null;
  } catch {
    return null;
  }
}

const listeners = new Set();
let current = load();

export const session = {
  token: () => current?.token ?? null,
  account: () => current?.account ?? null,
  /** Stores a session answered by guest, register or login. */
  set(reply) {
    current = { token: reply.token, account: reply.account };
    localStorage.setItem(KEY, JSON.stringify(current));
    listeners.forEach((listener) => listener(current));
  },
  clear() {
    current = null;
    localStorage.removeItem(KEY);
    listeners.forEach((listener) => listener(null));
  },
  /** Calls `listener` whenever someone signs in or out; returns the unsubscribe function. */
  onChange(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
