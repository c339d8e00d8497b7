// The account's language on the server (`PUT /api/me/language`): its turn notifications and webhook texts are
// written in it. The site's language is the reader's choice in this browser; the server hears of it when the
// reader changes it and whenever someone signs in here.

import { api } from './api.js';
import { session } from './session.js';

/** Tells the server `code` is the signed-in account's language; resolves either way (the page keeps it). */
export function sendLanguage(code) {
  if (!session.token()) return Promise.resolve();
  return api.setLanguage(code).catch(() => {});
}

/** Sends `code` at every sign-in in this page (a new session), not at page loads of a signed-in reader. */
export function sendLanguageOnSignIn(code) {
  let token = session.token();
  session.onChange((current) => {
    if (current && current.token !== token) sendLanguage(code);
    token = current?.token ?? null;
  });
}
