// An account as admins see it: its standing, a link to its games, ban and unban with a reason, and its audit
// entries. Reached from the lookup form, a game's players, or the audit log.

import { auditTable } from './audit.js';
import { admin } from './api.js';
import { fill, h, reasonedActions, time } from './dom.js';

/** Renders the account called `name` into `page`, and again after an action. */
export async function accountPage(page, name) {
  const account = await admin.account(name);
  const { reason, status, act } = reasonedActions(() => accountPage(page, name));
  const button = account.banned
    ? h('button', { type: 'button', class: 'secondary', onclick: act((why) => admin.unban(account.name, why)) }, `Unban ${account.name}`)
    : account.is_admin || account.kind === 'imported'
      ? null
      : h('button', { type: 'button', class: 'danger', onclick: act((why) => admin.ban(account.name, why), `Ban ${account.name}?`) }, `Ban ${account.name}`);
  const audit = h('div');
  fill(page,
    h('h1', {}, account.name),
    h('section', { class: 'panel account', 'aria-label': 'Account' },
      h('dl', { class: 'facts' },
        h('dt', {}, 'Kind'), h('dd', {}, account.kind),
        h('dt', {}, 'Standing'), h('dd', { class: 'standing' }, account.banned ? 'banned' : 'in good standing'),
        h('dt', {}, 'Admin'), h('dd', {}, account.is_admin ? 'yes' : 'no'),
        h('dt', {}, 'Created'), h('dd', {}, time(account.created_at_ms)),
        h('dt', {}, 'Id'), h('dd', {}, account.id)),
      h('p', {}, h('a', { href: `#/?player=${encodeURIComponent(account.name)}` }, `Games of ${account.name}`)),
      button ? h('section', { class: 'actions', 'aria-label': 'Actions' }, reason, h('div', { class: 'row' }, button), status) : null),
    h('h2', {}, 'Audit entries about this account'),
    audit);
  await auditTable(audit, `account=${account.id}`);
}

/** The lookup form: a name, then that account's page. */
export function accountLookup(page) {
  const input = h('input', { name: 'account', placeholder: 'name', 'aria-label': 'Account name', required: true });
  const form = h('form', { class: 'search', 'aria-label': 'Find an account' }, h('label', {}, 'Account', input),
    h('button', { type: 'submit' }, 'Open'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    location.hash = `#/account/${encodeURIComponent(input.value.trim())}`;
  });
  fill(page, h('h1', {}, 'Accounts'), form);
  input.focus();
}
