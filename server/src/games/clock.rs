//! Game clocks, computed from server timestamps: Fischer (an increment per completed turn) and correspondence
//! (each completed turn refills the mover's clock to the days per move; a player on vacation has a paused clock).

use std::time::Duration;

use kartka_engine::Seat;
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
}

/// Both players' time as of one moment, and whose clock runs from then on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClock {
    remaining: [i64; 2],
    since: Millis,
    running: Option<Seat>,
    turn_end: TurnEnd,
    paused: [bool; 2],
}

impl GameClock {
    /// A new clock at `now` with the clock of `first_to_act` running. `day` is how long a correspondence day lasts
    /// (24 h, except in tests).
    #[must_use]
    pub fn start(time_control: &TimeControl, day: Duration, first_to_act: Option<Seat>, now: Millis) -> GameClock {
        let turn_end = turn_end(time_control, day);
        let initial = match *time_control {
            TimeControl::Fischer { initial_seconds, .. } => i64::from(initial_seconds) * 1000,
            TimeControl::Correspondence { .. } => allotment(time_control, day),
        };
        GameClock { remaining: [initial, initial], since: now, running: first_to_act, turn_end, paused: [false; 2] }
    }

    /// A clock restored from stored values, with the seats whose clocks are paused.
    #[must_use]
    pub fn restore(
        time_control: &TimeControl,
        day: Duration,
        remaining: [i64; 2],
        since: Millis,
        running: Option<Seat>,
        paused: [bool; 2],
    ) -> GameClock {
        GameClock { remaining, since, running, turn_end: turn_end(time_control, day), paused }
    }

    /// Time left per seat at `now`: the running clock has run since the last change, unless it is paused.
    #[must_use]
    pub fn remaining_at(&self, now: Millis) -> [i64; 2] {
        let mut remaining = self.remaining;
        if let Some(seat) = self.ticking() {
            remaining[seat.index()] -= (now - self.since).max(0);
        }
        remaining
    }

    /// When the running clock reaches zero; none while it is paused.
    #[must_use]
    pub fn deadline(&self) -> Option<Millis> {
        self.ticking().map(|seat| self.since + self.remaining[seat.index()])
    }

    /// The seat to act, whether or not its clock is paused.
    #[must_use]
    pub fn running(&self) -> Option<Seat> {
        self.running
    }

    /// The seat whose clock is actually counting down.
    #[must_use]
    pub fn ticking(&self) -> Option<Seat> {
        self.running.filter(|seat| !self.paused[seat.index()])
    }

    /// Whether a seat's clock is paused (its player is on vacation).
    #[must_use]
    pub fn is_paused(&self, seat: Seat) -> bool {
        self.paused[seat.index()]
    }

    /// The moment the stored values were taken.
    #[must_use]
    pub fn since(&self) -> Millis {
        self.since
    }

    /// Stored values (time left per seat as of [`GameClock::since`]).
    #[must_use]
    pub fn stored_remaining(&self) -> [i64; 2] {
        self.remaining
    }

    /// The time a correspondence turn starts with; none for other clocks.
    #[must_use]
    pub fn turn_allotment(&self) -> Option<i64> {
        match self.turn_end {
            TurnEnd::RefillTo(full) => Some(full),
            TurnEnd::Increment(_) => None,
        }
    }

    /// The clock after the running seat acted at `now`: its time is charged, and when its turn ended it gains
    /// the increment (or is refilled) and `next` starts running (`None` once the game is over).
    #[must_use]
    pub fn after_action(&self, now: Millis, turn_ended: bool, next: Option<Seat>) -> GameClock {
        let mut clock = self.taken_at(now);
        if turn_ended {
            if let Some(seat) = self.running {
                let left = &mut clock.remaining[seat.index()];
                *left = match self.turn_end {
                    TurnEnd::Increment(increment) => *left + increment,
                    TurnEnd::RefillTo(full) => full,
                };
            }
        }
        clock.running = next;
        clock
    }

    /// The clock with `seat` paused (or running again) from `now`.
    #[must_use]
    pub fn with_pause(&self, seat: Seat, paused: bool, now: Millis) -> GameClock {
        let mut clock = self.taken_at(now);
        clock.paused[seat.index()] = paused;
        clock
    }

    /// The clock with `credit` ms given back to the running seat at `now`.
    #[must_use]
    pub fn credited(&self, credit: i64, now: Millis) -> GameClock {
        let mut clock = self.taken_at(now);
        if let Some(seat) = self.running {
            clock.remaining[seat.index()] += credit;
        }
        clock
    }

    /// The clock stopped at `now`.
    #[must_use]
    pub fn stopped(&self, now: Millis) -> GameClock {
        let mut clock = self.taken_at(now);
        clock.remaining = clock.remaining.map(|left| left.max(0));
        clock.running = None;
        clock
    }

    /// The protocol's view at `now`. `running` names only a clock that counts down.
    #[must_use]
    pub fn view(&self, now: Millis) -> Clocks {
        let [first_ms, second_ms] = self.remaining_at(now).map(|left| left.max(0));
        Clocks { first_ms, second_ms, running: self.ticking().map(seat_name) }
    }

    /// The same clock with its values taken at `now`.
    fn taken_at(&self, now: Millis) -> GameClock {
        GameClock { remaining: self.remaining_at(now), since: now, ..*self }
    }
}

/// The time a correspondence turn gets: its days per move of `day` each; zero for other time controls.
#[must_use]
pub fn allotment(time_control: &TimeControl, day: Duration) -> i64 {
    match *time_control {
        TimeControl::Correspondence { days_per_move, .. } => i64::from(days_per_move) * day.as_millis() as i64,
        TimeControl::Fischer { .. } => 0,
    }
}

fn turn_end(time_control: &TimeControl, day: Duration) -> TurnEnd {
    match *time_control {
        TimeControl::Fischer { increment_seconds, .. } => TurnEnd::Increment(i64::from(increment_seconds) * 1000),
        TimeControl::Correspondence { .. } => TurnEnd::RefillTo(allotment(time_control, day)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 60, increment_seconds: 2 };
    const DAY: Duration = Duration::from_secs(10);

    #[test]
    fn charges_the_running_seat_and_adds_the_increment_at_turn_end() {
        let clock = GameClock::start(&BLITZ, DAY, Some(Seat::First), 1_000);
        assert_eq!(clock.deadline(), Some(61_000));
        let mid_turn = clock.after_action(6_000, false, Some(Seat::First));
        assert_eq!(mid_turn.remaining_at(6_000), [55_000, 60_000]);
        let turn_over = mid_turn.after_action(7_000, true, Some(Seat::Second));
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
        let clock = GameClock::start(&three_days, DAY, Some(Seat::First), 0);
        assert_eq!(clock.remaining_at(0), [30_000, 30_000]);
        assert_eq!(clock.turn_allotment(), Some(30_000));
        let bounced = clock.after_action(4_000, false, Some(Seat::First));
        assert_eq!(bounced.remaining_at(4_000), [26_000, 30_000], "no refill in the middle of a turn");
        let done = bounced.after_action(5_000, true, Some(Seat::Second));
        assert_eq!(done.remaining_at(5_000), [30_000, 30_000]);
        assert_eq!(done.deadline(), Some(35_000));
    }

    #[test]
    fn a_paused_seat_is_not_charged_and_has_no_deadline() {
        let one_day = TimeControl::Correspondence { days_per_move: 1, vacation_allowed: true };
        let clock = GameClock::start(&one_day, DAY, Some(Seat::First), 0).with_pause(Seat::First, true, 2_000);
        assert_eq!(clock.remaining_at(9_000), [8_000, 10_000]);
        assert_eq!(clock.deadline(), None);
        assert_eq!(clock.view(9_000).running, None);
        let back = clock.with_pause(Seat::First, false, 50_000);
        assert_eq!(back.deadline(), Some(58_000));
        let credited = back.credited(1_500, 51_000);
        assert_eq!(credited.remaining_at(51_000), [8_500, 10_000]);
        assert_eq!(credited.since(), 51_000);
    }
}
