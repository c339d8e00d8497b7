// Small DOM helpers: elements are built, never parsed from strings.

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
  const reason = h('textarea', { name: 'reason', 'aria-label': 'Reason', placeholder: 'Reason (kept in the audit log)' });
  const status = h('p', { role: 'status' });
  const run = async (action, why) => {
    try {
      await action(why);
      await after();
    } catch (error) {
      fill(status, h('span', { class: 'error' }, error.message));
    }
  };
  const act = (action, question) => async () => {
    const why = reason.value.trim();
    if (!why) {
      fill(status, h('span', { class: 'error' }, 'Write a reason first.'));
      reason.focus();
      return;
    }
    if (!question) {
      await run(action, why);
      return;
    }
    const yes = h('button', { type: 'button', class: 'danger', id: 'confirm-action', onclick: () => run(action, why) }, 'Yes');
    fill(status, h('span', { class: 'confirm' }, `${question} Reason: “${why}”. `, yes, ' ',
      h('button', { type: 'button', class: 'secondary', id: 'cancel-action', onclick: () => fill(status) }, 'No')));
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

/** A time control in short: `180+2` (seconds + increment), `3 d/move` (correspondence) or `10 s/move R60`
 * (per move with a reserve; `random` when a timeout plays a random move). */
export function timeControl(control) {
  if (control.type === 'correspondence') return `${control.days_per_move} d/move`;
  if (control.type === 'per_move') {
    const random = control.on_timeout === 'random_move' ? ' random' : '';
    return `${control.move_seconds} s/move R${control.reserve_seconds}${random}`;
  }
  return `${control.initial_seconds}+${control.increment_seconds}`;
}

/** A result in words. */
export function result(game) {
  if (game.status === 'active') return 'playing';
  if (game.status === 'aborted') return 'aborted';
  const winner = game.result?.winner;
  const who = winner === 'first' ? game.players[0].name : winner === 'second' ? game.players[1].name : null;
  return `${who ? `${who} won` : 'draw'} (${game.result?.reason?.replaceAll('_', ' ')})`;
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
