// Signing in: a guest in one click, or a registered account.

import { api } from './api.js';
import { h } from './dom.js';
import { field, form } from './forms.js';
import { t } from './i18n.js';
import { showNotice } from './notice.js';
import { KINDS, rulesUrl } from './kinds/index.js';

/** Where to go after signing in: the `next` of the address if it is a page of this site. */
function destination() {
  const next = new URLSearchParams(location.search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function mount(root, context) {
  const done = (reply) => {
    context.signIn(reply);
    context.navigate(destination(), { replace: true });
  };

  const guestName = field(t('entry.guestName'), { name: 'guest-name', autocomplete: 'nickname', maxLength: 24,
    pattern: '[A-Za-z0-9_\\-]{3,24}', placeholder: t('entry.guestNamePlaceholder'), title: t('entry.nameRule') });
  const guest = form({ class: 'stack', 'aria-label': t('entry.playAsGuest') }, [
    guestName.element,
    h('button', { class: 'primary big', type: 'submit', id: 'play-as-guest', text: t('entry.playAsGuest') }),
  ], async () => {
    const wished = guestName.input.value.trim() || undefined;
    const reply = await api.guest(wished);
    done(reply);
    // The server gives a taken name a number; without a word the player would not know why they are called so.
    if (wished && reply.account.name !== wished) showNotice(t('entry.guestNameTaken', { wished, name: reply.account.name }));
  });

  const credentials = (prefix, autocompletePassword) => {
    const username = field(t('entry.username'), { name: `${prefix}-username`, autocomplete: 'username', required: true,
      minLength: 3, maxLength: 24, pattern: '[A-Za-z0-9_\\-]{3,24}', title: t('entry.nameRule') });
    const password = field(t('entry.password'), { name: `${prefix}-password`, type: 'password', required: true,
      autocomplete: autocompletePassword, minLength: 8, maxLength: 128 });
    return { username, password };
  };
  const signIn = credentials('login', 'current-password');
  const login = form({ class: 'stack', 'aria-label': t('account.signIn') }, [
    signIn.username.element, signIn.password.element,
    h('button', { type: 'submit', text: t('account.signIn') }),
  ], async () => done(await api.login(signIn.username.input.value, signIn.password.input.value)));
  const signUp = credentials('register', 'new-password');
  const register = form({ class: 'stack', 'aria-label': t('entry.createAccount') }, [
    signUp.username.element, signUp.password.element,
    h('button', { type: 'submit', text: t('entry.createAccountButton') }),
  ], async () => done(await api.register(signUp.username.input.value, signUp.password.input.value)));

  root.append(
    h('section', { class: 'entry' },
      h('div', { class: 'hero' },
        h('h1', { text: t('entry.heading') }),
        h('p', { class: 'lead' }, t('entry.lead'), ' ',
          [...KINDS.values()].flatMap((kind, i) => [i ? ', ' : '', h('a', { href: rulesUrl(kind), text: kind.name })]), '.'),
        guest),
      h('div', { class: 'accounts' },
        h('section', { class: 'panel' }, h('h2', { text: t('account.signIn') }), login),
        h('section', { class: 'panel' }, h('h2', { text: t('entry.newAccount') }),
          h('p', { class: 'hint', text: t('entry.newAccountHint') }),
          register))),
  );
  document.getElementById('play-as-guest').focus();
}
