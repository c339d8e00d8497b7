// How times, time controls, results and players read on the page.

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
  if (timeControl.type === 'correspondence') return `${timeControl.days_per_move}d`;
  if (timeControl.type === 'per_move') {
    const { move_seconds: move, reserve_seconds: reserve, on_timeout: onTimeout } = timeControl;
    const reserveText = reserve === 0 ? '' : reserve % 60 === 0 ? ` +${reserve / 60}m` : ` +${reserve}s`;
    return `${move}s/move${reserveText}${onTimeout === 'random_move' ? ' random' : ''}`;
  }
  const { initial_seconds: initial, increment_seconds: increment } = timeControl;
  const base = initial % 60 === 0 ? `${initial / 60}` : `${initial}s`;
  return `${base}+${increment}`;
}

/** The time control in words, for labels. */
export function describeTimeControl(timeControl) {
  if (timeControl.type === 'correspondence') {
    const days = timeControl.days_per_move;
    return `${days} ${days === 1 ? 'day' : 'days'} a turn`;
  }
  if (timeControl.type === 'per_move') {
    const { move_seconds: move, reserve_seconds: reserve, on_timeout: onTimeout } = timeControl;
    const reserveText = reserve === 0 ? 'no reserve' : reserve % 60 === 0 ? `${reserve / 60} min reserve` : `${reserve} s reserve`;
    const late = onTimeout === 'random_move' ? ', a random move when time runs out' : '';
    return `${move} s a move, ${reserveText}${late}`;
  }
  const { initial_seconds: initial, increment_seconds: increment } = timeControl;
  const base = initial % 60 === 0 ? `${initial / 60} min` : `${initial} s`;
  return `${base} + ${increment} s a turn`;
}

const REASONS = {
  goal: 'goal',
  own_goal: 'own goal',
  stuck: 'no move left',
  resignation: 'resignation',
  time: 'time',
  abandonment: 'opponent left',
  agreement: 'agreement',
  adjudication: 'adjudication',
  score: 'score',
};

/** "alice won (goal)", "Draw (agreement)". */
export function describeResult(result, players) {
  const reason = REASONS[result.reason] ?? result.reason;
  if (!result.winner) return `Draw (${reason})`;
  const winner = players[result.winner === 'first' ? 0 : 1].name;
  return `${winner} won (${reason})`;
}

/** The result from one seat's side: "You won", "You lost", "Draw". */
export function resultFor(result, seat) {
  if (!result.winner) return 'Draw';
  return result.winner === seat ? 'You won' : 'You lost';
}

/** "3 min", "45 s": how long until a moment, or how long something usually takes. */
export function formatCountdown(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return seconds >= 120 ? `${Math.ceil(seconds / 60)} min` : `${seconds} s`;
}

/** Time gone by as a stopwatch shows it: `0:07`, `12:30`. */
export function formatElapsed(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A player's name as lists show it: a bot account's name with `(bot)` after it. */
export function botMarked(player) {
  return player.bot ? `${player.name} (bot)` : player.name;
}
