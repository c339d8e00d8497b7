//! Game clocks, computed from server timestamps: Fischer (an increment per completed turn), correspondence
//! (each completed turn refills the mover's clock to the days per move; a player on vacation has a paused clock)
//! and per move with a reserve (rules of Dots §9.2: each move starts a fresh move time T; only time beyond T
//! comes off the reserve R, which never refills; the flag falls at T + R).
//!
//! A per-move clock keeps the reserves as of `since`, and `since` is the moment the running seat's move time
//! began, moved later by what was already taken off the reserve. So the stored values (both reserves and
//! `since`) say everything, as for Fischer: a move that has run `e` ms at `now` is kept as reserve
//! `R − max(0, e − T)` from `since = now − min(e, T)`, which gives the same time left at every later moment.
//!
//! Live clocks start after each side's first move: until a seat has made its first action, its main clock does
//! not run; a first-move time (a server setting, [`ClockRules::first_move`]) runs instead from `since`, and when
//! it runs out the game is aborted, not lost. Whether a seat has moved comes from its moves, so a restored clock
//! knows it too; `since` stays the moment the first-move time began until that seat moves.
//!
//! The running seats are a set: one seat at a time in most games, several in a simultaneous phase (both fleets
//! placed at once, a round of guesses). Every running seat runs on its own clock from the same `since`, the
//! phase's start. When one of them completes its turn, only that seat is charged (its time since `since`, a
//! per-move clock's move time T included; then its increment or refill, as any completed turn) and it leaves
//! the running set; the others keep running from the same `since`, so the stored values still say everything.
//! When the phase resolves (the last of them acts, and the engine names who acts next) the next seats start
//! from that moment. An action that does not end the seat's turn in a simultaneous phase charges nothing yet:
//! the seat's clock runs on from `since`, and its first move (which starts its main clock) is that turn's end.
//! The earliest deadline among the running seats falls first ([`GameClock::flag`]).
//!
//! A seat's first-move time in a simultaneous phase whose timeout policy fills in a random action (a random
//! fleet, a random secret): the actor aborts the game when it runs out while no seat of the game has acted yet
//! (nobody showed up, so nobody gets a result, as in every other game); once another seat has acted, the
//! absent seat gets the random action instead, which counts as its first move, so the players who came get
//! their game (`actor/play.rs`, `flag_fall`).

use std::time::Duration;

use kartka_engine::{BySeat, Seat, SeatSet};
use kartka_protocol::{Clocks, TimeControl};

use super::convert::seat_name;
use crate::store::Millis;

/// What a completed turn gives the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TurnEnd {
    /// Fischer: this many ms are added.
    Increment(i64),
    /// Correspondence: the clock is set to this many ms.
    RefillTo(i64),
    /// Per move: each move has this many ms before the reserve (`remaining`) is touched.
    PerMove(i64),
}

/// The server's rules for every game's clocks, from its settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockRules {
    /// How long a correspondence day lasts (24 h, except in tests).
    pub day: Duration,
    /// The time each side of a live game has for its first move before the game is aborted; zero: none (the
    /// main clocks run from the start).
    pub first_move: Duration,
}

impl ClockRules {
    /// The first-move time of a game with `time_control`, in ms: none for correspondence games (a turn already
    /// starts with its whole days) and when the server sets none.
    fn first_move_ms(&self, time_control: &TimeControl) -> Option<i64> {
        let ms = self.first_move.as_millis() as i64;
        (ms > 0 && !time_control.is_correspondence()).then_some(ms)
    }
}

/// Every seat's time as of one moment, and whose clocks run from then on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClock {
    remaining: BySeat<i64>,
    since: Millis,
    running: SeatSet,
    turn_end: TurnEnd,
    paused: BySeat<bool>,
    /// The first-move time in ms, if the game has one.
    first_move: Option<i64>,
    /// Per seat: whether it has made its first move, so that its main clock runs.
    started: BySeat<bool>,
}

impl GameClock {
    /// A new clock of `seats` seats at `now` with the clocks of `first_to_act` running (their first-move time,
    /// when `rules` give the game one).
    #[must_use]
    pub fn start(
        time_control: &TimeControl,
        rules: ClockRules,
        seats: usize,
        first_to_act: impl Into<SeatSet>,
        now: Millis,
    ) -> GameClock {
        let turn_end = turn_end(time_control, rules.day);
        let initial = match *time_control {
            TimeControl::Fischer { initial_seconds, .. } => i64::from(initial_seconds) * 1000,
            TimeControl::Correspondence { .. } => allotment(time_control, rules.day),
            TimeControl::PerMove { reserve_seconds, .. } => i64::from(reserve_seconds) * 1000,
        };
        GameClock {
            remaining: BySeat::splat(seats, initial),
            since: now,
            running: first_to_act.into(),
            turn_end,
            paused: BySeat::splat(seats, false),
            first_move: rules.first_move_ms(time_control),
            started: BySeat::splat(seats, false),
        }
    }

    /// A clock restored from stored values, with the seats whose clocks run, those whose clocks are paused and
    /// those that have moved (the three per-seat values have an entry for every seat).
    #[must_use]
    pub fn restore(
        time_control: &TimeControl,
        rules: ClockRules,
        remaining: BySeat<i64>,
        since: Millis,
        running: impl Into<SeatSet>,
        paused: BySeat<bool>,
        has_moved: BySeat<bool>,
    ) -> GameClock {
        GameClock {
            remaining,
            since,
            running: running.into(),
            turn_end: turn_end(time_control, rules.day),
            paused,
            first_move: rules.first_move_ms(time_control),
            started: has_moved,
        }
    }

    /// Time left per seat at `now` (for a per-move clock: the reserves): each running clock has run since the
    /// last change, unless it is paused or its seat has not made its first move yet.
    #[must_use]
    pub fn remaining_at(&self, now: Millis) -> BySeat<i64> {
        let mut remaining = self.remaining;
        for seat in self.on_main_clock().iter() {
            remaining[seat] -= (self.elapsed(now) - self.move_time()).max(0);
        }
        remaining
    }

    /// A per-move clock's move time left to the running seats at `now` (the same for all of them: they started
    /// together); none for other clocks. A paused or stopped clock shows none either, nor one waiting for its
    /// seats' first moves.
    #[must_use]
    pub fn move_left_at(&self, now: Millis) -> Option<i64> {
        match self.turn_end {
            TurnEnd::PerMove(move_ms) if !self.on_main_clock().is_empty() => {
                Some((move_ms - self.elapsed(now)).clamp(0, move_ms))
            }
            TurnEnd::PerMove(_) | TurnEnd::Increment(_) | TurnEnd::RefillTo(_) => None,
        }
    }

    /// The seats whose first-move time is running: seats to act, before their first move, in a game with a
    /// first-move time.
    #[must_use]
    pub fn awaiting_first_move(&self) -> SeatSet {
        match self.first_move {
            Some(_) => self.ticking().iter().filter(|&seat| !self.started[seat]).collect(),
            None => SeatSet::EMPTY,
        }
    }

    /// The first-move time left at `now` to the seats that have not moved yet (the same for all of them); none
    /// once they have.
    #[must_use]
    pub fn first_move_left_at(&self, now: Millis) -> Option<i64> {
        let first_move = self.first_move?;
        (!self.awaiting_first_move().is_empty()).then(|| (first_move - self.elapsed(now)).clamp(0, first_move))
    }

    /// When the first running clock reaches zero (a per-move clock: its move time and then its reserve; a seat
    /// that has not moved yet: its first-move time); none while every running clock is paused.
    #[must_use]
    pub fn deadline(&self) -> Option<Millis> {
        self.flag().map(|(_, deadline)| deadline)
    }

    /// The running seat whose clock reaches zero first, and when (the lowest seat of those that reach it at
    /// the same moment); none while every running clock is paused.
    #[must_use]
    pub fn flag(&self) -> Option<(Seat, Millis)> {
        self.ticking().iter().map(|seat| (seat, self.deadline_of(seat))).min_by_key(|&(seat, at)| (at, seat.index()))
    }

    /// The seats to act, whether or not their clocks are paused.
    #[must_use]
    pub fn running(&self) -> SeatSet {
        self.running
    }

    /// The seats whose clocks are actually counting down.
    #[must_use]
    pub fn ticking(&self) -> SeatSet {
        self.running.iter().filter(|&seat| !self.paused[seat]).collect()
    }

    /// Whether a seat's clock is paused (its player is on vacation).
    #[must_use]
    pub fn is_paused(&self, seat: Seat) -> bool {
        self.paused[seat]
    }

    /// The moment the stored values were taken.
    #[must_use]
    pub fn since(&self) -> Millis {
        self.since
    }

    /// Stored values (time left per seat as of [`GameClock::since`]).
    #[must_use]
    pub fn stored_remaining(&self) -> BySeat<i64> {
        self.remaining
    }

    /// The time a correspondence turn starts with; none for other clocks.
    #[must_use]
    pub fn turn_allotment(&self) -> Option<i64> {
        match self.turn_end {
            TurnEnd::RefillTo(full) => Some(full),
            TurnEnd::Increment(_) | TurnEnd::PerMove(_) => None,
        }
    }

    /// The clock after `mover`, a running seat, acted at `now`; `next` are the seats to act now (none once the
    /// game is over).
    ///
    /// One seat at a time: the mover's time is charged, and when its turn ended it gains the increment (or is
    /// refilled) and `next` start running. A per-move clock starts a fresh move time whenever `new_move` (the
    /// seats to act now have a move of their own to make: a turn ended, or Dots' extra move); its reserve never
    /// grows. A seat's first action starts its main clock at `now` (the rest of its turn counts on it); a turn
    /// ended by that action costs nothing and gains nothing.
    ///
    /// In a simultaneous phase that goes on (other seats of it still to act, `next` among the running seats):
    /// a turn the mover ended is charged to it alone, from `since`, and it leaves the running set; the others
    /// run on from the same `since` (see the module's doc).
    #[must_use]
    pub fn after_action(
        &self,
        now: Millis,
        mover: Seat,
        turn_ended: bool,
        new_move: bool,
        next: impl Into<SeatSet>,
    ) -> GameClock {
        let next = next.into();
        let phase_goes_on =
            self.running.len() > 1 && !next.is_empty() && next.iter().all(|seat| self.running.contains(seat));
        if phase_goes_on {
            return self.after_simultaneous_action(now, mover, turn_ended, next);
        }
        let mut clock = self.taken_at(now);
        if self.awaiting_first_move().contains(mover) {
            clock.started[mover] = true;
            clock.since = now;
        } else if turn_ended && self.running.contains(mover) {
            clock.remaining[mover] = self.turn_ended(clock.remaining[mover]);
        }
        if new_move {
            // The move time of `taken_at` is what the finished move had left; the new one starts whole now.
            clock.since = now;
        }
        clock.running = next;
        clock
    }

    /// [`GameClock::after_action`] in a simultaneous phase that goes on: the mover alone is charged, once its
    /// turn is over, and `since` stays the phase's start.
    fn after_simultaneous_action(&self, now: Millis, mover: Seat, turn_ended: bool, next: SeatSet) -> GameClock {
        let mut clock = *self;
        if turn_ended && self.running.contains(mover) {
            if self.awaiting_first_move().contains(mover) {
                clock.started[mover] = true;
            } else {
                if self.on_main_clock().contains(mover) {
                    clock.remaining[mover] -= (self.elapsed(now) - self.move_time()).max(0);
                }
                clock.remaining[mover] = self.turn_ended(clock.remaining[mover]);
            }
        }
        clock.running = next;
        clock
    }

    /// What a seat with `left` ms has after completing a turn.
    fn turn_ended(&self, left: i64) -> i64 {
        match self.turn_end {
            TurnEnd::Increment(increment) => left + increment,
            TurnEnd::RefillTo(full) => full,
            TurnEnd::PerMove(_) => left,
        }
    }

    /// The clock with `seat` paused (or running again) from `now`.
    #[must_use]
    pub fn with_pause(&self, seat: Seat, paused: bool, now: Millis) -> GameClock {
        let mut clock = self.taken_at(now);
        clock.paused[seat] = paused;
        clock
    }

    /// The clock with `credit` ms given back to every running seat at `now`. A per-move clock gives it back as
    /// if the move had begun `credit` ms later: move time first, then reserve, exactly what the outage took; a
    /// first-move time is given back the same way.
    #[must_use]
    pub fn credited(&self, credit: i64, now: Millis) -> GameClock {
        if matches!(self.turn_end, TurnEnd::PerMove(_)) || !self.awaiting_first_move().is_empty() {
            return GameClock { since: self.since + credit, ..*self }.taken_at(now);
        }
        let mut clock = self.taken_at(now);
        for seat in self.running.iter() {
            clock.remaining[seat] += credit;
        }
        clock
    }

    /// The clock stopped at `now`.
    #[must_use]
    pub fn stopped(&self, now: Millis) -> GameClock {
        let mut clock = self.taken_at(now);
        clock.remaining = clock.remaining.map(|left| (*left).max(0));
        clock.running = SeatSet::EMPTY;
        clock
    }

    /// The protocol's view at `now`. `running` and `running_seats` name only clocks that count down.
    #[must_use]
    pub fn view(&self, now: Millis) -> Clocks {
        let remaining = self.remaining_at(now).map(|left| (*left).max(0));
        Clocks {
            move_ms: self.move_left_at(now),
            first_move_ms: self.first_move_left_at(now),
            ..Clocks::running_at_once(remaining.as_slice().to_vec(), self.ticking().iter().map(seat_name).collect())
        }
    }

    /// The same clock with its values taken at `now`. A per-move clock keeps the part of the move time already
    /// used in `since` (see the module's doc), and a first-move time its beginning.
    fn taken_at(&self, now: Millis) -> GameClock {
        if !self.awaiting_first_move().is_empty() {
            return *self;
        }
        let since = match self.turn_end {
            TurnEnd::PerMove(move_ms) if !self.ticking().is_empty() => now - self.elapsed(now).min(move_ms),
            _ => now,
        };
        GameClock { remaining: self.remaining_at(now), since, ..*self }
    }

    /// The running seats whose main clocks count down: not paused, and past their first move when the game has
    /// a first-move time.
    fn on_main_clock(&self) -> SeatSet {
        let awaiting = self.awaiting_first_move();
        self.ticking().iter().filter(|&seat| !awaiting.contains(seat)).collect()
    }

    /// When `seat`'s clock, a running one, reaches zero.
    fn deadline_of(&self, seat: Seat) -> Millis {
        match self.first_move {
            Some(first_move) if !self.started[seat] => self.since + first_move,
            _ => self.since + self.move_time() + self.remaining[seat],
        }
    }

    /// The ms the running clocks have run since `since`.
    fn elapsed(&self, now: Millis) -> i64 {
        now - self.since
    }

    /// The move time of a per-move clock; 0 for other clocks, whose time comes off `remaining` from the start.
    fn move_time(&self) -> i64 {
        match self.turn_end {
            TurnEnd::PerMove(move_ms) => move_ms,
            TurnEnd::Increment(_) | TurnEnd::RefillTo(_) => 0,
        }
    }
}

/// The time a correspondence turn gets: its days per move of `day` each; zero for other time controls.
#[must_use]
pub fn allotment(time_control: &TimeControl, day: Duration) -> i64 {
    match *time_control {
        TimeControl::Correspondence { days_per_move, .. } => i64::from(days_per_move) * day.as_millis() as i64,
        TimeControl::Fischer { .. } | TimeControl::PerMove { .. } => 0,
    }
}

fn turn_end(time_control: &TimeControl, day: Duration) -> TurnEnd {
    match *time_control {
        TimeControl::Fischer { increment_seconds, .. } => TurnEnd::Increment(i64::from(increment_seconds) * 1000),
        TimeControl::Correspondence { .. } => TurnEnd::RefillTo(allotment(time_control, day)),
        TimeControl::PerMove { move_seconds, .. } => TurnEnd::PerMove(i64::from(move_seconds) * 1000),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kartka_protocol::{OnTimeout, SeatName};

    const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 60, increment_seconds: 2 };
    const DAY: Duration = Duration::from_secs(10);
    /// No first-move time: the main clocks run from the start.
    const RULES: ClockRules = ClockRules { day: DAY, first_move: Duration::ZERO };

    #[test]
    fn charges_the_running_seat_and_adds_the_increment_at_turn_end() {
        let clock = GameClock::start(&BLITZ, RULES, 2, Some(Seat::FIRST), 1_000);
        assert_eq!(clock.deadline(), Some(61_000));
        let mid_turn = clock.after_action(6_000, Seat::FIRST, false, false, Some(Seat::FIRST));
        assert_eq!(mid_turn.remaining_at(6_000), [55_000, 60_000]);
        let turn_over = mid_turn.after_action(7_000, Seat::FIRST, true, true, Some(Seat::SECOND));
        assert_eq!(turn_over.remaining_at(7_000), [56_000, 60_000]);
        assert_eq!(turn_over.remaining_at(17_000), [56_000, 50_000]);
        assert_eq!(turn_over.deadline(), Some(67_000));
        let stopped = turn_over.stopped(100_000);
        assert_eq!(stopped.view(200_000).second_ms, 0);
        assert_eq!(stopped.deadline(), None);
    }

    #[test]
    fn correspondence_refills_the_mover_at_turn_end_only() {
        let three_days = TimeControl::Correspondence { days_per_move: 3, vacation_allowed: true };
        let clock = GameClock::start(&three_days, RULES, 2, Some(Seat::FIRST), 0);
        assert_eq!(clock.remaining_at(0), [30_000, 30_000]);
        assert_eq!(clock.turn_allotment(), Some(30_000));
        let bounced = clock.after_action(4_000, Seat::FIRST, false, false, Some(Seat::FIRST));
        assert_eq!(bounced.remaining_at(4_000), [26_000, 30_000], "no refill in the middle of a turn");
        let done = bounced.after_action(5_000, Seat::FIRST, true, true, Some(Seat::SECOND));
        assert_eq!(done.remaining_at(5_000), [30_000, 30_000]);
        assert_eq!(done.deadline(), Some(35_000));
    }

    #[test]
    fn a_paused_seat_is_not_charged_and_has_no_deadline() {
        let one_day = TimeControl::Correspondence { days_per_move: 1, vacation_allowed: true };
        let clock = GameClock::start(&one_day, RULES, 2, Some(Seat::FIRST), 0).with_pause(Seat::FIRST, true, 2_000);
        assert_eq!(clock.remaining_at(9_000), [8_000, 10_000]);
        assert_eq!(clock.deadline(), None);
        assert_eq!(clock.view(9_000).running, None);
        let back = clock.with_pause(Seat::FIRST, false, 50_000);
        assert_eq!(back.deadline(), Some(58_000));
        let credited = back.credited(1_500, 51_000);
        assert_eq!(credited.remaining_at(51_000), [8_500, 10_000]);
        assert_eq!(credited.since(), 51_000);
    }

    const SEED: TimeControl =
        TimeControl::PerMove { move_seconds: 10, reserve_seconds: 60, on_timeout: OnTimeout::Lose };

    /// The seat that moves after `clock`'s running seat completed a move at `at` (turns alternate here).
    fn moved(clock: &GameClock, at: Millis) -> GameClock {
        let mover = clock.running().first().expect("a seat to act");
        clock.after_action(at, mover, true, true, Some(mover.other()))
    }

    #[test]
    fn per_move_clock_follows_the_seeds_example() {
        // Rules §9.2, T = 10 s, R = 60 s. The first seat's moves take 7 s, 25 s and exactly 10 s; the second
        // seat answers at once each time.
        let clock = GameClock::start(&SEED, RULES, 2, Some(Seat::FIRST), 0);
        assert_eq!(clock.view(0).move_ms, Some(10_000));
        assert_eq!(clock.deadline(), Some(70_000), "the flag falls at T + R");
        let after_7 = moved(&clock, 7_000);
        assert_eq!(after_7.remaining_at(7_000), [60_000, 60_000], "7 s leaves R = 60");
        let first_again = moved(&after_7, 7_000);
        assert_eq!(first_again.view(7_000).move_ms, Some(10_000), "every move starts a fresh T");
        assert_eq!(first_again.view(20_000).move_ms, Some(0));
        assert_eq!(first_again.view(20_000).first_ms, 57_000, "only time beyond T comes off R");
        let after_25 = moved(&first_again, 32_000);
        assert_eq!(after_25.remaining_at(32_000), [45_000, 60_000], "25 s leaves R = 45");
        let first_again = moved(&after_25, 32_000);
        let after_10 = moved(&first_again, 42_000);
        assert_eq!(after_10.remaining_at(42_000), [45_000, 60_000], "exactly 10 s leaves R = 45");
        let last = moved(&after_10, 42_000);
        assert_eq!(last.deadline(), Some(42_000 + 55_000), "on the next move the flag falls at 10 + 45 = 55 s");
        assert_eq!(last.view(42_000 + 55_000).first_ms, 0);
    }

    #[test]
    fn per_move_clock_keeps_a_begun_move_across_a_bounce_and_a_restore() {
        let clock = GameClock::start(&SEED, RULES, 2, Some(Seat::FIRST), 0);
        // A bounce: the turn goes on and no new move begins, so the move time is not refreshed.
        let bounced = clock.after_action(4_000, Seat::FIRST, false, false, Some(Seat::FIRST));
        assert_eq!(bounced.view(4_000).move_ms, Some(6_000));
        assert_eq!(bounced.deadline(), Some(70_000));
        // Dots' extra move: the turn goes on, but a new move begins with a fresh T.
        let extra = bounced.after_action(15_000, Seat::FIRST, false, true, Some(Seat::FIRST));
        assert_eq!(extra.remaining_at(15_000), [55_000, 60_000]);
        assert_eq!(extra.view(15_000).move_ms, Some(10_000));
        // What is stored (reserves as of `since`) restores to the same clock, mid-move and past T.
        for now in [18_000, 40_000] {
            let taken = extra.credited(0, now);
            let restored = GameClock::restore(
                &SEED,
                RULES,
                taken.stored_remaining(),
                taken.since(),
                Some(Seat::FIRST),
                [false; 2].into(),
                [false; 2].into(),
            );
            assert_eq!(restored.view(now + 1_000), extra.view(now + 1_000), "restored at {now}");
            assert_eq!(restored.deadline(), extra.deadline());
        }
    }

    #[test]
    fn per_move_credit_gives_back_the_move_time_then_the_reserve() {
        let clock = GameClock::start(&SEED, RULES, 2, Some(Seat::FIRST), 0);
        // 14 s into the move (4 s of reserve used), an outage of 6 s is credited: as if the move began at 6 s.
        let credited = clock.credited(6_000, 14_000);
        assert_eq!(credited.remaining_at(14_000), [60_000, 60_000]);
        assert_eq!(credited.view(14_000).move_ms, Some(2_000));
        assert_eq!(credited.deadline(), Some(76_000));
        let restored = GameClock::restore(
            &SEED,
            RULES,
            credited.stored_remaining(),
            credited.since(),
            Some(Seat::FIRST),
            [false; 2].into(),
            [false; 2].into(),
        );
        assert_eq!(restored.deadline(), Some(76_000));
    }

    /// Thirty seconds for each side's first move.
    const FIRST_MOVE: ClockRules = ClockRules { day: DAY, first_move: Duration::from_secs(30) };

    #[test]
    fn main_clocks_start_after_each_sides_first_move() {
        let clock = GameClock::start(&BLITZ, FIRST_MOVE, 2, Some(Seat::FIRST), 1_000);
        assert_eq!(clock.awaiting_first_move(), SeatSet::only(Seat::FIRST));
        assert_eq!(clock.deadline(), Some(31_000), "the first-move time, not the main clock");
        assert_eq!(clock.remaining_at(21_000), [60_000, 60_000], "no main clock runs before the first move");
        assert_eq!(clock.view(21_000).first_move_ms, Some(10_000));
        // The first seat moves after 20 s: nothing charged, no increment; the second seat's first-move time runs.
        let second = clock.after_action(21_000, Seat::FIRST, true, true, Some(Seat::SECOND));
        assert_eq!(second.remaining_at(21_000), [60_000, 60_000]);
        assert_eq!(second.awaiting_first_move(), SeatSet::only(Seat::SECOND));
        assert_eq!(second.deadline(), Some(51_000));
        assert_eq!(second.view(26_000).first_move_ms, Some(25_000));
        // The second seat answers: from now on both main clocks run as usual.
        let first = second.after_action(30_000, Seat::SECOND, true, true, Some(Seat::FIRST));
        assert_eq!(first.awaiting_first_move(), SeatSet::EMPTY);
        assert_eq!(first.view(30_000).first_move_ms, None);
        assert_eq!(first.deadline(), Some(90_000));
        let back = first.after_action(35_000, Seat::FIRST, true, true, Some(Seat::SECOND));
        assert_eq!(back.remaining_at(35_000), [57_000, 60_000], "5 s charged, 2 s increment");
        // Correspondence games have no first-move time.
        let days = TimeControl::Correspondence { days_per_move: 1, vacation_allowed: true };
        assert_eq!(GameClock::start(&days, FIRST_MOVE, 2, Some(Seat::FIRST), 0).awaiting_first_move(), SeatSet::EMPTY);
    }

    #[test]
    fn a_first_action_mid_turn_starts_the_main_clock() {
        let clock = GameClock::start(&SEED, FIRST_MOVE, 2, Some(Seat::FIRST), 0);
        assert_eq!(clock.view(5_000).move_ms, None, "no move time before the first move");
        // A bounce after 20 s: the move time starts then, whole.
        let bounced = clock.after_action(20_000, Seat::FIRST, false, false, Some(Seat::FIRST));
        assert_eq!(bounced.view(20_000).move_ms, Some(10_000));
        assert_eq!(bounced.remaining_at(20_000), [60_000, 60_000]);
        assert_eq!(bounced.deadline(), Some(90_000));
    }

    #[test]
    fn a_first_move_time_restores_and_takes_credit() {
        let clock = GameClock::start(&BLITZ, FIRST_MOVE, 2, Some(Seat::FIRST), 0);
        let restored = GameClock::restore(
            &BLITZ,
            FIRST_MOVE,
            clock.stored_remaining(),
            clock.since(),
            Some(Seat::FIRST),
            [false; 2].into(),
            [false; 2].into(),
        );
        assert_eq!(restored.deadline(), Some(30_000), "the first-move deadline survives a restore");
        let credited = restored.credited(8_000, 12_000);
        assert_eq!(credited.deadline(), Some(38_000), "an outage moves the first-move deadline");
        assert_eq!(credited.remaining_at(12_000), [60_000, 60_000]);
        let moved = GameClock::restore(
            &BLITZ,
            FIRST_MOVE,
            [60_000, 60_000].into(),
            0,
            Some(Seat::FIRST),
            [false; 2].into(),
            [true, false].into(),
        );
        assert_eq!(moved.deadline(), Some(60_000), "a seat that has moved runs its main clock");
    }

    #[test]
    fn a_clock_of_three_seats_charges_each_seat_in_turn() {
        let clock = GameClock::start(&BLITZ, RULES, 3, Some(Seat::FIRST), 0);
        assert_eq!(clock.remaining_at(0), [60_000, 60_000, 60_000]);
        let second = clock.after_action(5_000, Seat::FIRST, true, true, Some(Seat::SECOND));
        let third = second.after_action(9_000, Seat::SECOND, true, true, Seat::new(2));
        assert_eq!(third.remaining_at(10_000), [57_000, 58_000, 59_000], "each charged its own time, +2 s");
        assert_eq!(third.deadline(), Some(9_000 + 60_000));
        let stopped = third
            .after_action(12_000, Seat::new(2).expect("a third seat"), true, true, Some(Seat::FIRST))
            .stopped(13_000);
        assert_eq!(stopped.view(13_000).ms, vec![56_000, 58_000, 59_000]);
    }

    /// Both seats of a game of two.
    fn both() -> SeatSet {
        SeatSet::all(2)
    }

    #[test]
    fn in_a_simultaneous_phase_each_seat_is_charged_alone_from_the_phases_start() {
        let clock = GameClock::start(&BLITZ, RULES, 2, both(), 0);
        assert_eq!(clock.running(), both());
        assert_eq!(clock.remaining_at(10_000), [50_000, 50_000], "both clocks run at once");
        let view = clock.view(10_000);
        assert_eq!(view.running_seats, [SeatName::First, SeatName::Second]);
        assert_eq!(view.running, Some(SeatName::First));
        // The second seat submits first, after 10 s: it alone is charged, with its increment, and stops.
        let first_left = clock.after_action(10_000, Seat::SECOND, true, true, Some(Seat::FIRST));
        assert_eq!(first_left.running(), SeatSet::only(Seat::FIRST));
        assert_eq!(first_left.since(), 0, "the other seat runs on from the phase's start");
        assert_eq!(first_left.remaining_at(15_000), [45_000, 52_000]);
        assert_eq!(first_left.flag(), Some((Seat::FIRST, 60_000)));
        // The first seat completes the phase after 20 s: the next phase starts both clocks from then.
        let next_phase = first_left.after_action(20_000, Seat::FIRST, true, true, both());
        assert_eq!(next_phase.remaining_at(20_000), [42_000, 52_000]);
        assert_eq!(next_phase.since(), 20_000);
        assert_eq!(next_phase.remaining_at(30_000), [32_000, 42_000]);
        assert_eq!(next_phase.flag(), Some((Seat::FIRST, 62_000)), "the earliest flag among the running seats");
        assert_eq!(next_phase.deadline(), Some(62_000));
        let stopped = next_phase.stopped(31_000);
        assert_eq!(stopped.running(), SeatSet::EMPTY);
        assert_eq!(stopped.view(40_000).running_seats, Vec::<SeatName>::new());
    }

    #[test]
    fn a_simultaneous_phase_restores_to_the_same_seats_and_clocks() {
        let clock = GameClock::start(&SEED, RULES, 2, both(), 0);
        let first_left = clock.after_action(25_000, Seat::SECOND, true, true, Some(Seat::FIRST));
        let restored = GameClock::restore(
            &SEED,
            RULES,
            first_left.stored_remaining(),
            first_left.since(),
            first_left.running(),
            [false; 2].into(),
            [false, true].into(),
        );
        assert_eq!(restored.running(), SeatSet::only(Seat::FIRST));
        assert_eq!(restored.view(30_000), first_left.view(30_000));
        assert_eq!(restored.deadline(), first_left.deadline());
        // A credit given in the middle of the phase keeps the stored values whole, as one seat at a time.
        let credited = first_left.credited(0, 30_000);
        let again = GameClock::restore(
            &SEED,
            RULES,
            credited.stored_remaining(),
            credited.since(),
            credited.running(),
            [false; 2].into(),
            [false, true].into(),
        );
        assert_eq!(again.view(40_000), first_left.view(40_000));
        assert_eq!(again.deadline(), first_left.deadline());
    }

    #[test]
    fn a_per_move_clock_charges_a_simultaneous_seat_only_beyond_its_move_time() {
        let clock = GameClock::start(&SEED, RULES, 2, both(), 0);
        assert_eq!(clock.view(4_000).move_ms, Some(6_000));
        // The second seat submits within T: its reserve is whole; the first, 25 s in, used 15 s of its own.
        let first_left = clock.after_action(7_000, Seat::SECOND, true, true, Some(Seat::FIRST));
        assert_eq!(first_left.remaining_at(7_000), [60_000, 60_000]);
        assert_eq!(first_left.deadline(), Some(70_000));
        let next_phase = first_left.after_action(25_000, Seat::FIRST, true, true, both());
        assert_eq!(next_phase.remaining_at(25_000), [45_000, 60_000]);
        assert_eq!(next_phase.view(25_000).move_ms, Some(10_000), "the next phase starts a fresh T for both");
        assert_eq!(next_phase.flag(), Some((Seat::FIRST, 25_000 + 10_000 + 45_000)));
    }

    #[test]
    fn correspondence_refills_each_simultaneous_seat_at_its_turns_end() {
        let one_day = TimeControl::Correspondence { days_per_move: 1, vacation_allowed: true };
        let clock = GameClock::start(&one_day, RULES, 2, both(), 0);
        let first_left = clock.after_action(4_000, Seat::SECOND, true, true, Some(Seat::FIRST));
        assert_eq!(first_left.remaining_at(6_000), [4_000, 10_000]);
        // The second seat goes on vacation: the first seat's clock alone counts, and falls first.
        let paused = clock.with_pause(Seat::SECOND, true, 2_000);
        assert_eq!(paused.ticking(), SeatSet::only(Seat::FIRST));
        assert_eq!(paused.remaining_at(9_000), [1_000, 8_000]);
        assert_eq!(paused.flag(), Some((Seat::FIRST, 10_000)));
        assert_eq!(paused.view(9_000).running_seats, [SeatName::First]);
    }

    #[test]
    fn a_mid_turn_action_in_a_simultaneous_phase_charges_nothing_yet() {
        let clock = GameClock::start(&BLITZ, RULES, 2, both(), 0);
        let mid_turn = clock.after_action(5_000, Seat::FIRST, false, false, both());
        assert_eq!(mid_turn, GameClock { running: both(), ..clock });
        assert_eq!(mid_turn.remaining_at(8_000), [52_000, 52_000]);
    }

    #[test]
    fn each_simultaneous_seat_has_its_own_first_move() {
        let clock = GameClock::start(&BLITZ, FIRST_MOVE, 2, both(), 0);
        assert_eq!(clock.awaiting_first_move(), both());
        assert_eq!(clock.flag(), Some((Seat::FIRST, 30_000)), "the same first-move time: the lowest seat first");
        // The second seat's first move: nothing charged; the first seat's first-move time runs on.
        let first_left = clock.after_action(10_000, Seat::SECOND, true, true, Some(Seat::FIRST));
        assert_eq!(first_left.awaiting_first_move(), SeatSet::only(Seat::FIRST));
        assert_eq!(first_left.remaining_at(20_000), [60_000, 60_000]);
        assert_eq!(first_left.view(20_000).first_move_ms, Some(10_000));
        assert_eq!(first_left.deadline(), Some(30_000));
        // The first seat moves too: both main clocks run from then.
        let next_phase = first_left.after_action(25_000, Seat::FIRST, true, true, both());
        assert_eq!(next_phase.awaiting_first_move(), SeatSet::EMPTY);
        assert_eq!(next_phase.remaining_at(35_000), [50_000, 50_000]);
        assert_eq!(next_phase.deadline(), Some(85_000));
        // An outage credited in a phase of first moves moves its deadline for every seat.
        assert_eq!(clock.credited(5_000, 12_000).flag(), Some((Seat::FIRST, 35_000)));
    }

    #[test]
    fn an_outage_is_credited_to_every_running_seat() {
        let clock = GameClock::start(&BLITZ, RULES, 2, both(), 0);
        let first_left = clock.after_action(10_000, Seat::SECOND, true, true, Some(Seat::FIRST));
        let credited = first_left.credited(3_000, 20_000);
        assert_eq!(credited.remaining_at(20_000), [43_000, 52_000], "only the running seat had run");
        let both_credited = clock.credited(3_000, 20_000);
        assert_eq!(both_credited.remaining_at(20_000), [43_000, 43_000]);
    }
}
