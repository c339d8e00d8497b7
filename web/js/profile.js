// A player's page, /player/NAME: ratings per game and speed with a chart of each one's history, results, the
// signed-in viewer's results against them, and their games, newest first, a page at a time, with a link to the
// filtered history (history.js).

import { api } from './api.js';
import { h, replaceChildren, s } from './dom.js';
import { describeResult, formatTimeControl } from './format.js';
import { gameName, kindOf } from './kinds/index.js';
import { errorText, t } from './i18n.js';
import { playerLink, playerUrl } from './player-link.js';
import { outcomeOf } from './ranks.js';
import { seatName } from './seats.js';
import { speedName } from './time-controls.js';

export function mount(root, context, [encodedName]) {
  const name = decodeURIComponent(encodedName);
  let closed = false;
  replaceChildren(root, h('p', { class: 'loading', text: t('profile.loading') }));
  api.player(name).then((profile) => {
    if (!closed) show(root, context, profile);
  }, (error) => {
    if (closed) return;
    const text = error.code === 'unknown_player' ? t('profile.unknown', { name }) : errorText(error);
    replaceChildren(root, h('section', { class: 'panel narrow' }, h('h1', { text: name }), h('p', { text })));
  });
  return () => { closed = true; };
}

function show(root, context, profile) {
  const { account, results } = profile;
  const me = context.account();
  const versus = h('p', { class: 'versus' });
  const games = h('ul', { class: 'game-list' });
  const more = h('button', { type: 'button', class: 'small', text: t('profile.more') });
  replaceChildren(root, h('section', { class: 'panel profile' },
    h('h1', { text: account.name }, account.guest ? h('span', { class: 'tag', text: t('profile.guest') }) : null,
      account.bot ? h('span', { class: 'tag', text: t('profile.bot') }) : null),
    h('p', { text: t('profile.results', { ...results, count: results.finished }) }),
    versus,
    h('h2', { class: 'small-heading', text: t('profile.ratings') }),
    profile.ratings.length ? h('ul', { class: 'ratings' }, profile.ratings.map((rating) => ratingItem(account.name, rating)))
      : h('p', { class: 'hint', text: t('profile.no-ratings') }),
    h('h2', { class: 'small-heading', text: t('profile.games') }),
    h('p', {}, h('a', { id: 'history-link', href: `${playerUrl(account.name)}/games`, text: t('profile.history') })),
    games, more));
  if (me && me.id !== account.id) {
    api.versus(account.name).then(({ results: r }) => {
      versus.textContent = t('profile.versus', r);
    }, () => {});
  }
  let before = null;
  const loadMore = async () => {
    more.disabled = true;
    const page = await api.gamesPage(account.name, before).catch(() => ({ games: [], next_before: null }));
    for (const game of page.games) games.append(gameItem(game, account.name));
    if (!games.childElementCount) games.append(h('li', { class: 'hint', text: t('profile.no-games') }));
    before = page.next_before;
    more.hidden = !before;
    more.disabled = false;
  };
  more.addEventListener('click', loadMore);
  loadMore();
}

function ratingItem(name, rating) {
  const chart = h('div', { class: 'rating-chart' });
  api.ratingHistory(name, rating.kind, rating.speed).then(({ points }) => chart.append(drawChart(points)), () => {});
  const value = rating.provisional ? `${rating.rating}?` : String(rating.rating);
  return h('li', {}, h('strong', { text: `${kindOf(rating.kind).name} · ${speedName(rating.speed)}: ${value}` }),
    ` (${t('profile.rated-games', { count: rating.games })})`, chart);
}

/** A rating history as a small line chart: oldest on the left, the range of the ratings from bottom to top. */
export function drawChart(points, width = 240, height = 60) {
  if (points.length < 2) return h('span', { class: 'hint', text: t('profile.chart-too-short') });
  const ratings = points.map((point) => point.rating);
  const low = Math.min(...ratings);
  const span = Math.max(1, Math.max(...ratings) - low);
  const xy = points.map((point, i) => `${(i / (points.length - 1)) * width},${height - ((point.rating - low) / span) * height}`);
  return s('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': t('profile.chart') },
    s('polyline', { points: xy.join(' '), fill: 'none', stroke: 'currentColor', 'stroke-width': 2 }));
}

/** One game in the list: its players, then which game, its clock and how it ended, marked as a win, a loss or a
 * draw for the player whose page this is. */
function gameItem(game, owner) {
  const link = game.status === 'active' ? `/game/${game.id}` : `/replay/${game.id}`;
  const finished = game.status === 'finished' && game.result;
  const ownerSeat = seatName(game.players.findIndex((player) => player.name.toLowerCase() === owner.toLowerCase()));
  const outcome = finished ? outcomeOf(game.result, ownerSeat) : game.status;
  const ending = finished ? describeResult(game.result, game.players) : t(`profile.status.${game.status}`);
  const players = game.players.flatMap((player, index) => (index ? [' – ', playerLink(player)] : [playerLink(player)]));
  return h('li', { class: 'game' }, ...players, ' ',
    h('a', { class: 'meta game-link', href: link, text: `${gameName(game.ruleset)} · ${formatTimeControl(game.time_control)}` }),
    ' · ', h('span', { class: `result ${outcome}`, text: ending }));
}
