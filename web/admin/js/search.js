// The search page: a form over the archive's filters, a page of results, "more", and exports of the selection.

import { formatTimeControl } from '../../js/format.js';
import { errorText, t } from '../../js/i18n.js';
import { KINDS, kindOf } from '../../js/kinds/index.js';
import { admin } from './api.js';
import { accountLink, download, fill, h, result, time } from './dom.js';

const REASONS = ['goal', 'own_goal', 'stuck', 'resignation', 'time', 'abandonment', 'agreement', 'adjudication', 'score', 'board_full', 'stop', 'instant_win', 'auto_end', 'row', 'unknown'];

/** A `<select>` named `name` with an empty "any" choice and `choices` ([value, label]). */
function choice(name, label, choices, selected) {
  const options = [['', t('admin.search.any')], ...choices];
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
    kind: query.get('kind') ?? '',
    status: query.get('status') ?? '',
    result: query.get('result') ?? '',
    reason: query.get('reason') ?? '',
    rated: query.get('rated') ?? '',
    correspondence: query.get('correspondence') ?? '',
    imported: query.get('imported') ?? '',
    from: day(query.get('from_ms')),
    until: day(query.get('until_ms'), 86_400_000),
    sort: query.get('sort') ?? 'date',
    order: query.get('order') ?? 'desc',
  };
}

/** A found game's row: its players in seat order, however many seats it has. */
function row(game) {
  const players = game.players.flatMap((player, seat) => (seat === 0 ? [] : [' – ']).concat([accountLink(player.name)]));
  return h('tr', {},
    h('td', {}, h('a', { href: `#/game/${game.id}` }, time(game.created_at_ms))),
    h('td', { class: 'kind' }, kindOf(game.ruleset).name),
    h('td', {}, players),
    h('td', {}, result(game)),
    h('td', {}, game.ply),
    h('td', {}, formatTimeControl(game.time_control)),
    h('td', {}, game.import ? `${game.import.source} #${game.import.index}` : t('admin.search.playedHere')));
}

/** Renders the search page into `page`, searching with `query` (URLSearchParams) at once. */
export async function searchPage(page, query) {
  const values = valuesOf(query);
  const statuses = [['active', t('admin.search.status.active')], ['finished', t('admin.search.status.finished')],
    ['aborted', t('admin.search.status.aborted')]];
  const results = [['first', t('admin.search.firstWon')], ['second', t('admin.search.secondWon')], ['draw', t('admin.search.draw')]];
  const form = h('form', { class: 'search', 'aria-label': t('admin.search.label') },
    h('label', {}, t('admin.search.player'), h('input', { name: 'player', value: values.player, placeholder: t('admin.lookup.placeholder') })),
    choice('kind', t('admin.search.kind'), [...KINDS.values()].map((kind) => [kind.key, kind.name]), values.kind),
    choice('status', t('admin.search.status'), statuses, values.status),
    choice('result', t('admin.search.result'), results, values.result),
    choice('reason', t('admin.search.reason'), REASONS.map((reason) => [reason, t(`reason.${reason}`)]), values.reason),
    choice('rated', t('admin.search.rated'), [['true', t('common.rated')], ['false', t('common.casual')]], values.rated),
    choice('correspondence', t('admin.search.pace'), [['false', t('admin.search.live')], ['true', t('admin.search.correspondence')]],
      values.correspondence),
    choice('imported', t('admin.search.origin'), [['true', t('admin.search.imported')], ['false', t('admin.search.playedHere')]], values.imported),
    h('label', {}, t('admin.search.from'), h('input', { type: 'date', name: 'from', value: values.from })),
    h('label', {}, t('admin.search.until'), h('input', { type: 'date', name: 'until', value: values.until })),
    h('label', {}, t('admin.search.sort'), h('select', { name: 'sort' },
      h('option', { value: 'date', selected: values.sort === 'date' }, t('admin.search.byDate')),
      h('option', { value: 'length', selected: values.sort === 'length' }, t('admin.search.byLength')))),
    h('label', {}, t('admin.search.order'), h('select', { name: 'order' },
      h('option', { value: 'desc', selected: values.order === 'desc' }, t('admin.search.desc')),
      h('option', { value: 'asc', selected: values.order === 'asc' }, t('admin.search.asc')))),
    h('button', { type: 'submit' }, t('admin.search.submit')));
  const summary = h('div', { class: 'summary', role: 'status' });
  const body = h('tbody');
  const more = h('button', { type: 'button', class: 'secondary', hidden: true }, t('admin.more'));
  const columns = ['admin.search.date', 'admin.search.kind', 'admin.search.players', 'admin.search.result', 'admin.search.actions',
    'admin.search.time', 'admin.search.origin'];
  const table = h('table', { 'aria-label': t('admin.search.games') },
    h('thead', {}, h('tr', {}, columns.map((key) => h('th', {}, t(key))))),
    body);
  fill(page, h('h1', {}, t('admin.search.games')), form, summary, table, more);

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
        h('span', {}, t('admin.search.found', { count: found.total })),
        h('button', { type: 'button', class: 'secondary', onclick: () => exportAs('ndjson') }, t('admin.search.exportNdjson')),
        // A record file is of one kind's format: its export waits for a kind to be chosen.
        filters.has('kind')
          ? h('button', { type: 'button', class: 'secondary', onclick: () => exportAs('pgn') }, t('admin.search.exportRecords'))
          : h('span', { class: 'hint' }, t('admin.search.recordsNeedKind')));
    } catch (error) {
      // Without the role (or a valid session) the page has nothing to show: the router says why.
      if (error.status === 401 || error.status === 403) throw error;
      fill(summary, h('p', { class: 'error' }, errorText(error)));
    }
  }
  async function exportAs(format) {
    fill(summary, h('span', {}, t('admin.search.exporting')));
    try {
      const { blob, name } = await admin.exportBlob(format, filters.toString());
      download(blob, name);
      await load();
    } catch (error) {
      fill(summary, h('p', { class: 'error' }, errorText(error)));
    }
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    location.hash = `#/?${queryOf(form)}`;
  });
  more.addEventListener('click', () => load(next));
  await load();
}
