// The single-page app: the header, the connection, and which page shows for which address.

import { alertGameFound } from './alerts.js';
import { api } from './api.js';
import { challengeBell, watchChallenges } from './challenge-notices.js';
import { h, replaceChildren } from './dom.js';
import { LANGUAGES, language, setLanguage, t } from './i18n.js';
import { sendLanguage, sendLanguageOnSignIn } from './language-setting.js';
import { showNotice } from './notice.js';
import { session } from './session.js';
import { Connection } from './socket.js';

/** Address patterns and their page modules; `public` pages work without signing in. */
const ROUTES = [
  { pattern: /^\/$/, page: () => import('./lobby.js'), public: true },
  { pattern: /^\/login$/, page: () => import('./entry.js'), public: true },
  { pattern: /^\/game\/([0-9a-f-]{36})$/, page: () => import('./game.js'), public: true },
  { pattern: /^\/replay\/([0-9a-f-]{36})$/, page: () => import('./replay.js'), public: true },
  { pattern: /^\/analysis(?:\/([0-9a-f-]{36}))?$/, page: () => import('./analysis.js'), public: true },
  { pattern: /^\/challenge\/([0-9a-f-]{36})$/, page: () => import('./challenge.js') },
  { pattern: /^\/rules(?:\/([a-z-]+))?$/, page: () => import('./rules-page.js'), public: true },
  { pattern: /^\/player\/([^/]+)$/, page: () => import('./profile.js'), public: true },
  { pattern: /^\/player\/([^/]+)\/games$/, page: () => import('./history.js'), public: true },
  { pattern: /^\/correspondence$/, page: () => import('./correspondence/page.js') },
  { pattern: /^\/explorer$/, page: () => import('./explorer.js'), public: true },
];

const root = document.getElementById('page');
const connection = new Connection(() => session.token());
let leavePage = null;
let routing = 0;

const context = {
  connection,
  navigate,
  account: () => session.account(),
  /** Signs in with a session reply and connects. */
  signIn(reply) {
    session.set(reply);
    connection.stop();
    connection.start();
  },
};

function navigate(path, { replace = false } = {}) {
  // A game can be opened twice at once (the accept reply and the `game_started` frame): open it once.
  if (path === location.pathname + location.search) return;
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  route();
}

async function route() {
  const ticket = ++routing;
  const path = location.pathname;
  const match = ROUTES.map((r) => ({ ...r, params: r.pattern.exec(path) })).find((r) => r.params);
  if (match && !match.public && !session.token()) {
    navigate(`/login?next=${encodeURIComponent(path + location.search)}`, { replace: true });
    return;
  }
  await leavePage?.();
  leavePage = null;
  if (!match) {
    replaceChildren(root, h('section', { class: 'panel narrow' }, h('h1', { text: t('app.notFound.title') }),
      h('p', {}, t('app.notFound.text'), ' ', h('a', { href: '/', text: t('common.toLobby') }))));
    return;
  }
  const module = await match.page();
  if (ticket !== routing) return;
  // Each page mounts into a view of its own: a page still loading when the reader moves on (back, a link) then
  // finishes into a detached view instead of drawing over the page that replaced it, and is left at once.
  const view = h('div', { class: 'view' });
  replaceChildren(root, view);
  const leave = (await module.mount(view, context, match.params.slice(1))) ?? null;
  if (ticket !== routing) {
    await leave?.();
    return;
  }
  leavePage = leave;
  highlightNav(path);
}

function highlightNav(path) {
  for (const link of document.querySelectorAll('.site-nav a')) {
    if (link.getAttribute('href') === path) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

function renderAccount() {
  const account = session.account();
  const box = document.getElementById('account');
  if (!account) {
    replaceChildren(box, h('a', { class: 'button small', href: '/login', text: t('account.signIn') }));
    return;
  }
  replaceChildren(
    box,
    h('span', { class: 'me', title: account.guest ? t('account.guestAccount') : t('account.registeredAccount') }, account.name,
      account.guest ? h('span', { class: 'tag', text: t('common.guest') }) : null),
    session.admin() ? h('a', { class: 'button small quiet', id: 'admin-pages', href: '/admin/', text: t('account.admin') }) : null,
    h('button', { class: 'small quiet', type: 'button', on: { click: signOut } }, t('account.signOut')),
  );
}

async function signOut() {
  await api.logout().catch(() => {});
  session.clear();
  // Signed out, the reader may still watch games.
  connection.stop();
  connection.start();
  navigate('/login');
}

/** The badge says so while the page needs the server and cannot reach it, whoever reads it: a signed-out
 * spectator's game stands still too. */
function renderConnection(status) {
  const badge = document.getElementById('connection');
  badge.hidden = status === 'online' || status === 'idle';
  badge.className = `connection ${status}`;
  badge.textContent = status === 'connecting' ? t('connection.connecting') : t('connection.offline');
}

connection.on('status', renderConnection);
watchChallenges(connection, () => session.account());
document.getElementById('account').after(challengeBell(connection, () => session.account()));
/** The session is over: the reader is signed out, told `notice`, and taken to the sign-in page. */
function sessionOver(notice) {
  session.clear();
  connection.start();
  showNotice(notice);
  navigate(`/login?next=${encodeURIComponent(location.pathname)}`, { replace: true });
}

connection.on('signed_out', () => sessionOver(t('account.sessionEnded')));
connection.on('banned', () => sessionOver(t('account.banned')));
connection.on('game_started', ({ game_id: id }) => {
  alertGameFound();
  // A rematch opens its game itself; any other new game must not pull a player out of the one on screen.
  if (location.pathname === `/game/${id}`) return;
  if (location.pathname.startsWith('/game/')) showNotice(t('app.newGame'), { href: `/game/${id}`, label: t('app.openIt') });
  else navigate(`/game/${id}`);
});
session.onChange(renderAccount);
sendLanguageOnSignIn(language);

document.addEventListener('click', (event) => {
  const link = event.target.closest('a[href]');
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  if (link.target || link.hasAttribute('download') || link.origin !== location.origin) return;
  // The API and the admin pages are not routes of this page.
  if (link.pathname.startsWith('/api/') || link.pathname.startsWith('/admin/')) return;
  event.preventDefault();
  if (link.pathname + link.search !== location.pathname + location.search) navigate(link.pathname + link.search);
});
window.addEventListener('popstate', route);

/** The header's texts written in the page's HTML, in the reader's language, and the language switch. */
function renderChrome() {
  document.documentElement.lang = language;
  document.title = t('app.title');
  for (const element of document.querySelectorAll('[data-i18n]')) element.textContent = t(element.dataset.i18n);
  for (const element of document.querySelectorAll('[data-i18n-label]')) element.setAttribute('aria-label', t(element.dataset.i18nLabel));
  const select = h('select', { id: 'language-choice', 'aria-label': t('app.language'), on: { change: () => sendLanguage(select.value).then(() => setLanguage(select.value)) } },
    LANGUAGES.map(({ code, name }) => h('option', { value: code, lang: code, title: name, selected: code === language, text: code.toUpperCase() })));
  replaceChildren(document.getElementById('language'), select);
}

renderChrome();
renderAccount();
// A role granted or revoked since sign-in: the Admin link follows the server, not the stored session, at every
// page load and every (re)connection of a signed-in reader.
connection.on('welcome', () => {
  if (!session.token()) return;
  api.me().then((me) => session.refresh(me), (error) => {
    if (error.status === 401) session.clear();
  });
});
// Without a token the connection only watches (the lobby, games), which needs no account, and opens only while
// the page watches something.
connection.start();
route();
