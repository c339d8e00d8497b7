// The opening explorer, /explorer: a game (any kind's variants, from the kinds table), its board at the position
// the turns chosen so far reach, and the turns finished games played from there with how they ended (a bar of
// the first seat's wins, draws and the second seat's wins), by rating band and speed. A turn is chosen from
// the table or played on the board; Back takes the last one back. The address keeps the position:
// `?ruleset=JSON&moves=TEXT` (the replay page links here so, with the turns up to the step it shows).

import { request } from './api.js';
import { h, replaceChildren } from './dom.js';
import { errorText, t } from './i18n.js';
import { KINDS, gameName, kindOf, loadKind, rulesetKey } from './kinds/index.js';
import { SPEEDS, speedName } from './time-controls.js';

/** The rating bands offered: the server's bands are the average rating rounded down to 200. */
const BANDS = [800, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400];
const EXPLORER_SPEEDS = [...SPEEDS.map((speed) => speed.id), 'correspondence'];

export async function mount(root) {
  // A kind with secrets has no positions to explore.
  const rulesets = [...KINDS.values()].filter((kind) => !kind.hiddenInformation).flatMap((kind) => kind.variants.map((variant) => variant.ruleset));
  const asked = parseRuleset(new URLSearchParams(location.search).get('ruleset'));
  const chosen = asked ? rulesets.findIndex((ruleset) => rulesetKey(ruleset) === rulesetKey(asked)) : 0;
  if (asked && chosen < 0) rulesets.push(asked);
  const state = { ruleset: rulesets[chosen < 0 ? rulesets.length - 1 : chosen], turns: [], pending: [], band: '', speed: '' };
  try {
    await loadKind(state.ruleset);
  } catch (error) {
    replaceChildren(root, h('p', { class: 'error', text: errorText(error) }));
    return null;
  }
  const askedTurns = asked ? turnsOf(state.ruleset, new URLSearchParams(location.search).get('moves') ?? '') : [];
  let closed = false;
  let asking = 0;

  const gameSelect = h('select', { name: 'explorer-game', on: { change: async () => {
    const ruleset = rulesets[Number(gameSelect.value)];
    try {
      await loadKind(ruleset);
    } catch (error) {
      status.textContent = errorText(error);
      return;
    }
    if (closed || rulesets[Number(gameSelect.value)] !== ruleset) return;
    state.ruleset = ruleset;
    restart();
  } } }, rulesets.map((ruleset, index) => h('option', { value: index, text: gameName(ruleset), selected: ruleset === state.ruleset })));
  const bandSelect = h('select', { name: 'explorer-band', on: { change: () => { state.band = bandSelect.value; refresh(); } } },
    h('option', { value: '', text: t('explorer.any') }),
    h('option', { value: '0', text: t('explorer.band.none') }),
    BANDS.map((band) => h('option', { value: band, text: t('explorer.band.range', { low: band, high: band + 199 }) })));
  const speedSelect = h('select', { name: 'explorer-speed', on: { change: () => { state.speed = speedSelect.value; refresh(); } } },
    h('option', { value: '', text: t('explorer.any') }),
    EXPLORER_SPEEDS.map((speed) => h('option', { value: speed,
      text: speed === 'correspondence' ? t('history.speed.correspondence') : speedName(speed) })));
  const back = h('button', { type: 'button', class: 'small', id: 'explorer-back', text: t('explorer.back'),
    on: { click: () => { if (state.pending.length) state.pending = []; else state.turns.pop(); refresh(); } } });
  const startOver = h('button', { type: 'button', class: 'small quiet', id: 'explorer-start', text: t('explorer.start'),
    on: { click: () => { state.turns = []; state.pending = []; refresh(); } } });
  const line = h('p', { class: 'explorer-line', id: 'explorer-line' });
  const status = h('p', { class: 'hint', role: 'status', id: 'explorer-status' });
  const rows = h('tbody');
  const table = h('table', { class: 'explorer-table' },
    h('thead', {}, h('tr', {}, ['turn', 'games', 'results'].map((column) => h('th', { scope: 'col', text: t(`explorer.column.${column}`) })))),
    rows);
  const boardWrap = h('div', { class: 'board-wrap' });
  let board = null;

  replaceChildren(root, h('div', { class: 'explorer-page' },
    h('div', { class: 'board-column' }, boardWrap),
    h('section', { class: 'panel explorer' },
      h('h1', { text: t('explorer.title') }),
      h('div', { class: 'filters', id: 'explorer-filters' },
        h('label', {}, t('explorer.game'), gameSelect),
        h('label', {}, t('explorer.band'), bandSelect),
        h('label', {}, t('explorer.speed'), speedSelect)),
      h('div', { class: 'button-row' }, back, startOver),
      line, status, table,
      h('p', { class: 'hint', text: t('explorer.hint') }))));

  /** The game at the chosen turns plus the actions played so far of the next one. */
  function position() {
    const kind = kindOf(state.ruleset);
    const game = kind.newGame(state.ruleset);
    for (const turn of state.turns) for (const action of kind.notation.actions(turn)) game.play(action);
    for (const action of state.pending) game.play(action);
    return game;
  }

  function restart(turns = []) {
    const kind = kindOf(state.ruleset);
    state.turns = turns;
    state.pending = [];
    board = new kind.Board(state.ruleset, { label: t('explorer.board'), onAction: (action) => playOnBoard(action) });
    replaceChildren(boardWrap, board.element, board.controls);
    refresh();
  }

  /** An action played on the board: once it ends the turn, the turn is chosen. */
  function playOnBoard(action) {
    const game = position();
    const mover = game.toMove;
    try {
      game.play(action);
    } catch {
      return;
    }
    state.pending.push(action);
    if (game.outcome || !game.midTurn || game.toMove !== mover) choose(state.pending.join(kindOf(state.ruleset).notation.separator ?? ''));
    else refresh();
  }

  function choose(turn) {
    state.turns.push(turn);
    state.pending = [];
    refresh();
  }

  async function refresh() {
    const kind = kindOf(state.ruleset);
    const game = position();
    board.draw(game, { targets: !game.outcome });
    back.disabled = !state.turns.length && !state.pending.length;
    const shown = (turn) => (kind.notation.display ? kind.notation.display(turn, state.ruleset) : turn);
    // Numbered in pairs, the first seat's turn and the second's, as the game page's move list numbers them.
    const pairs = [];
    for (let index = 0; index < state.turns.length; index += 2) {
      pairs.push(`${index / 2 + 1}. ${state.turns.slice(index, index + 2).map(shown).join(' ')}`);
    }
    replaceChildren(line, pairs.length
      ? pairs.map((pair) => h('span', { class: 'explorer-turn', text: pair }))
      : t('explorer.atStart'));
    if (state.pending.length) return;
    const run = ++asking;
    const separator = kind.notation.separator ?? '';
    const moves = state.turns.flatMap((turn) => kind.notation.actions(turn)).join(separator);
    const query = new URLSearchParams({ ruleset: JSON.stringify(state.ruleset), moves });
    history.replaceState(null, '', `/explorer?${query}`);
    if (state.band) query.set('band', state.band);
    if (state.speed) query.set('speed', state.speed);
    let answer;
    try {
      answer = await request('GET', `/api/explorer?${query}`);
    } catch (error) {
      if (closed || run !== asking) return;
      replaceChildren(rows);
      status.textContent = errorText(error);
      return;
    }
    if (closed || run !== asking) return;
    replaceChildren(rows, answer.turns.map((turn) => row(turn, shown)));
    table.hidden = !answer.turns.length;
    status.textContent = answer.turns.length ? '' : t('explorer.none');
  }

  function row(turn, shown) {
    // Widths through the CSSOM: the site's CSP allows no style attributes.
    const part = (name, count) => {
      const span = h('span', { class: name });
      span.style.width = `${(100 * count) / turn.games}%`;
      return span;
    };
    const bar = h('div', { class: 'result-bar', role: 'img',
      'aria-label': t('explorer.results', { first: turn.first_wins, draws: turn.draws, second: turn.second_wins }) },
      part('first', turn.first_wins), part('draw', turn.draws), part('second', turn.second_wins));
    // The whole row chooses its turn; the button is its keyboard's way in, its click bubbling up to the row.
    return h('tr', { class: 'explorer-next', 'data-turn': turn.turn, on: { click: () => choose(turn.turn) } },
      h('td', {}, h('button', { type: 'button', class: 'link-button turn-choice', text: shown(turn.turn) })),
      h('td', { class: 'count', text: String(turn.games) }),
      h('td', {}, bar, h('span', { class: 'meta', text: t('explorer.results', { first: turn.first_wins, draws: turn.draws, second: turn.second_wins }) })));
  }

  restart(askedTurns);
  return () => { closed = true; };
}

/** The whole turns of a move text of `ruleset` (a turn left unfinished is dropped); none when it does not replay. */
function turnsOf(ruleset, text) {
  const kind = kindOf(ruleset);
  const game = kind.newGame(ruleset);
  const turns = [];
  let current = [];
  try {
    for (const action of kind.notation.actions(text)) {
      const mover = game.toMove;
      game.play(action);
      current.push(action);
      if (game.outcome || !game.midTurn || game.toMove !== mover) {
        turns.push(current.join(kind.notation.separator ?? ''));
        current = [];
      }
    }
  } catch {
    return [];
  }
  return turns;
}

/** A ruleset from the address, or null when there is none or it is not JSON of a known kind. */
function parseRuleset(text) {
  if (!text) return null;
  try {
    const ruleset = JSON.parse(text);
    kindOf(ruleset);
    return ruleset;
  } catch {
    return null;
  }
}
