//! Time management: from the game clock to how long the bot may think about one turn, so that it never loses
//! on time. The bot crate reads no clock; the caller turns the answer into a deadline.

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

/// What the bot keeps back on every clock for what happens outside its search: sending the move, the network,
/// a scheduler that is late to wake it. A quarter second, or a tenth of the time, whichever is more.
const RESERVE_MS: u64 = 250;

/// How many more turns a Fischer clock is spread over: a Paper Soccer game lasts a median of 41 turns (about 20
/// for each player, docs/first-player-advantage.md), and the bot plans as if 25 were left, so that long games
/// still find time at the end.
const TURNS_TO_PLAN_FOR: u64 = 25;

/// How many milliseconds the bot may think about its turn under `clock`, keeping a reserve so that it never
/// flags. 0 means "play at once": the search then answers with its shallowest complete search.
#[must_use]
pub fn think_time_ms(clock: Clock) -> u64 {
    match clock {
        Clock::PerMove { per_move_ms } => per_move_ms.saturating_sub(reserve(per_move_ms)),
        Clock::Fischer { remaining_ms, increment_ms } => {
            let usable = remaining_ms.saturating_sub(reserve(remaining_ms));
            // A share of the bank plus most of the increment, but never more than a third of what is usable:
            // the increment comes only after the turn is played.
            let planned = usable / TURNS_TO_PLAN_FOR + increment_ms * 4 / 5;
            planned.min(usable / 3)
        }
    }
}

fn reserve(time_ms: u64) -> u64 {
    RESERVE_MS.max(time_ms / 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_per_move_clock_keeps_the_reserve() {
        assert_eq!(think_time_ms(Clock::PerMove { per_move_ms: 1_000 }), 750);
        assert_eq!(think_time_ms(Clock::PerMove { per_move_ms: 10_000 }), 9_000);
        assert_eq!(think_time_ms(Clock::PerMove { per_move_ms: 100 }), 0);
    }

    #[test]
    fn a_fischer_clock_spreads_the_bank_and_spends_most_of_the_increment() {
        let think = think_time_ms(Clock::Fischer { remaining_ms: 180_000, increment_ms: 2_000 });
        assert_eq!(think, 162_000 / 25 + 1_600);
    }

    #[test]
    fn a_fischer_clock_never_thinks_longer_than_a_third_of_what_is_left() {
        for remaining_ms in [0, 100, 250, 300, 1_000, 5_000, 60_000] {
            for increment_ms in [0, 1_000, 10_000, 100_000] {
                let think = think_time_ms(Clock::Fischer { remaining_ms, increment_ms });
                assert!(
                    think * 3 <= remaining_ms.saturating_sub(RESERVE_MS),
                    "{remaining_ms} + {increment_ms}: {think}"
                );
            }
        }
    }
}
