//! Closing In's own wire constants: the board sizes a ruleset may name.

/// The fewest squares a side of a Closing In board has.
pub const MIN_BOARD_SIZE: u8 = 3;
/// The most squares a side of a Closing In board has.
pub const MAX_BOARD_SIZE: u8 = 12;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A Closing In board of `size` × `size` squares: the options of `closing-in`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClosingInOptions {
    /// Squares per side (3–12; the rules' default: 6).
    #[serde(default = "default_size")]
    #[schemars(range(min = MIN_BOARD_SIZE, max = MAX_BOARD_SIZE))]
    pub size: u8,
}

fn default_size() -> u8 {
    6
}
