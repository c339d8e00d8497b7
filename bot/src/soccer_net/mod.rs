//! Paper Soccer's learned evaluation: a small network trained on kurnik's games (`kartka-train soccer`) that
//! reads, for every point of the pitch, how many turns the ball needs to reach it over the undrawn lines.

mod evaluation;
mod features;
mod network;
mod outside;

pub use evaluation::SoccerNetEvaluation;
pub use features::{active_inputs, mirrored, ActiveInputs, INPUTS, POINTS};
pub use network::{is_readable_width, Network, WeightsError, HIDDEN_1, HIDDEN_2, MAX_HIDDEN_1, WIDTH_STEP};
pub use outside::{asks_outside, judge_command, position_words, OutsideChances, OutsideJudgement};
