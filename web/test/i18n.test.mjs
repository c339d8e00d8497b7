// The catalogs (js/i18n/, each kind's catalog.js and the admin pages' admin/js/i18n/): every key in every
// language, with the plural forms each language needs and the same placeholders; every key the pages (the site's
// and the admin pages') use is in them; every error code and end reason the server sends has its text, and every
// game event, audit action and account kind the admin pages show. Run with `node --test web/test/`.
// The correspondence texts and durations (js/correspondence/catalog.js) are checked with them.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { LANGUAGES, chooseLanguage, errorText, language, loadAllCatalogs, moveErrorText, tPieces, translate } from '../js/i18n.js';
import '../js/kinds/index.js';
import '../js/correspondence/catalog.js';
import '../admin/js/catalog.js';

const WEB = fileURLToPath(new URL('..', import.meta.url));
// A page loads its own language and the rules pages their own texts, when needed: the test loads them all.
const catalogs = await loadAllCatalogs();
for (const path of files(join(WEB, 'js/kinds'), ['rules-catalog.js'])) await import(path);
const codes = LANGUAGES.map((language) => language.code);

/** Every file under `dir` whose name ends with one of `extensions`. */
function files(dir, extensions) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : files(path, extensions);
    return extensions.some((extension) => name.endsWith(extension)) ? [path] : [];
  });
}

const placeholders = (entry) => {
  const texts = typeof entry === 'object' ? Object.values(entry) : [entry];
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1])))].sort();
};

test('every language has every key, and no key of its own', () => {
  const english = Object.keys(catalogs.en).sort();
  assert.ok(english.length > 100, 'the catalogs are loaded');
  for (const code of codes) {
    const keys = Object.keys(catalogs[code]).sort();
    assert.deepEqual(english.filter((key) => !keys.includes(key)), [], `missing in ${code}`);
    assert.deepEqual(keys.filter((key) => !english.includes(key)), [], `only in ${code}`);
  }
});

test('every text has the plural forms its language needs and the placeholders of the English one', () => {
  for (const code of codes) {
    const needed = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    for (const [key, entry] of Object.entries(catalogs[code])) {
      assert.deepEqual(placeholders(entry), placeholders(catalogs.en[key]), `${code} ${key}: placeholders`);
      if (typeof entry !== 'object') continue;
      for (const category of needed) assert.equal(typeof entry[category], 'string', `${code} ${key}: the "${category}" form`);
      assert.ok(placeholders(entry).includes('count'), `${code} ${key}: a plural text counts something`);
    }
  }
});

test('each catalog file names a key once (a second one would silently replace the first)', () => {
  const catalogFiles = [...files(join(WEB, 'js/i18n'), ['.js']), ...files(join(WEB, 'admin/js/i18n'), ['.js'])];
  assert.ok(catalogFiles.length >= 6, 'the catalog files');
  for (const path of catalogFiles) {
    const keys = [...readFileSync(path, 'utf8').matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1]);
    assert.deepEqual(keys.filter((key, index) => keys.indexOf(key) !== index), [], path);
  }
});

test('a text in pieces keeps an element given for a placeholder as itself', () => {
  const link = { name: 'a link to bob' };
  assert.deepEqual(tPieces('challenge.received', { name: link }), [link, ' challenges you to a game.']);
  assert.deepEqual(tPieces('myGames.versus', { name: 'bob' }), ['vs ', 'bob']);
  assert.deepEqual(tPieces('leaderboard.games', { count: 2 }), ['2', ' games']);
});

test('plural forms follow each language', () => {
  assert.equal(translate('en', 'leaderboard.games', { count: 1 }), '1 game');
  assert.equal(translate('en', 'leaderboard.games', { count: 5 }), '5 games');
  assert.equal(translate('pl', 'leaderboard.games', { count: 1 }), '1 partia');
  assert.equal(translate('pl', 'leaderboard.games', { count: 3 }), '3 partie');
  assert.equal(translate('pl', 'leaderboard.games', { count: 5 }), '5 partii');
  assert.equal(translate('pl', 'leaderboard.games', { count: 22 }), '22 partie');
  assert.equal(translate('ru', 'leaderboard.games', { count: 21 }), '21 партия');
  assert.equal(translate('ru', 'leaderboard.games', { count: 3 }), '3 партии');
  assert.equal(translate('ru', 'leaderboard.games', { count: 11 }), '11 партий');
});

test('the language is the reader’s choice, else the browser’s, else English', () => {
  assert.equal(chooseLanguage('ru', ['pl-PL']), 'ru');
  assert.equal(chooseLanguage(null, ['de-DE', 'pl-PL', 'en']), 'pl');
  assert.equal(chooseLanguage('xx', ['ru-RU']), 'ru');
  assert.equal(chooseLanguage(null, ['de']), 'en');
  assert.equal(chooseLanguage(null, undefined), 'en');
});

test('every key the pages use is in the catalogs', () => {
  // A key is a quoted string whose first part names a group of the catalogs (`game.resign`, `dots.blue`), in
  // the scripts (the site's and the admin pages'), or a `data-i18n` attribute of the pages' HTML.
  const groups = new Set(Object.keys(catalogs.en).map((key) => key.split('.')[0]));
  const used = new Map();
  for (const path of [...files(join(WEB, 'js'), ['.js']), ...files(join(WEB, 'admin'), ['.js'])]) {
    for (const [, key] of readFileSync(path, 'utf8').matchAll(/['"]([a-z][a-zA-Z-]*(?:\.[a-zA-Z0-9_-]+)+)['"]/g)) {
      if (groups.has(key.split('.')[0]) && !/\.(js|css|svg|html|json)$/.test(key)) used.set(key, path);
    }
  }
  for (const path of files(WEB, ['.html'])) {
    for (const [, key] of readFileSync(path, 'utf8').matchAll(/data-i18n(?:-label)?="([^"]+)"/g)) used.set(key, path);
  }
  assert.ok(used.size > 100, `found the keys in use (${used.size})`);
  const missing = [...used].filter(([key]) => !(key in catalogs.en)).map(([key, path]) => `${key} (${path})`);
  assert.deepEqual(missing, []);
});

test('every error code and end reason the server sends has its text', () => {
  const schema = JSON.parse(readFileSync(join(WEB, '../docs/protocol.schema.json'), 'utf8'));
  const definitions = schema.server_frame.$defs;
  const values = (name) => definitions[name].oneOf.map((variant) => variant.const);
  for (const code of values('ErrorCode')) assert.ok(`error.${code}` in catalogs.en, `error.${code}`);
  for (const reason of values('EndReasonName')) assert.ok(`reason.${reason}` in catalogs.en, `reason.${reason}`);
  for (const speed of values('SpeedClass')) assert.ok(`speed.${speed}` in catalogs.en, `speed.${speed}`);
});

test('a Dots game says which of its ends it was, in every language', () => {
  const won = (code, reason) => translate(code, 'result.won', { name: 'bob', reason: translate(code, `reason.${reason}`) });
  assert.equal(won('en', 'stop'), 'bob won (STOP)');
  assert.equal(won('pl', 'board_full'), 'bob wygrywa (brak wolnych punktów)');
  assert.equal(won('ru', 'instant_win'), 'bob побеждает (мгновенная победа)');
  for (const code of codes) {
    const texts = ['score', 'board_full', 'stop', 'instant_win', 'auto_end'].map((reason) => translate(code, `reason.${reason}`));
    assert.equal(new Set(texts).size, texts.length, `${code}: each end reads differently`);
  }
});

/** The wire names of a snake_case enum of the protocol crate's `file` (variants in CamelCase, one a line). */
function rustEnum(file, name) {
  const source = readFileSync(join(WEB, '../protocol/src', file), 'utf8');
  const body = source.match(new RegExp(`pub enum ${name} \\{([^}]*)\\}`))?.[1];
  assert.ok(body, `enum ${name} in ${file}`);
  const variants = [...body.matchAll(/^\s*([A-Z]\w*),?$/gm)].map((match) => match[1]);
  assert.ok(variants.length > 1, `the variants of ${name}`);
  return variants.map((variant) => variant.replace(/(?<!^)[A-Z]/g, (letter) => `_${letter}`).toLowerCase());
}

test('every game event, audit action and account kind the admin pages show has its text', () => {
  const schema = JSON.parse(readFileSync(join(WEB, '../docs/protocol.schema.json'), 'utf8'));
  const events = schema.server_frame.$defs.GameEvent.oneOf.map((variant) => variant.properties.type.const);
  assert.ok(events.includes('moved') && events.includes('player_disconnected'), `the event types: ${events}`);
  for (const type of events) assert.ok(`admin.event.${type}` in catalogs.en, `admin.event.${type}`);
  const actions = rustEnum('admin.rs', 'AuditAction');
  assert.ok(actions.includes('grant_admin'), `the audit actions: ${actions}`);
  for (const action of actions) assert.ok(`admin.action.${action}` in catalogs.en, `admin.action.${action}`);
  for (const kind of rustEnum('admin.rs', 'AccountKindName')) assert.ok(`admin.account.kind.${kind}` in catalogs.en, `admin.account.kind.${kind}`);
});

test('the admin pages count and confirm in each language', () => {
  assert.equal(translate('en', 'admin.search.found', { count: 1 }), '1 game');
  assert.equal(translate('en', 'admin.search.found', { count: 2 }), '2 games');
  assert.equal(translate('pl', 'admin.search.found', { count: 2 }), '2 partie');
  assert.equal(translate('pl', 'admin.search.found', { count: 12 }), '12 partii');
  assert.equal(translate('ru', 'admin.search.found', { count: 2 }), '2 партии');
  assert.equal(translate('ru', 'admin.search.found', { count: 25 }), '25 партий');
  assert.equal(translate('pl', 'admin.confirm', { question: 'Zablokować bob?', reason: 'spam' }), 'Zablokować bob? Powód: „spam”.');
  assert.equal(translate('ru', 'admin.confirm', { question: 'Заблокировать bob?', reason: 'спам' }), 'Заблокировать bob? Причина: «спам».');
});

test('a refusal reads from its code in every language, never in the server’s own words', () => {
  assert.equal(language, 'en', 'node has no stored choice and no browser languages');
  assert.equal(errorText({ code: 'bad_credentials', message: 'wrong username or password' }), 'Wrong username or password.');
  assert.equal(errorText({ code: 'offline', message: 'not connected' }), translate('en', 'error.offline'));
  assert.equal(errorText({ code: 'no_such_code', message: 'as it came' }), translate('en', 'error.unrecognised'));
  assert.equal(translate('pl', 'error.not_your_turn'), 'To nie twój ruch.');
});

test('forbidden answering a move reads as the rules\' forbidden point, and elsewhere as the account\'s missing right', () => {
  const forbidden = { code: 'forbidden', message: 'forbidden for Black: double-three' };
  assert.equal(moveErrorText(forbidden), 'This point is forbidden to Black by the renju rules.');
  assert.equal(errorText(forbidden), 'Your account may not do this.');
  for (const code of ['illegal_move', 'not_your_turn', 'offline', 'no_such_code']) {
    assert.equal(moveErrorText({ code }), errorText({ code }), `${code} reads the same answering a move`);
  }
  assert.equal(translate('pl', 'game.forbiddenPoint'), 'To pole jest zabronione dla czarnych według zasad renju.');
  assert.equal(translate('ru', 'game.forbiddenPoint'), 'Эта клетка запрещена чёрным по правилам рэндзю.');
});

test('counts read right at one and beyond, and a time left agrees with any duration', async () => {
  await import('../js/correspondence/catalog.js');
  const results = (finished) => ({ count: finished, wins: finished, losses: 0, draws: 0, active: 0 });
  assert.equal(translate('en', 'profile.results', results(1)), '1 game finished: 1 won, 0 lost, 0 drawn; 0 being played.');
  assert.equal(translate('en', 'profile.results', results(2)), '2 games finished: 2 won, 0 lost, 0 drawn; 0 being played.');
  assert.equal(translate('en', 'analysis.searchStats', { nodes: 1, depth: 1 }), 'Positions searched: 1; depth in turns: 1.');
  assert.equal(translate('pl', 'analysis.searchStats', { nodes: 22, depth: 1 }), 'Przeszukane pozycje: 22; głębokość w turach: 1.');
  // "zostało 1 dzień" and "осталось 1 день" disagree in number: a time left stands after "jeszcze" / "ещё".
  const day = { left: '1 dzień', time: '1 dzień', start: 'a', end: 'b' };
  for (const key of ['game.timedWindow', 'game.firstMoveYours', 'corr.vacation.current', 'corr.lobby.timeLeft']) {
    assert.match(translate('pl', key, day), /jeszcze 1 dzień/, key);
    assert.match(translate('ru', key, { ...day, left: '1 день', time: '1 день' }), /ещё 1 день/, key);
  }
});
