// Seats as the server names them (docs/protocol.md): `first` moves first, then `second`, up to `sixth`. Every list
// of seats on the wire (`players`, `clocks.ms`, `result.ranks`, `result.scores`) is in this order, so a seat's
// name and its index in those lists are the two ways to say the same seat.

/** Every seat name, in seat order. */
export const SEAT_NAMES = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

/** The index of seat `seat` in every list of seats. */
export function seatIndex(seat) {
  const index = SEAT_NAMES.indexOf(seat);
  if (index < 0) throw new Error(`unknown seat ${seat}`);
  return index;
}

/** The name of the seat at `index` in every list of seats. */
export function seatName(index) {
  const seat = SEAT_NAMES[index];
  if (!seat) throw new Error(`no seat at index ${index}`);
  return seat;
}

/** The names of a game's seats, given any of its lists of seats (usually `players`). */
export function seatsOf(list) {
  return list.map((_, index) => seatName(index));
}

/** The seat across the table from `seat`, in a two-seat game. */
export function otherSeat(seat) {
  return seat === 'first' ? 'second' : 'first';
}

