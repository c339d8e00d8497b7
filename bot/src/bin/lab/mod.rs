//! The modules of `kartka-bot-lab`: the ladder (`ladder.rs`), its record file (`ladder_record.rs`), the UCT
//! opponent (`mcts.rs`), the game a run plays (`game.rs`), matches against an outside engine (`versus.rs`), the bot as such an
//! engine (`engine.rs`) and the timed turn both play (`timed.rs`).

pub mod engine;
pub mod game;
pub mod ladder;
mod ladder_record;
mod mcts;
mod timed;
pub mod versus;
