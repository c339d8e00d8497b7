// The game viewer: the board after any ply (the server draws it), step-by-step replay, the moves with their
// times and clocks, the timeline of what the server saw, and the admin's actions with a written reason.

import { actionCount, kindOf } from '../../js/kinds/index.js';
import { admin } from './api.js';
import { clock, download, fill, h, reasonedActions, result, time, timeControl } from './dom.js';

const SEATS = { first: 0, second: 1 };

/** A move as players read it, with the stored notation beside it when the kind shows it otherwise (Dots:
 * `20-17 (qv)`). */
function shownMove(ruleset, notation) {
  const { display } = kindOf(ruleset).notation;
  return display ? `${display(notation, ruleset)} (${notation})` : notation;
}

/** A timeline entry in words. */
function describe(entry, players) {
  if (entry.source === 'chat') {
    const where = entry.message.channel.kind === 'players' ? 'players' : 'spectators';
    return h('span', { class: 'chat' }, `${entry.message.name} (${where} chat): ${entry.message.text}`);
  }
  if (entry.source === 'admin') {
    const what = entry.entry.action.replaceAll('_', ' ');
    return h('span', { class: 'admin' }, `${entry.entry.actor}: ${what} — ${entry.entry.reason}`);
  }
  const event = entry.event;
  const who = (seat) => players[SEATS[seat]]?.name ?? seat;
  switch (event.type) {
    case 'started': return 'game started';
    case 'moved': return h('span', { class: 'move' },
      `${who(event.seat)} played ${event.notation} (ply ${event.ply}; clocks ${clock(event.clocks.first_ms)} / ${clock(event.clocks.second_ms)})`);
    case 'player_connected': return `${who(event.seat)} connected`;
    case 'player_disconnected': return `${who(event.seat)} disconnected`;
    case 'connection_closed': return `the server closed ${who(event.seat)}'s connection: ${event.reason}`;
    case 'draw_offered': return `${who(event.seat)} offered a draw`;
    case 'draw_declined': return `${who(event.seat)} declined the draw`;
    case 'ended': return `ended: ${event.result.winner ? `${who(event.result.winner)} won` : 'draw'} (${event.result.reason.replaceAll('_', ' ')})`;
    case 'aborted': return `${who(event.seat)} aborted the game`;
    case 'clock_credited': return `${who(event.seat)}'s clock got back ${clock(event.credited_ms)} of server downtime`;
    case 'vacation_started': return `${who(event.seat)} went on vacation`;
    case 'vacation_ended': return `${who(event.seat)} came back from vacation`;
    case 'aborted_by_admin': return h('span', { class: 'admin' }, 'an admin aborted the game');
    case 'adjudicated': return h('span', { class: 'admin' },
      `adjudicated: ${event.result.winner ? `${who(event.result.winner)} won` : 'draw'}`);
    default: return event.type;
  }
}

/** Renders the viewer of game `id` into `page`. */
export async function gamePage(page, id) {
  const review = await admin.review(id);
  const game = review.game;
  const moves = review.moves;
  const last = game.ply;
  let ply = last;
  /** The ply after a move: a move holds as many plies as its kind counts actions in its text. */
  const after = (move) => move.ply + actionCount(game.ruleset, move.notation);

  const board = h('div', { class: 'board', role: 'img', 'aria-label': 'The board' });
  const slider = h('input', { type: 'range', min: 0, max: last, value: last, 'aria-label': 'Ply' });
  const where = h('span', { role: 'status' });
  const step = (to) => show(Math.max(0, Math.min(last, to)));
  const controls = h('div', { class: 'steps' },
    h('button', { type: 'button', class: 'secondary', onclick: () => step(0), 'aria-label': 'Start' }, '«'),
    h('button', { type: 'button', class: 'secondary', onclick: () => step(ply - 1), 'aria-label': 'Back one step' }, '◀'),
    slider,
    h('button', { type: 'button', class: 'secondary', onclick: () => step(ply + 1), 'aria-label': 'Forward one step' }, '▶'),
    h('button', { type: 'button', class: 'secondary', onclick: () => step(last), 'aria-label': 'End' }, '»'),
    where);
  slider.addEventListener('input', () => step(Number(slider.value)));

  const moveRows = moves.map((move) => h('tr', { onclick: () => step(after(move)) },
    h('td', { class: 'turn' }, move.turn), h('td', { class: 'ply' }, move.ply),
    h('td', {}, review.accounts[SEATS[move.seat]].name), h('td', {}, shownMove(game.ruleset, move.notation)),
    h('td', {}, move.received_at_ms ? time(move.received_at_ms).slice(11) : '–'),
    h('td', {}, move.clocks ? `${clock(move.clocks.first_ms)} / ${clock(move.clocks.second_ms)}` : '–')));
  const movesTable = h('table', { class: 'moves', 'aria-label': 'Moves' },
    h('thead', {}, h('tr', {}, ['Turn', 'Ply', 'Player', 'Move', 'Received', 'Clocks after'].map((t) => h('th', {}, t)))),
    h('tbody', {}, moveRows));

  const timelineItems = review.timeline.map((entry) => {
    const item = h('li', {}, h('span', { class: 'time' }, time(entry.at_ms).slice(11)), describe(entry, game.players));
    if (entry.source === 'game' && entry.event.type === 'moved') {
      item.addEventListener('click', () => step(after(entry.event)));
      item.dataset.after = after(entry.event);
    }
    return item;
  });

  async function show(to) {
    ply = to;
    slider.value = String(to);
    where.textContent = `ply ${to} of ${last}`;
    moves.forEach((move, index) => moveRows[index].classList.toggle('selected',
      move.ply < to && to <= after(move)));
    timelineItems.forEach((item) => item.classList.toggle('current', item.dataset.after === String(to)));
    const picture = await admin.picture(id, to);
    if (ply !== to) return;
    const svg = new DOMParser().parseFromString(picture, 'image/svg+xml').documentElement;
    fill(board, document.importNode(svg, true));
  }

  fill(page,
    h('h1', {}, `${game.players[0].name} – ${game.players[1].name}, ${time(game.created_at_ms)}`),
    h('div', { class: 'viewer' },
      h('section', { class: 'panel', 'aria-label': 'Replay' }, board, controls, facts(review), await actions(review, () => gamePage(page, id))),
      h('section', { class: 'panel', 'aria-label': 'Moves' }, h('h2', {}, 'Moves'), h('div', { class: 'scroll' }, movesTable)),
      h('section', { class: 'panel', 'aria-label': 'Timeline' }, h('h2', {}, 'Timeline'),
        h('div', { class: 'scroll' }, h('ul', { class: 'timeline' }, timelineItems)))));
  document.onkeydown = (event) => {
    if (event.target.closest?.('input, textarea, select')) return;
    if (event.key === 'ArrowLeft') step(ply - 1);
    if (event.key === 'ArrowRight') step(ply + 1);
  };
  await show(last);
}

function facts(review) {
  const game = review.game;
  const origin = game.import ? `imported from ${game.import.source}, game ${game.import.index}` : 'played here';
  return h('dl', { class: 'facts' },
    h('dt', {}, 'Result'), h('dd', {}, result(game)),
    h('dt', {}, 'Time control'), h('dd', {}, timeControl(game.time_control)),
    h('dt', {}, 'Game'), h('dd', {}, `${kindOf(game.ruleset).name}, ${kindOf(game.ruleset).describeRuleset(game.ruleset)}`),
    h('dt', {}, 'Origin'), h('dd', {}, origin),
    h('dt', {}, 'Rated'), h('dd', {}, game.rated ? 'yes' : 'no'),
    h('dt', {}, 'Id'), h('dd', {}, game.id));
}

/** The action buttons, with the reason every action needs; `reload` shows the game again after one. */
async function actions(review, reload) {
  const game = review.game;
  const { reason, status, act: run } = reasonedActions(reload);
  // A kurnik record exists only for what kurnik can express; the server's refusal says why.
  const saveRecord = (format) => async () => {
    try {
      download(new Blob([await admin.record(game.id, format)]), `kartka-${game.id}${format === 'kurnik' ? '-kurnik' : ''}.pgn`);
    } catch (error) {
      fill(status, h('span', { class: 'error' }, error.message));
    }
  };
  const verdict = h('select', { name: 'result', 'aria-label': 'Decided result' },
    h('option', { value: 'first' }, `${game.players[0].name} wins`),
    h('option', { value: 'second' }, `${game.players[1].name} wins`),
    h('option', { value: 'draw' }, 'draw'));
  const gameActions = h('div', { class: 'row' },
    game.status === 'active' ? h('button', { type: 'button', class: 'danger', onclick: run((why) => admin.abort(game.id, why)) }, 'Abort game') : null,
    game.status !== 'aborted' ? [verdict, h('button', { type: 'button', onclick: run((why) => admin.adjudicate(game.id, verdict.value, why)) }, 'Adjudicate')] : null,
    h('button', { type: 'button', class: 'secondary', onclick: saveRecord('own') }, 'Record'),
    h('button', { type: 'button', class: 'secondary', onclick: saveRecord('kurnik') }, 'Kurnik record'));
  const accountActions = review.accounts.filter((account) => account.kind !== 'imported').map((account) => h('div', { class: 'row' },
    h('span', {}, h('a', { href: `#/account/${encodeURIComponent(account.name)}` }, account.name),
      `${account.banned ? ' (banned)' : ''}${account.is_admin ? ' (admin)' : ''}`),
    account.banned
      ? h('button', { type: 'button', class: 'secondary', onclick: run((why) => admin.unban(account.name, why)) }, `Unban ${account.name}`)
      : account.is_admin ? null : h('button', { type: 'button', class: 'danger', onclick: run((why) => admin.ban(account.name, why)) }, `Ban ${account.name}`)));
  return h('section', { class: 'actions', 'aria-label': 'Actions' }, h('h2', {}, 'Actions'), reason, gameActions, accountActions, status);
}
