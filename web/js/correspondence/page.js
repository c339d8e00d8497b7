// /correspondence: what a correspondence player sets once and checks now and then. The vacation (the bank of
// days for the year, going on one now, coming back early), when to be reminded of a turn, the webhook that
// gets every notification (with a test delivery), and the latest notifications.

import { h, replaceChildren } from '../dom.js';
import { field, form } from '../forms.js';
import { formatDuration } from '../format.js';
import { errorText, formatDateTime, t } from '../i18n.js';
import { showNotice } from '../notice.js';
import { correspondenceApi } from './api.js';

export function mount(root, context) {
  const vacation = h('section', { class: 'panel', id: 'vacation', 'aria-labelledby': 'vacation-title' });
  const settings = h('section', { class: 'panel', id: 'notification-settings', 'aria-labelledby': 'notification-settings-title' });
  const notifications = h('section', { class: 'panel', id: 'notifications', 'aria-labelledby': 'notifications-title' });
  root.append(h('div', { class: 'correspondence-page' },
    h('h1', { text: t('corr.page.title') }),
    h('p', { class: 'lead', text: t('corr.page.lead') }),
    vacation, settings, notifications));
  const cleanups = [mountVacation(vacation), mountSettings(settings), mountNotifications(notifications, context)];
  return () => cleanups.forEach((cleanup) => cleanup?.());
}

const heading = (id, key) => h('h2', { id: `${id}-title`, text: t(key) });

/** The vacation bank and the current vacation, if any. */
function mountVacation(container) {
  const body = h('div', { class: 'stack' });
  container.append(heading('vacation', 'corr.vacation.title'), h('p', { class: 'hint', text: t('corr.vacation.hint') }), body);
  const show = (status) => {
    const bank = h('p', { id: 'vacation-bank', text: t('corr.vacation.bank', { count: status.days_left, total: status.days_per_year }) });
    if (status.current) {
      const { started_at_ms: start, ends_at_ms: end } = status.current;
      replaceChildren(body, bank,
        h('p', { id: 'vacation-current', class: 'status mine', text: t('corr.vacation.current', { start: formatDateTime(start), end: formatDateTime(end), left: formatDuration(end - Date.now()) }) }),
        form({ class: 'row' }, [h('button', { type: 'submit', id: 'end-vacation', text: t('corr.vacation.end') })],
          async () => show(await correspondenceApi.endVacation())));
      return;
    }
    const days = field(t('corr.vacation.days'), { name: 'vacation-days', type: 'number', min: 1, max: Math.max(1, status.days_left),
      value: Math.min(7, Math.max(1, status.days_left)), required: true });
    replaceChildren(body, bank, status.days_left > 0
      ? form({ class: 'stack', 'aria-label': t('corr.vacation.start') }, [days.element,
        h('button', { class: 'primary', type: 'submit', id: 'start-vacation', text: t('corr.vacation.start') })],
      async () => show(await correspondenceApi.startVacation(Number(days.input.value))))
      : h('p', { class: 'empty', text: t('corr.vacation.noneLeft') }));
  };
  correspondenceApi.vacation().then(show, (error) => replaceChildren(body, h('p', { class: 'error', text: errorText(error) })));
  return null;
}

/** "50, 80" as the thresholds it names; anything else is left to the server to refuse. */
function parseThresholds(text) {
  return text.split(/[\s,;%]+/).filter(Boolean).map(Number);
}

/** Reminder thresholds and the webhook, with a test delivery to it. */
function mountSettings(container) {
  const thresholds = field(t('corr.settings.thresholds'), { name: 'reminder-thresholds', placeholder: '50, 80', autocomplete: 'off' });
  const webhook = field(t('corr.settings.webhook'), { name: 'webhook-url', type: 'url', placeholder: 'https://…', autocomplete: 'off' });
  const secret = h('div', { class: 'webhook-secret' });
  const tested = h('p', { id: 'webhook-test-result', role: 'status', hidden: true });
  const test = h('button', { type: 'button', id: 'test-webhook', text: t('corr.settings.test'), on: { click: () => runTest() } });
  const show = (view) => {
    thresholds.input.value = view.reminder_thresholds.join(', ');
    webhook.input.value = view.webhook_url ?? '';
    test.disabled = !view.webhook_url;
    replaceChildren(secret, view.webhook_secret
      ? [h('label', { for: 'webhook-secret', text: t('corr.settings.secret') }),
        h('input', { id: 'webhook-secret', class: 'link', readOnly: true, value: view.webhook_secret }),
        h('p', { class: 'hint', text: t('corr.settings.secretHint') })]
      : null);
  };
  const save = async () => {
    const url = webhook.input.value.trim();
    show(await correspondenceApi.saveNotificationSettings({ reminder_thresholds: parseThresholds(thresholds.input.value), webhook_url: url || null }));
    showNotice(t('corr.settings.saved'));
  };
  const runTest = async () => {
    test.disabled = true;
    try {
      const result = await correspondenceApi.testWebhook();
      tested.textContent = result.delivered ? t('corr.settings.testDelivered', { status: result.status })
        : result.status ? t('corr.settings.testRefused', { status: result.status }) : t('corr.settings.testUnreachable');
      tested.className = result.delivered ? 'status' : 'error';
    } catch (error) {
      tested.textContent = errorText(error);
      tested.className = 'error';
    } finally {
      tested.hidden = false;
      test.disabled = false;
    }
  };
  container.append(heading('notification-settings', 'corr.settings.title'),
    h('p', { class: 'hint', text: t('corr.settings.hint') }),
    form({ class: 'stack', 'aria-label': t('corr.settings.title') }, [
      thresholds.element,
      h('p', { class: 'hint', text: t('corr.settings.thresholdsHint') }),
      webhook.element,
      h('div', { class: 'button-row' }, h('button', { class: 'primary', type: 'submit', id: 'save-notifications', text: t('corr.settings.save') }), test),
    ], save),
    secret, tested);
  correspondenceApi.notificationSettings().then(show, (error) => tested.replaceWith(h('p', { class: 'error', text: errorText(error) })));
  return null;
}

/** The latest notifications, newest first, kept current by `notification` frames. */
function mountNotifications(container, context) {
  const list = h('div', { class: 'notification-list' });
  container.append(heading('notifications', 'corr.notifications.title'), list);
  const item = (notification) => {
    const what = notification.kind === 'reminder'
      ? t('corr.notifications.reminder', { percent: notification.threshold_percent })
      : t('corr.notifications.yourTurn');
    const deadline = notification.deadline_ms ? t('corr.notifications.deadline', { time: formatDateTime(notification.deadline_ms) }) : null;
    const opponent = notification.opponent ? t('corr.notifications.opponent', { name: notification.opponent }) : null;
    return h('li', { class: `notification ${notification.kind}`, 'data-notification': notification.id },
      h('a', { href: `/game/${notification.game_id}` }, h('strong', { text: what }),
        h('span', { class: 'meta', text: [opponent, formatDateTime(notification.at_ms), deadline].filter(Boolean).join(' · ') })));
  };
  const load = async () => {
    try {
      const { notifications } = await correspondenceApi.notifications();
      replaceChildren(list, notifications.length ? h('ul', { class: 'items', id: 'notification-items' }, notifications.map(item))
        : h('p', { class: 'empty', text: t('corr.notifications.none') }));
    } catch (error) {
      replaceChildren(list, h('p', { class: 'error', text: errorText(error) }));
    }
  };
  const removers = [context.connection.on('notification', load), context.connection.on('welcome', load)];
  load();
  return () => removers.forEach((remove) => remove());
}
