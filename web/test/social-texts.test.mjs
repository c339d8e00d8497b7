// The social parts' texts: every key the modules ask for is in the one list, and placeholders are filled.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { t, TEXTS } from '../js/social-texts.js';

const MODULES = ['../js/chat.js', '../js/lobby/chat.js', '../js/profile.js', '../js/lobby.js', '../js/lobby/leaderboard.js', '../js/challenge-notices.js'];

test('every literal key the social modules use has a text', () => {
  for (const module of MODULES) {
    const source = readFileSync(new URL(module, import.meta.url), 'utf8');
    for (const [, key] of source.matchAll(/\bt\('([\w.]+)'/g)) {
      assert.ok(key in TEXTS, `${module} uses ${key}, which has no text`);
    }
  }
});

test('the error texts cover the chat refusals', () => {
  for (const code of ['chat_too_long', 'chat_too_fast', 'muted', 'invalid_request']) {
    assert.ok(`chat.error.${code}` in TEXTS, code);
  }
});

test('placeholders are filled and unknown keys show as themselves', () => {
  assert.equal(t('chat.error.other', { message: 'no such game' }), 'The message was not sent: no such game');
  assert.equal(t('no.such.key'), 'no.such.key');
});
