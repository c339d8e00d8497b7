// The time controls the site offers, and the speed class (and so the rating) each one counts for.

import { t } from './i18n.js';

const fischer = (minutes, increment) => ({ type: 'fischer', initial_seconds: minutes * 60, increment_seconds: increment });

/** The seed's clock (Dots rules §9): seconds a move, a reserve that never refills, and what a fallen flag means. */
const perMove = (move, reserve, onTimeout) =>
  ({ type: 'per_move', move_seconds: move, reserve_seconds: reserve, on_timeout: onTimeout });

/** Offered for challenges and seeks: Fischer clocks fastest first, then the per-move clocks (blitz with a random
 * move first). */
export const TIME_CONTROLS = [fischer(1, 0), fischer(2, 1), fischer(3, 2), fischer(5, 3), fischer(10, 5), fischer(15, 10), fischer(30, 20),
  perMove(5, 0, 'random_move'), perMove(10, 60, 'lose'), perMove(30, 300, 'lose')];

/** Quick pairing offers the common ones only, so that players meet in few pools. */
export const POOL_TIME_CONTROLS = TIME_CONTROLS.slice(0, 6);

/** The per-move pools (the seed's blitz with a random move, and its clock with a reserve), offered beside the
 * Fischer ones for the kinds whose entry in kinds/index.js asks for them (`perMovePools`). */
export const PER_MOVE_POOL_TIME_CONTROLS = TIME_CONTROLS.filter((tc) => tc.type === 'per_move').slice(0, 2);

/** The time controls quick pairing offers for `kind`. */
export function poolTimeControls(kind) {
  return kind.perMovePools ? [...POOL_TIME_CONTROLS, ...PER_MOVE_POOL_TIME_CONTROLS] : POOL_TIME_CONTROLS;
}

/** The index in TIME_CONTROLS chosen until the player picks another: 3+2. */
export const DEFAULT_TIME_CONTROL = 2;

/** Speed classes, fastest first, with their names on the page. */
export const SPEEDS = ['bullet', 'blitz', 'rapid', 'classical'].map((id) => ({ id, get name() { return t(`speed.${id}`); } }));

/** Turns per player in a typical game, as the server estimates (server/src/ratings/speed.rs). */
const TYPICAL_TURNS_PER_PLAYER = 20;

/** The speed class of a time control, by the server's rule: estimated minutes per player under 3, 8, 25. A per-move
 * clock counts its reserve as the initial time and its move time as the increment. */
export function speedOf(timeControl) {
  if (timeControl.type === 'correspondence') return 'classical';
  const [initial, perTurn] = timeControl.type === 'per_move'
    ? [timeControl.reserve_seconds, timeControl.move_seconds]
    : [timeControl.initial_seconds, timeControl.increment_seconds];
  const estimate = initial + TYPICAL_TURNS_PER_PLAYER * perTurn;
  if (estimate < 180) return 'bullet';
  if (estimate < 480) return 'blitz';
  if (estimate < 1500) return 'rapid';
  return 'classical';
}

/** "Blitz" for `blitz`. */
export function speedName(speed) {
  return SPEEDS.find((s) => s.id === speed)?.name ?? speed;
}
