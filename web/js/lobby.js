// The lobby: a column of panels. Each panel is a module with `mount(container, lobby)` returning its cleanup,
// so new ways to find a game (quick-pairing pools, open seeks, correspondence) slot in as panels of their own
// once the server offers them.

import { h } from './dom.js';
import * as challenges from './lobby/challenges.js';
import * as liveGames from './lobby/live-games.js';
import * as myGames from './lobby/my-games.js';
import * as newChallenge from './lobby/new-challenge.js';

/** The panels in reading order: finding a game first, then your games, then games to watch. */
const COLUMNS = [
  [newChallenge, challenges],
  [myGames, liveGames],
];

export function mount(root, context) {
  // Panels tell each other about changes they caused (a challenge made here appears in the list there).
  const lobby = { ...context, events: new EventTarget() };
  const cleanups = [];
  const columns = COLUMNS.map((panels) => {
    const column = h('div', { class: 'lobby-column' });
    for (const panel of panels) {
      const container = h('section', { class: 'panel', id: panel.ID, 'aria-labelledby': `${panel.ID}-title` });
      column.append(container);
      cleanups.push(panel.mount(container, lobby));
    }
    return column;
  });
  root.append(h('div', { class: 'lobby' }, columns));
  return () => cleanups.forEach((cleanup) => cleanup?.());
}
