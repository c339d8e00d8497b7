// Bots in the client: a bot's name is marked wherever lists show it. Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { botMarked } from '../js/format.js';

test('a bot is marked after its name, a person is not', () => {
  assert.equal(botMarked({ name: 'kartka-bot-3', bot: true }), 'kartka-bot-3 (bot)');
  assert.equal(botMarked({ name: 'alice', bot: false }), 'alice');
  assert.equal(botMarked({ name: 'alice' }), 'alice', 'an older server sends no flag');
});
