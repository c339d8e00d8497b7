//! Games an outside engine plays against itself (`kartka-train soccer-engine-games`), written like self-play
//! games so that `kartka-train soccer --self-play` trains on them: positions labelled by how play stronger
//! than the bot's own went on, where the corpus's results are those of kurnik's players and self-play's are
//! the bot's. Only the games' moves and results are kept, never the engine's judgement (its turns are
//! [`TurnLabel::Played`]): the bot learns from what the engine did, not from what it thinks.
//!
//! Each game opens as self-play's game of the same seed and index does ([`random_opening`]); then one engine
//! process plays both seats at a fixed time a turn, every turn checked by the rules. A game is as strong as
//! the engine's time and the machine's load allow, so unlike self-play the games depend on the machine.

use std::ops::Range;

use anyhow::Context;
use kartka_engine::soccer::write_turn;

use crate::engine::Engine;
use crate::parallel;
use crate::self_play::{random_opening, SelfPlayGame, SelfPlayTurn, TurnLabel};

/// How to play the games.
#[derive(Clone, Debug)]
pub struct EngineGamesOptions {
    /// The engine's program.
    pub program: String,
    /// The engine's arguments.
    pub args: Vec<String>,
    /// The engine's time a turn, in milliseconds (`go MS`).
    pub time_ms: u64,
    /// Random steps that open each game.
    pub opening_steps: u32,
    /// Turns after which a game is given up unfinished.
    pub max_turns: u32,
    /// Seeds the openings, as self-play's seed.
    pub seed: u64,
    /// Games played side by side, an engine process each.
    pub threads: usize,
}

/// Plays the games of `options` whose indices are in `indices`, in the order of their index.
pub fn play_games(options: &EngineGamesOptions, indices: Range<usize>) -> anyhow::Result<Vec<SelfPlayGame>> {
    parallel::in_order(indices, options.threads, |index| {
        play_game(options, index).with_context(|| format!("game {index}")).map(Some)
    })
}

/// Game `index`: self-play's random opening of the same seed and index, then the engine's turns for both
/// seats.
pub fn play_game(options: &EngineGamesOptions, index: usize) -> anyhow::Result<SelfPlayGame> {
    let (mut position, mut turns) = random_opening(options.seed, options.opening_steps, index)?;
    let mut engine = Engine::start(&options.program, &options.args)?;
    engine.ask("new")?;
    for turn in &turns {
        engine.ask(&format!("play {}", write_turn(&turn.steps)))?;
    }
    while !position.is_over() && turns.len() < options.max_turns as usize {
        let steps = engine.turn(options.time_ms, &mut position)?;
        turns.push(SelfPlayTurn { steps, label: TurnLabel::Played });
    }
    Ok(SelfPlayGame { turns, winner: position.outcome().and_then(|outcome| outcome.winner()) })
}
