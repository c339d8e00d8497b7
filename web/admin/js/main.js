// The admin pages: a search of the archive, a game viewer, accounts, the audit log. Hash routes: #/?QUERY,
// #/game/ID, #/account?prefix=P (the account search), #/account/NAME, #/reports (players' open reports), #/audit. Only for accounts with the admin
// role; the site's own login stores the token they use, and the site's language choice is theirs too (the
// header's switch changes both).

import './catalog.js';

import { LANGUAGES, errorText, language, setLanguage, t } from '../../js/i18n.js';
import { accountLookup, accountPage } from './account.js';
import { session } from './api.js';
import { auditPage } from './audit.js';
import { fill, h } from './dom.js';
import { gamePage } from './game.js';
import { reportsPage } from './reports.js';
import { searchPage } from './search.js';

const page = document.getElementById('page');

/** The header's texts written in the page's HTML, in the reader's language, and the language switch. */
function renderChrome() {
  document.documentElement.lang = language;
  document.title = t('admin.title');
  for (const element of document.querySelectorAll('[data-i18n]')) element.textContent = t(element.dataset.i18n);
  for (const element of document.querySelectorAll('[data-i18n-label]')) element.setAttribute('aria-label', t(element.dataset.i18nLabel));
  const select = h('select', { id: 'language-choice', 'aria-label': t('app.language'), onchange: () => setLanguage(select.value) },
    LANGUAGES.map(({ code, name }) => h('option', { value: code, lang: code, title: name, selected: code === language }, code.toUpperCase())));
  fill(document.getElementById('language'), select);
}

async function route() {
  const current = session();
  document.getElementById('who').textContent = current ? t('admin.signedInAs', { name: current.account.name }) : '';
  if (!current) {
    fill(page, h('p', { class: 'notice' }, h('a', { href: '/login' }, t('admin.signInFirst'))));
    return;
  }
  const hash = location.hash.replace(/^#/, '') || '/';
  try {
    if (hash.startsWith('/game/')) await gamePage(page, decodeURIComponent(hash.slice('/game/'.length)));
    else if (hash.startsWith('/account/')) await accountPage(page, decodeURIComponent(hash.slice('/account/'.length)));
    else if (hash === '/account' || hash.startsWith('/account?')) {
      await accountLookup(page, new URLSearchParams(hash.split('?')[1] ?? '').get('prefix') ?? '');
    }
    else if (hash === '/audit') await auditPage(page);
    else if (hash === '/reports') await reportsPage(page);
    else await searchPage(page, new URLSearchParams(hash.split('?')[1] ?? ''));
  } catch (error) {
    if (error.status === 401) {
      fill(page, h('p', { class: 'error', role: 'alert' }, h('a', { href: '/login' }, t('admin.sessionEnded'))));
    } else {
      const message = error.status === 403 ? t('admin.notAdmin') : errorText(error);
      fill(page, h('p', { class: 'error', role: 'alert' }, message));
    }
  }
  page.focus({ preventScroll: true });
}

renderChrome();
window.addEventListener('hashchange', route);
route();
