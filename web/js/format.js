// How times, time controls, results and players read on the page.

import './correspondence/catalog.js';
import { language, t, translate } from './i18n.js';
import { isDraw, outcomeOf, soleWinnerIndex } from './ranks.js';
import { nextSeat, seatIndex } from './seats.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A clock reading: `4:05`, or `0:09.3` in the last ten seconds. */
export function formatClock(ms) {
  const clamped = Math.max(0, ms);
  if (clamped < 10_000) return `0:0${(Math.floor(clamped / 100) / 10).toFixed(1)}`;
  const seconds = Math.floor(clamped / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** A time control as players say it: `3+2` is three minutes and two seconds a turn; `3d` is three days a turn;
 * `10s/move +1m` is ten seconds a move and a minute's reserve (`random`: a random move when time runs out). */
export function formatTimeControl(timeControl) {
  if (timeControl.type === 'correspondence') return t('time.daysShort', { count: timeControl.days_per_move });
  if (timeControl.type === 'per_move') {
    const { move_seconds: move, reserve_seconds: reserve, on_timeout: onTimeout } = timeControl;
    const reserveText = reserve === 0 ? '' : reserve % 60 === 0 ? ` +${reserve / 60}m` : ` +${reserve}s`;
    return `${t('time.perMoveShort', { seconds: move })}${reserveText}${onTimeout === 'random_move' ? t('time.randomShort') : ''}`;
  }
  const { initial_seconds: initial, increment_seconds: increment } = timeControl;
  const base = initial % 60 === 0 ? `${initial / 60}` : `${initial}s`;
  return `${base}+${increment}`;
}

/** The time control in words, for labels. */
export function describeTimeControl(timeControl) {
  if (timeControl.type === 'correspondence') return t('time.daysPerTurn', { count: timeControl.days_per_move });
  if (timeControl.type === 'per_move') {
    const { move_seconds: move, reserve_seconds: reserve, on_timeout: onTimeout } = timeControl;
    const reserveText = reserve === 0 ? t('time.noReserve')
      : reserve % 60 === 0 ? t('time.reserveMinutes', { count: reserve / 60 }) : t('time.reserveSeconds', { count: reserve });
    const text = t('time.perMove', { seconds: move, reserve: reserveText });
    return onTimeout === 'random_move' ? `${text}${t('time.randomMove')}` : text;
  }
  const { initial_seconds: initial, increment_seconds: increment } = timeControl;
  const base = initial % 60 === 0 ? t('time.minutes', { count: initial / 60 }) : t('time.seconds', { count: initial });
  return t('time.fischer', { base, increment });
}

/** What ended a game, in words: "goal", "agreement". */
export function reasonText(reason) {
  return t(`reason.${reason}`);
}

/** A result's points as players read them, first seat first: `3 : 1`, or with half points `2½ : 1`; null for a
 * result without points. */
export function formatScores(result) {
  if (!result?.scores) return null;
  const point = (value) => {
    if (!result.half_points) return `${value}`;
    const whole = Math.floor(value / 2);
    return value % 2 === 0 ? `${whole}` : `${whole || ''}½`;
  };
  return result.scores.map(point).join(' : ');
}

/** The place of the seat at `index` in words: "2nd place", or "shared first place" when several seats (not all)
 * rank first. */
export function placeText(result, index) {
  const rank = result.ranks[index];
  return rank === 1 && soleWinnerIndex(result) === null ? t('result.sharedFirst') : t(`place.${rank}`);
}

/** Who plays a game, for a board's label: "alice against bob" (`twoKey`, with `first` and `second`), and at a
 * table of more than two the names in seat order as a list (`tableKey`, with `names`: "alice, bob and carol"). */
export function describePlayers(players, twoKey, tableKey) {
  if (players.length === 2) return t(twoKey, { first: players[0].name, second: players[1].name });
  return t(tableKey, { names: listNames(players) });
}

/** Players' names as a list in the reader's language, in the order given: "alice, bob and carol". */
export function listNames(players) {
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(players.map((player) => player.name));
}

/** The bot's view of a game after `seat`'s turn (`evaluation`: `{kind, hundredths}` or `{kind, within}`) in
 * words, each seat named by `name(seat)`: "+0.35 for alice", "bob wins within 3 actions". A seat's loss is the
 * other's win at a table of two (`seats`, the game's seats); at a larger one it says who loses. */
export function describeEvaluation(evaluation, seat, seats, name) {
  if (evaluation.kind === 'score') {
    const units = evaluation.hundredths / 100;
    return t('analysis.evalScore', { score: `${units >= 0 ? '+' : ''}${units.toFixed(2)}`, seat: name(seat) });
  }
  if (evaluation.kind === 'loss' && seats.length !== 2) {
    return evaluation.within === null
      ? t('analysis.evalLossProven', { seat: name(seat) })
      : t('analysis.evalLoss', { seat: name(seat), count: evaluation.within });
  }
  const winner = evaluation.kind === 'win' ? seat : nextSeat(seats, seat);
  return evaluation.within === null
    ? t('analysis.evalProven', { seat: name(winner) })
    : t('analysis.evalWin', { seat: name(winner), count: evaluation.within });
}

/** "alice won (goal)", "Draw (agreement)"; at a table of more than two, every player's place, best first:
 * "bob 1st place, alice 2nd place, carol 3rd place (score)". */
export function describeResult(result, players) {
  const reason = reasonText(result.reason);
  if (isDraw(result)) return t('result.draw', { reason });
  const winner = soleWinnerIndex(result);
  if (players.length === 2 && winner !== null) return t('result.won', { name: players[winner].name, reason });
  const byRank = players.map((player, index) => ({ player, index })).sort((a, b) => result.ranks[a.index] - result.ranks[b.index]);
  const places = byRank.map(({ player, index }) => t('result.placed', { name: player.name, place: placeText(result, index) }));
  return t('result.places', { places: places.join(', '), reason });
}

/** The result from one seat's side, saying each thing once: "You won (goal)", "You lost (time)", "Draw (agreement)";
 * at a table of more than two, "You: 2nd place (score)" unless the seat won alone. */
export function describeResultFor(result, seat) {
  const reason = reasonText(result.reason);
  const outcome = outcomeOf(result, seat);
  if (outcome === 'draw') return t('result.draw', { reason });
  if (outcome === 'win') return t('result.youWon', { reason });
  if (result.ranks.length === 2) return t('result.youLost', { reason });
  return t('result.yourPlace', { place: placeText(result, seatIndex(seat)), reason });
}

/** The result from one seat's side in a word: "You won", "You lost", "Draw"; at a table of more than two,
 * "You: 2nd place" unless the seat won alone. */
export function resultFor(result, seat) {
  const outcome = outcomeOf(result, seat);
  if (outcome === 'draw') return t('result.drawShort');
  if (outcome === 'win') return t('result.youWonShort');
  if (result.ranks.length === 2) return t('result.youLostShort');
  return t('result.yourPlaceShort', { place: placeText(result, seatIndex(seat)) });
}

/**
 * How long, the way people say it, in language `code` (the page's by default): "2 days 4 hours", "7 days",
 * "5 hours 20 minutes", "12 minutes", "45 seconds". Two units at most, the smaller one rounded; plural forms by
 * Intl.PluralRules (through the catalogs).
 */
export function formatDuration(ms, code = language) {
  const unit = (name, count) => translate(code, `duration.${name}`, { count });
  const pair = (larger, largerCount, smaller, smallerCount) => (smallerCount
    ? translate(code, 'duration.pair', { larger: unit(larger, largerCount), smaller: unit(smaller, smallerCount) })
    : unit(larger, largerCount));
  const clamped = Math.max(0, ms);
  const hours = Math.round(clamped / HOUR_MS);
  if (hours >= 24) return pair('days', Math.floor(hours / 24), 'hours', hours % 24);
  const minutes = Math.round(clamped / MINUTE_MS);
  if (minutes >= 60) return pair('hours', Math.floor(minutes / 60), 'minutes', minutes % 60);
  if (clamped >= MINUTE_MS) return unit('minutes', minutes);
  return unit('seconds', Math.ceil(clamped / 1000));
}

/** "3 min", "45 s": how long until a moment, or how long something usually takes; from an hour on, in days
 * and hours as `formatDuration` says them ("7 days", not "10080 min"). */
export function formatCountdown(ms) {
  if (ms >= HOUR_MS) return formatDuration(ms);
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return seconds >= 120 ? t('time.minutes', { count: Math.ceil(seconds / 60) }) : t('time.seconds', { count: seconds });
}

/** Time gone by as a stopwatch shows it: `0:07`, `12:30`. */
export function formatElapsed(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A player's name as lists show it: a bot account's name with `(bot)` after it. */
export function botMarked(player) {
  return player.bot ? t('player.botMarked', { name: player.name }) : player.name;
}
