//! xrsoccer's own wire constants: the field sizes and targets a ruleset may name.

/// The narrowest and shortest xrsoccer field, in cells.
pub const MIN_XR_SIDE: u8 = 4;
/// The widest xrsoccer field, in cells.
pub const MAX_XR_WIDTH: u8 = 20;
/// The longest xrsoccer field, in cells.
pub const MAX_XR_LENGTH: u8 = 30;
/// The fewest points that can win an xrsoccer match.
pub const MIN_XR_TARGET: u32 = 1;
/// The most points that can be needed to win an xrsoccer match.
pub const MAX_XR_TARGET: u32 = 99;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// An xrsoccer match on a field of `width` × `length` cells to `target` points: the options of `xrsoccer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct XrsoccerOptions {
    /// Field width in cells (even, 4–20; the rules' default: 12).
    #[serde(default = "default_xr_width")]
    #[schemars(range(min = MIN_XR_SIDE, max = MAX_XR_WIDTH), extend("multipleOf" = 2))]
    pub width: u8,
    /// Field length in cells (even, 4–30; the rules' default: 18).
    #[serde(default = "default_xr_length")]
    #[schemars(range(min = MIN_XR_SIDE, max = MAX_XR_LENGTH), extend("multipleOf" = 2))]
    pub length: u8,
    /// The points that win the match (1–99; the rules' default: 5).
    #[serde(default = "default_xr_target")]
    #[schemars(range(min = MIN_XR_TARGET, max = MAX_XR_TARGET))]
    pub target: u32,
}

fn default_xr_width() -> u8 {
    12
}
fn default_xr_length() -> u8 {
    18
}
fn default_xr_target() -> u32 {
    5
}
