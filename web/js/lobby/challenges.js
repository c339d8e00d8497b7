// Open challenges to and from me, kept current by `challenge_updated` frames. A challenge of more than two seats
// shows its seats taken, and once I took mine, that it waits for the others.

import { api } from '../api.js';
import { h, replaceChildren } from '../dom.js';
import { botMarked, describeTimeControl, formatCountdown } from '../format.js';
import { gameName, kindOf } from '../kinds/index.js';
import { errorText, t, tPieces } from '../i18n.js';
import { playerLink } from '../player-link.js';
import { showNotice } from '../notice.js';
import { challengeAction, isInvited, manySeats, seatsTaken } from './seek-seats.js';

export const ID = 'challenges';

const seatWords = (challenge, mine) => {
  const { colour, ruleset } = challenge;
  if (colour === 'random') return t('lobby.sidesRandom');
  if (manySeats(challenge)) {
    return mine ? t('lobby.youPlay', { seat: kindOf(ruleset).seats[colour].name })
      : t('challenge.challengerPlays', { name: challenge.challenger.name, seat: kindOf(ruleset).seats[colour].name });
  }
  const challengerFirst = colour === 'first';
  return t('lobby.youPlay', { seat: kindOf(ruleset).seats[mine === challengerFirst ? 'first' : 'second'].name });
};

/** The address that opens the accept page of an open challenge. */
function challengeLink(id) {
  return `${location.origin}/challenge/${id}`;
}

/** A read-only copy of the link with a Copy button (falls back to selecting it where the clipboard is off). */
export function linkBox(id) {
  const input = h('input', { class: 'link', value: challengeLink(id), readOnly: true, 'aria-label': t('challenges.link'),
    on: { focus: (event) => event.target.select() } });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      showNotice(t('challenges.copied'));
    } catch {
      input.focus();
      showNotice(t('challenges.copyByHand'));
    }
  };
  return h('div', { class: 'link-box' }, input, h('button', { type: 'button', class: 'small', on: { click: copy } }, t('challenges.copy')));
}

/**
 * The lists after a challenge's change (`{incoming, outgoing, declined}`, each newest first) for the reader `me`:
 * my own challenge goes to `outgoing`, and, once an invited player declined it, to `declined` too; anyone else's
 * to `incoming`. A challenge is in each list once.
 */
export function placeChallenge({ incoming, outgoing, declined }, challenge, me) {
  const others = (challenges) => challenges.filter((c) => c.id !== challenge.id);
  if (challenge.challenger.id !== me) return { incoming: [challenge, ...others(incoming)], outgoing, declined };
  const refused = challenge.status === 'declined' && Boolean(challenge.invited?.length || challenge.opponent);
  return { incoming, outgoing: [challenge, ...others(outgoing)], declined: refused ? [challenge, ...others(declined)] : declined };
}

export function mount(container, lobby) {
  const me = lobby.account();
  let incoming = [];
  let outgoing = [];
  // My challenges declined while the lobby is open: a line each until dismissed, since the list would otherwise
  // just lose them without a word.
  let declined = [];
  const list = h('div', { class: 'challenge-lists' });
  container.append(h('h2', { id: `${ID}-title`, text: t('challenges.title') }), list);

  const act = async (action, challenge) => {
    try {
      const result = await action(challenge.id);
      update(result);
      if (result.status === 'accepted') lobby.navigate(`/game/${result.game_id}`);
    } catch (error) {
      showNotice(errorText(error));
      load();
    }
  };

  const item = (challenge, mine) => {
    const invited = challenge.invited ?? (challenge.opponent ? [challenge.opponent] : []);
    const rematch = Boolean(challenge.rematch_of);
    const link = (player) => playerLink(player, { text: botMarked(player) });
    // Several invited players are named in a row, separated by commas.
    const names = invited.flatMap((player, index) => (index ? [', ', link(player)] : [link(player)]));
    let who = t('challenges.openLink');
    if (!mine) who = tPieces(rematch ? 'challenges.rematchFrom' : 'challenges.from', { name: link(challenge.challenger) });
    else if (invited.length) who = tPieces(rematch ? 'challenges.rematchTo' : 'challenges.to', { name: h('span', {}, names) });
    const expires = formatCountdown(challenge.expires_at_ms - Date.now());
    const terms = [gameName(challenge.ruleset), describeTimeControl(challenge.time_control), challenge.rated ? t('common.rated') : t('common.casual'),
      seatWords(challenge, mine), manySeats(challenge) ? t('seeks.seatsTaken', { taken: seatsTaken(challenge) }) : null,
      t('challenges.expiresIn', { time: expires })].filter(Boolean).join(' · ');
    const action = challengeAction(challenge, me.id);
    const answers = () => [
      h('button', { type: 'button', class: 'small primary', on: { click: () => act(api.acceptChallenge, challenge) } }, t('common.accept')),
      isInvited(challenge, me.id)
        ? h('button', { type: 'button', class: 'small quiet', on: { click: () => act(api.declineChallenge, challenge) } }, t('common.decline'))
        : null];
    return h('li', { class: 'challenge', 'data-challenge': challenge.id },
      h('div', { class: 'what' }, h('strong', {}, who),
        h('span', { class: 'meta', text: terms })),
      mine && !invited.length ? linkBox(challenge.id) : null,
      h('div', { class: 'actions' }, action === 'cancel'
        ? h('button', { type: 'button', class: 'small quiet cancel', on: { click: () => act(api.cancelChallenge, challenge) } }, t('common.cancel'))
        : action === 'wait' ? h('span', { class: 'meta waiting', text: t('challenges.waitingForOthers') }) : answers()));
  };

  // The server does not say which invited player declined: a game of two names its one opponent.
  const declinedItem = (challenge) => h('li', { class: 'challenge declined', 'data-challenge': challenge.id },
    h('div', { class: 'what' }, h('strong', {}, challenge.opponent
      ? tPieces('challenge.declinedBy', { name: playerLink(challenge.opponent) }) : t('challenges.declinedByOne')),
      h('span', { class: 'meta', text: [gameName(challenge.ruleset), describeTimeControl(challenge.time_control)].join(' · ') })),
    h('div', { class: 'actions' }, h('button', { type: 'button', class: 'small quiet', on: { click: () => {
      declined = declined.filter((c) => c.id !== challenge.id);
      render();
    } } }, t('challenges.dismiss'))));

  const render = () => {
    const now = Date.now();
    const open = (challenges) => challenges.filter((c) => c.status === 'open' && c.expires_at_ms > now);
    incoming = open(incoming);
    outgoing = open(outgoing);
    replaceChildren(list,
      h('h3', { text: t('challenges.forYou') }),
      incoming.length ? h('ul', { class: 'items', id: 'incoming' }, incoming.map((c) => item(c, false)))
        : h('p', { class: 'empty', text: t('challenges.noneForYou') }),
      h('h3', { text: t('challenges.sentByYou') }),
      outgoing.length ? h('ul', { class: 'items', id: 'outgoing' }, outgoing.map((c) => item(c, true)))
        : h('p', { class: 'empty', text: t('challenges.noneSent') }),
      declined.length ? h('ul', { class: 'items', id: 'declined' }, declined.map(declinedItem)) : null);
  };

  const update = (challenge) => {
    ({ incoming, outgoing, declined } = placeChallenge({ incoming, outgoing, declined }, challenge, me.id));
    render();
  };

  const load = async () => {
    try {
      ({ incoming, outgoing } = await api.challenges());
      render();
    } catch (error) {
      replaceChildren(list, h('p', { class: 'error', text: errorText(error) }));
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
