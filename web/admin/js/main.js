// The admin pages: a search of the archive, a game viewer, accounts, the audit log. Hash routes: #/?QUERY,
// #/game/ID, #/account, #/account/NAME, #/audit. Only for accounts with the admin role; the site's own login
// stores the token they use.

import { accountLookup, accountPage } from './account.js';
import { session } from './api.js';
import { auditPage } from './audit.js';
import { fill, h } from './dom.js';
import { gamePage } from './game.js';
import { searchPage } from './search.js';

const page = document.getElementById('page');

async function route() {
  const current = session();
  document.getElementById('who').textContent = current ? `signed in as ${current.account.name}` : '';
  if (!current) {
    fill(page, h('p', { class: 'notice' }, h('a', { href: '/login' }, 'Sign in'), ' with an admin account first.'));
    return;
  }
  const hash = location.hash.replace(/^#/, '') || '/';
  try {
    if (hash.startsWith('/game/')) await gamePage(page, decodeURIComponent(hash.slice('/game/'.length)));
    else if (hash.startsWith('/account/')) await accountPage(page, decodeURIComponent(hash.slice('/account/'.length)));
    else if (hash === '/account') accountLookup(page);
    else if (hash === '/audit') await auditPage(page);
    else await searchPage(page, new URLSearchParams(hash.split('?')[1] ?? ''));
  } catch (error) {
    if (error.status === 401) {
      fill(page, h('p', { class: 'error', role: 'alert' }, 'Your session has ended. ', h('a', { href: '/login' }, 'Sign in'), ' again.'));
    } else {
      const message = error.status === 403 ? 'This account does not have the admin role.' : error.message;
      fill(page, h('p', { class: 'error', role: 'alert' }, message));
    }
  }
  page.focus({ preventScroll: true });
}

window.addEventListener('hashchange', route);
route();
