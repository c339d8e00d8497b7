// The rules pages: `/rules` shows the default kind's rules, `/rules/<kind>` any kind's; each kind writes its own.

import { h } from './dom.js';
import { DEFAULT_KIND, KINDS, rulesUrl } from './kinds/index.js';

export function mount(root, context, [key]) {
  const kind = key === undefined ? DEFAULT_KIND : KINDS.get(key);
  if (!kind) {
    root.append(h('section', { class: 'panel narrow' }, h('h1', { text: 'No such game' }),
      h('p', {}, 'kartka does not play that game. ', h('a', { href: '/', text: 'Go to the lobby' }), '.')));
    return null;
  }
  root.append(kind.rulesPage(), h('nav', { class: 'rules-kinds', 'aria-label': 'Rules of the other games' },
    [...KINDS.values()].filter((other) => other !== kind)
      .map((other) => h('a', { href: rulesUrl(other), text: `The rules of ${other.name}` }))));
  return null;
}
