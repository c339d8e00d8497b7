// A player's name as a link to their page, /player/NAME: the one way every page shows a name that leads
// somewhere. The name is text (never markup) and the address is URL-encoded. Guests have pages too.

import { h } from './dom.js';

/** The address of the page of the player called `name`. */
export function playerUrl(name) {
  return `/player/${encodeURIComponent(name)}`;
}

/**
 * A link to the page of `player` (`{name}`, or a name), reading `props.text` or else the name; the other
 * `props` go on the link (`class` is added to `player-link`).
 */
export function playerLink(player, props = {}) {
  const name = typeof player === 'string' ? player : player.name;
  const { class: extra, text, ...rest } = props;
  return h('a', { ...rest, class: extra ? `player-link ${extra}` : 'player-link', href: playerUrl(name), text: text ?? name });
}
