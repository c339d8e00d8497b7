//! The modules of `kartka-bot-lab`: the ladder (`ladder.rs`), its record file (`ladder_record.rs`), the UCT
//! opponent (`mcts.rs`), the game a run plays (`game.rs`), matches against an outside engine (`versus.rs`), the bot as such an
//! engine (`engine.rs`), the timed turn both play (`timed.rs`) and
//! the choice of the Paper Soccer search they play with (`turn_search.rs`), its judgement (`judgement.rs`) and
//! another engine's as its judgement (`judge_engine.rs`).

pub mod engine;
pub mod game;
mod judge_engine;
mod judgement;
pub mod ladder;
mod ladder_record;
mod mcts;
mod timed;
mod turn_search;
pub mod versus;
