// My games: those being played, with whose turn it is, then the finished ones to replay.

import { api } from '../api.js';
import { h } from '../dom.js';
import { describeResult, formatTimeControl, resultFor } from '../format.js';
import { gameName } from '../kinds/index.js';
import { formatDateTime, t, tPieces } from '../i18n.js';
import { playerLink } from '../player-link.js';
import { isCorrespondence } from '../correspondence/time-controls.js';
import { mountGameList } from './game-list.js';

export const ID = 'my-games';

export function mount(container, lobby) {
  const me = lobby.account();
  const item = (game) => {
    const seat = game.players[0].account_id === me.id ? 'first' : 'second';
    const opponent = game.players[seat === 'first' ? 1 : 0].name;
    const tc = `${gameName(game.ruleset)} · ${formatTimeControl(game.time_control)}`;
    // Correspondence games being played are in the correspondence panel, by time left.
    if (game.status === 'active' && isCorrespondence(game.time_control)) return null;
    const versus = h('strong', {}, tPieces('myGames.versus', { name: playerLink(opponent) }));
    if (game.status === 'active') {
      const mine = game.to_act === seat;
      return h('li', { class: `game${mine ? ' my-turn' : ''}` },
        h('div', { class: 'what' }, versus, h('a', { class: 'meta game-link', href: `/game/${game.id}`, text: tc })),
        h('span', { class: `turn${mine ? ' mine' : ''}`, text: mine ? t('myGames.yourTurn') : t('myGames.theirTurn', { name: opponent }) }));
    }
    if (game.status === 'aborted') return null;
    return h('li', { class: 'game' },
      h('div', { class: 'what' }, versus, h('a', { class: 'meta game-link', href: `/replay/${game.id}`, text: tc }),
        game.finished_at_ms ? h('time', { class: 'meta', datetime: new Date(game.finished_at_ms).toISOString(), text: formatDateTime(game.finished_at_ms) }) : null),
      h('span', { class: 'result', title: describeResult(game.result, game.players), text: resultFor(game.result, seat) }));
  };
  return mountGameList(container, lobby, {
    id: ID,
    title: t('myGames.title'),
    empty: t('myGames.empty'),
    load: async () => {
      const { games } = await api.gamesOf(me.name);
      // Games in play first (yours to move before theirs), then the finished ones, newest first.
      const rank = (g) => (g.status !== 'active' ? 2 : g.players[g.to_act === 'first' ? 0 : 1]?.account_id === me.id ? 0 : 1);
      return games.map((g, i) => ({ g, i })).sort((a, b) => rank(a.g) - rank(b.g) || a.i - b.i).map(({ g }) => g);
    },
    item,
    everyMs: 15_000,
  });
}
