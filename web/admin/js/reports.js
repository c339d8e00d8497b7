// Players' reports of chat messages and accounts: the open ones, newest first, a page at a time, each with the
// reporter, the reported account, the message as it was reported, the reason and when; resolving one takes a
// note, which the report and the audit log keep.

import { t } from '../../js/i18n.js';
import { admin } from './api.js';
import { accountLink, fill, h, reasonedActions, time } from './dom.js';

const PAGE = 50;

function row(report, reload) {
  const { reason: note, status, act } = reasonedActions(reload);
  note.setAttribute('aria-label', t('admin.reports.note'));
  note.placeholder = t('admin.reports.note');
  const resolve = h('button', { type: 'button', class: 'resolve', onclick: act((why) => admin.resolveReport(report.id, why)) },
    t('admin.reports.resolve'));
  return h('tr', { 'data-report': String(report.id) },
    h('td', {}, time(report.at_ms)),
    h('td', {}, accountLink(report.reporter_name)),
    h('td', {}, accountLink(report.account_name)),
    h('td', { class: 'message' }, report.message ? report.message.text : t('admin.reports.wholeAccount')),
    h('td', { class: 'report-reason' }, report.reason),
    h('td', { class: 'resolve-cell' }, note, resolve, status));
}

/** Renders the open reports into `page`, and again after a resolve. */
export async function reportsPage(page) {
  const body = h('tbody');
  const more = h('button', { type: 'button', class: 'secondary', hidden: true }, t('admin.more'));
  const none = h('p', { class: 'nothing-found', hidden: true }, t('admin.reports.none'));
  const columns = ['admin.reports.when', 'admin.reports.reporter', 'admin.reports.account', 'admin.reports.message', 'admin.reason', 'admin.actions'];
  fill(page, h('h1', {}, t('admin.nav.reports')),
    h('table', { class: 'reports', 'aria-label': t('admin.nav.reports') },
      h('thead', {}, h('tr', {}, columns.map((key) => h('th', {}, t(key))))), body),
    none, more);
  const reload = () => reportsPage(page);
  async function load(before) {
    const query = new URLSearchParams({ status: 'open', limit: String(PAGE) });
    if (before) query.set('before', String(before));
    const { reports, next_before: next } = await admin.reports(query.toString());
    body.append(...reports.map((report) => row(report, reload)));
    none.hidden = body.children.length > 0;
    more.hidden = !next;
    more.onclick = () => load(next);
  }
  await load(null);
}
