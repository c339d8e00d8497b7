// A rematch once a game is over (docs/protocol.md, "Rematch"): offer one, or accept or decline the opponent's,
// and open the new game when either side accepts. The server swaps the seats. An offer is a challenge that
// names the game (`rematch_of`), so its changes arrive as `challenge_updated`.

import { api } from './api.js';
import { h, replaceChildren } from './dom.js';
import { errorText, t } from './i18n.js';
import { otherSeat } from './seats.js';

/**
 * Mounts the rematch box for the player in `seat` of game `gameId` (of game kind `kind`) against `opponent`;
 * returns its cleanup.
 */
export function mountRematch(container, context, { gameId, seat, opponent, kind }) {
  const me = context.account();
  const side = t('rematch.side', { seat: kind.seats[otherSeat(seat)].name });
  /** The open offer, mine or theirs; a line about how the last one ended. */
  let offer = null;
  let note = '';
  /** An offer expires without a word from the server: this timer says so when it does. */
  let expiry = null;
  const message = h('p', { class: 'rematch-message', role: 'status' });
  const controls = h('div', { class: 'button-row' });
  container.append(h('div', { class: 'rematch', id: 'rematch' }, message, controls));

  const show = (challenge) => {
    if (challenge.status === 'accepted') {
      context.navigate(`/game/${challenge.game_id}`);
      return;
    }
    const mine = challenge.challenger.id === me?.id;
    offer = challenge.status === 'open' ? challenge : null;
    note = {
      declined: mine ? t('rematch.declined', { name: opponent }) : '',
      cancelled: mine ? '' : t('rematch.withdrawn', { name: opponent }),
      expired: t('rematch.expired'),
    }[challenge.status] ?? '';
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
    if (!offer) {
      message.textContent = note;
      replaceChildren(controls,
        button(t('rematch.offer'), { class: 'primary', id: 'offer-rematch' }, () => api.rematch(gameId)),
        h('span', { class: 'hint', text: t('rematch.terms', { side }) }));
    } else if (offer.challenger.id === me?.id) {
      message.textContent = t('rematch.offered', { side, name: opponent });
      replaceChildren(controls, button(t('rematch.cancel'), { class: 'quiet', id: 'cancel-rematch' }, () => api.cancelChallenge(offer.id)));
    } else {
      message.textContent = t('rematch.wanted', { name: opponent, side });
      replaceChildren(controls,
        button(t('common.accept'), { class: 'primary', id: 'accept-rematch' }, () => api.acceptChallenge(offer.id)),
        button(t('common.decline'), { id: 'decline-rematch' }, () => api.declineChallenge(offer.id)));
    }
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
