// The seats of an offer (a lobby seek, a correspondence seek, a challenge): how many are taken ("2/3") and what
// the viewer may do with it. An offer of a game of more than two seats fills one seat at a time (`joined`, its
// maker first) and starts when full.

/** Whether a seek is for a game of more than two seats (older servers send no `seats`: two). */
export function manySeats(seek) {
  return (seek.seats ?? 2) > 2;
}

/** Seats taken of the seats a seek's game has, as the lobby shows them: "2/3". */
export function seatsTaken(seek) {
  const joined = seek.joined?.length ?? 1;
  return `${joined}/${seek.seats ?? 2}`;
}

/** The seats a game of `ruleset` has: Dots and Boxes says in `players`; every other game seats two. */
export function rulesetSeats(ruleset) {
  return ruleset.players ?? 2;
}

/** The names a challenge form's text names, in order, each once: separated by commas or spaces. */
export function namesIn(text) {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

/** The players a challenge invites (older servers name only `opponent`). */
function invitedTo(challenge) {
  return challenge.invited ?? (challenge.opponent ? [challenge.opponent] : []);
}

/** Whether the player `me` is invited to `challenge`. */
export function isInvited(challenge, me) {
  return invitedTo(challenge).some((player) => player.id === me);
}

/**
 * What the viewer `me` may do with a challenge: `cancel` their own, `wait` once they took a seat in a game of
 * more seats that is not full yet, or `answer` it (accept; decline where they are invited).
 */
export function challengeAction(challenge, me) {
  if (challenge.challenger.id === me) return 'cancel';
  return (challenge.joined ?? []).some((player) => player.id === me) ? 'wait' : 'answer';
}

/**
 * What the viewer `me` may do with a seek: `cancel` their own, `leave` a seat they took in someone else's (it
 * is open again), or `join` (take a seat; in a game of two that starts it).
 */
export function seekAction(seek, me) {
  if (seek.creator.id === me) return 'cancel';
  return (seek.joined ?? []).some((player) => player.id === me) ? 'leave' : 'join';
}
