// Making a challenge: to a named player, or an open link for anyone who gets it.

import { api } from '../api.js';
import { h } from '../dom.js';
import { choice, field, form } from '../forms.js';
import { formatTimeControl } from '../format.js';
import { DEFAULT_TIME_CONTROL, TIME_CONTROLS, speedName, speedOf } from '../time-controls.js';
import { gameChoice } from './game-choice.js';

export const ID = 'new-challenge';

export function mount(container, lobby) {
  const opponent = field('Opponent', { name: 'opponent', placeholder: 'Leave empty for a link anyone can use',
    autocomplete: 'off', maxLength: 24, pattern: '[A-Za-z0-9_\\-]{3,24}', title: 'A player\'s name' });
  const timeControl = choice('Time control', TIME_CONTROLS.map((tc, i) => ({ value: String(i),
    label: `${formatTimeControl(tc)} · ${speedName(speedOf(tc))}`, selected: i === DEFAULT_TIME_CONTROL })), { name: 'time-control' });
  const rated = choice('Games', [{ value: 'false', label: 'Casual' }, { value: 'true', label: 'Rated' }], { name: 'rated' });
  const colour = choice('You play', [
    { value: 'random', label: 'Either side (drawn at random)' },
    { value: 'first', label: '' },
    { value: 'second', label: '' },
  ], { name: 'colour' });
  const game = gameChoice('game', { seats: colour.input });

  const create = async () => {
    const name = opponent.input.value.trim();
    const challenge = await api.createChallenge({
      opponent: name || undefined,
      ruleset: game.selected().ruleset,
      time_control: TIME_CONTROLS[Number(timeControl.input.value)],
      colour: colour.input.value,
      rated: rated.input.value === 'true',
    });
    opponent.input.value = '';
    lobby.events.dispatchEvent(new CustomEvent('challenge-created', { detail: challenge }));
  };

  container.append(
    h('h2', { id: `${ID}-title`, text: 'Challenge someone' }),
    form({ class: 'stack' }, [
      opponent.element,
      game.element,
      h('div', { class: 'row' }, timeControl.element, rated.element),
      colour.element,
      h('button', { class: 'primary', type: 'submit', id: 'create-challenge', text: 'Send challenge' }),
    ], create),
  );
}
