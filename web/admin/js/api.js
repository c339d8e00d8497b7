// The admin REST API (docs/protocol.md, "Admin API"), with the bearer token the site's login stored.

/** Where the site's login page keeps the session: {token, account}. */
const SESSION_KEY = 'kartka.session';

/** The signed-in session, or null. */
export function session() {
  try {
    return JSON.parse(localStorage.getItem(SESSION_KEY)) ?? null;
  } catch {
    return null;
  }
}

/** A refused request, with the server's stable error code. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function send(method, path, { json, accept = 'application/json' } = {}) {
  const headers = { Accept: accept };
  const token = session()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetch(path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  } catch {
    throw new ApiError(0, 'offline', 'The server cannot be reached.');
  }
  if (!response.ok) {
    const reply = await response.json().catch(() => null);
    throw new ApiError(response.status, reply?.code ?? 'internal', reply?.message ?? `HTTP ${response.status}`);
  }
  return response;
}

const json = async (method, path, body) => (await send(method, path, { json: body })).json();
const text = async (path) => (await send('GET', path, { accept: '*/*' })).text();
const id = (value) => encodeURIComponent(value);

export const admin = {
  search: (query) => json('GET', `/api/admin/games?${query}`),
  review: (game) => json('GET', `/api/admin/games/${id(game)}`),
  position: (game, ply) => json('GET', `/api/admin/games/${id(game)}/position?ply=${ply}`),
  /** The game's record file: `format` is `own` (its kind's format) or one of the review's `record_formats`. */
  record: (game, format = 'own') => text(`/api/admin/games/${id(game)}/record?format=${format}`),
  abort: (game, reason) => json('POST', `/api/admin/games/${id(game)}/abort`, { reason }),
  adjudicate: (game, decided, reason) => json('POST', `/api/admin/games/${id(game)}/adjudicate`, { ...decided, reason }),
  /** Every account whose name starts with `prefix`, banned and imported ones too: `{accounts}`. */
  searchAccounts: (prefix) => json('GET', `/api/admin/accounts?prefix=${id(prefix)}`),
  account: (name) => json('GET', `/api/admin/accounts/${id(name)}`),
  ban: (name, reason) => json('POST', `/api/admin/accounts/${id(name)}/ban`, { reason }),
  unban: (name, reason) => json('POST', `/api/admin/accounts/${id(name)}/unban`, { reason }),
  audit: (query = '') => json('GET', `/api/admin/audit?${query}`),
  /** A page of players' reports: `query` names `status`, `before`, `limit`. */
  reports: (query) => json('GET', `/api/admin/reports?${query}`),
  resolveReport: (report, note) => json('POST', `/api/admin/reports/${id(report)}/resolve`, { note }),
  /** An export of the games a search query selects (NDJSON, or one kind's multi-game record file): `{blob, name}`,
   * the file's name as the server gives it (it names the records' format). */
  exportBlob: async (format, query) => {
    const response = await send('GET', `/api/admin/export/games.${format}?${query}`, { accept: '*/*' });
    const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `kartka-games.${format}`;
    return { blob: await response.blob(), name };
  },
};
