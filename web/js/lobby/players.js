// Players: who is connected now (`GET /api/online`), and a search by the first letters of a name
// (`GET /api/players?prefix=`); every name is a link to the player's page.

import { api } from '../api.js';
import { h, replaceChildren } from '../dom.js';
import { botMarked } from '../format.js';
import { errorText, t } from '../i18n.js';
import { playerLink } from '../player-link.js';

export const ID = 'players';

/** How often the online list is read again. */
const REFRESH_MS = 20_000;
/** The fewest letters a search starts with. */
const MIN_PREFIX = 2;

/** `players` as links, comma-separated, or `empty` when there are none. */
function names(players, empty) {
  if (!players.length) return h('span', { class: 'empty', text: empty });
  return players.flatMap((player, index) => [index ? ', ' : '', playerLink(player, { text: botMarked(player) })]);
}

export function mount(container, lobby) {
  const online = h('p', { class: 'player-names', id: 'online-players' });
  const found = h('p', { class: 'player-names', id: 'found-players', role: 'status', hidden: true });
  const input = h('input', { type: 'search', name: 'player-search', maxLength: 24, autocomplete: 'off',
    placeholder: t('players.searchPlaceholder'), 'aria-label': t('players.search') });

  const load = async () => {
    try {
      const { players } = await api.online();
      replaceChildren(online, names(players, t('players.nobodyOnline')));
    } catch (error) {
      replaceChildren(online, h('span', { class: 'error', text: errorText(error) }));
    }
  };

  // Only the answer to the latest search is shown, whatever order the answers come in.
  let searches = 0;
  const search = async () => {
    const prefix = input.value.trim();
    const ticket = ++searches;
    found.hidden = prefix.length < MIN_PREFIX;
    if (found.hidden) return;
    try {
      const { players } = await api.searchPlayers(prefix);
      if (ticket === searches) replaceChildren(found, names(players, t('players.noneFound', { prefix })));
    } catch (error) {
      if (ticket === searches) replaceChildren(found, h('span', { class: 'error', text: errorText(error) }));
    }
  };
  input.addEventListener('input', search);

  container.append(h('h2', { id: `${ID}-title`, text: t('players.title') }),
    h('h3', { text: t('players.online') }), online,
    h('h3', { text: t('players.find') }), input, found);
  const remove = lobby.connection.on('welcome', load);
  const timer = setInterval(load, REFRESH_MS);
  load();
  return () => {
    clearInterval(timer);
    remove();
  };
}
