// Making a challenge: to a named player, or an open link for anyone who gets it.

import { api } from '../api.js';
import { h } from '../dom.js';
import { choice, field, form } from '../forms.js';
import { formatTimeControl } from '../format.js';

export const ID = 'new-challenge';

/** The time controls offered, as Fischer initial minutes + seconds per turn. */
const TIME_CONTROLS = [
  { initial_seconds: 60, increment_seconds: 0, label: 'Bullet' },
  { initial_seconds: 180, increment_seconds: 2, label: 'Blitz' },
  { initial_seconds: 300, increment_seconds: 3, label: 'Blitz' },
  { initial_seconds: 600, increment_seconds: 5, label: 'Rapid' },
  { initial_seconds: 1800, increment_seconds: 20, label: 'Classical' },
];
const DEFAULT_TIME_CONTROL = 1;

export function mount(container, lobby) {
  const opponent = field('Opponent', { name: 'opponent', placeholder: 'Leave empty for a link anyone can use',
    autocomplete: 'off', maxLength: 24, pattern: '[A-Za-z0-9_\\-]{3,24}', title: 'A player\'s name' });
  const timeControl = choice('Time control', TIME_CONTROLS.map((tc, i) => ({ value: String(i),
    label: `${formatTimeControl(tc)} · ${tc.label}`, selected: i === DEFAULT_TIME_CONTROL })), { name: 'time-control' });
  const colour = choice('You play', [
    { value: 'random', label: 'Either side (drawn at random)' },
    { value: 'first', label: 'First (kick off, attack the top goal)' },
    { value: 'second', label: 'Second (attack the bottom goal)' },
  ], { name: 'colour' });

  const create = async () => {
    const { label, ...time } = TIME_CONTROLS[Number(timeControl.input.value)];
    const name = opponent.input.value.trim();
    const challenge = await api.createChallenge({
      opponent: name || undefined,
      time_control: { type: 'fischer', ...time },
      colour: colour.input.value,
    });
    opponent.input.value = '';
    lobby.events.dispatchEvent(new CustomEvent('challenge-created', { detail: challenge }));
  };

  container.append(
    h('h2', { id: `${ID}-title`, text: 'Challenge someone' }),
    form({ class: 'stack' }, [
      opponent.element,
      h('div', { class: 'row' }, timeControl.element, colour.element),
      h('button', { class: 'primary', type: 'submit', id: 'create-challenge', text: 'Send challenge' }),
    ], create),
  );
}
