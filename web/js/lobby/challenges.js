// Open challenges to and from me, kept current by `challenge_updated` frames.

import { api } from '../api.js';
import { h, replaceChildren } from '../dom.js';
import { botMarked, describeTimeControl, formatCountdown } from '../format.js';
import { gameName, kindOf } from '../kinds/index.js';
import { showNotice } from '../notice.js';

export const ID = 'challenges';

const seatWords = ({ colour, ruleset }, mine) => {
  if (colour === 'random') return 'sides drawn at random';
  const challengerFirst = colour === 'first';
  return `you play ${kindOf(ruleset).seats[mine === challengerFirst ? 'first' : 'second'].name}`;
};

/** The address that opens the accept page of an open challenge. */
function challengeLink(id) {
  return `${location.origin}/challenge/${id}`;
}

/** A read-only copy of the link with a Copy button (falls back to selecting it where the clipboard is off). */
export function linkBox(id) {
  const input = h('input', { class: 'link', value: challengeLink(id), readOnly: true, 'aria-label': 'Challenge link',
    on: { focus: (event) => event.target.select() } });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      showNotice('Link copied. Send it to the player you want to meet.');
    } catch {
      input.focus();
      showNotice('Select the link and copy it.');
    }
  };
  return h('div', { class: 'link-box' }, input, h('button', { type: 'button', class: 'small', on: { click: copy } }, 'Copy'));
}

export function mount(container, lobby) {
  const me = lobby.account();
  let incoming = [];
  let outgoing = [];
  const list = h('div', { class: 'challenge-lists' });
  container.append(h('h2', { id: `${ID}-title`, text: 'Challenges' }), list);

  const act = async (action, challenge) => {
    try {
      const result = await action(challenge.id);
      update(result);
      if (result.status === 'accepted') lobby.navigate(`/game/${result.game_id}`);
    } catch (error) {
      showNotice(error.message);
      load();
    }
  };

  const item = (challenge, mine) => {
    const other = mine ? challenge.opponent : challenge.challenger;
    const rematch = Boolean(challenge.rematch_of);
    let who = 'Open link';
    if (!mine) who = `${rematch ? 'Rematch from' : 'From'} ${botMarked(challenge.challenger)}`;
    else if (other) who = `${rematch ? 'Rematch to' : 'To'} ${botMarked(other)}`;
    const expires = formatCountdown(challenge.expires_at_ms - Date.now());
    const terms = [gameName(challenge.ruleset), describeTimeControl(challenge.time_control), challenge.rated ? 'rated' : 'casual',
      seatWords(challenge, mine), `expires in ${expires}`].join(' · ');
    return h('li', { class: 'challenge', 'data-challenge': challenge.id },
      h('div', { class: 'what' }, h('strong', { text: who }),
        h('span', { class: 'meta', text: terms })),
      mine && !other ? linkBox(challenge.id) : null,
      h('div', { class: 'actions' }, mine
        ? h('button', { type: 'button', class: 'small quiet cancel', on: { click: () => act(api.cancelChallenge, challenge) } }, 'Cancel')
        : [h('button', { type: 'button', class: 'small primary', on: { click: () => act(api.acceptChallenge, challenge) } }, 'Accept'),
          h('button', { type: 'button', class: 'small quiet', on: { click: () => act(api.declineChallenge, challenge) } }, 'Decline')]));
  };

  const render = () => {
    const now = Date.now();
    const open = (challenges) => challenges.filter((c) => c.status === 'open' && c.expires_at_ms > now);
    incoming = open(incoming);
    outgoing = open(outgoing);
    replaceChildren(list,
      h('h3', { text: 'For you' }),
      incoming.length ? h('ul', { class: 'items', id: 'incoming' }, incoming.map((c) => item(c, false)))
        : h('p', { class: 'empty', text: 'No challenges for you right now.' }),
      h('h3', { text: 'Sent by you' }),
      outgoing.length ? h('ul', { class: 'items', id: 'outgoing' }, outgoing.map((c) => item(c, true)))
        : h('p', { class: 'empty', text: 'Nothing sent. Challenge a player by name, or make a link to share.' }));
  };

  const update = (challenge) => {
    const mine = challenge.challenger.id === me.id;
    const others = (challenges) => challenges.filter((c) => c.id !== challenge.id);
    if (mine) outgoing = [challenge, ...others(outgoing)];
    else incoming = [challenge, ...others(incoming)];
    render();
  };

  const load = async () => {
    try {
      ({ incoming, outgoing } = await api.challenges());
      render();
    } catch (error) {
      replaceChildren(list, h('p', { class: 'error', text: error.message }));
    }
  };

  const created = (event) => update(event.detail);
  lobby.events.addEventListener('challenge-created', created);
  const removers = [
    lobby.connection.on('challenge_updated', ({ challenge }) => update(challenge)),
    lobby.connection.on('welcome', load),
  ];
  const ticker = setInterval(render, 30_000);
  load();
  return () => {
    lobby.events.removeEventListener('challenge-created', created);
    removers.forEach((remove) => remove());
    clearInterval(ticker);
  };
}
