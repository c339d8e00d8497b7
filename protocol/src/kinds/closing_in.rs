//! Closing In's own wire constants: the board sizes a ruleset may name.

/// The fewest squares a side of a Closing In board has.
pub const MIN_BOARD_SIZE: u8 = 3;
/// The most squares a side of a Closing In board has.
pub const MAX_BOARD_SIZE: u8 = 12;
