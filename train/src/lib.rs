//! Trains the bot's learned evaluation of Paper Soccer from the kurnik corpus and the bot's games against itself
//! (`kartka-train soccer-self-play`): a reproducible command (`kartka-train soccer`) whose weights file the bot embeds (`bot/data/soccer-net.safetensors`, documented in
//! docs/bot.md). The inputs and the network's shape are the bot's own (`kartka_bot::soccer_net`), so that what is
//! trained is what is played.

pub mod branches;
pub mod choices;
pub mod coherence;
pub mod corpus;
pub mod engine;
pub mod engine_games;
pub mod judge;
pub mod matches;
pub mod model;
pub mod parallel;
pub mod relabel;
pub mod self_play;
pub mod td;
pub mod training;
