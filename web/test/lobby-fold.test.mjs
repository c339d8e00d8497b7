// Which lobby panels start open on a phone (js/lobby/fold.js). Run with `node --test web/test/`.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { startsOpen } from '../js/lobby/fold.js';

test('only the first panel starts open until the reader chooses', () => {
  assert.equal(startsOpen(null, true), true);
  assert.equal(startsOpen(null, false), false);
});

test("the reader's choice wins over the default", () => {
  assert.equal(startsOpen('open', false), true);
  assert.equal(startsOpen('folded', true), false);
});

test('anything else stored is no choice', () => {
  assert.equal(startsOpen('yes', false), false);
  assert.equal(startsOpen('yes', true), true);
});
