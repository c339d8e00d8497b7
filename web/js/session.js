// Who is signed in: the bearer token and the account, kept in localStorage so a reload keeps the player.

const KEY = 'kartka.session';

/** The stored session, unless it has expired (the server would refuse its token anyway). */
function load() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY));
    return stored && stored.expires_at_ms > Date.now() ? stored : null;
  } catch {
    return null;
  }
}

const listeners = new Set();
let current = load();

export const session = {
  token: () => current?.token ?? null,
  account: () => current?.account ?? null,
  /** Whether the signed-in account has the admin role, as the server last said (sign-in or `GET /api/me`). */
  admin: () => current?.admin === true,
  /** Stores a session answered by guest, register or login. */
  set(reply) {
    current = { token: reply.token, account: reply.account, expires_at_ms: reply.expires_at_ms, admin: reply.admin === true };
    localStorage.setItem(KEY, JSON.stringify(current));
    listeners.forEach((listener) => listener(current));
  },
  /** Takes the account and role the server answers now (`GET /api/me`), keeping the token. */
  refresh(me) {
    if (!current) return;
    const { admin, ...account } = me;
    current = { ...current, account, admin: admin === true };
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
