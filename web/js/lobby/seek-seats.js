// The seats of a lobby seek: how many are taken ("2/3") and what the viewer may do with it. A seek for a game of
// more than two seats fills one seat at a time (`joined`, the creator first) and starts when full.

/** Whether a seek is for a game of more than two seats (older servers send no `seats`: two). */
export function manySeats(seek) {
  return (seek.seats ?? 2) > 2;
}

/** Seats taken of the seats a seek's game has, as the lobby shows them: "2/3". */
export function seatsTaken(seek) {
  const joined = seek.joined?.length ?? 1;
  return `${joined}/${seek.seats ?? 2}`;
}

/**
 * What the viewer `me` may do with a seek: `cancel` their own, `leave` a seat they took in someone else's (it
 * is open again), or `join` (take a seat; in a game of two that starts it).
 */
export function seekAction(seek, me) {
  if (seek.creator.id === me) return 'cancel';
  return (seek.joined ?? []).some((player) => player.id === me) ? 'leave' : 'join';
}
