//! The bot's turn under a time per move, as the lab plays it against an outside engine (`versus.rs`) and as it
//! answers when it is the engine (`engine.rs`): the same deadline both ways, so that two builds of the lab meet
//! at equal time.

use std::time::Instant;

use kartka_bot::clock::{think_time, Clock, Delivery, TurnClock};
use kartka_bot::{play_any_turn_configured, AnyTurn, Configuration, Level};
use kartka_engine::AnyGame;

/// The turn the bot plays in `game` within `time_ms` milliseconds, as `kartka bot move --time-ms` plays it.
pub fn timed_turn(
    game: &AnyGame,
    level: Level,
    seed: u64,
    time_ms: u64,
    configuration: Configuration,
) -> anyhow::Result<AnyTurn> {
    let started = Instant::now();
    let elapsed_ms = || u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    // Written to a pipe: a local delivery, as `kartka bot move --time-ms` prints its answer.
    let deadline = TurnClock::new(think_time(Clock::PerMove { per_move_ms: time_ms }, Delivery::Local), elapsed_ms);
    Ok(play_any_turn_configured(game, level, seed, u64::MAX, &deadline, configuration)?)
}
