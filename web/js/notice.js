// Short messages at the foot of the screen that go away by themselves ("Link copied", "Game started").

import { h } from './dom.js';

const SHOW_MS = 6000;

function area() {
  let element = document.getElementById('notices');
  if (!element) {
    element = h('div', { id: 'notices', class: 'notices', role: 'status', 'aria-live': 'polite' });
    document.body.append(element);
  }
  return element;
}

/** Shows `text` (a string, or pieces such as `tPieces` gives), with a link when `link` ({href, label}) is given. */
export function showNotice(text, link) {
  const notice = h('p', { class: 'notice' }, text, link ? [' ', h('a', { href: link.href, text: link.label })] : null);
  area().append(notice);
  setTimeout(() => notice.remove(), SHOW_MS);
}
