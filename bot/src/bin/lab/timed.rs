//! The bot's turn under a time per move, as the lab plays it against an outside engine (`versus.rs`) and as it
//! answers when it is the engine (`engine.rs`): the same deadline both ways, so that two builds of the lab meet
//! at equal time.

use std::time::Instant;

use kartka_bot::{play_any_turn_configured, AnyTurn, Configuration, Level};
use kartka_engine::AnyGame;

/// The turn the bot plays in `game` within `time_ms` milliseconds.
pub fn timed_turn(
    game: &AnyGame,
    level: Level,
    seed: u64,
    time_ms: u64,
    configuration: Configuration,
) -> anyhow::Result<AnyTurn> {
    let end = Instant::now() + std::time::Duration::from_millis(time_ms);
    let deadline = || Instant::now() >= end;
    Ok(play_any_turn_configured(game, level, seed, u64::MAX, &deadline, configuration)?)
}
