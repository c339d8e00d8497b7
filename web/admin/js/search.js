// The search page: a form over the archive's filters, a page of results, "more", and exports of the selection.

import { admin } from './api.js';
import { download, fill, h, result, time, timeControl } from './dom.js';

const REASONS = ['goal', 'own_goal', 'stuck', 'resignation', 'time', 'abandonment', 'agreement', 'adjudication', 'score', 'unknown'];

/** A `<select>` named `name` with an empty "any" choice and `choices` ([value, label] or value). */
function choice(name, label, choices, selected) {
  const options = [['', 'any'], ...choices.map((c) => (Array.isArray(c) ? c : [c, c.replaceAll('_', ' ')]))];
  return h('label', {}, label, h('select', { name }, options.map(([value, text]) =>
    h('option', { value, selected: value === selected }, text))));
}

/** The query string of the form: filters only, empty ones left out, dates as ms since the epoch (UTC). */
function queryOf(form) {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (value === '') continue;
    if (name === 'from' || name === 'until') {
      const ms = Date.parse(`${value}T00:00:00Z`) + (name === 'until' ? 86_400_000 : 0);
      query.set(`${name === 'from' ? 'from' : 'until'}_ms`, String(ms));
    } else {
      query.set(name, value);
    }
  }
  return query;
}

/** The form's values back from a query string (for links and reloads). */
function valuesOf(query) {
  const day = (ms, shift = 0) => (ms ? new Date(Number(ms) - shift).toISOString().slice(0, 10) : '');
  return {
    player: query.get('player') ?? '',
    status: query.get('status') ?? '',
    result: query.get('result') ?? '',
    reason: query.get('reason') ?? '',
    rated: query.get('rated') ?? '',
    imported: query.get('imported') ?? '',
    from: day(query.get('from_ms')),
    until: day(query.get('until_ms'), 86_400_000),
    sort: query.get('sort') ?? 'date',
    order: query.get('order') ?? 'desc',
  };
}

function row(game) {
  const [white, black] = game.players;
  return h('tr', {},
    h('td', {}, h('a', { href: `#/game/${game.id}` }, time(game.created_at_ms))),
    h('td', {}, white.name), h('td', {}, black.name),
    h('td', {}, result(game)),
    h('td', {}, game.ply),
    h('td', {}, timeControl(game.time_control)),
    h('td', {}, game.import ? `${game.import.source} #${game.import.index}` : 'played here'));
}

/** Renders the search page into `page`, searching with `query` (URLSearchParams) at once. */
export async function searchPage(page, query) {
  const values = valuesOf(query);
  const form = h('form', { class: 'search', 'aria-label': 'Search games' },
    h('label', {}, 'Player', h('input', { name: 'player', value: values.player, placeholder: 'name' })),
    choice('status', 'Status', ['active', 'finished', 'aborted'], values.status),
    choice('result', 'Result', [['first', 'first seat won'], ['second', 'second seat won'], ['draw', 'draw']], values.result),
    choice('reason', 'End reason', REASONS, values.reason),
    choice('rated', 'Rated', [['true', 'rated'], ['false', 'casual']], values.rated),
    choice('imported', 'Origin', [['true', 'imported'], ['false', 'played here']], values.imported),
    h('label', {}, 'From (UTC)', h('input', { type: 'date', name: 'from', value: values.from })),
    h('label', {}, 'Until (UTC, inclusive)', h('input', { type: 'date', name: 'until', value: values.until })),
    h('label', {}, 'Sort', h('select', { name: 'sort' },
      h('option', { value: 'date', selected: values.sort === 'date' }, 'by date'),
      h('option', { value: 'length', selected: values.sort === 'length' }, 'by length'))),
    h('label', {}, 'Order', h('select', { name: 'order' },
      h('option', { value: 'desc', selected: values.order === 'desc' }, 'newest / longest first'),
      h('option', { value: 'asc', selected: values.order === 'asc' }, 'oldest / shortest first'))),
    h('button', { type: 'submit' }, 'Search'));
  const summary = h('div', { class: 'summary', role: 'status' });
  const body = h('tbody');
  const more = h('button', { type: 'button', class: 'secondary', hidden: true }, 'More');
  const table = h('table', { 'aria-label': 'Games' },
    h('thead', {}, h('tr', {}, ['Date', 'White (first)', 'Black (second)', 'Result', 'Actions', 'Time', 'Origin'].map((t) => h('th', {}, t)))),
    body);
  fill(page, h('h1', {}, 'Games'), form, summary, table, more);

  const filters = queryOf(form);
  let next = null;
  async function load(after) {
    const pageQuery = new URLSearchParams(filters);
    if (after) pageQuery.set('after', after);
    try {
      const found = await admin.search(pageQuery.toString());
      body.append(...found.games.map(row));
      next = found.next_after;
      more.hidden = !next;
      fill(summary,
        h('span', {}, `${found.total.toLocaleString('en')} game(s)`),
        h('button', { type: 'button', class: 'secondary', onclick: () => exportAs('ndjson') }, 'Export NDJSON'),
        h('button', { type: 'button', class: 'secondary', onclick: () => exportAs('pgn') }, 'Export records'));
    } catch (error) {
      // Without the role (or a valid session) the page has nothing to show: the router says why.
      if (error.status === 401 || error.status === 403) throw error;
      fill(summary, h('p', { class: 'error' }, error.message));
    }
  }
  async function exportAs(format) {
    fill(summary, h('span', {}, 'Exporting…'));
    try {
      download(await admin.exportBlob(format, filters.toString()), `kartka-games.${format}`);
      await load();
    } catch (error) {
      fill(summary, h('p', { class: 'error' }, error.message));
    }
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    location.hash = `#/?${queryOf(form)}`;
  });
  more.addEventListener('click', () => load(next));
  await load();
}
