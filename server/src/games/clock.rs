//! Fischer clocks, computed from server timestamps.

use kartka_engine::Seat;
use kartka_protocol::{Clocks, TimeControl};

use super::convert::seat_name;
use crate::store::Millis;

/// Both players' time as of one moment, and whose clock runs from then on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClock {
    remaining: [i64; 2],
    since: Millis,
    running: Option<Seat>,
    increment: i64,
}

impl GameClock {
    /// A new clock at `now` with the first seat's clock running.
    #[must_use]
    pub fn start(time_control: &TimeControl, now: Millis) -> GameClock {
        let TimeControl::Fischer { initial_seconds, increment_seconds } = *time_control;
        let initial = i64::from(initial_seconds) * 1000;
        GameClock {
            remaining: [initial, initial],
            since: now,
            running: Some(Seat::First),
            increment: i64::from(increment_seconds) * 1000,
        }
    }

    /// A clock restored from stored values.
    #[must_use]
    pub fn restore(time_control: &TimeControl, remaining: [i64; 2], since: Millis, running: Option<Seat>) -> GameClock {
        let TimeControl::Fischer { increment_seconds, .. } = *time_control;
        GameClock { remaining, since, running, increment: i64::from(increment_seconds) * 1000 }
    }

    /// Time left per seat at `now`: the running clock has run since the last change.
    #[must_use]
    pub fn remaining_at(&self, now: Millis) -> [i64; 2] {
        let mut remaining = self.remaining;
        if let Some(seat) = self.running {
            remaining[seat.index()] -= (now - self.since).max(0);
        }
        remaining
    }

    /// When the running clock reaches zero.
    #[must_use]
    pub fn deadline(&self) -> Option<Millis> {
        self.running.map(|seat| self.since + self.remaining[seat.index()])
    }

    /// The seat whose clock runs.
    #[must_use]
    pub fn running(&self) -> Option<Seat> {
        self.running
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

    /// The clock after the running seat acted at `now`: its time is charged, and when its turn ended it gains
    /// the increment and `next` starts running (`None` once the game is over).
    #[must_use]
    pub fn after_action(&self, now: Millis, turn_ended: bool, next: Option<Seat>) -> GameClock {
        let mut clock = *self;
        clock.remaining = self.remaining_at(now);
        clock.since = now;
        if turn_ended {
            if let Some(seat) = self.running {
                clock.remaining[seat.index()] += self.increment;
            }
        }
        clock.running = next;
        clock
    }

    /// The clock stopped at `now`.
    #[must_use]
    pub fn stopped(&self, now: Millis) -> GameClock {
        let mut clock = *self;
        clock.remaining = self.remaining_at(now).map(|left| left.max(0));
        clock.since = now;
        clock.running = None;
        clock
    }

    /// The protocol's view at `now`.
    #[must_use]
    pub fn view(&self, now: Millis) -> Clocks {
        let [first_ms, second_ms] = self.remaining_at(now).map(|left| left.max(0));
        Clocks { first_ms, second_ms, running: self.running.map(seat_name) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 60, increment_seconds: 2 };

    #[test]
    fn charges_the_running_seat_and_adds_the_increment_at_turn_end() {
        let clock = GameClock::start(&BLITZ, 1_000);
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
}
