//! Paper Soccer's own wire constants: the pitch sizes a ruleset may name.

/// The narrowest and shortest pitch, in cells (Paper Soccer, and played as a match of points).
pub const MIN_PITCH_SIDE: u8 = 4;
/// The widest pitch, in cells.
pub const MAX_PITCH_WIDTH: u8 = 20;
/// The longest pitch, in cells.
pub const MAX_PITCH_HEIGHT: u8 = 30;
/// The narrowest goal, in cells.
pub const MIN_GOAL: u8 = 2;
/// The widest goal, in cells, on the widest pitch (a goal is always narrower than its pitch).
pub const MAX_GOAL: u8 = MAX_PITCH_WIDTH - 2;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A Paper Soccer pitch of `width` × `height` cells (even numbers) with a goal `goal` cells wide: the options of
/// `paper-soccer` and of `paper-soccer-centre`, played on the same pitches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PaperSoccerOptions {
    /// Pitch width in cells (even, 4–20; kurnik: 8).
    #[serde(default = "default_width")]
    #[schemars(range(min = MIN_PITCH_SIDE, max = MAX_PITCH_WIDTH), extend("multipleOf" = 2))]
    pub width: u8,
    /// Pitch height in cells (even, 4–30; kurnik: 10).
    #[serde(default = "default_height")]
    #[schemars(range(min = MIN_PITCH_SIDE, max = MAX_PITCH_HEIGHT), extend("multipleOf" = 2))]
    pub height: u8,
    /// Goal width in cells (even, less than the width; kurnik: 2).
    #[serde(default = "default_goal")]
    #[schemars(range(min = MIN_GOAL, max = MAX_GOAL), extend("multipleOf" = 2))]
    pub goal: u8,
}

fn default_width() -> u8 {
    8
}
fn default_height() -> u8 {
    10
}
fn default_goal() -> u8 {
    2
}
