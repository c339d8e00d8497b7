// The leaderboard: the best established ratings of a game kind and speed class, and where I stand.

import { api } from '../api.js';
import { h, replaceChildren } from '../dom.js';
import { choice } from '../forms.js';
import { DEFAULT_KIND, KINDS } from '../kinds/index.js';
import { errorText, t } from '../i18n.js';
import { playerLink } from '../player-link.js';
import { ratingBadge, ratingIn } from '../ratings.js';
import { SPEEDS, speedName } from '../time-controls.js';

export const ID = 'leaderboard';

/** Rows shown. */
const LIMIT = 10;

export function mount(container, lobby) {
  const me = lobby.account();
  let speed = 'blitz';
  const board = h('div', { class: 'leaderboard' });
  const mine = h('p', { class: 'hint', id: 'my-rating' });
  const game = choice(t('lobby.game'), [...KINDS.values()].map((kind) => ({ value: kind.key, label: kind.name, selected: kind === DEFAULT_KIND })),
    { name: 'leaderboard-game' });
  const current = () => `${game.input.value}/${speed}`;

  const load = async () => {
    const shown = current();
    const kind = game.input.value;
    try {
      const [{ players, rated_players: rated = 0 }, profile] = await Promise.all([api.leaderboard(kind, speed, LIMIT),
        me ? lobby.myProfile() : null]);
      if (shown !== current()) return;
      replaceChildren(board, players.length
        ? h('ol', { class: 'ranking' }, players.map((entry) => h('li', { class: entry.player.id === me?.id ? 'me' : null },
          h('span', { class: 'rank', text: String(entry.rank) }),
          playerLink(entry.player, { class: 'name' }),
          h('span', { class: 'games', text: t('leaderboard.games', { count: entry.games }) }),
          ratingBadge({ rating: entry.rating, provisional: false }))))
        : h('p', { class: 'empty', text: rated ? t('leaderboard.nobody-established', { rated }) : t('leaderboard.nobody-rated') }));
      if (!profile) return;
      const rating = ratingIn(profile, kind, speed);
      replaceChildren(mine, t('leaderboard.yours', { speed: speedName(speed) }), ' ', ratingBadge(rating),
        rating.games ? t('leaderboard.after', { count: rating.games }) : t('leaderboard.before'));
    } catch (error) {
      if (shown === current()) replaceChildren(board, h('p', { class: 'error', text: errorText(error) }));
    }
  };

  const tab = ({ id, name }) => h('label', {},
    h('input', { type: 'radio', name: 'leaderboard-speed', value: id, checked: id === speed,
      on: { change: () => { speed = id; load(); } } }),
    h('span', { text: name }));

  container.append(
    h('div', { class: 'panel-head' },
      h('h2', { id: `${ID}-title`, text: t('leaderboard.title') }),
      h('fieldset', { class: 'segmented' }, h('legend', { class: 'visually-hidden', text: t('leaderboard.speed') }), SPEEDS.map(tab))),
    game.element, board, mine);
  game.input.addEventListener('change', load);
  load();
  return null;
}
