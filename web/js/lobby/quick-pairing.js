// Quick pairing: one button per common time control of the chosen game (per-move clocks too where the game's
// kind offers them), rated or casual. Each pressed button
// waits in that pool
// (several at once is fine); the server pairs players of similar rating and the game opens on `game_started`.
// Waiting lasts while this page is open: leaving the lobby leaves the pools. After the server's `offer_after_ms`
// of waiting (`GET /api/bots`; none when it runs no built-in bot) the player is offered the computer instead:
// accepting leaves the pools and challenges the bot to the game the longest-waited pool would have given (at
// the level nearest the player's rating there, see bot-levels.js), declining hides the offer until the next wait.
// Casual and rated pools are apart, and guests play casual games only, so a player starts in Casual until they
// have rated games; each button counts the players waiting in both, and switching moves the waits along.

import { api } from '../api.js';
import { h, replaceChildren } from '../dom.js';
import { formatCountdown, formatElapsed, formatTimeControl } from '../format.js';
import { gameName, kindOf } from '../kinds/index.js';
import { errorText, t } from '../i18n.js';
import { showNotice } from '../notice.js';
import { PER_MOVE_POOL_TIME_CONTROLS, POOL_TIME_CONTROLS, poolTimeControls, speedName, speedOf } from '../time-controls.js';
import { botFor, defaultBot, levelLabel } from './bot-levels.js';
import { poolKey } from './feed.js';
import { gameChoice } from './game-choice.js';
import { mayPlayRated, ratedHint } from './rated-choice.js';

export const ID = 'quick-pairing';

const poolName = (spec) =>
  `${gameName(spec.ruleset)}: ${formatTimeControl(spec.time_control)} ${speedName(speedOf(spec.time_control))}, ${spec.rated ? t('common.rated') : t('common.casual')}`;

/** What the pool's numbers say, and no more: who else waits, and the average of the pairings measured so far. */
const expectation = (status, across) => {
  const others = status.waiting > 1 ? t('pairing.moreWaiting', { count: status.waiting - 1 }) : t('pairing.nobodyElse');
  // Players waiting for the same game in the other mode, whom a switch would meet.
  const beside = across.waiting > 0
    ? ` · ${t('pairing.waitingIn', { count: across.waiting, mode: across.pool.rated ? t('common.rated') : t('common.casual') })}` : '';
  const measured = status.measured_waits ?? 0;
  const wait = status.expected_wait_ms === null || !measured
    ? t('pairing.noEstimate')
    : t('pairing.measured', { count: measured, time: formatCountdown(status.expected_wait_ms) });
  return `${others}${beside} · ${wait}`;
};

/** The same pool in the other mode: rated for casual, casual for rated. */
const otherMode = (spec) => ({ ...spec, rated: !spec.rated });

export function mount(container, lobby) {
  const { connection, feed } = lobby;
  // Guests play casual games only: the server refuses them rated pools.
  const ratedAllowed = mayPlayRated(lobby.account());
  // Casual until the player's profile shows rated games: a new player then meets guests and other new players.
  let rated = false;
  /** Whether the player chose the mode themselves: the profile, read later, no longer decides it then. */
  let modeChosen = false;
  /** The pools I wait in, by key: `{spec, since}`. */
  const waiting = new Map();
  /** Pools with a join or leave on its way. */
  const busy = new Set();
  /** The built-in bot's levels, offered after `offerAfter` ms of waiting; none when the server runs no bot. */
  let offer = { bots: [], offerAfter: null };
  /** The level offered in this wait, for the pool key `key`: `{key, bot}`, `bot` null while it is being chosen. */
  let chosen = null;
  /** Whether the player declined the offer during this wait (it ends when no pool is waited in). */
  let declined = false;

  const game = gameChoice('pool-game', { onChange: () => update() });
  const spec = (timeControl) => ({ ruleset: game.selected().ruleset, time_control: timeControl, rated });

  const toggle = async (timeControl) => {
    const pool = spec(timeControl);
    const key = poolKey(pool);
    if (busy.has(key)) return;
    busy.add(key);
    update();
    const joining = !waiting.has(key);
    try {
      await connection.request({ type: joining ? 'pool_join' : 'pool_leave', pool });
      if (joining) waiting.set(key, { spec: pool, since: Date.now() });
      else waiting.delete(key);
    } catch (error) {
      // Leaving a pool the server no longer has me in (paired, or dropped while offline) is done already.
      if (!joining && error.code === 'not_allowed') waiting.delete(key);
      else showNotice(errorText(error));
    } finally {
      busy.delete(key);
      update();
    }
  };

  const leaveAll = async () => {
    try {
      await connection.request({ type: 'pool_leave' });
      waiting.clear();
    } catch (error) {
      showNotice(errorText(error));
    }
    update();
  };

  /** After a reconnect the server may have dropped me from the pools: join them again (a repeat is harmless). */
  const rejoin = () => {
    for (const [key, { spec: pool }] of waiting) {
      connection.request({ type: 'pool_join', pool }).catch((error) => {
        waiting.delete(key);
        showNotice(t('pairing.stopped', { pool: poolName(pool), reason: errorText(error) }));
        update();
      });
    }
  };

  /** The pool waited in longest: the game the bot is offered in. */
  const longestWaited = () => [...waiting.values()].reduce((first, w) => (w.since < first.since ? w : first));

  /** Chooses the level to offer for `pool`, once per wait; the offer shows when it is chosen. */
  const choose = (pool) => {
    const key = poolKey(pool);
    chosen = { key, bot: null };
    // Without the ratings (a profile that cannot be read), the default level.
    botFor(offer.bots, pool, lobby.myProfile).catch(() => defaultBot(offer.bots))
      .then((bot) => {
        if (chosen?.key !== key) return;
        chosen.bot = bot;
        update();
      });
  };

  const acceptOffer = async () => {
    const { spec: pool } = longestWaited();
    const { bot } = chosen;
    declined = true;
    try {
      await connection.request({ type: 'pool_leave' });
      waiting.clear();
      update();
      // The same challenge as the "Play the computer" panel; the game opens on `game_started`.
      await api.createChallenge({ opponent: bot.account.name, ruleset: pool.ruleset, time_control: pool.time_control,
        colour: 'random', rated: pool.rated });
    } catch (error) {
      showNotice(errorText(error));
    }
    update();
  };

  const offerText = h('p', { class: 'bot-offer-text' });
  const offerBox = h('div', { class: 'bot-offer', id: 'bot-offer', role: 'status', hidden: true },
    h('strong', { text: t('pairing.botOffer') }), offerText,
    h('div', { class: 'row' },
      h('button', { type: 'button', class: 'small primary', id: 'bot-offer-accept', on: { click: acceptOffer } }, t('pairing.botOfferAccept')),
      h('button', { type: 'button', class: 'small', id: 'bot-offer-decline', on: { click: () => { declined = true; update(); } } },
        t('pairing.botOfferDecline'))));

  const buttons = [...POOL_TIME_CONTROLS, ...PER_MOVE_POOL_TIME_CONTROLS].map((timeControl) => {
    const note = h('span', { class: 'pool-note' });
    const button = h('button', { type: 'button', class: 'pool', 'data-pool': formatTimeControl(timeControl), on: { click: () => toggle(timeControl) } },
      h('span', { class: 'pool-tc', text: formatTimeControl(timeControl) }),
      h('span', { class: 'pool-speed', text: speedName(speedOf(timeControl)) }),
      note);
    return { timeControl, button, note };
  });

  /** Waits of the other mode move to this one's pools, each keeping how long it has waited. */
  const moveWaits = async () => {
    for (const [key, { spec: from, since }] of [...waiting]) {
      if (from.rated === rated) continue;
      const to = { ...from, rated };
      // The button reads the pool of the mode shown: it waits for the move as for a join.
      busy.add(key).add(poolKey(to));
      update();
      try {
        await connection.request({ type: 'pool_leave', pool: from });
        waiting.delete(key);
        await connection.request({ type: 'pool_join', pool: to });
        waiting.set(poolKey(to), { spec: to, since });
      } catch (error) {
        showNotice(t('pairing.stopped', { pool: poolName(from), reason: errorText(error) }));
      } finally {
        busy.delete(key);
        busy.delete(poolKey(to));
        update();
      }
    }
  };

  const switchMode = (value) => {
    rated = value;
    for (const radio of radios) radio.checked = radio.value === String(value);
    update();
    moveWaits();
  };

  const radios = [];
  const mode = (value, label) => {
    const radio = h('input', { type: 'radio', name: 'pool-rated', value, checked: String(rated) === value, disabled: value === 'true' && !ratedAllowed,
      on: { change: () => { modeChosen = true; switchMode(value === 'true'); } } });
    radios.push(radio);
    return h('label', { title: value === 'true' && !ratedAllowed ? t('lobby.ratedNeedsAccount') : null }, radio, h('span', { text: label }));
  };

  const headline = h('p', { class: 'waiting-headline', role: 'status', text: t('pairing.looking') });
  const elapsed = h('span', { class: 'elapsed' });
  const list = h('ul', { class: 'waiting-pools' });
  const stop = h('button', { type: 'button', class: 'small', id: 'stop-waiting', on: { click: leaveAll } }, t('pairing.stop'));
  const box = h('div', { class: 'waiting', hidden: true },
    h('div', { class: 'waiting-top' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), headline, elapsed, stop), list, offerBox);

  container.append(
    h('div', { class: 'panel-head' },
      h('h2', { id: `${ID}-title`, text: t('pairing.title') }),
      h('fieldset', { class: 'segmented' }, h('legend', { class: 'visually-hidden', text: t('pairing.poolGames') }),
        mode('false', t('lobby.casual')), mode('true', t('lobby.rated')))),
    h('p', { class: 'hint', text: t('pairing.hint') }),
    ...ratedHint(lobby.account()),
    h('div', { class: 'row' }, game.element),
    h('div', { class: 'pools', role: 'group', 'aria-label': t('pairing.timeControls') }, buttons.map((b) => b.button)),
    box);

  function update() {
    const now = Date.now();
    const offered = poolTimeControls(kindOf(game.selected().ruleset));
    for (const { timeControl, button, note } of buttons) {
      button.hidden = !offered.includes(timeControl);
      const key = poolKey(spec(timeControl));
      const mine = waiting.get(key);
      const status = feed.pool(spec(timeControl));
      button.setAttribute('aria-pressed', String(Boolean(mine)));
      button.disabled = busy.has(key);
      button.title = t(mine ? 'pairing.stopWaitingFor' : 'pairing.waitFor', { pool: poolName(spec(timeControl)) });
      const across = feed.pool(otherMode(spec(timeControl)));
      note.textContent = mine ? t('pairing.waitingFor', { time: formatElapsed(now - mine.since) })
        : [status, across].filter(({ waiting: count }) => count > 0).map(({ pool, waiting: count }) =>
          t('pairing.waitingIn', { count, mode: pool.rated ? t('common.rated') : t('common.casual') })).join(' · ');
    }
    box.hidden = waiting.size === 0;
    if (!waiting.size) {
      declined = false;
      chosen = null;
      return;
    }
    const longest = longestWaited();
    elapsed.textContent = formatElapsed(now - longest.since);
    replaceChildren(list, [...waiting.values()].map(({ spec: pool }) =>
      h('li', {}, h('strong', { text: poolName(pool) }), ` — ${expectation(feed.pool(pool), feed.pool(otherMode(pool)))}`)));
    const due = offer.bots.length > 0 && offer.offerAfter !== null && !declined && now - longest.since >= offer.offerAfter;
    if (due && chosen?.key !== poolKey(longest.spec)) choose(longest.spec);
    offerBox.hidden = !due || !chosen?.bot;
    if (!offerBox.hidden) offerText.textContent = t('pairing.botOfferWhat', { level: levelLabel(chosen.bot), pool: poolName(longest.spec) });
  }

  const started = () => {
    waiting.clear();
    update();
  };
  /** The lobby moved to another server node and dropped every pool place and seek: pools are joined again as after a
   * reconnect; a player waiting in none (whose seeks were dropped) is told. */
  const lobbyRestarted = (frame) => {
    if (frame.code !== 'lobby_restarted') return;
    if (waiting.size) rejoin();
    else showNotice(errorText(frame));
  };
  feed.addEventListener('pools', update);
  const removers = [connection.on('welcome', rejoin), connection.on('game_started', started),
    connection.on('error', lobbyRestarted)];
  const ticker = setInterval(() => waiting.size && update(), 1000);
  if (ratedAllowed) {
    lobby.myProfile().then((profile) => {
      const played = profile.ratings.some((rating) => rating.games > 0);
      if (played && !modeChosen && !rated) switchMode(true);
    }, () => {});
  }
  api.bots().then(({ bots, offer_after_ms: offerAfter }) => {
    if (bots.length && typeof offerAfter === 'number') offer = { bots, offerAfter };
  }).catch(() => {});
  update();
  return () => {
    clearInterval(ticker);
    feed.removeEventListener('pools', update);
    removers.forEach((remove) => remove());
    if (waiting.size) connection.request({ type: 'pool_leave' }).catch(() => {});
  };
}
