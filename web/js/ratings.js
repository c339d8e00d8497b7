// Players' ratings: read from their profiles, and shown as `1500?` while provisional.

import { h } from './dom.js';
import { t } from './i18n.js';

/** Where a player without rated games in a speed class starts (docs/protocol.md). */
const START = { rating: 1500, provisional: true, games: 0 };

/** A player's rating in game kind `kind` (its key) for `speed` from their profile, or the starting rating. */
export function ratingIn(profile, kind, speed) {
  return profile.ratings.find((r) => r.kind === kind && r.speed === speed) ?? START;
}

/** A rating as it reads beside a name: `1532`, or `1500?` with a title saying why while it is provisional. */
export function ratingBadge({ rating, provisional }) {
  return h('span', {
    class: 'rating',
    title: provisional ? t('rating.provisional') : t('rating.rating'),
    text: provisional ? `${rating}?` : String(rating),
  });
}
