// The lobby's correspondence panel: my correspondence games where it is my turn, the one with the least time
// left first, then those waiting for the opponent; the open correspondence seeks (kept current by the lobby
// feed); every correspondence game being played, to watch (the live games panel leaves them out); and the way
// to the vacation and notification settings.

import { api } from '../api.js';
import { h, replaceChildren } from '../dom.js';
import { botMarked, describeTimeControl, formatDuration } from '../format.js';
import { gameName, kindOf } from '../kinds/index.js';
import { errorText, t } from '../i18n.js';
import { showNotice } from '../notice.js';
import { pairing } from '../lobby/game-list.js';
import { correspondenceApi } from './api.js';
import { isCorrespondence } from './time-controls.js';
import { manySeats, seatsTaken, seekAction as seatAction } from '../lobby/seek-seats.js';

export const ID = 'correspondence';

/** How often the lists of games are read again (deadlines move slowly; events reload them sooner). */
const RELOAD_MS = 30_000;

export function mount(container, lobby) {
  const me = lobby.account();
  const yourTurn = h('div', { class: 'game-list' });
  const theirTurn = h('div', { class: 'game-list' });
  const seeks = h('div', { class: 'seek-list' });
  const played = h('div', { class: 'game-list' });
  // Without an account there is nothing of mine: only the games to watch.
  container.append(
    h('div', { class: 'panel-head' },
      h('h2', { id: `${ID}-title`, text: t('corr.name') }),
      me ? h('a', { class: 'button small quiet', href: '/correspondence', id: 'correspondence-settings', text: t('corr.settingsLink') }) : null),
    ...(me ? [h('h3', { text: t('corr.lobby.yourTurn') }), yourTurn,
      h('h3', { text: t('corr.lobby.theirTurn') }), theirTurn,
      h('h3', { text: t('corr.lobby.seeks') }), seeks] : []),
    h('h3', { text: t('corr.lobby.played') }), played);

  const opponentOf = (game) => game.players[game.seat === 'first' ? 1 : 0];
  const gameItem = (game) => {
    const opponent = opponentOf(game);
    const left = game.my_turn
      ? t('corr.lobby.timeLeft', { time: formatDuration(game.time_left_ms) })
      : t('corr.lobby.waiting', { name: botMarked(opponent) });
    return h('li', { class: `game${game.my_turn ? ' my-turn' : ''}`, 'data-game': game.id },
      h('a', { href: `/game/${game.id}` }, h('strong', { text: t('myGames.versus', { name: botMarked(opponent) }) }),
        h('span', { class: 'meta', text: `${gameName(game.ruleset)} · ${describeTimeControl(game.time_control)}` })),
      h('span', { class: `turn${game.my_turn ? ' mine' : ''}`, text: left }));
  };
  const list = (element, id, games, empty) => replaceChildren(element, games.length
    ? h('ul', { class: 'items', id }, games.map(gameItem)) : h('p', { class: 'empty', text: empty }));

  const seatText = (seek, mine) => {
    if (seek.colour === 'random') return manySeats(seek) ? t('seeks.seatsDealt') : t('seeks.eitherSide');
    if (manySeats(seek) && !mine) return t('challenge.challengerPlays', { name: seek.creator.name, seat: kindOf(seek.ruleset).seats[seek.colour].name });
    const creatorFirst = seek.colour === 'first';
    return t('lobby.youPlay', { seat: kindOf(seek.ruleset).seats[mine === creatorFirst ? 'first' : 'second'].name });
  };
  const seekAction = async (action, seek) => {
    try {
      const done = await action(seek.id);
      if (done.status === 'accepted') lobby.navigate(`/game/${done.game_id}`);
    } catch (error) {
      showNotice(errorText(error));
    }
  };
  const seekItem = (seek) => {
    const mine = seek.creator.id === me.id;
    const terms = [gameName(seek.ruleset), describeTimeControl(seek.time_control),
      seek.rated ? t('common.rated') : t('common.casual'), seatText(seek, mine),
      manySeats(seek) ? t('seeks.seatsTaken', { taken: seatsTaken(seek) }) : null,
      t('challenges.expiresIn', { time: formatDuration(seek.expires_at_ms - Date.now()) })].filter(Boolean).join(' · ');
    const action = seatAction(seek, me.id);
    return h('li', { class: `seek${mine ? ' mine' : ''}`, 'data-correspondence-seek': seek.id },
      h('div', { class: 'what' },
        h('span', {}, h('strong', { text: botMarked(seek.creator) }), mine ? h('span', { class: 'tag', text: t('common.you') }) : null),
        h('span', { class: 'meta', text: terms })),
      h('div', { class: 'actions' }, {
        cancel: () => h('button', { type: 'button', class: 'small quiet cancel', on: { click: () => seekAction(correspondenceApi.cancelSeek, seek) } }, t('common.cancel')),
        leave: () => h('button', { type: 'button', class: 'small quiet leave', on: { click: () => seekAction(correspondenceApi.leaveSeek, seek) } }, t('seeks.leaveSeat')),
        join: () => h('button', { type: 'button', class: 'small primary accept', 'aria-label': t('seeks.playName', { name: seek.creator.name }),
          on: { click: () => seekAction(correspondenceApi.acceptSeek, seek) } }, manySeats(seek) ? t('seeks.takeSeat') : t('live.play')),
      }[action]()));
  };

  const playedItem = (game) => {
    const playing = game.players.some((player) => player.account_id === me?.id);
    return h('li', { class: 'game' },
      h('a', { href: `/game/${game.id}` }, pairing(game),
        h('span', { class: 'meta', text: `${gameName(game.ruleset)} · ${describeTimeControl(game.time_control)}` })),
      h('a', { class: 'button small', href: `/game/${game.id}`, text: playing ? t('live.play') : t('live.watch') }));
  };

  let loading = false;
  /** A reload asked for while one was under way (a game just started): it runs once that one is done. */
  let again = false;
  const reload = async () => {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    try {
      const [{ games }, active] = await Promise.all([me ? correspondenceApi.myGames() : { games: [] },
        api.activeGames(true)]);
      const mine = games.filter((game) => isCorrespondence(game.time_control));
      const byTimeLeft = (a, b) => a.time_left_ms - b.time_left_ms;
      list(yourTurn, 'your-turn', mine.filter((game) => game.my_turn).sort(byTimeLeft), t('corr.lobby.noneYourTurn'));
      list(theirTurn, 'their-turn', mine.filter((game) => !game.my_turn), t('corr.lobby.noneTheirTurn'));
      replaceChildren(played, active.games.length
        ? h('ul', { class: 'items', id: 'correspondence-played' }, active.games.map(playedItem))
        : h('p', { class: 'empty', text: t('corr.lobby.nonePlayed') }));
    } catch (error) {
      replaceChildren(played, h('p', { class: 'error', text: errorText(error) }));
    } finally {
      loading = false;
      if (again) {
        again = false;
        reload();
      }
    }
  };

  /** The open seeks as the lobby feed has them, newest first. */
  const showSeeks = () => {
    const open = [...lobby.feed.correspondenceSeeks.values()].sort((a, b) => b.created_at_ms - a.created_at_ms);
    replaceChildren(seeks, open.length
      ? h('ul', { class: 'items', id: 'correspondence-seeks' }, open.map(seekItem))
      : h('p', { class: 'empty', text: t('corr.lobby.noSeeks') }));
  };

  if (me) lobby.feed.addEventListener('correspondence-seeks', showSeeks);
  const removers = ['welcome', 'game_started', 'notification'].map((type) => lobby.connection.on(type, reload));
  // The seeks' times to expiry are written again with the games' times left.
  const timer = setInterval(() => {
    reload();
    if (me) showSeeks();
  }, RELOAD_MS);
  reload();
  if (me) showSeeks();
  return () => {
    clearInterval(timer);
    lobby.feed.removeEventListener('correspondence-seeks', showSeeks);
    removers.forEach((remove) => remove());
  };
}
