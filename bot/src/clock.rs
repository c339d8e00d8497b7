//! Time management: from the game clock to how long the bot may think about one turn, so that it never loses
//! on time and spends its time where the position needs it. The bot crate reads no clock: the caller says how
//! long the turn has taken ([`TurnClock`]'s `elapsed_ms`), and the arithmetic here decides the rest.

use std::cell::Cell;

use crate::search::{Deadline, Iteration};

/// The clock the bot plays under, as the game's time control has it at the bot's turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// A Fischer clock: time left on the bot's clock, and what each turn adds to it.
    Fischer {
        /// Milliseconds left on the bot's clock now.
        remaining_ms: u64,
        /// Milliseconds added after each turn.
        increment_ms: u64,
    },
    /// A fixed time for each turn, not carried over.
    PerMove {
        /// Milliseconds for this turn.
        per_move_ms: u64,
    },
}

/// Where the chosen turn goes, which decides what the bot keeps back on the clock for getting it there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// Printed by a local command or written to a pipe: only a late scheduler and the search's own overshoot
    /// of its deadline to allow for, a twentieth of the time.
    Local,
    /// Sent over the network to a server whose clock runs until the move arrives: a quarter second or a tenth
    /// of the time, whichever is more, but never more than half of a small budget.
    Network,
}

/// How long the bot may think about one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThinkTime {
    /// What the turn is worth on the clock: the search aims at it, stops sooner once its best action is
    /// settled, and goes on past it (up to `limit_ms`) while its best action still changes.
    pub target_ms: u64,
    /// The most the turn may take, however unsettled the search.
    pub limit_ms: u64,
    /// Whether time the turn leaves unused is lost (a per-move clock) rather than kept for later turns (a
    /// Fischer clock's bank): an [`Iteration::anytime`] search then thinks to the target however settled.
    pub unused_is_lost: bool,
}

/// What the bot keeps back for the network: a quarter second.
const NETWORK_RESERVE_MS: u64 = 250;

/// How many more turns a Fischer clock is spread over: a Paper Soccer game lasts a median of 41 turns (about 20
/// for each player, docs/first-player-advantage.md), and the bot plans as if 25 were left, so that long games
/// still find time at the end.
const TURNS_TO_PLAN_FOR: u64 = 25;

/// How much longer than its target a turn on a Fischer clock may take while its best action keeps changing:
/// half as long again.
const UNSETTLED_NUMERATOR: u64 = 3;
const UNSETTLED_DENOMINATOR: u64 = 2;

/// How long the bot may think about its turn under `clock`, keeping a reserve for `delivery` so that it never
/// flags. A per-move clock's time is lost if unused, so its target is the whole usable time; a Fischer clock's
/// target is a share of the bank plus most of the increment. 0 means "play at once": the search then answers
/// with its shallowest complete search.
#[must_use]
pub fn think_time(clock: Clock, delivery: Delivery) -> ThinkTime {
    match clock {
        Clock::PerMove { per_move_ms } => {
            let usable = per_move_ms.saturating_sub(reserve(per_move_ms, delivery));
            ThinkTime { target_ms: usable, limit_ms: usable, unused_is_lost: true }
        }
        Clock::Fischer { remaining_ms, increment_ms } => {
            let usable = remaining_ms.saturating_sub(reserve(remaining_ms, delivery));
            // Never more than a third of what is usable: the increment comes only after the turn is played.
            let most = usable / 3;
            let target = (usable / TURNS_TO_PLAN_FOR + increment_ms * 4 / 5).min(most);
            let limit = (target * UNSETTLED_NUMERATOR / UNSETTLED_DENOMINATOR).min(most);
            ThinkTime { target_ms: target, limit_ms: limit, unused_is_lost: false }
        }
    }
}

fn reserve(time_ms: u64, delivery: Delivery) -> u64 {
    match delivery {
        Delivery::Local => time_ms / 20,
        Delivery::Network => NETWORK_RESERVE_MS.max(time_ms / 10).min(time_ms / 2),
    }
}

/// When a turn's search should end, from how its last complete iteration went: at once for a forced action;
/// at the limit while the best action changes; at the target once one iteration kept it, and at half the
/// target once two or more did, unless the search is [`Iteration::anytime`] and the clock loses unused time
/// ([`ThinkTime::unused_is_lost`], a per-move clock): each of its iterations is worth the time, so it thinks to
/// the target. On a Fischer clock the time a settled turn saves is kept for later turns.
#[must_use]
pub fn stop_at_ms(time: ThinkTime, iteration: &Iteration) -> u64 {
    if iteration.choices <= 1 {
        return 0;
    }
    match iteration.same_best {
        0 | 1 => time.limit_ms,
        2 => time.target_ms.min(time.limit_ms),
        _ if iteration.anytime && time.unused_is_lost => time.target_ms.min(time.limit_ms),
        _ => time.target_ms.min(time.limit_ms) / 2,
    }
}

/// Whether a search `elapsed_ms` into its turn starts another iteration after `iteration`: while the best action
/// changes, until the end ([`stop_at_ms`]) is reached (an interrupted iteration still improves the answer); once
/// it holds, only before half of it, since the next iteration takes about as long as all before it and would
/// mostly be cut off.
#[must_use]
pub fn deepen(time: ThinkTime, elapsed_ms: u64, iteration: &Iteration) -> bool {
    let stop_at = stop_at_ms(time, iteration);
    if iteration.same_best <= 1 || (iteration.anytime && time.unused_is_lost) {
        elapsed_ms < stop_at
    } else {
        elapsed_ms < stop_at / 2
    }
}

/// A turn's [`Deadline`] on the caller's clock: `elapsed_ms` says how many milliseconds the turn has taken so
/// far. It passes at the [`ThinkTime`]'s limit, or sooner once the search's best action settles ([`stop_at_ms`]);
/// every search of the turn (its first action's, and any later action's) shares it.
pub struct TurnClock<F> {
    time: ThinkTime,
    elapsed_ms: F,
    stop_at_ms: Cell<u64>,
}

impl<F: Fn() -> u64> TurnClock<F> {
    /// The deadline of a turn of `time`, its clock read by `elapsed_ms`.
    pub fn new(time: ThinkTime, elapsed_ms: F) -> Self {
        TurnClock { time, elapsed_ms, stop_at_ms: Cell::new(time.limit_ms) }
    }
}

impl<F: Fn() -> u64> Deadline for TurnClock<F> {
    fn passed(&self) -> bool {
        (self.elapsed_ms)() >= self.stop_at_ms.get()
    }

    fn deepen(&self, iteration: &Iteration) -> bool {
        self.stop_at_ms.set(stop_at_ms(self.time, iteration));
        deepen(self.time, (self.elapsed_ms)(), iteration)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHANGED: Iteration = Iteration { same_best: 1, choices: 5, anytime: false };
    const KEPT_ONCE: Iteration = Iteration { same_best: 2, choices: 5, anytime: false };
    const SETTLED: Iteration = Iteration { same_best: 4, choices: 5, anytime: false };
    const FORCED: Iteration = Iteration { same_best: 1, choices: 1, anytime: false };
    const SETTLED_ANYTIME: Iteration = Iteration { same_best: 4, choices: 5, anytime: true };
    const FORCED_ANYTIME: Iteration = Iteration { same_best: 1, choices: 1, anytime: true };

    #[test]
    fn a_local_per_move_clock_keeps_a_twentieth() {
        let time = think_time(Clock::PerMove { per_move_ms: 300 }, Delivery::Local);
        assert_eq!(
            time,
            ThinkTime { target_ms: 285, limit_ms: 285, unused_is_lost: true },
            "300 ms thinks 285, not 50"
        );
        assert_eq!(think_time(Clock::PerMove { per_move_ms: 10_000 }, Delivery::Local).limit_ms, 9_500);
        assert_eq!(think_time(Clock::PerMove { per_move_ms: 0 }, Delivery::Local).limit_ms, 0);
    }

    #[test]
    fn a_network_per_move_clock_keeps_a_quarter_second_but_never_half_a_small_budget() {
        let think = |per_move_ms| think_time(Clock::PerMove { per_move_ms }, Delivery::Network).limit_ms;
        assert_eq!(think(1_000), 750);
        assert_eq!(think(10_000), 9_000);
        assert_eq!(think(300), 150);
        assert_eq!(think(100), 50);
    }

    #[test]
    fn a_fischer_clock_spreads_the_bank_spends_most_of_the_increment_and_goes_on_half_as_long_again_if_unsettled() {
        let time = think_time(Clock::Fischer { remaining_ms: 180_000, increment_ms: 2_000 }, Delivery::Network);
        assert_eq!(time.target_ms, 162_000 / 25 + 1_600);
        assert_eq!(time.limit_ms, time.target_ms * 3 / 2);
    }

    #[test]
    fn a_fischer_clock_never_thinks_longer_than_a_third_of_what_is_left() {
        for delivery in [Delivery::Local, Delivery::Network] {
            for remaining_ms in [0, 100, 250, 300, 1_000, 5_000, 60_000] {
                for increment_ms in [0, 1_000, 10_000, 100_000] {
                    let time = think_time(Clock::Fischer { remaining_ms, increment_ms }, delivery);
                    assert!(time.target_ms <= time.limit_ms, "{remaining_ms} + {increment_ms}: {time:?}");
                    assert!(time.limit_ms * 3 <= remaining_ms, "{remaining_ms} + {increment_ms}: {time:?}");
                }
            }
        }
    }

    #[test]
    fn a_forced_action_is_played_at_once_and_a_settled_one_early() {
        let time = think_time(Clock::Fischer { remaining_ms: 180_000, increment_ms: 2_000 }, Delivery::Network);
        assert_eq!(stop_at_ms(time, &FORCED), 0);
        assert!(!deepen(time, 0, &FORCED), "no second iteration for a forced action");
        assert_eq!(stop_at_ms(time, &CHANGED), time.limit_ms);
        assert_eq!(stop_at_ms(time, &KEPT_ONCE), time.target_ms);
        assert_eq!(stop_at_ms(time, &SETTLED), time.target_ms / 2);
        let quarter = time.target_ms / 4;
        assert!(deepen(time, time.target_ms, &CHANGED), "a changing best action goes on past the target");
        assert!(!deepen(time, time.limit_ms, &CHANGED), "but never past the limit");
        assert!(deepen(time, quarter - 1, &SETTLED) && !deepen(time, quarter, &SETTLED), "settled: a quarter");
    }

    #[test]
    fn an_anytime_search_uses_a_per_move_turn_to_its_end_but_saves_a_fischer_bank_once_settled() {
        let per_move = think_time(Clock::PerMove { per_move_ms: 1_000 }, Delivery::Network);
        assert_eq!(stop_at_ms(per_move, &SETTLED_ANYTIME), per_move.target_ms, "a per-move turn uses its time");
        assert!(deepen(per_move, per_move.target_ms - 1, &SETTLED_ANYTIME), "every iteration until the target");
        assert!(!deepen(per_move, per_move.target_ms, &SETTLED_ANYTIME), "and none past it");
        assert_eq!(stop_at_ms(per_move, &SETTLED), per_move.target_ms / 2, "deepening stops early as before");
        assert_eq!(stop_at_ms(per_move, &FORCED_ANYTIME), 0, "a forced turn at once");
        let fischer = think_time(Clock::Fischer { remaining_ms: 180_000, increment_ms: 2_000 }, Delivery::Network);
        assert_eq!(stop_at_ms(fischer, &SETTLED_ANYTIME), fischer.target_ms / 2, "a settled turn saves the bank");
    }

    #[test]
    fn a_turn_clock_passes_at_the_limit_or_sooner_once_settled() {
        let now = Cell::new(0);
        let time = ThinkTime { target_ms: 400, limit_ms: 600, unused_is_lost: false };
        let clock = TurnClock::new(time, || now.get());
        now.set(599);
        assert!(!clock.passed(), "before any iteration: the limit");
        now.set(300);
        assert!(clock.deepen(&CHANGED));
        assert!(!clock.passed());
        assert!(!clock.deepen(&SETTLED), "settled past a quarter of the target");
        assert!(clock.passed(), "and over at half the target");
        now.set(0);
        assert!(!clock.deepen(&FORCED) && clock.passed(), "a forced action answers at once");
    }
}
