// An account as admins see it: its standing, a link to its games, ban and unban with a reason, and its audit
// entries. Reached from the lookup form, a game's players, or the audit log.

import { t } from '../../js/i18n.js';
import { playerUrl } from '../../js/player-link.js';
import { auditTable } from './audit.js';
import { admin } from './api.js';
import { accountLink, fill, h, reasonedActions, time } from './dom.js';

/** Renders the account called `name` into `page`, and again after an action. */
export async function accountPage(page, name) {
  const account = await admin.account(name);
  const { reason, status, act } = reasonedActions(() => accountPage(page, name));
  const named = { name: account.name };
  const button = account.banned
    ? h('button', { type: 'button', class: 'secondary', onclick: act((why) => admin.unban(account.name, why)) },
      t('admin.account.unban', named))
    : account.is_admin || account.kind === 'imported'
      ? null
      : h('button', { type: 'button', class: 'danger', onclick: act((why) => admin.ban(account.name, why), t('admin.account.banQuestion', named)) },
        t('admin.account.ban', named));
  const audit = h('div');
  fill(page,
    h('h1', {}, account.name),
    h('section', { class: 'panel account', 'aria-label': t('admin.account.label') },
      h('dl', { class: 'facts' },
        h('dt', {}, t('admin.account.kind')), h('dd', {}, t(`admin.account.kind.${account.kind}`)),
        h('dt', {}, t('admin.account.standing')),
        h('dd', { class: 'standing' }, account.banned ? t('admin.account.banned') : t('admin.account.inGoodStanding')),
        h('dt', {}, t('admin.account.admin')), h('dd', {}, account.is_admin ? t('admin.yes') : t('admin.no')),
        h('dt', {}, t('admin.account.created')), h('dd', {}, time(account.created_at_ms)),
        h('dt', {}, t('admin.id')), h('dd', {}, account.id)),
      h('p', {}, h('a', { href: `#/?player=${encodeURIComponent(account.name)}` }, t('admin.account.gamesOf', named))),
      account.kind === 'imported' ? null
        : h('p', {}, h('a', { id: 'public-profile', href: playerUrl(account.name) }, t('admin.account.profile', named))),
      button ? h('section', { class: 'actions', 'aria-label': t('admin.actions') }, reason, h('div', { class: 'row' }, button), status) : null),
    h('h2', {}, t('admin.account.auditEntries')),
    audit);
  await auditTable(audit, `account=${account.id}`);
}

/**
 * The account search: a name's first letters, then every account whose name starts so (guests, imported players
 * and banned accounts too) as links to their pages, or a line saying that none does. The prefix lives in the
 * address (`#/account?prefix=al`), so that a search survives a reload and the back button returns to it.
 */
export async function accountLookup(page, prefix = '') {
  const input = h('input', { name: 'account', value: prefix, placeholder: t('admin.lookup.placeholder'), 'aria-label': t('admin.lookup.name'), required: true, maxlength: 32 });
  const form = h('form', { class: 'search', 'aria-label': t('admin.lookup.find') },
    h('label', {}, t('admin.account.label'), input), h('button', { type: 'submit' }, t('admin.lookup.search')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    location.hash = `#/account?prefix=${encodeURIComponent(input.value.trim())}`;
  });
  const results = h('section', { class: 'account-matches', 'aria-label': t('admin.lookup.matches'), 'aria-live': 'polite' });
  fill(page, h('h1', {}, t('admin.nav.accounts')), form, results);
  input.focus();
  if (!prefix) return;
  const { accounts } = await admin.searchAccounts(prefix);
  if (accounts.length === 0) {
    fill(results, h('p', { class: 'nothing-found' }, t('admin.lookup.nothingFound', { prefix })));
    return;
  }
  fill(results, h('ul', { class: 'matches' }, accounts.map((account) => h('li', {},
    accountLink(account.name),
    h('span', { class: 'kind' }, ` · ${t(`admin.account.kind.${account.kind}`)}`),
    account.banned ? h('span', { class: 'banned' }, t('admin.account.bannedTag')) : null,
    account.is_admin ? h('span', { class: 'admin' }, t('admin.account.adminTag')) : null))));
}
