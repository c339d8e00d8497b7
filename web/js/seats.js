// The two seats of every game kind: `first` moves first, `second` answers.

/** The seat across the table from `seat`. */
export function otherSeat(seat) {
  return seat === 'first' ? 'second' : 'first';
}
