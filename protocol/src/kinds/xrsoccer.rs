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
