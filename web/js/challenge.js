// The page an open challenge link opens: who challenges, on what terms, and Accept.

import { api } from './api.js';
import { h, replaceChildren } from './dom.js';
import { describeTimeControl } from './format.js';
import { gameName, kindOf } from './kinds/index.js';
import { linkBox } from './lobby/challenges.js';

const CLOSED = {
  declined: 'This challenge was declined.',
  cancelled: 'This challenge was withdrawn.',
  expired: 'This challenge has expired.',
};

export async function mount(root, context, [id]) {
  const me = context.account();
  const panel = h('section', { class: 'panel narrow', id: 'challenge-page' }, h('p', { class: 'loading', text: 'Loading the challenge…' }));
  root.append(panel);
  let challenge;
  try {
    challenge = await api.challenge(id);
  } catch (error) {
    const text = error.code === 'unknown_challenge' ? 'There is no such challenge. The link may be mistyped.' : error.message;
    replaceChildren(panel, h('h1', { text: 'Challenge not found' }), h('p', { text }), h('p', {}, h('a', { href: '/', text: 'Go to the lobby' })));
    return null;
  }
  const mine = challenge.challenger.id === me.id;
  const seat = challenge.colour === 'random' ? 'sides are drawn at random'
    : `${challenge.challenger.name} plays ${kindOf(challenge.ruleset).seats[challenge.colour].name}`;
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const accept = async () => {
    try {
      const accepted = await api.acceptChallenge(id);
      context.navigate(`/game/${accepted.game_id}`, { replace: true });
    } catch (failure) {
      error.textContent = failure.message;
      error.hidden = false;
    }
  };
  const body = () => {
    if (challenge.status === 'accepted') {
      const playing = challenge.opponent?.id === me.id || mine;
      return [h('p', { text: 'This challenge has been accepted.' }),
        playing ? h('a', { class: 'button primary', href: `/game/${challenge.game_id}`, text: 'Go to the game' }) : null];
    }
    if (challenge.status !== 'open') return h('p', { text: CLOSED[challenge.status] ?? 'This challenge is closed.' });
    if (mine) {
      return [h('p', { text: 'Send this link to the player you want to meet. The game opens here as soon as they accept.' }),
        linkBox(id)];
    }
    return h('div', { class: 'button-row' },
      h('button', { class: 'primary big', type: 'button', id: 'accept-challenge', on: { click: accept } }, 'Accept and play'),
      h('a', { class: 'button quiet', href: '/', text: 'Not now' }));
  };
  replaceChildren(panel,
    h('h1', { text: mine ? 'Your challenge' : `${challenge.challenger.name} challenges you` }),
    h('p', { class: 'lead', text: `${gameName(challenge.ruleset)}, ${describeTimeControl(challenge.time_control)}; ${seat}.` }),
    body(), error);
  return null;
}
