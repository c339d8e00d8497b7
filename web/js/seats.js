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

/** The seat across the table from `seat`, in a two-seat game (a correspondence game's conditional moves are
 * for two players only). */
export function otherSeat(seat) {
  return seat === 'first' ? 'second' : 'first';
}

/** The seat after `seat` in `seats` (a game's seats, in seat order), the first after the last. */
export function nextSeat(seats, seat) {
  return seats[(seats.indexOf(seat) + 1) % seats.length];
}

/** Whether a board is shown half a turn around to a reader with `bottom` below it. Every kind draws its board
 * from the first seat's end; a board has two ends, one for each seat of a game of two, so the second seat's
 * view is turned. In a game of more seats no seat owns an end and the board stays as drawn for everyone. */
export function boardTurned(seats, bottom) {
  return seats.length === 2 && bottom === seats[1];
}

/** Whether a spectator may flip the board to see it from another seat's end: only a game of two has ends. */
export function canFlip(seats) {
  return seats.length === 2;
}

/** The seat whose card a reader in `seat` (null for a spectator) sees below the board at first: their own; a
 * spectator of a game of two sees the first seat's end, of more seats no seat's (null: every card above). */
export function firstBottom(seats, seat) {
  return seat ?? (canFlip(seats) ? seats[0] : null);
}

/** Where the seats' player cards stand around the board: `above` it every seat but `bottom`, in seat order, and
 * `bottom` (the reader's own seat, or the end a spectator looks from; null for none) below it. */
export function cardOrder(seats, bottom) {
  return { above: seats.filter((seat) => seat !== bottom), below: seats.includes(bottom) ? bottom : null };
}

