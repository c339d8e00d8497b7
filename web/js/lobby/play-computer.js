// Play the computer: a challenge to the server's built-in bot, one account per level (`GET /api/bots`). The bot
// accepts at once and the game opens on `game_started`, like any accepted challenge. Casual unless the player
// asks for a rated game. The panel hides itself when the server runs no built-in bot.

import { api } from '../api.js';
import { h } from '../dom.js';
import { choice, form } from '../forms.js';
import { formatTimeControl } from '../format.js';
import { t } from '../i18n.js';
import { DEFAULT_TIME_CONTROL, TIME_CONTROLS, speedName, speedOf } from '../time-controls.js';
import { DEFAULT_LEVEL, levelLabel } from './bot-levels.js';
import { gameChoice } from './game-choice.js';
import { ratedChoice } from './rated-choice.js';

export const ID = 'play-computer';

export function mount(container, lobby) {
  container.hidden = true;
  const level = choice(t('computer.level'), [], { name: 'level' });
  const timeControl = choice(t('lobby.timeControl'), TIME_CONTROLS.map((tc, i) => ({ value: String(i),
    label: `${formatTimeControl(tc)} · ${speedName(speedOf(tc))}`, selected: i === DEFAULT_TIME_CONTROL })), { name: 'time-control' });
  const rated = ratedChoice('rated', lobby.account());
  const colour = choice(t('lobby.youPlayField'), [
    { value: 'random', label: t('lobby.eitherSideRandom') },
    { value: 'first', label: '' },
    { value: 'second', label: '' },
  ], { name: 'colour' });
  const game = gameChoice('game', { seats: colour.input });

  const play = async () => {
    await api.createChallenge({
      opponent: level.input.value,
      ruleset: game.selected().ruleset,
      time_control: TIME_CONTROLS[Number(timeControl.input.value)],
      colour: colour.input.value,
      rated: rated.isRated(),
    });
  };

  let closed = false;
  api.bots().then(({ bots }) => {
    if (closed || bots.length === 0) return;
    level.input.replaceChildren(...bots.map((bot) => h('option', {
      value: bot.account.name,
      selected: bot.level === DEFAULT_LEVEL,
      text: levelLabel(bot),
    })));
    container.hidden = false;
  }).catch(() => {});

  container.append(
    h('h2', { id: `${ID}-title`, text: t('computer.title') }),
    form({ class: 'stack' }, [
      game.element,
      h('div', { class: 'row' }, level.element, timeControl.element),
      h('p', { class: 'hint', text: t('computer.eloHint') }),
      h('div', { class: 'row' }, colour.element, rated.element),
      h('button', { class: 'primary', type: 'submit', id: 'play-computer-start', text: t('computer.play') }),
    ], play),
  );
  return () => { closed = true; };
}
