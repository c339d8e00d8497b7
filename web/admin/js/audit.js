// The audit log, newest first, a page at a time; the whole log, or the entries about one account.

import { t } from '../../js/i18n.js';
import { admin } from './api.js';
import { accountLink, fill, h, time } from './dom.js';

const PAGE = 100;

function row(entry) {
  return h('tr', {},
    h('td', {}, time(entry.at_ms)), h('td', {}, entry.actor), h('td', {}, t(`admin.action.${entry.action}`)),
    h('td', {}, entry.game_id ? h('a', { href: `#/game/${entry.game_id}` }, entry.game_id.slice(0, 8)) : ''),
    h('td', {}, entry.details?.name ? accountLink(entry.details.name) : ''),
    h('td', {}, entry.reason));
}

/** An audit table filling `into`, with a "More" button while older entries remain; `filter` is query text. */
export async function auditTable(into, filter = '') {
  const body = h('tbody');
  const more = h('button', { type: 'button', class: 'secondary', hidden: true }, t('admin.more'));
  const columns = ['admin.audit.when', 'admin.audit.who', 'admin.audit.action', 'admin.audit.game', 'admin.audit.account', 'admin.reason'];
  fill(into, h('table', { 'aria-label': t('admin.nav.audit') },
    h('thead', {}, h('tr', {}, columns.map((key) => h('th', {}, t(key))))),
    body), more);
  async function load(before) {
    const query = new URLSearchParams(filter);
    query.set('limit', String(PAGE));
    if (before) query.set('before', String(before));
    const { entries, next_before: next } = await admin.audit(query.toString());
    body.append(...entries.map(row));
    more.hidden = !next;
    more.onclick = () => load(next);
  }
  await load(null);
}

/** Renders the whole audit log into `page`. */
export async function auditPage(page) {
  const table = h('div');
  fill(page, h('h1', {}, t('admin.nav.audit')), table);
  await auditTable(table);
}
