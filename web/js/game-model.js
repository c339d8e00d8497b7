// A game as the server tells it: built from a snapshot, then advanced by each event in order. It replays the
// moves through its kind's rules (kinds/), so it knows the position and every action, who played it and when.

import { kindOf } from './kinds/index.js';
import { seatIndex, seatName, seatsOf } from './seats.js';

export class GameModel {
  constructor(snapshot) {
    this.id = snapshot.id;
    this.players = snapshot.players;
    this.ruleset = snapshot.ruleset;
    this.timeControl = snapshot.time_control;
    this.speed = snapshot.speed;
    this.rated = snapshot.rated;
    /** How the result changed the ratings (`[{seat, rating_before, rating_after, provisional}]`), when seen live. */
    this.ratingChanges = [];
    this.status = snapshot.status;
    this.result = snapshot.result;
    /** Whether an admin called the game off (seen live; a snapshot does not say). */
    this.abortedByAdmin = false;
    /** The seat whose player aborted the game, or that the server's `abortReason` names (seen live; a snapshot
     * does not say). */
    this.abortedBy = null;
    /** Why the server aborted the game (`no_first_move`), when it did. */
    this.abortReason = null;
    this.drawOffer = snapshot.draw_offer;
    /** The seats that accepted the standing draw offer besides its maker (games of more than two seats). */
    this.drawAcceptedBy = new Set(snapshot.draw_accepted_by ?? []);
    /** The seat with a standing offer to end the game and count it (`agreed_end`), or null. */
    this.agreedEndOffer = snapshot.agreed_end_offer ?? null;
    /** The seats that accepted the standing offer to end the game besides its maker. */
    this.agreedEndAcceptedBy = new Set(snapshot.agreed_end_accepted_by ?? []);
    this.clocks = snapshot.clocks;
    this.clocksAt = snapshot.clocks_at_ms;
    this.ply = snapshot.ply;
    this.kind = kindOf(snapshot.ruleset);
    /** The kind's game after every move so far, as this viewer received them (a kind with secrets sees only its
     * own, and binds its commitments to the game's id). */
    this.game = this.kind.newGame(snapshot.ruleset, { id: snapshot.id });
    /** Every seat to act as the server last said (`seats_to_act`: several in a simultaneous phase), or null when
     * it did not say, and the game's own rules tell. */
    this.serverSeatsToAct = snapshot.seats_to_act ?? null;
    /** Every action (a ply): `{action, seat}`. */
    this.actions = [];
    /** Completed and current turns: `{seat, notation, ended, conditional}`; `conditional` when the server played
     * the turn from its player's conditional line. */
    this.turns = [];
    /** Seats whose player is away, with the moment the opponent may claim the win. */
    this.absent = {};
    /** Seats whose player is on vacation, their clocks paused (correspondence games). */
    this.onVacation = new Set(snapshot.on_vacation ?? []);
    /** Seats that left a game that plays on without them (`[{seat, ply, reason}]`, in the order they left). */
    this.departed = [];
    // A departure changed whose turn it is from its ply on: it is replayed at its place among the moves.
    const departures = [...(snapshot.departed ?? [])];
    for (const move of snapshot.moves) {
      while (departures.length > 0 && departures[0].ply <= move.ply) this.leave(departures.shift());
      this.applyMove(move);
    }
    departures.forEach((departure) => this.leave(departure));
  }

  /** The seat `accountId` plays, or null for a spectator. */
  seatOf(accountId) {
    const index = this.players.findIndex((player) => player.account_id === accountId);
    return index < 0 ? null : seatName(index);
  }

  player(seat) {
    return this.players[seatIndex(seat)];
  }

  /** The game's seat names, in seat order. */
  seats() {
    return seatsOf(this.players);
  }

  /** Whose turn it is while the game is on. */
  toAct() {
    return this.status === 'active' && !this.game.outcome ? this.game.toMove : null;
  }

  /** Every seat to act while the game is on: several in a simultaneous phase (Sea Battle's setup, a round of
   * Bulls and Cows), else the one of `toAct`. */
  seatsToAct() {
    if (this.status !== 'active' || this.game.outcome) return [];
    return this.serverSeatsToAct ?? this.game.seatsToAct ?? (this.game.toMove ? [this.game.toMove] : []);
  }

  /** Whether `seat`'s clock counts down: in a simultaneous phase several do (`running_seats`). */
  clockRunning(seat) {
    const running = this.clocks.running_seats ?? (this.clocks.running ? [this.clocks.running] : []);
    return running.includes(seat);
  }

  /** Whether a seat has played an action (abort is allowed until both have). */
  hasMoved(seat) {
    return this.actions.some((action) => action.seat === seat);
  }

  applyMove(move) {
    // Each action is played for its seat: in a simultaneous phase the seat is not the rules' one to move.
    for (const action of this.kind.notation.actions(move.notation)) {
      this.game.play(action, move.seat, move);
      this.actions.push({ action, seat: move.seat });
    }
    const current = this.turns.at(-1);
    const separator = this.kind.notation.separator ?? '';
    if (current && !current.ended && current.seat === move.seat) current.notation += `${separator}${move.notation}`;
    else this.turns.push({ seat: move.seat, notation: move.notation, ended: false, conditional: Boolean(move.conditional) });
    if (move.turn_ended) this.turns.at(-1).ended = true;
    this.ply = move.ply + this.kind.notation.actionCount(move.notation);
  }

  setClocks(clocks, at) {
    this.clocks = clocks;
    this.clocksAt = at;
  }

  /** Whether the standing offer of `kind` (`draw` or `agreedEnd`) waits for `seat`'s answer: one stands, and the
   * seat neither made nor accepted it. */
  awaitsAnswer(kind, seat) {
    const by = this[`${kind}Offer`];
    return Boolean(by) && by !== seat && !this[`${kind}AcceptedBy`].has(seat);
  }

  /** A new standing offer of `kind` made by `seat`, or none (null), with no acceptances yet. */
  setOffer(kind, seat) {
    this[`${kind}Offer`] = seat;
    this[`${kind}AcceptedBy`] = new Set();
  }

  /** `seat` left the game, which plays on without it (only kinds whose rules have `leave` play on). */
  leave({ seat, ply, reason }) {
    this.departed.push({ seat, ply, reason });
    this.game.leave?.(seat, reason);
  }

  /** The kind's game after the first `count` actions, each departure in its place among them (the replay's
   * steps): a departure at ply `p` comes after the first `p` actions. */
  gameAt(count) {
    const game = this.kind.newGame(this.ruleset, { id: this.id });
    const departures = this.departed.filter((departure) => departure.ply <= count);
    let next = 0;
    const leaveUpTo = (ply) => {
      for (; next < departures.length && departures[next].ply <= ply; next += 1) game.leave?.(departures[next].seat, departures[next].reason);
    };
    this.actions.slice(0, count).forEach(({ action, seat }, index) => {
      leaveUpTo(index);
      game.play(action, seat);
    });
    leaveUpTo(count);
    return game;
  }

  /** How `seat` left the game (`{seat, ply, reason}`), or undefined while it plays. */
  departure(seat) {
    return this.departed.find((departure) => departure.seat === seat);
  }

  /** Whether `seat` left the game. */
  hasLeft(seat) {
    return this.departure(seat) !== undefined;
  }

  /** Advances the game by one event envelope. */
  apply({ event, at_ms: at }) {
    switch (event.type) {
      case 'moved':
        this.applyMove(event);
        this.serverSeatsToAct = event.seats_to_act ?? null;
        this.setClocks(event.clocks, event.at_ms);
        // A seat that moves without having accepted an offer answers it no (the server's rule).
        if (this.awaitsAnswer('draw', event.seat)) this.setOffer('draw', null);
        if (this.awaitsAnswer('agreedEnd', event.seat)) this.setOffer('agreedEnd', null);
        break;
      case 'ended':
      case 'adjudicated':
        this.status = 'finished';
        this.result = event.result;
        this.ratingChanges = event.rating_changes ?? [];
        // A game with secrets reveals them at its end: every move that had a version for its mover alone.
        if (event.revealed?.length) this.game.reveal?.(event.revealed);
        this.drawOffer = null;
        this.agreedEndOffer = null;
        this.setClocks(event.clocks, at);
        break;
      case 'aborted':
      case 'aborted_by_admin':
        this.status = 'aborted';
        this.abortedByAdmin = event.type === 'aborted_by_admin';
        this.abortedBy = event.seat ?? null;
        this.abortReason = event.reason ?? null;
        this.drawOffer = null;
        this.agreedEndOffer = null;
        this.setClocks({ ...this.clocks, running: null }, at);
        break;
      case 'clock_credited':
        this.setClocks(event.clocks, at);
        break;
      case 'seat_left':
        this.leave(event);
        this.serverSeatsToAct = null;
        this.setOffer('draw', null);
        this.setOffer('agreedEnd', null);
        this.setClocks(event.clocks, at);
        break;
      case 'vacation_started':
        this.onVacation.add(event.seat);
        this.setClocks(event.clocks, at);
        break;
      case 'vacation_ended':
        this.onVacation.delete(event.seat);
        this.setClocks(event.clocks, at);
        break;
      case 'draw_offered':
        this.setOffer('draw', event.seat);
        break;
      case 'draw_accepted':
        this.drawAcceptedBy.add(event.seat);
        break;
      case 'draw_declined':
        this.setOffer('draw', null);
        break;
      case 'agreed_end_offered':
        this.setOffer('agreedEnd', event.seat);
        break;
      case 'agreed_end_accepted':
        this.agreedEndAcceptedBy.add(event.seat);
        break;
      case 'agreed_end_declined':
        this.setOffer('agreedEnd', null);
        break;
      case 'player_disconnected':
        this.absent[event.seat] = event.claimable_at_ms;
        break;
      case 'player_connected':
        delete this.absent[event.seat];
        break;
      default:
        break;
    }
  }

  /** Time left for `seat` at server time `now`: the running clock keeps running between events (but not before
   * the seat's first move, while its first-move time runs instead). */
  timeLeft(seat, now) {
    const stored = this.clocks.ms[seatIndex(seat)];
    if (this.status !== 'active' || !this.clockRunning(seat) || this.clocks.first_move_ms != null) return stored;
    const moveMs = this.clocks.move_ms ?? 0;
    return stored - Math.max(0, now - this.clocksAt - moveMs);
  }

  /** The time left at `now` in a timed window (Dots' STOP window, when the server sends `window_ms`); null
   * outside one. */
  windowTimeLeft(now) {
    const windowMs = this.clocks.window_ms;
    if (windowMs == null || this.status !== 'active') return null;
    return Math.max(0, windowMs - Math.max(0, now - this.clocksAt));
  }

  /** The first-move time left at `now` to the seat to move (`first_move_ms`: live games, before that seat's
   * first move); null when none runs. */
  firstMoveTimeLeft(now) {
    const firstMoveMs = this.clocks.first_move_ms;
    if (firstMoveMs == null || this.status !== 'active') return null;
    return Math.max(0, firstMoveMs - Math.max(0, now - this.clocksAt));
  }

  /** A per-move clock's move time left to `seat` at `now` (its reserve is `timeLeft`); null for other clocks,
   * and for the seat not to move. */
  moveTimeLeft(seat, now) {
    const moveMs = this.clocks.move_ms;
    if (moveMs == null || this.status !== 'active' || !this.clockRunning(seat)) return null;
    return Math.max(0, moveMs - Math.max(0, now - this.clocksAt));
  }
}

/** Turns grouped in rounds, as records number them: `[{number, first, second, …}]`, each seat a turn or
 * undefined (a pair at a table of two). A round ends before a turn of a seat that does not come after every seat
 * already in it, so a round goes on past a seat that left the game (the turn passes it by). */
export function turnRows(turns) {
  const rows = [];
  let last = null;
  turns.forEach((turn, index) => {
    if (rows.length === 0 || seatIndex(turn.seat) <= seatIndex(last)) rows.push({ number: rows.length + 1 });
    rows.at(-1)[turn.seat] = { ...turn, index };
    last = turn.seat;
  });
  return rows;
}
