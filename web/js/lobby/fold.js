// Folding the lobby's panels on a phone: each panel gets a switch beside its heading that folds it to the heading
// alone, so that one column of eleven panels fits every heading within two screens. Only the first panel (the
// top one on a phone) starts open; a reader's choice per panel is kept in localStorage. The folding is styled
// only on narrow screens (css/site.css, "Phones"): on a desktop every panel shows whole and the switch is hidden.

import { h } from '../dom.js';
import { t } from '../i18n.js';

const KEY_PREFIX = 'kartka.lobby.open.';

/** Whether a panel starts open: as the reader last left it, else only the first panel. */
export function startsOpen(stored, first) {
  if (stored === 'open') return true;
  if (stored === 'folded') return false;
  return first;
}

/** Makes the lobby panel `section` (whose heading is `#<id>-title`) foldable; `first` is the top panel. */
export function makeFoldable(section, first) {
  const key = KEY_PREFIX + section.id;
  const title = section.querySelector(`#${section.id}-title`);
  title?.classList.add('fold-title');
  const toggle = h('button', {
    type: 'button', class: 'fold-toggle', 'aria-controls': section.id,
    on: { click: () => set(section.classList.contains('folded'), true) },
  });
  const set = (open, remember) => {
    section.classList.toggle('folded', !open);
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', t(open ? 'lobby.fold' : 'lobby.unfold'));
    if (remember) localStorage.setItem(key, open ? 'open' : 'folded');
  };
  section.prepend(toggle);
  set(startsOpen(localStorage.getItem(key), first), false);
}
