// The site's languages: Polish, English and Russian. `t(key, params)` is every text the pages show, looked up in
// the catalog of the reader's language (i18n/<language>.js, plus each game kind's own `catalog`). The language is
// the one the reader chose (kept in localStorage), else the first of the browser's languages the site speaks,
// else English. Changing it reloads the page, so every text already drawn is drawn again.

/** The languages offered, each named in itself, in the order the switch lists them. */
export const LANGUAGES = [
  { code: 'pl', name: 'Polski' },
  { code: 'en', name: 'English' },
  { code: 'ru', name: 'Русский' },
];

/** Where the reader's choice is kept. */
const STORAGE_KEY = 'kartka.language';

/** The language of a reader whose browser asks for none the site speaks. */
const FALLBACK = 'en';

/** The texts by language: the page's own language's main catalog (below) and every kind's texts (`addCatalog`). */
const catalogs = { en: {}, pl: {}, ru: {} };

/**
 * The language to use: `stored` (the reader's choice) if the site speaks it, else the first of `preferred` (the
 * browser's languages, `pl-PL` counting as `pl`), else English.
 */
export function chooseLanguage(stored, preferred) {
  const known = (code) => LANGUAGES.some((language) => language.code === code);
  if (known(stored)) return stored;
  const match = (preferred ?? []).map((tag) => String(tag).toLowerCase().split('-')[0]).find(known);
  return match ?? FALLBACK;
}

function storedChoice() {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The language of this page load. */
export const language = chooseLanguage(storedChoice(), globalThis.navigator?.languages);

/** Adds a language's main catalog, `i18n/<code>.js`, to the texts. */
async function loadMainCatalog(code) {
  Object.assign(catalogs[code], (await import(`./i18n/${code}.js`)).default);
}

// A page loads its own language only: the three main catalogs are the client's largest files, and a page never
// shows two languages (changing the language reloads it). The catalog test checks that none lacks a key, so no
// text needs another language to fall back on.
await loadMainCatalog(language);

/** Loads every language's main catalog, for the catalog test. */
export async function loadAllCatalogs() {
  for (const { code } of LANGUAGES) if (code !== language) await loadMainCatalog(code);
  return catalogs;
}

/** Keeps `code` as the reader's language and reloads the page in it. */
export function setLanguage(code) {
  localStorage.setItem(STORAGE_KEY, code);
  location.reload();
}

/** Adds texts to the catalogs: `{en: {key: text}, pl: {…}, ru: {…}}` (a game kind's own texts). */
export function addCatalog(byLanguage) {
  for (const [code, entries] of Object.entries(byLanguage)) Object.assign(catalogs[code], entries);
}

const pluralRules = new Map();

/** The plural category of `count` in `code` (`one`, `few`, `many`, `other`). */
function pluralOf(code, count) {
  if (!pluralRules.has(code)) pluralRules.set(code, new Intl.PluralRules(code));
  return pluralRules.get(code).select(count);
}

/**
 * The text of `key` in language `code`, with `{name}` placeholders filled from `params`. A text with plural forms
 * (`{one, few, many, other}`) takes the form `params.count` calls for in that language.
 */
export function translate(code, key, params = {}) {
  const entry = pattern(code, key, params);
  return entry.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The text of `key` in `code` before its placeholders are filled: the plural form `params.count` calls for. */
function pattern(code, key, params) {
  const entry = catalogs[code][key];
  if (entry === undefined) return key;
  if (typeof entry === 'object') return entry[pluralOf(code, params.count)] ?? entry.other;
  return entry;
}

/** The text of `key` in the page's language (see `translate`). */
export function t(key, params) {
  return translate(language, key, params);
}

/**
 * The text of `key` as pieces for an element's children: like `t`, but a parameter that is an object (an
 * element, such as a link to a player's page) stands in its placeholder as itself, not as text.
 */
export function tPieces(key, params = {}) {
  return pattern(language, key, params).split(/\{(\w+)\}/).map((piece, index) => {
    if (index % 2 === 0) return piece;
    if (!(piece in params)) return `{${piece}}`;
    return typeof params[piece] === 'object' ? params[piece] : String(params[piece]);
  }).filter((piece) => piece !== '');
}

/**
 * A refusal's text in the reader's language, from its error code (the server's and the client's own, `offline`).
 * The server's own message is never shown: it is English in every language, lowercase and terse. A code this page
 * does not know comes from a newer server, so its text says that reloading may help.
 */
export function errorText(error) {
  const key = `error.${error.code}`;
  return t(key in catalogs[language] ? key : 'error.unrecognised');
}

/**
 * A refusal of a move or a turn the player submitted, in the reader's language. `forbidden` answers a move for a
 * point the rules forbid to the mover (renju: Black's overline, double four, double three), not an account's
 * missing right as it does elsewhere; every other code reads as `errorText` says.
 */
export function moveErrorText(error) {
  return error.code === 'forbidden' ? t('game.forbiddenPoint') : errorText(error);
}

/** A moment as a date and time in the reader's language. */
export function formatDateTime(ms) {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}
