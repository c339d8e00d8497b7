// Games being played now, to watch.

import { api } from '../api.js';
import { h } from '../dom.js';
import { formatTimeControl } from '../format.js';
import { gameName } from '../kinds/index.js';
import { t } from '../i18n.js';
import { mountGameList, pairing } from './game-list.js';

export const ID = 'live-games';

export function mount(container, lobby) {
  const me = lobby.account();
  const item = (game) => {
    const playing = game.players.some((player) => player.account_id === me?.id);
    return h('li', { class: 'game' },
      h('div', { class: 'what' }, pairing(game),
        h('a', { class: 'meta game-link', href: `/game/${game.id}`,
          text: `${gameName(game.ruleset)} · ${formatTimeControl(game.time_control)} · ${t('live.plies', { count: game.ply })}` })),
      h('a', { class: 'button small', href: `/game/${game.id}`, text: playing ? t('live.play') : t('live.watch') }));
  };
  return mountGameList(container, lobby, {
    id: ID,
    title: t('live.title'),
    empty: t('live.empty'),
    // Correspondence games are played over days, not live: the correspondence panel lists them.
    load: async () => (await api.activeGames(false)).games,
    item,
    everyMs: 10_000,
  });
}
