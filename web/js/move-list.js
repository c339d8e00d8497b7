// The move list: numbered rows of turns, a column for each seat in seat order, each turn its actions run together
// ("1. D5 B2 2. B3 C3").

import { h, replaceChildren } from './dom.js';
import { turnRows } from './game-model.js';
import { t } from './i18n.js';

/**
 * Renders `turns` (`[{seat, notation, ended}]`) of a game of `kind` (its seats name the columns) into
 * `container`, each turn in the kind's display form for `ruleset` when it has one. `current` is the index of
 * the turn to mark; `onSelect(index)`, when given, makes each turn a button (replays jump to it). `seats` are the
 * game's seats in seat order, a column each (Dots and Boxes has up to four).
 */
export function renderMoveList(container, kind, turns, { ruleset, seats, current = -1, onSelect }) {
  const shown = (notation) => (kind.notation.display && ruleset ? kind.notation.display(notation, ruleset) : notation);
  const column = (seat) => {
    const { name } = kind.seats[seat];
    return h('th', { scope: 'col', text: name.charAt(0).toUpperCase() + name.slice(1) });
  };
  const cell = (turn) => {
    if (!turn) return h('td');
    const text = turn.ended ? shown(turn.notation) : `${shown(turn.notation)}…`;
    const attributes = { class: `turn seat-${turn.seat}${turn.index === current ? ' current' : ''}${turn.pending ? ' pending' : ''}` };
    if (turn.index === current) attributes['aria-current'] = 'step';
    const content = onSelect
      ? h('button', { type: 'button', class: 'link-button', text, on: { click: () => onSelect(turn.index) } })
      : text;
    return h('td', attributes, content);
  };
  const rows = turnRows(turns);
  replaceChildren(container, rows.length === 0
    ? h('p', { class: 'empty', text: t('game.noMoves') })
    : h('table', { class: 'moves' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: '#' }), seats.map(column))),
      h('tbody', {}, rows.map((row) => h('tr', {}, h('th', { scope: 'row', text: `${row.number}.` }), seats.map((seat) => cell(row[seat])))))));
  // Keep the marked turn in view inside the list without scrolling the page.
  const marked = container.querySelector('.current') ?? container.querySelector('tbody tr:last-child');
  if (marked) container.scrollTop = Math.max(0, marked.offsetTop - container.clientHeight / 2);
}
