// A rematch once a game is over (docs/protocol.md, "Rematch"): offer one, or accept or decline another player's,
// and open the new game once it starts. The server rotates the seats by one (with two players, they swap). An
// offer is a challenge that names the game (`rematch_of`) and invites every other player, so its changes (each
// acceptance in `joined`) arrive as `challenge_updated`; at a table of more than two it starts when all accepted.

import { api } from './api.js';
import { h, replaceChildren } from './dom.js';
import { listNames } from './format.js';
import { errorText, t } from './i18n.js';
import { nextSeat, seatIndex, seatsOf } from './seats.js';

/**
 * What the rematch box shows the reader `me` (an account id) in `seat` of a game of `players` (its kind `kind`),
 * given the open `offer` (a challenge, or null) and `note` (how the last offer ended): `message`, the `terms` hint
 * beside the offer button, `answers` (at a table of more than two, each invited player's answer so far; empty
 * otherwise) and `controls`: `offer`, `cancel` (my offer), `answer` (accept or decline) or `wait` (I accepted).
 */
export function rematchView({ offer, note, me, seat, players, kind }) {
  const seats = seatsOf(players);
  const side = t('rematch.side', { seat: kind.seats[nextSeat(seats, seat)].name });
  const table = seats.length > 2;
  const terms = t(table ? 'rematch.termsRotated' : 'rematch.terms', { side });
  if (!offer) return { message: note, terms, answers: '', controls: 'offer' };
  const joined = (player) => (offer.joined ?? []).some((seated) => seated.id === player.id);
  const invited = offer.invited ?? [];
  const mine = offer.challenger.id === me;
  if (!table) {
    const opponent = opponentOf(players, seat);
    return mine
      ? { message: t('rematch.offered', { side, name: opponent }), terms, answers: '', controls: 'cancel' }
      : { message: t('rematch.wanted', { name: opponent, side }), terms, answers: '', controls: 'answer' };
  }
  const waiting = listNames(invited.filter((player) => !joined(player)));
  const answers = invited.map((player) => t(joined(player) ? 'rematch.hasAccepted' : 'rematch.noAnswer', { name: player.name })).join(', ');
  if (mine) return { message: t('rematch.offeredTable', { side, names: listNames(invited), waiting }), terms, answers, controls: 'cancel' };
  if (invited.some((player) => player.id === me && joined(player))) {
    return { message: t('rematch.waitingFor', { side, names: waiting }), terms, answers, controls: 'wait' };
  }
  return { message: t('rematch.wantedTable', { name: offer.challenger.name, side }), terms, answers, controls: 'answer' };
}

/** The name of the one other player of a game of two. */
function opponentOf(players, seat) {
  return players[seatIndex(nextSeat(seatsOf(players), seat))].name;
}

/**
 * How the last offer ended, in words for the reader `me` (empty while it is open): declined (the server does
 * not say by whom; a game of two has one opponent, and nobody is told of their own decline), withdrawn by its
 * maker, or expired.
 */
export function endedNote(challenge, { me, seat, players, declinedByMe }) {
  const mine = challenge.challenger.id === me;
  switch (challenge.status) {
    case 'declined':
      if (players.length > 2) return declinedByMe ? '' : t('rematch.declinedByOne');
      return mine ? t('rematch.declined', { name: opponentOf(players, seat) }) : '';
    case 'cancelled': return mine ? '' : t('rematch.withdrawn', { name: challenge.challenger.name });
    case 'expired': return t('rematch.expired');
    default: return '';
  }
}

/** Mounts the rematch box for the player in `seat` of game `gameId` of `players` (of game kind `kind`); returns
 * its cleanup. */
export function mountRematch(container, context, { gameId, seat, players, kind }) {
  const me = context.account()?.id;
  /** The open offer, mine or another player's; a line about how the last one ended. */
  let offer = null;
  let note = '';
  /** Whether the reader declined the offer: they are not told a player did. */
  let declinedByMe = false;
  /** An offer expires without a word from the server: this timer says so when it does. */
  let expiry = null;
  const message = h('p', { class: 'rematch-message', role: 'status' });
  const answers = h('p', { class: 'rematch-answers', id: 'rematch-answers', hidden: true });
  const controls = h('div', { class: 'button-row' });
  container.append(h('div', { class: 'rematch', id: 'rematch' }, message, answers, controls));

  const show = (challenge) => {
    if (challenge.status === 'accepted') {
      context.navigate(`/game/${challenge.game_id}`);
      return;
    }
    offer = challenge.status === 'open' ? challenge : null;
    note = endedNote(challenge, { me, seat, players, declinedByMe });
    clearTimeout(expiry);
    if (offer) expiry = setTimeout(() => show({ ...challenge, status: 'expired' }), challenge.expires_at_ms - context.connection.serverNow());
    render();
  };

  const run = async (action) => {
    try {
      show(await action());
    } catch (error) {
      note = errorText(error);
      render();
    }
  };

  const button = (label, attributes, action) =>
    h('button', { type: 'button', ...attributes, on: { click: () => run(action) } }, label);

  function render() {
    const view = rematchView({ offer, note, me, seat, players, kind });
    message.textContent = view.message;
    answers.textContent = view.answers;
    answers.hidden = !view.answers;
    const shown = {
      offer: () => [button(t('rematch.offer'), { class: 'primary', id: 'offer-rematch' }, () => api.rematch(gameId)),
        h('span', { class: 'hint', text: view.terms })],
      cancel: () => [button(t('rematch.cancel'), { class: 'quiet', id: 'cancel-rematch' }, () => api.cancelChallenge(offer.id))],
      answer: () => [button(t('common.accept'), { class: 'primary', id: 'accept-rematch' }, () => api.acceptChallenge(offer.id)),
        button(t('common.decline'), { id: 'decline-rematch' }, async () => {
          const declined = await api.declineChallenge(offer.id);
          declinedByMe = true;
          return declined;
        })],
      wait: () => [],
    }[view.controls]();
    replaceChildren(controls, ...shown);
  }

  const load = async () => {
    try {
      const { incoming, outgoing } = await api.challenges();
      const standing = [...incoming, ...outgoing].find((c) => c.rematch_of === gameId && c.status === 'open');
      if (standing) show(standing);
    } catch {
      // The offer, if any, also arrives as `challenge_updated`; the button works without this.
    }
  };

  const removers = [
    context.connection.on('challenge_updated', ({ challenge }) => challenge.rematch_of === gameId && show(challenge)),
    context.connection.on('welcome', load),
  ];
  render();
  load();
  return () => {
    clearTimeout(expiry);
    removers.forEach((remove) => remove());
  };
}
