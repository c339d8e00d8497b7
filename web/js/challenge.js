// The page a challenge link opens: who challenges, on what terms, the seats taken of a game of more seats, and
// Accept (a seat; the last one starts the game).

import { api } from './api.js';
import { h, replaceChildren } from './dom.js';
import { describeTimeControl } from './format.js';
import { errorText, t, tPieces } from './i18n.js';
import { gameName, kindOf } from './kinds/index.js';
import { linkBox } from './lobby/challenges.js';
import { challengeAction, manySeats, seatsTaken } from './lobby/seek-seats.js';
import { playerLink } from './player-link.js';

/** Challenge statuses that close it, with the key of what the page says. */
const CLOSED = { declined: 'challenge.declined', cancelled: 'challenge.cancelled', expired: 'challenge.expired' };

export async function mount(root, context, [id]) {
  const me = context.account();
  const panel = h('section', { class: 'panel narrow', id: 'challenge-page' }, h('p', { class: 'loading', text: t('challenge.loading') }));
  root.append(panel);
  let challenge;
  try {
    challenge = await api.challenge(id);
  } catch (error) {
    const text = error.code === 'unknown_challenge' ? t('challenge.unknown') : errorText(error);
    replaceChildren(panel, h('h1', { text: t('challenge.notFound') }), h('p', { text }), h('p', {}, h('a', { href: '/', text: t('common.toLobby') })));
    return null;
  }
  const mine = challenge.challenger.id === me.id;
  const seat = challenge.colour === 'random' ? t('challenge.sidesRandom')
    : t('challenge.challengerPlays', { name: challenge.challenger.name, seat: kindOf(challenge.ruleset).seats[challenge.colour].name });
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const accept = async () => {
    try {
      const accepted = await api.acceptChallenge(id);
      if (accepted.status === 'accepted') {
        context.navigate(`/game/${accepted.game_id}`, { replace: true });
        return;
      }
      challenge = accepted;
      render();
    } catch (failure) {
      error.textContent = errorText(failure);
      error.hidden = false;
    }
  };
  const body = () => {
    if (challenge.status === 'accepted') {
      const playing = challenge.opponent?.id === me.id || mine || (challenge.joined ?? []).some((player) => player.id === me.id);
      return [h('p', { text: t('challenge.accepted') }),
        playing ? h('a', { class: 'button primary', href: `/game/${challenge.game_id}`, text: t('challenge.goToGame') }) : null];
    }
    if (challenge.status !== 'open') return h('p', { text: t(CLOSED[challenge.status] ?? 'challenge.closed') });
    const seats = manySeats(challenge) ? h('p', { id: 'challenge-seats', text: t('seeks.seatsTaken', { taken: seatsTaken(challenge) }) }) : null;
    if (mine) {
      return [seats, h('p', { text: t('challenge.sendLink') }),
        linkBox(id)];
    }
    if (challengeAction(challenge, me.id) === 'wait') return [seats, h('p', { text: t('challenges.waitingForOthers') })];
    return [seats, h('div', { class: 'button-row' },
      h('button', { class: 'primary big', type: 'button', id: 'accept-challenge', on: { click: accept } }, t('challenge.acceptAndPlay')),
      h('a', { class: 'button quiet', href: '/', text: t('challenge.notNow') }))];
  };
  const render = () => replaceChildren(panel,
    h('h1', {}, mine ? t('challenge.yours') : tPieces('challenge.challengesYou', { name: playerLink(challenge.challenger) })),
    h('p', { class: 'lead', text: `${gameName(challenge.ruleset)}, ${describeTimeControl(challenge.time_control)}; ${seat}.` }),
    body(), error);
  render();
  return null;
}
