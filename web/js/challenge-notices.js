// A challenge reaches the player on any page: the server pushes `challenge_updated` to both players' sockets,
// and outside the lobby (whose challenges panel lists them) and the game page's rematch offers, this shows a
// new challenge to me, and a decline of mine, as a notice. The header's bell keeps the open ones counted and listed
// on every page.

import { api } from './api.js';
import { h, replaceChildren } from './dom.js';
import { showNotice } from './notice.js';
import { t, tPieces } from './i18n.js';
import { gameName } from './kinds/index.js';
import { playerLink } from './player-link.js';
import { isInvited } from './lobby/seek-seats.js';

/** How often the bell drops challenges whose time ran out: the server sends no frame when one expires. */
const EXPIRY_CHECK_MS = 30_000;

/** Listens on `connection` for the signed-in `account()`; returns the function that stops listening. */
export function watchChallenges(connection, account) {
  return connection.on('challenge_updated', ({ challenge }) => {
    const me = account();
    if (!me || challenge.rematch_of || location.pathname === '/') return;
    // Told once, when invited: later news of the challenge (seats taken by others) is not a new challenge.
    const fresh = (challenge.joined?.length ?? 1) <= 1;
    if (challenge.status === 'open' && fresh && isInvited(challenge, me.id)) {
      showNotice(tPieces('challenge.received', { name: playerLink(challenge.challenger) }),
        { href: `/challenge/${challenge.id}`, label: t('challenge.open') });
    } else if (challenge.status === 'declined' && challenge.challenger.id === me.id) {
      showNotice(tPieces('challenge.declinedBy', { name: challenge.opponent ? playerLink(challenge.opponent) : '' }));
    }
  });
}

/**
 * The header's bell: the open challenges to the signed-in `account()`, with their count, on every page until each is
 * accepted, declined, withdrawn or expires, since a notice goes after a few seconds. Returns its element.
 */
export function challengeBell(connection, account) {
  const pending = new Map();
  const count = h('span', { class: 'count' });
  const summary = h('summary', {}, h('span', { class: 'bell-icon', 'aria-hidden': 'true', text: '🔔' }), count);
  const list = h('ul', { class: 'bell-list' });
  const bell = h('details', { class: 'challenge-bell', id: 'challenge-bell', hidden: true }, summary, list);
  // A challenge chosen from the list opens its page; the list closes behind it.
  list.addEventListener('click', () => { bell.open = false; });

  const render = () => {
    const now = Date.now();
    for (const [id, challenge] of pending) if (challenge.expires_at_ms <= now) pending.delete(id);
    bell.hidden = pending.size === 0;
    count.textContent = String(pending.size);
    summary.setAttribute('aria-label', t('bell.label', { count: pending.size }));
    replaceChildren(list, [...pending.values()].map((challenge) => h('li', {},
      h('a', { href: `/challenge/${challenge.id}`, text: t('bell.from', { name: challenge.challenger.name, game: gameName(challenge.ruleset) }) }))));
  };
  // On every (re)connection: what changed while the socket was down is read afresh, and a signed-out reader has none.
  const load = () => {
    pending.clear();
    render();
    if (!account()) return;
    api.challenges().then(({ incoming }) => {
      const answered = (challenge) => (challenge.joined ?? []).some((player) => player.id === account().id);
      for (const challenge of incoming) if (challenge.status === 'open' && !answered(challenge)) pending.set(challenge.id, challenge);
      render();
    }, () => {
      // Unreadable now: the next connection's welcome reads them again.
    });
  };
  connection.on('welcome', load);
  connection.on('challenge_updated', ({ challenge }) => {
    const me = account();
    if (!me || !isInvited(challenge, me.id)) return;
    const answered = (challenge.joined ?? []).some((player) => player.id === me.id);
    if (challenge.status === 'open' && !answered) pending.set(challenge.id, challenge);
    else pending.delete(challenge.id);
    render();
  });
  setInterval(render, EXPIRY_CHECK_MS);
  return bell;
}
