// The table of game kinds. Everything the client knows about one game lives in its folder, kinds/<kind>/, behind
// the shape below; every page outside kinds/ reaches a kind through this table, by the `kind` of a ruleset.
//
// A kind is an object with:
// - `key`: the protocol's ruleset `kind` (`paper-soccer`).
// - `name`: the display name (`Paper Soccer`).
// - `defaultRuleset`: the ruleset a game gets when the player chooses nothing.
// - `variants`: `[{label, ruleset}]`, the rulesets a player may choose (board sizes and the like), default first.
// - Optionally `narrowVariant`: the index of the variant a narrow screen (a phone) lists first, as its default.
// - `describeRuleset(ruleset)`: the ruleset in a few words for lists and the admin pages (`6×6`).
// - `seats`: `{first, second}` (and `third`… for a kind of more seats: Dots and Boxes has up to four), each
//   `{name, role(turned), choice}`: what the seat is called on the page, what it does as the reader sees it on a
//   board shown half a turn around or not (`attacking the top goal`), and how it reads in a "you play" choice. Its
//   colour is the seat's CSS colour. A seat is not a stone's colour: Five in a row's game says which colour each
//   seat plays (`colourOf(seat)`) once its opening has settled it.
// - Optionally `seatCount(ruleset)`: how many of `seats` a game of `ruleset` seats, for a kind whose rulesets
//   choose it (Dots and Boxes' `players`); every seat of `seats` otherwise.
// - `play()`: a promise of the module with the four fields below, which the pages that show a game load through
//   `loadKind` before they use them (a kind's rules and board are most of its code, and the lobby needs neither):
// - `newGame(ruleset)`: a game at its start: `play(action)` plays one action (throwing on an illegal one),
//   `legalActions()` lists the actions the side to move may play, `toMove` (a seat), `midTurn` (the same seat
//   moves again), `outcome` (`{winner, reason}` once the rules ended the game, `winner` null for a draw; kinds
//   that rank or score add `ranks` and `scores`, a list per seat in seat order as `result` has them, with `winner`
//   the one seat ranked first or null) and `clone()`; `position-game.js` is what every kind's game shares.
//   Optionally `leave(seat, reason)`: a kind whose rules play on when a seat leaves (the server's `seat_left`)
//   passes that seat by from then on.
//   A kind with hidden information (Sea Battle, Bulls and Cows, Gallows) builds its game from the moves as one viewer
//   receives them (docs/hidden-information.md): `newGame(ruleset, {id})` binds its commitments to the game's id,
//   `play(action, seat, record)` plays an action for the seat that moved (`record` is the move, with its
//   `commitment`, and for its mover `secret` and `nonce`), `seatsToAct` lists every seat that acts now (several in
//   a simultaneous phase; `toMove` is the first), `isLegal(action, seat)` stands in for `legalActions` where those
//   cannot all be listed (a fleet), `reveal(records)` takes the end's revealed moves, and `verify()` resolves
//   whether the revealed secrets hold to their commitments and every published answer.
// - Optionally `prepare(ruleset)`: a promise that what `newGame(ruleset)` needs besides the ruleset is here, for a
//   kind whose rules name shared data (Racetrack's track, fetched by its hash); `loadKind` awaits it.
// - `notation`: `actions(text)` splits a move text into its actions and `actionCount(text)` counts them (a ply
//   counts actions); the move list writes a turn as its actions run together, numbered in pairs of turns.
//   Optionally `separator`: what stands between two actions of one turn (the engine's ACTION_SEPARATOR; Dots'
//   space), none when absent. Optionally `display(text, ruleset)`: the move text as players read it, when that differs from the stored
//   notation (Dots: `20-17` for `qv`).
// - `Board`: `new Board(ruleset, {label, onAction})` is the SVG board: `element`, `draw(game, {targets})`
//   (targets: highlight the legal actions; a click or tap on one calls `onAction(action)`), and optionally
//   `keyAction(event)`, the action a key press means, and `controls`: HTML buttons of the board's own (Dots'
//   switches and STOP), shown under `element` outside the drawing, so never turned and never scaled down.
//   Optionally `frame`: what a game page shows in place of `element`, holding it (Dots' zoomable viewport). The
//   page may show a board half a turn around (the second player's view) and sets its `turned` then, so that keys
//   follow the screen (kinds/keypad.js).
// - Optionally `turnEnds(game)`, for kinds whose turns can go on (`midTurn`): where the turn being played can
//   end, `{ends: [{at, line, winner}], capped, work}` from the bounded search of kinds/turn-ends.js; its Board's
//   `draw` then also takes `ends` (those `ends`) and marks each end's point.
// - `howToMove`: the hint shown to a player.
// - `messages`: `over` (the rules ended the game, the server has not said so yet) and, for kinds whose turns
//   can go on, `again` and `othersAgain(name)` (the side to move moves again).
//   Optionally `turn(game, name)`: the kind's own words for the turn now, if it has any (`name` is the
//   opponent's name when the opponent is to act, null when the reader is); the defaults above are used otherwise.
//   Optionally `phase(game, reader, nameOf)`: the words for a phase `turn` cannot say, a simultaneous one (`reader`
//   the reader's seat or null, `nameOf(seat)` a player's name), or null for the words above.
// - `rulesPage()`: a promise of the rules page's article, at `/rules/<kind>`; its module (texts, diagrams) is
//   loaded only then, so that the other pages never fetch it. Pages show it through `loadRulesPage`.
// - `styles`: the addresses of the stylesheets its board and diagrams are drawn with, in the order they apply:
//   its own folder's `board.css`, after those of the kinds it draws on (a Paper Soccer variant's pitch). The
//   shared board rules (paper, grid, targets) are css/board.css; `loadKind` and `loadRulesPage` add the kind's
//   sheets to the page, so a page that shows no game fetches none.
// - Optionally `perMovePools: true`: quick pairing offers the per-move clocks (time-controls.js) beside Fischer.
// - Optionally `hiddenInformation: true`: the kind has secrets (docs/hidden-information.md), so no page analyses
//   or explores its positions (the analysis board, the explorer), which would need what a viewer cannot see.
// - Optionally `agreedEnd: true`: the rules score an agreed end (the engine's `agreed_end`), so the game page
//   offers "end and count" (agreed-end.js) beside the draw offer.

import closingIn from './closing-in/index.js';
import paperSoccer from './paper-soccer/index.js';
import dots from './dots/index.js';
import lineSoccer from './line-soccer/index.js';
import russianSoccer from './russian-soccer/index.js';
import paperSoccerCentre from './paper-soccer-centre/index.js';
import xrsoccer from './xrsoccer/index.js';
import fiveInARow from './five-in-a-row/index.js';
import dotsAndBoxes from './dots-and-boxes/index.js';
import seaBattle from './sea-battle/index.js';
import bullsAndCows from './bulls-and-cows/index.js';
import barriers from './barriers/index.js';
import digitalWars from './digital-wars/index.js';
import pointsAndSegments from './points-and-segments/index.js';
import racetrack from './racetrack/index.js';
import balda from './balda/index.js';
import gallows from './gallows/index.js';
import superghost from './superghost/index.js';

/** Every kind by its key, in the order the lobby offers them. */
export const KINDS = new Map(
  [paperSoccer, closingIn, dots, lineSoccer, russianSoccer, paperSoccerCentre, xrsoccer, fiveInARow, dotsAndBoxes, seaBattle, bullsAndCows, barriers, digitalWars, pointsAndSegments, racetrack, balda, gallows, superghost].map((kind) => [kind.key, kind]),
);

/** The kind the site shows first: its rules at `/rules`, its leaderboard, its games preselected. */
export const DEFAULT_KIND = paperSoccer;

/** The kind a ruleset (or a kind key) names; throws for a kind this client does not know. */
export function kindOf(ruleset) {
  const key = typeof ruleset === 'string' ? ruleset : ruleset?.kind;
  const kind = KINDS.get(key);
  if (!kind) throw new Error(`unknown game kind: ${JSON.stringify(key)}`);
  return kind;
}

/** The kind of `ruleset` with its `play()` module loaded, so that its `newGame`, `notation`, `Board` and
 * `turnEnds` are there, its stylesheets applied and the data `ruleset` names fetched (`prepare`); loaded once. Rejects for a kind this client does not know, or
 * if the module or a stylesheet cannot be fetched. */
export async function loadKind(ruleset) {
  const kind = kindOf(ruleset);
  const [play] = await Promise.all([kind.newGame ? null : kind.play(), loadStyles(kind)]);
  if (play && !kind.newGame) Object.assign(kind, play.default);
  await kind.prepare?.(ruleset);
  return kind;
}

/** The rules page of `kind` (its article), once its stylesheets, which its diagrams are drawn with, apply. */
export async function loadRulesPage(kind) {
  const [page] = await Promise.all([kind.rulesPage(), loadStyles(kind)]);
  return page;
}

/** The stylesheets added to this page, by address: each a promise that it has loaded. */
const sheets = new Map();

/** Adds the kind's stylesheets to the page, each once, and resolves when all apply, so that a board is never drawn
 * unstyled. Without a page (the unit tests, under node) there is nothing to style. */
function loadStyles(kind) {
  if (typeof document === 'undefined') return Promise.resolve();
  return Promise.all(kind.styles.map((href) => {
    if (!sheets.has(href)) {
      sheets.set(href, new Promise((resolve, reject) => {
        const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
        link.addEventListener('load', () => resolve());
        link.addEventListener('error', () => {
          // Asked for again by the next page that needs it, rather than failing for good.
          sheets.delete(href);
          link.remove();
          reject(new Error(`could not load ${href}`));
        });
        document.head.append(link);
      }));
    }
    return sheets.get(href);
  }));
}

/** How many actions (plies) the move text `text` holds in a game of `ruleset`, whose kind is loaded (`loadKind`). */
export function actionCount(ruleset, text) {
  return kindOf(ruleset).notation.actionCount(text);
}

/** The seats a game of `ruleset` has, in seat order: as many of its kind's `seats` as the ruleset chooses. */
export function rulesetSeats(ruleset) {
  const kind = kindOf(ruleset);
  const seats = Object.keys(kind.seats);
  return seats.slice(0, kind.seatCount?.(ruleset) ?? seats.length);
}

/** The same text for equal rulesets, whatever order their fields come in (the server's JSON or ours). */
export function rulesetKey(ruleset) {
  return Object.keys(ruleset).sort().map((field) => `${field}=${JSON.stringify(ruleset[field])}`).join(',');
}

/** A game's kind and ruleset in a few words, for lists: `Closing In 8×8`, or `Paper Soccer` for its one variant. */
export function gameName(ruleset) {
  const kind = kindOf(ruleset);
  const variant = kind.variants.find((v) => rulesetKey(v.ruleset) === rulesetKey(ruleset));
  if (kind.variants.length === 1 && variant) return kind.name;
  return `${kind.name} ${variant ? variant.label : kind.describeRuleset(ruleset)}`;
}

/** Where a kind's rules page is: `/rules` for the default kind (its address from before there were others). */
export function rulesUrl(kind) {
  return kind === DEFAULT_KIND ? '/rules' : `/rules/${kind.key}`;
}
