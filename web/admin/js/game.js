// The game viewer: the board after any ply (drawn by the kind's own board, as players see it, each player's
// lines in their colour), step-by-step replay, the moves with their times and clocks, the timeline of what the
// server saw, and the admin's actions with a written reason, confirmed before they are taken.

import { describeResult, formatTimeControl } from '../../js/format.js';
import { GameModel } from '../../js/game-model.js';
import { errorText, t } from '../../js/i18n.js';
import { actionCount, kindOf, loadKind } from '../../js/kinds/index.js';
import { isDraw, soleWinnerIndex } from '../../js/ranks.js';
import { seatIndex } from '../../js/seats.js';
import { admin } from './api.js';
import { accountLink, clock, download, fill, h, reasonedActions, result, time } from './dom.js';

/** A move as players read it, with the stored notation beside it when the kind shows it otherwise (Dots:
 * `20-17 (qv)`). */
function shownMove(ruleset, notation) {
  const { display } = kindOf(ruleset).notation;
  return display ? `${display(notation, ruleset)} (${notation})` : notation;
}

/** Every seat's clock, first seat first: `2:55 / 3:00`. */
function clocksText(clocks) {
  return clocks.ms.map(clock).join(' / ');
}

/** An adjudication's result: a draw, the one winner of a game of two by name, or at a larger table (and when
 * several share first place) every player's place. */
export function adjudicationText(result, players) {
  if (isDraw(result)) return t('admin.event.draw');
  const winner = soleWinnerIndex(result);
  if (players.length === 2 && winner !== null) return t('admin.event.won', { name: players[winner].name });
  return describeResult(result, players);
}

/** The players of a game by name, every seat in seat order, for its title and its board's label: `alice – bob –
 * carol`. */
export function playersLine(players) {
  return players.map((player) => player.name).join(' – ');
}

/**
 * The reviewed game as the browser's game model (game-model.js), for its replay: the stored moves, and each
 * seat that left a game that plays on (the timeline's `seat_left`) at its ply, so that the turn passes it by
 * from there.
 */
export function reviewModel(review) {
  const departed = review.timeline
    .filter((entry) => entry.source === 'game' && entry.event.type === 'seat_left')
    .map(({ event }) => ({ seat: event.seat, ply: event.ply, reason: event.reason }));
  return new GameModel({ ...review.game, moves: review.moves, departed });
}

/** Timeline events shown as the admins' own doing. */
const BY_ADMIN = new Set(['aborted_by_admin', 'adjudicated']);

/** A timeline entry in words: `admin.event.<type>` of the catalogs, with the event's details filled in. */
function describe(entry, players) {
  if (entry.source === 'chat') {
    const key = entry.message.channel.kind === 'players' ? 'admin.chat.players' : 'admin.chat.spectators';
    return h('span', { class: 'chat' }, t(key, { name: entry.message.name, text: entry.message.text }));
  }
  if (entry.source === 'admin') {
    const { actor, action, reason } = entry.entry;
    return h('span', { class: 'admin' }, `${actor}: ${t(`admin.action.${action}`)} — ${reason}`);
  }
  const event = entry.event;
  const who = (seat) => (seat ? players[seatIndex(seat)]?.name ?? seat : undefined);
  const params = { name: who(event.seat) };
  switch (event.type) {
    case 'moved': return h('span', { class: 'move' }, t('admin.event.moved', {
      ...params, move: event.notation, ply: event.ply, clocks: clocksText(event.clocks) }));
    case 'connection_closed': params.reason = event.reason; break;
    case 'ended': params.result = describeResult(event.result, players); break;
    case 'clock_credited': params.time = clock(event.credited_ms); break;
    case 'adjudicated': params.result = adjudicationText(event.result, players); break;
    default: break;
  }
  const key = `admin.event.${event.type}`;
  const text = t(key, params);
  // An event newer than these pages' catalogs (the catalog test asks for every type the protocol has).
  if (text === key) return event.type;
  return BY_ADMIN.has(event.type) ? h('span', { class: 'admin' }, text) : text;
}

/** Renders the viewer of game `id` into `page`. */
export async function gamePage(page, id) {
  const review = await admin.review(id);
  const game = review.game;
  await loadKind(game.ruleset);
  const moves = review.moves;
  const last = game.ply;
  let ply = last;
  /** The ply after a move: a move holds as many plies as its kind counts actions in its text. */
  const after = (move) => move.ply + actionCount(game.ruleset, move.notation);

  const kind = kindOf(game.ruleset);
  const board = new kind.Board(game.ruleset, { label: playersLine(game.players) });
  /** The game for the position after any ply, departures included. */
  const model = reviewModel(review);
  const slider = h('input', { type: 'range', min: 0, max: last, value: last, 'aria-label': t('admin.game.ply') });
  const where = h('span', { role: 'status' });
  const step = (to) => show(Math.max(0, Math.min(last, to)));
  const controls = h('div', { class: 'steps' },
    h('button', { type: 'button', class: 'secondary', onclick: () => step(0), 'aria-label': t('admin.game.start') }, '«'),
    h('button', { type: 'button', class: 'secondary', onclick: () => step(ply - 1), 'aria-label': t('admin.game.back') }, '◀'),
    slider,
    h('button', { type: 'button', class: 'secondary', onclick: () => step(ply + 1), 'aria-label': t('admin.game.forward') }, '▶'),
    h('button', { type: 'button', class: 'secondary', onclick: () => step(last), 'aria-label': t('admin.game.end') }, '»'),
    where);
  slider.addEventListener('input', () => step(Number(slider.value)));

  const moveRows = moves.map((move) => h('tr', { onclick: () => step(after(move)) },
    h('td', { class: 'turn' }, move.turn), h('td', { class: 'ply' }, move.ply),
    h('td', {}, review.accounts[seatIndex(move.seat)].name), h('td', {}, shownMove(game.ruleset, move.notation)),
    h('td', {}, move.received_at_ms ? time(move.received_at_ms).slice(11) : '–'),
    h('td', {}, move.clocks ? clocksText(move.clocks) : '–')));
  const columns = ['admin.game.turn', 'admin.game.ply', 'admin.game.player', 'admin.game.move', 'admin.game.received', 'admin.game.clocksAfter'];
  const movesTable = h('table', { class: 'moves', 'aria-label': t('admin.game.moves') },
    h('thead', {}, h('tr', {}, columns.map((key) => h('th', {}, t(key))))),
    h('tbody', {}, moveRows));

  const timelineItems = review.timeline.map((entry) => {
    const item = h('li', {}, h('span', { class: 'time' }, time(entry.at_ms).slice(11)), describe(entry, game.players));
    if (entry.source === 'game' && entry.event.type === 'moved') {
      item.addEventListener('click', () => step(after(entry.event)));
      item.dataset.after = after(entry.event);
    }
    return item;
  });

  function show(to) {
    ply = to;
    slider.value = String(to);
    where.textContent = t('admin.game.plyOf', { ply: to, last });
    moves.forEach((move, index) => moveRows[index].classList.toggle('selected',
      move.ply < to && to <= after(move)));
    timelineItems.forEach((item) => item.classList.toggle('current', item.dataset.after === String(to)));
    board.draw(model.gameAt(to), { targets: false });
  }

  fill(page,
    h('h1', {}, `${playersLine(game.players)}, ${time(game.created_at_ms)}`),
    h('div', { class: 'viewer' },
      h('section', { class: 'panel', 'aria-label': t('admin.game.replay') },
        h('div', { class: 'admin-board' }, board.element), controls, facts(review), await actions(review, () => gamePage(page, id))),
      h('section', { class: 'panel', 'aria-label': t('admin.game.moves') },
        h('h2', {}, t('admin.game.moves')), h('div', { class: 'scroll' }, movesTable)),
      h('section', { class: 'panel', 'aria-label': t('admin.game.timeline') }, h('h2', {}, t('admin.game.timeline')),
        h('div', { class: 'scroll' }, h('ul', { class: 'timeline' }, timelineItems)))));
  document.onkeydown = (event) => {
    if (event.target.closest?.('input, textarea, select')) return;
    if (event.key === 'ArrowLeft') step(ply - 1);
    if (event.key === 'ArrowRight') step(ply + 1);
  };
  show(last);
}

function facts(review) {
  const game = review.game;
  const origin = game.import
    ? t('admin.game.importedFrom', { source: game.import.source, index: game.import.index })
    : t('admin.search.playedHere');
  return h('dl', { class: 'facts' },
    h('dt', {}, t('admin.game.result')), h('dd', {}, result(game)),
    h('dt', {}, t('admin.game.timeControl')), h('dd', {}, formatTimeControl(game.time_control)),
    h('dt', {}, t('admin.game.game')), h('dd', {}, `${kindOf(game.ruleset).name}, ${kindOf(game.ruleset).describeRuleset(game.ruleset)}`),
    h('dt', {}, t('admin.game.origin')), h('dd', {}, origin),
    h('dt', {}, t('admin.game.rated')), h('dd', {}, game.rated ? t('admin.yes') : t('admin.no')),
    h('dt', {}, t('admin.id')), h('dd', {}, game.id));
}

/**
 * The inputs of a decided result and what they decide: for two players a winner or a draw (`result`); for more,
 * a rank per player (`ranks`, 1 best, tied players sharing the better rank), as the game's result ranks them.
 */
export function verdictInputs(players) {
  if (players.length === 2) {
    const select = h('select', { name: 'result', 'aria-label': t('admin.game.decidedResult') },
      h('option', { value: 'first' }, t('admin.game.wins', { name: players[0].name })),
      h('option', { value: 'second' }, t('admin.game.wins', { name: players[1].name })),
      h('option', { value: 'draw' }, t('admin.search.draw')));
    return { inputs: [select], decided: () => ({ result: select.value }) };
  }
  const ranks = players.map((player, seat) => h('select', { name: `rank-${seat}`, 'aria-label': t('admin.game.rankOf', { name: player.name }) },
    players.map((_, index) => h('option', { value: String(index + 1), selected: index === seat }, String(index + 1)))));
  const inputs = players.map((player, seat) => h('label', {}, player.name, ' ', ranks[seat]));
  return { inputs, decided: () => ({ ranks: ranks.map((select) => Number(select.value)) }) };
}

/** The action buttons, with the reason every action needs; `reload` shows the game again after one. */
async function actions(review, reload) {
  const game = review.game;
  const { reason, status, act: run } = reasonedActions(reload);
  // One button per format the game's kind writes (the review's `record_formats`, `own` first). A foreign format
  // (kurnik's) exists only for what it can express; the server's refusal says why.
  const saveRecord = (format) => async () => {
    try {
      download(new Blob([await admin.record(game.id, format)]), `kartka-${game.id}${format === 'own' ? '' : `-${format}`}.pgn`);
    } catch (error) {
      fill(status, h('span', { class: 'error' }, errorText(error)));
    }
  };
  const { inputs: verdict, decided } = verdictInputs(game.players);
  const abort = run((why) => admin.abort(game.id, why), t('admin.game.abortQuestion'));
  const adjudicate = run((why) => admin.adjudicate(game.id, decided(), why), t('admin.game.adjudicateQuestion'));
  const gameActions = h('div', { class: 'row' },
    game.status === 'active' ? h('button', { type: 'button', class: 'danger', onclick: abort }, t('admin.game.abort')) : null,
    game.status !== 'aborted' ? [verdict, h('button', { type: 'button', onclick: adjudicate }, t('admin.game.adjudicate'))] : null,
    review.record_formats.map((format) => h('button', { type: 'button', class: 'secondary', onclick: saveRecord(format) },
      format === 'own' ? t('admin.game.record') : t('admin.game.formatRecord', { format }))));
  const accountActions = review.accounts.filter((account) => account.kind !== 'imported').map((account) => h('div', { class: 'row' },
    h('span', {}, accountLink(account.name),
      account.banned ? t('admin.account.bannedTag') : '', account.is_admin ? t('admin.account.adminTag') : ''),
    accountButton(account, run)));
  return h('section', { class: 'actions', 'aria-label': t('admin.actions') },
    h('h2', {}, t('admin.actions')), reason, gameActions, accountActions, status);
}

/** Ban or unban `account` (an admin is never banned from here), through `run` (the reasoned actions' `act`). */
function accountButton(account, run) {
  const named = { name: account.name };
  if (account.banned) {
    return h('button', { type: 'button', class: 'secondary', onclick: run((why) => admin.unban(account.name, why)) },
      t('admin.account.unban', named));
  }
  if (account.is_admin) return null;
  const ban = run((why) => admin.ban(account.name, why), t('admin.account.banQuestion', named));
  return h('button', { type: 'button', class: 'danger', onclick: ban }, t('admin.account.ban', named));
}
