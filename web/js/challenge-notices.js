// A challenge reaches the player on any page: the server pushes `challenge_updated` to both players' sockets,
// and outside the lobby (whose challenges panel lists them) and the game page's rematch offers, this shows a
// new challenge to me, and a decline of mine, as a notice.

import { showNotice } from './notice.js';
import { t, tPieces } from './i18n.js';
import { playerLink } from './player-link.js';

/** Listens on `connection` for the signed-in `account()`; returns the function that stops listening. */
export function watchChallenges(connection, account) {
  return connection.on('challenge_updated', ({ challenge }) => {
    const me = account();
    if (!me || challenge.rematch_of || location.pathname === '/') return;
    if (challenge.status === 'open' && challenge.opponent?.id === me.id) {
      showNotice(tPieces('challenge.received', { name: playerLink(challenge.challenger) }),
        { href: `/challenge/${challenge.id}`, label: t('challenge.open') });
    } else if (challenge.status === 'declined' && challenge.challenger.id === me.id) {
      showNotice(tPieces('challenge.declinedBy', { name: challenge.opponent ? playerLink(challenge.opponent) : '' }));
    }
  });
}
