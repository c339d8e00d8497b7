// The time controls the site offers, and the speed class (and so the rating) each one counts for.

const fischer = (minutes, increment) => ({ type: 'fischer', initial_seconds: minutes * 60, increment_seconds: increment });

/** Offered for challenges and seeks, fastest first. */
export const TIME_CONTROLS = [fischer(1, 0), fischer(2, 1), fischer(3, 2), fischer(5, 3), fischer(10, 5), fischer(15, 10), fischer(30, 20)];

/** Quick pairing offers the common ones only, so that players meet in few pools. */
export const POOL_TIME_CONTROLS = TIME_CONTROLS.slice(0, 6);

/** The index in TIME_CONTROLS chosen until the player picks another: 3+2. */
export const DEFAULT_TIME_CONTROL = 2;

/** Speed classes, fastest first, with their names on the page. */
export const SPEEDS = [
  { id: 'bullet', name: 'Bullet' },
  { id: 'blitz', name: 'Blitz' },
  { id: 'rapid', name: 'Rapid' },
  { id: 'classical', name: 'Classical' },
];

/** Turns per player in a typical game, as the server estimates (server/src/ratings/speed.rs). */
const TYPICAL_TURNS_PER_PLAYER = 20;

/** The speed class of a time control, by the server's rule: estimated minutes per player under 3, 8, 25. */
export function speedOf(timeControl) {
  const estimate = timeControl.initial_seconds + TYPICAL_TURNS_PER_PLAYER * timeControl.increment_seconds;
  if (estimate < 180) return 'bullet';
  if (estimate < 480) return 'blitz';
  if (estimate < 1500) return 'rapid';
  return 'classical';
}

/** "Blitz" for `blitz`. */
export function speedName(speed) {
  return SPEEDS.find((s) => s.id === speed)?.name ?? speed;
}
