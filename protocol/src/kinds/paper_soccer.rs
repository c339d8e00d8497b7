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
