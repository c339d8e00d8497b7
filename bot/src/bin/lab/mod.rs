//! The modules of `kartka-bot-lab`: the ladder (`ladder.rs`), its record file (`ladder_record.rs`), the UCT
//! opponent (`mcts.rs`), the game a run plays (`game.rs`) and matches against an outside engine (`versus.rs`).

pub mod game;
pub mod ladder;
mod ladder_record;
mod mcts;
pub mod versus;
