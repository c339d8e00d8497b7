// Making a challenge: to a named player (every other player, in a game of more seats), or an open link for anyone
// who gets it.

import { api } from '../api.js';
import { h } from '../dom.js';
import { choice, field, form } from '../forms.js';
import { formatTimeControl } from '../format.js';
import { t } from '../i18n.js';
import { DEFAULT_TIME_CONTROL, TIME_CONTROLS, speedName, speedOf } from '../time-controls.js';
import { correspondenceLabel, isCorrespondence, withCorrespondence } from '../correspondence/time-controls.js';
import { gameChoice } from './game-choice.js';
import { ratedChoice } from './rated-choice.js';
import { namesIn, rulesetSeats } from './seek-seats.js';

export const ID = 'new-challenge';

/** Live clocks, then days a turn for a correspondence game. */
const OFFERED = withCorrespondence(TIME_CONTROLS);

export function mount(container, lobby) {
  const opponent = field(t('newChallenge.opponent'), { name: 'opponent', placeholder: t('newChallenge.opponentPlaceholder'),
    autocomplete: 'off', maxLength: 24, pattern: '[A-Za-z0-9_\\-]{3,24}', title: t('newChallenge.opponentTitle') });
  const timeControl = choice(t('lobby.timeControl'), OFFERED.map((tc, i) => ({ value: String(i),
    label: isCorrespondence(tc) ? correspondenceLabel(tc) : `${formatTimeControl(tc)} · ${speedName(speedOf(tc))}`, selected: i === DEFAULT_TIME_CONTROL })), { name: 'time-control' });
  const rated = ratedChoice('rated', lobby.account());
  const colour = choice(t('lobby.youPlayField'), [
    { value: 'random', label: t('lobby.eitherSideRandom') },
    { value: 'first', label: '' },
    { value: 'second', label: '' },
  ], { name: 'colour' });
  const opponentLabel = opponent.element.querySelector('label');
  /** A game of two names its opponent; a game of more seats names every other player, separated by commas. */
  const fitSeats = ({ ruleset }) => {
    const seats = rulesetSeats(ruleset);
    const many = seats > 2;
    opponentLabel.textContent = many ? t('newChallenge.opponents', { count: seats - 1 }) : t('newChallenge.opponent');
    opponent.input.placeholder = many ? t('newChallenge.opponentsPlaceholder', { count: seats - 1 }) : t('newChallenge.opponentPlaceholder');
    opponent.input.title = many ? t('newChallenge.opponentsTitle') : t('newChallenge.opponentTitle');
    opponent.input.maxLength = many ? (seats - 1) * 26 : 24;
    opponent.input.pattern = many ? '[A-Za-z0-9_\\-, ]*' : '[A-Za-z0-9_\\-]{3,24}';
  };
  const game = gameChoice('game', { seats: colour.input, onChange: fitSeats });
  fitSeats(game.selected());

  const create = async () => {
    const names = namesIn(opponent.input.value);
    const ruleset = game.selected().ruleset;
    const named = rulesetSeats(ruleset) > 2 || names.length > 1 ? { invited: names } : { opponent: names[0] };
    const challenge = await api.createChallenge({
      ...named,
      ruleset,
      time_control: OFFERED[Number(timeControl.input.value)],
      colour: colour.input.value,
      rated: rated.isRated(),
    });
    opponent.input.value = '';
    lobby.events.dispatchEvent(new CustomEvent('challenge-created', { detail: challenge }));
  };

  container.append(
    h('h2', { id: `${ID}-title`, text: t('newChallenge.title') }),
    form({ class: 'stack' }, [
      opponent.element,
      game.element,
      h('div', { class: 'row' }, timeControl.element, rated.element),
      colour.element,
      h('button', { class: 'primary', type: 'submit', id: 'create-challenge', text: t('newChallenge.send') }),
    ], create),
  );
}
