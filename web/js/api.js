// The REST API (docs/protocol.md): JSON in and out, errors as {code, message}.

import { session } from './session.js';

/** A refused request, with the server's stable error code. */
class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** One request: `body` (when given) sent as JSON; resolves with the JSON reply, or null for 204. */
export async function request(method, path, body) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'offline', 'The server cannot be reached. Check your connection and try again.');
  }
  if (response.status === 204) return null;
  const reply = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(response.status, reply?.code ?? 'internal', reply?.message ?? `HTTP ${response.status}`);
  }
  return reply;
}

/** A path from a template literal, each value URL-encoded: path`/api/games/${id}`. */
export const path = (template, ...values) =>
  template.reduce((out, part, i) => out + part + (i < values.length ? encodeURIComponent(values[i]) : ''), '');

export const api = {
  guest: (name) => request('POST', '/api/guest', name ? { name } : {}),
  register: (username, password) => request('POST', '/api/register', { username, password }),
  login: (username, password) => request('POST', '/api/login', { username, password }),
  logout: () => request('POST', '/api/logout'),
  me: () => request('GET', '/api/me'),
  /** A report to the admins of a chat message (`message_id`) or an account (`account_id`), with a `reason`. */
  report: (report) => request('POST', '/api/reports', report),
  setLanguage: (language) => request('PUT', '/api/me/language', { language }),
  createChallenge: (challenge) => request('POST', '/api/challenges', challenge),
  challenges: () => request('GET', '/api/challenges'),
  challenge: (id) => request('GET', path`/api/challenges/${id}`),
  acceptChallenge: (id) => request('POST', path`/api/challenges/${id}/accept`),
  declineChallenge: (id) => request('POST', path`/api/challenges/${id}/decline`),
  cancelChallenge: (id) => request('POST', path`/api/challenges/${id}/cancel`),
  player: (name) => request('GET', path`/api/players/${name}`),
  bots: () => request('GET', '/api/bots'),
  leaderboard: (kind, speed, limit) => request('GET', `${path`/api/leaderboard/${kind}`}?speed=${encodeURIComponent(speed)}&limit=${limit}`),
  rematch: (gameId) => request('POST', path`/api/games/${gameId}/rematch`),
  gamesOf: (name, limit = 30) => request('GET', `${path`/api/players/${name}/games`}?limit=${limit}`),
  /** The games being played, newest first: correspondence games (`true`) or live ones (`false`). */
  activeGames: (correspondence) => request('GET', `/api/games?status=active&correspondence=${correspondence}`),
  game: (id) => request('GET', path`/api/games/${id}`),
  suggestion: (ruleset, moves, departed = []) => request('POST', '/api/analysis/suggestion', { ruleset, moves, departed }),
  recordUrl: (id) => path`/api/games/${id}/record`,
  history: (name, filters, before) => {
    const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value));
    query.set('limit', '20');
    if (before) query.set('before', before);
    return request('GET', `${path`/api/players/${name}/games`}?${query}`);
  },
  gamesPage: (name, before) => request('GET', `${path`/api/players/${name}/games`}?limit=20${before ? `&before=${encodeURIComponent(before)}` : ''}`),
  ratingHistory: (name, kind, speed) => request('GET', `${path`/api/players/${name}/rating-history`}?kind=${encodeURIComponent(kind)}&speed=${encodeURIComponent(speed)}`),
  versus: (name) => request('GET', path`/api/players/${name}/versus`),
  searchPlayers: (prefix) => request('GET', `/api/players?prefix=${encodeURIComponent(prefix)}&limit=20`),
  online: () => request('GET', '/api/online'),
};
