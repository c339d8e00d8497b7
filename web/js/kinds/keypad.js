// The eight directions of the soccer kinds' boards: their names, and the numeric keypad (or the digit row) as
// directions: 8 is up on the screen, 9 up-right … 7 up-left, as kurnik's digits 0–7 count them clockwise from north.

import { t } from '../i18n.js';

const KEYPAD = { 8: 0, 9: 1, 6: 2, 3: 3, 2: 4, 1: 5, 4: 6, 7: 7 };

/** The directions' names by kurnik digit, as catalog keys. */
const DIRECTION_NAMES = ['direction.north', 'direction.northEast', 'direction.east', 'direction.southEast',
  'direction.south', 'direction.southWest', 'direction.west', 'direction.northWest'];

/** The name of direction `digit` (0–7) in the reader's language, for targets' labels ("north-east"). */
export function directionName(digit) {
  return t(DIRECTION_NAMES[digit]);
}

/**
 * The direction (0–7, in the board's own frame) a key press means, or undefined. On a board shown half a turn
 * around (`turned`, the second player's view), up on the screen is south on the board.
 */
export function keypadDirection(event, turned = false) {
  if (event.altKey || event.ctrlKey || event.metaKey) return undefined;
  const match = /^(?:Numpad|Digit)([1-9])$/.exec(event.code);
  const digit = match ? KEYPAD[match[1]] : undefined;
  return digit === undefined || !turned ? digit : (digit + 4) % 8;
}
