// The admin pages: a search of the archive, a game viewer, the audit log. Hash routes: #/?QUERY, #/game/ID,
// #/audit. Only for accounts with the admin role; the site's own login stores the token they use.

import { admin, session } from './api.js';
import { fill, h, time } from './dom.js';
import { gamePage } from './game.js';
import { searchPage } from './search.js';

const page = document.getElementById('page');

async function auditPage() {
  const list = h('tbody');
  fill(page, h('h1', {}, 'Audit log'), h('table', { 'aria-label': 'Audit log' },
    h('thead', {}, h('tr', {}, ['When (UTC)', 'Who', 'Action', 'Game', 'Account', 'Reason'].map((t) => h('th', {}, t)))), list));
  const { entries } = await admin.audit('limit=200');
  list.append(...entries.map((entry) => h('tr', {},
    h('td', {}, time(entry.at_ms)), h('td', {}, entry.actor), h('td', {}, entry.action.replaceAll('_', ' ')),
    h('td', {}, entry.game_id ? h('a', { href: `#/game/${entry.game_id}` }, entry.game_id.slice(0, 8)) : ''),
    h('td', {}, entry.details?.name ?? ''), h('td', {}, entry.reason))));
}

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
    else if (hash === '/audit') await auditPage();
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
