// Small DOM helpers: elements are built, never parsed from strings.

import { describeResult } from '../../js/format.js';
import { errorText, t } from '../../js/i18n.js';

/** An element with attributes (`on…` keys become listeners) and children (strings become text). */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else if (name === 'value') element.value = value;
    else element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

/** A name as a link to its account's admin page (which links to the player's public page). */
export function accountLink(name) {
  return h('a', { class: 'account-link', href: `#/account/${encodeURIComponent(name)}` }, name);
}

/** Replaces the children of `parent`. */
export function fill(parent, ...children) {
  parent.replaceChildren();
  for (const child of children.flat()) if (child) parent.append(child);
  return parent;
}

/**
 * The parts every admin action has: a reason field and a status line. `act(action, question)` makes a click
 * handler that refuses without a reason, runs `action(reason)`, then `after()`, and shows any error in the
 * status line. With a `question` ("Ban bob?") the action waits for a second, deliberate click on the question's
 * Yes, which repeats the reason, so that a hard action is never one slip of the mouse.
 */
export function reasonedActions(after) {
  const reason = h('textarea', { name: 'reason', 'aria-label': t('admin.reason'), placeholder: t('admin.reasonPlaceholder') });
  const status = h('p', { role: 'status' });
  const run = async (action, why) => {
    try {
      await action(why);
      await after();
    } catch (error) {
      fill(status, h('span', { class: 'error' }, errorText(error)));
    }
  };
  const act = (action, question) => async () => {
    const why = reason.value.trim();
    if (!why) {
      fill(status, h('span', { class: 'error' }, t('admin.reasonFirst')));
      reason.focus();
      return;
    }
    if (!question) {
      await run(action, why);
      return;
    }
    const yes = h('button', { type: 'button', class: 'danger', id: 'confirm-action', onclick: () => run(action, why) }, t('admin.yes'));
    fill(status, h('span', { class: 'confirm' }, t('admin.confirm', { question, reason: why }), ' ', yes, ' ',
      h('button', { type: 'button', class: 'secondary', id: 'cancel-action', onclick: () => fill(status) }, t('admin.no'))));
    yes.focus();
  };
  return { reason, status, act };
}

/** `YYYY-MM-DD HH:MM:SS` (UTC) of a time in milliseconds since the Unix epoch. */
export function time(ms) {
  return ms === null || ms === undefined ? '–' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

/** `m:ss.s` of a clock reading in milliseconds. */
export function clock(ms) {
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = ((tenths % 600) / 10).toFixed(1).padStart(4, '0');
  return `${minutes}:${seconds}`;
}

/** A game's result in words, in the reader's language: playing, aborted, or who won and why. */
export function result(game) {
  if (game.status === 'active') return t('admin.playing');
  if (game.status === 'aborted') return t('admin.aborted');
  return describeResult(game.result, game.players);
}

/** Saves a Blob as a file. */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = h('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
