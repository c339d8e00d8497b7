// A player's game history, /player/NAME/games: their games newest first, filtered by game, result from their
// side, opponent and speed, a page at a time ("Older"), each row linked to its replay (or to the game while it
// is being played) and to its analysis. The filters are kept in the address, so a filtered history can be shared and reloaded.

import { api } from './api.js';
import { h, replaceChildren } from './dom.js';
import { formatTimeControl, placeText } from './format.js';
import { errorText, formatDateTime, t } from './i18n.js';
import { KINDS, gameName } from './kinds/index.js';
import { playerLink, playerUrl } from './player-link.js';
import { outcomeOf } from './ranks.js';
import { seatName } from './seats.js';
import { SPEEDS, speedName } from './time-controls.js';

/** The filters the server takes, each with the choices its select offers (`opponent` is typed). */
const RESULTS = ['win', 'loss', 'draw'];
const HISTORY_SPEEDS = [...SPEEDS.map((speed) => speed.id), 'correspondence'];

export function mount(root, context, [encodedName]) {
  const name = decodeURIComponent(encodedName);
  const filters = Object.fromEntries(['kind', 'result', 'opponent', 'speed']
    .map((field) => [field, new URLSearchParams(location.search).get(field) ?? '']));
  let closed = false;
  let loading = 0;

  const select = (field, label, options) => h('label', {}, label, h('select', { name: field },
    h('option', { value: '', text: t('history.any') }),
    options.map(([value, text]) => h('option', { value, text, selected: filters[field] === value }))));
  const form = h('form', { class: 'filters', id: 'history-filters' },
    select('kind', t('history.game'), [...KINDS.values()].map((kind) => [kind.key, kind.name])),
    select('result', t('history.result'), RESULTS.map((result) => [result, t(`history.result.${result}`)])),
    h('label', {}, t('history.opponent'),
      h('input', { name: 'opponent', value: filters.opponent, maxlength: 24, autocomplete: 'off' })),
    select('speed', t('history.speed'), HISTORY_SPEEDS.map((speed) => [speed, speedLabel(speed)])),
    h('button', { type: 'submit', class: 'small primary', text: t('history.show') }));
  const status = h('p', { class: 'hint', role: 'status' });
  const rows = h('tbody');
  const table = h('table', { class: 'history-table' },
    h('thead', {}, h('tr', {}, ['date', 'game', 'opponent', 'result', 'time', 'replay']
      .map((column) => h('th', { scope: 'col', text: t(`history.column.${column}`) })))),
    rows);
  const older = h('button', { type: 'button', class: 'small', id: 'history-older', text: t('history.older') });
  replaceChildren(root, h('section', { class: 'panel history' },
    h('h1', {}, t('history.title'), ' ', playerLink({ name })),
    form, status, table, older));

  let before = null;
  const load = async (fresh) => {
    const run = ++loading;
    older.disabled = true;
    if (fresh) before = null;
    let page;
    try {
      page = await api.history(name, filters, before);
    } catch (error) {
      if (closed || run !== loading) return;
      if (fresh) replaceChildren(rows);
      status.textContent = errorText(error);
      older.hidden = true;
      return;
    }
    if (closed || run !== loading) return;
    if (fresh) replaceChildren(rows);
    for (const game of page.games) rows.append(row(game, name));
    status.textContent = rows.childElementCount ? '' : t('history.none');
    table.hidden = !rows.childElementCount;
    before = page.next_before;
    older.hidden = !before;
    older.disabled = false;
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    for (const field of Object.keys(filters)) filters[field] = String(data.get(field) ?? '').trim();
    const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value)).toString();
    history.replaceState(null, '', `${playerUrl(name)}/games${query ? `?${query}` : ''}`);
    load(true);
  });
  older.addEventListener('click', () => load(false));
  load(true);
  return () => { closed = true; };
}

/** One game as the listed player sees it: when, which game, against whom, how it ended for them, the clock. */
function row(game, name) {
  const mineIndex = game.players.findIndex((player) => player.name.toLowerCase() === name.toLowerCase());
  const mine = seatName(mineIndex);
  const opponents = game.players.filter((_, index) => index !== mineIndex);
  const ending = outcome(game, mine);
  const link = game.status === 'active' ? `/game/${game.id}` : `/replay/${game.id}`;
  return h('tr', { class: 'history-game', 'data-game': game.id },
    h('td', { text: formatDateTime(game.created_at_ms) }),
    h('td', { text: gameName(game.ruleset) }),
    h('td', {}, ...opponents.flatMap((opponent, index) => (index ? [', ', playerLink(opponent)] : [playerLink(opponent)]))),
    h('td', { class: `result ${ending}`, text: ending === 'place' ? placeText(game.result, mineIndex) : t(`history.outcome.${ending}`) }),
    h('td', { text: formatTimeControl(game.time_control) }),
    h('td', {}, h('a', { href: link, class: 'replay-link',
      text: game.status === 'active' ? t('history.watch') : t('history.replay') }),
      ' ', h('a', { href: `/analysis/${game.id}`, class: 'analysis-link', text: t('history.analyse') })));
}

/** A speed's name; correspondence is apart from the live classes (it is rated as classical). */
function speedLabel(speed) {
  return speed === 'correspondence' ? t('history.speed.correspondence') : speedName(speed);
}

/** `win`, `loss`, `draw`, `place` (between first and last at a table of more than two), or the status of a game without a result (`active`, `aborted`). */
function outcome(game, seat) {
  if (game.status !== 'finished' || !game.result) return game.status;
  return outcomeOf(game.result, seat);
}
