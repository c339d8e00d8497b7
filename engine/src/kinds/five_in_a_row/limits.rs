//! The bounds every Five in a row game lies within (rules §1): a leaf that the board and the rules both read.

/// The narrowest and lowest bounded board (tic-tac-toe's).
pub const MIN_SIDE: u8 = 3;
/// The widest and highest bounded board: 25 columns fit the letters `a`–`y`.
pub const MAX_SIDE: u8 = 25;
/// How far from the first stone an endless board reaches in each direction, so that every position is finite.
pub const ENDLESS_REACH: i16 = 1000;
/// The shortest winning row.
pub const MIN_LINE: u8 = 3;
/// The longest winning row.
pub const MAX_LINE: u8 = 6;
