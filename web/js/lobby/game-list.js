// A list of game summaries (GET /api/players/{name}/games, GET /api/games) that reloads itself.

import { h, replaceChildren } from '../dom.js';
import { botMarked } from '../format.js';
import { errorText } from '../i18n.js';
import { playerLink } from '../player-link.js';

/**
 * Mounts a list into `container` under `title`. `load()` gives the games; `item(game)` renders one (or null to
 * leave it out). Reloads every `everyMs`, after a reconnect, and when a game of mine starts.
 */
export function mountGameList(container, lobby, { id, title, empty, load, item, everyMs }) {
  const list = h('div', { class: 'game-list' });
  container.append(h('h2', { id: `${id}-title`, text: title }), list);
  let loading = false;
  const reload = async () => {
    if (loading) return;
    loading = true;
    try {
      const items = (await load()).map(item).filter(Boolean);
      replaceChildren(list, items.length ? h('ul', { class: 'items' }, items) : h('p', { class: 'empty', text: empty }));
    } catch (error) {
      replaceChildren(list, h('p', { class: 'error', text: errorText(error) }));
    } finally {
      loading = false;
    }
  };
  const removers = [lobby.connection.on('welcome', reload), lobby.connection.on('game_started', reload)];
  const timer = setInterval(reload, everyMs);
  reload();
  return () => {
    clearInterval(timer);
    removers.forEach((remove) => remove());
  };
}

/** "alice – bob" with the seat colours, each name a link to the player's page. */
export function pairing(game) {
  const named = (player, seat) => h('span', { class: `seat-${seat}` }, playerLink(player, { text: botMarked(player) }));
  return h('span', { class: 'pairing' }, named(game.players[0], 'first'), ' – ', named(game.players[1], 'second'));
}
