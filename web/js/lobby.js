// The lobby: two columns of panels (one on a phone, where each folds to its heading: lobby/fold.js). Each panel
// is a module with `mount(container, lobby)` returning its cleanup, so each way to find a game (quick pairing,
// open seeks, challenges) is a panel of its own.

import { api } from './api.js';
import { h } from './dom.js';
import { KINDS, rulesUrl } from './kinds/index.js';
import { t } from './i18n.js';
import * as challenges from './lobby/challenges.js';
import * as chat from './lobby/chat.js';
import * as correspondence from './correspondence/lobby-panel.js';
import { LobbyFeed } from './lobby/feed.js';
import { makeFoldable } from './lobby/fold.js';
import * as leaderboard from './lobby/leaderboard.js';
import * as liveGames from './lobby/live-games.js';
import * as myGames from './lobby/my-games.js';
import * as newChallenge from './lobby/new-challenge.js';
import * as playComputer from './lobby/play-computer.js';
import * as players from './lobby/players.js';
import * as quickPairing from './lobby/quick-pairing.js';
import * as seeks from './lobby/seeks.js';

/** Without an account: what others play, who is here, the ratings and the chat, to look at. */
const WATCHING_COLUMNS = [[liveGames, correspondence, players, leaderboard], [chat]];

/** Finding a game on the left; what is mine and what others play on the right. */
const COLUMNS = [
  [quickPairing, playComputer, seeks, newChallenge],
  [challenges, correspondence, myGames, liveGames, players, chat, leaderboard],
];

/**
 * Panels that never fold on a phone: they list only what waits for the player (challenges to answer, their own
 * games), are short when there is nothing, and must not hide a challenge behind a closed heading.
 */
const NEVER_FOLDED = new Set([challenges.ID, myGames.ID]);

export function mount(root, context) {
  const me = context.account();
  let profile = null;
  const lobby = {
    ...context,
    // Panels tell each other about changes they caused (a challenge made here appears in the list there).
    events: new EventTarget(),
    feed: new LobbyFeed(context.connection),
    /** My profile (ratings), loaded once per visit to the lobby. */
    myProfile: () => (profile ??= api.player(me?.name).catch((error) => {
      profile = null;
      throw error;
    })),
  };
  const cleanups = [() => lobby.feed.close()];
  const columns = (me ? COLUMNS : WATCHING_COLUMNS).map((panels, columnIndex) => {
    const column = h('div', { class: 'lobby-column' });
    for (const [index, panel] of panels.entries()) {
      const container = h('section', { class: 'panel', id: panel.ID, 'aria-labelledby': `${panel.ID}-title` });
      column.append(container);
      cleanups.push(panel.mount(container, lobby));
      // The first column's first panel is also the top one on a phone (css/site.css orders the rest after it).
      if (!NEVER_FOLDED.has(panel.ID)) makeFoldable(container, columnIndex === 0 && index === 0);
    }
    return column;
  });
  const rules = h('p', { class: 'hint lobby-rules' }, t('lobby.howToPlay'), ' ',
    [...KINDS.values()].flatMap((kind, i) => [i ? ' · ' : '', h('a', { href: rulesUrl(kind), text: kind.name })]));
  const signIn = me ? null : h('p', { class: 'panel sign-in' }, t('lobby.sign-in'), ' ',
    h('a', { class: 'button small', href: '/login', text: t('lobby.sign-in-link') }));
  root.append(...[signIn, h('div', { class: 'lobby' }, columns), rules].filter(Boolean));
  return () => cleanups.forEach((cleanup) => cleanup?.());
}
