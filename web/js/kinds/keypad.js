// The numeric keypad (or the digit row) as the eight directions of the soccer kinds' boards: 8 is up on the
// screen, 9 up-right … 7 up-left, as kurnik's digits 0–7 count them clockwise from north.

const KEYPAD = { 8: 0, 9: 1, 6: 2, 3: 3, 2: 4, 1: 5, 4: 6, 7: 7 };

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
