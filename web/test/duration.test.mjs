// Durations said in words (format.js `formatDuration`), the way people say them in each language of the site:
// days and hours for a correspondence clock or a challenge's expiry, with each language's plural forms.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { formatCountdown, formatDuration } from '../js/format.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

test('days and hours, with the plural forms of English', () => {
  assert.equal(formatDuration(2 * DAY + 4 * HOUR, 'en'), '2 days 4 hours');
  assert.equal(formatDuration(7 * DAY, 'en'), '7 days');
  assert.equal(formatDuration(DAY + HOUR, 'en'), '1 day 1 hour');
  assert.equal(formatDuration(5 * HOUR + 20 * MINUTE, 'en'), '5 hours 20 minutes');
  assert.equal(formatDuration(MINUTE, 'en'), '1 minute');
  assert.equal(formatDuration(45_000, 'en'), '45 seconds');
  assert.equal(formatDuration(1_000, 'en'), '1 second');
});

test('Polish: one, few and many', () => {
  assert.equal(formatDuration(DAY, 'pl'), '1 dzień');
  assert.equal(formatDuration(2 * DAY + 4 * HOUR, 'pl'), '2 dni 4 godziny');
  assert.equal(formatDuration(5 * DAY + HOUR, 'pl'), '5 dni 1 godzina');
  assert.equal(formatDuration(14 * DAY + 5 * HOUR, 'pl'), '14 dni 5 godzin');
  assert.equal(formatDuration(22 * HOUR, 'pl'), '22 godziny');
  assert.equal(formatDuration(12 * HOUR + 2 * MINUTE, 'pl'), '12 godzin 2 minuty');
  assert.equal(formatDuration(25 * MINUTE, 'pl'), '25 minut');
  assert.equal(formatDuration(21_000, 'pl'), '21 sekund');
  assert.equal(formatDuration(23_000, 'pl'), '23 sekundy');
});

test('Russian: one, few and many, 21 taking the form of 1', () => {
  assert.equal(formatDuration(21 * DAY, 'ru'), '21 день');
  assert.equal(formatDuration(2 * DAY + 4 * HOUR, 'ru'), '2 дня 4 часа');
  assert.equal(formatDuration(7 * DAY + 11 * HOUR, 'ru'), '7 дней 11 часов');
  assert.equal(formatDuration(DAY + 21 * HOUR, 'ru'), '1 день 21 час');
  assert.equal(formatDuration(3 * HOUR + MINUTE, 'ru'), '3 часа 1 минута');
  assert.equal(formatDuration(14 * MINUTE, 'ru'), '14 минут');
  assert.equal(formatDuration(32_000, 'ru'), '32 секунды');
});

test('the smaller unit is rounded, and a rounded-up unit carries over', () => {
  assert.equal(formatDuration(2 * DAY + 4 * HOUR + 31 * MINUTE, 'en'), '2 days 5 hours');
  assert.equal(formatDuration(2 * DAY + 4 * HOUR + 29 * MINUTE, 'en'), '2 days 4 hours');
  assert.equal(formatDuration(DAY - 10 * MINUTE, 'en'), '1 day');
  assert.equal(formatDuration(HOUR - 10_000, 'en'), '1 hour');
  assert.equal(formatDuration(-5_000, 'en'), '0 seconds');
});

test('a challenge that expires in a week says so in days, not 10080 minutes', () => {
  assert.equal(formatCountdown(7 * DAY), '7 days');
  assert.equal(formatCountdown(3 * MINUTE), '3 min');
  assert.equal(formatCountdown(30_000), '30 s');
});
