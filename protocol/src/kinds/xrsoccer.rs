//! xrsoccer's own wire types: how admins see a position.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::kinds::paper_soccer::{PointView, SegmentView};
use crate::seat::SeatName;

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

/// A relocation of a stuck ball (rules §4a, rule 4): it draws nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RelocationView {
    /// Where the player to move had no legal line.
    pub from: PointView,
    /// Where the ball was carried.
    pub to: PointView,
}

/// An xrsoccer position after `ply` actions. Points are in the kurnik frame: `x` from the west side line,
/// `y` from the north end line (the goal the first seat attacks).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct XrPositionView {
    /// Actions played to reach it.
    pub ply: u32,
    /// Field width in cells.
    pub width: u8,
    /// Field length in cells.
    pub length: u8,
    /// The points that win the match.
    pub target: u32,
    /// Where the ball is.
    pub ball: PointView,
    /// The seat to move (after the end: the seat that would have moved).
    pub to_move: SeatName,
    /// Steps of the current line already drawn (0–2).
    pub line_steps: u8,
    /// Whether the rules ended the match here.
    pub over: bool,
    /// The points each seat has, first seat first.
    pub scores: [u32; 2],
    /// The relocation that began the current turn, if any.
    pub relocation: Option<RelocationView>,
    /// Every drawn segment once.
    pub segments: Vec<SegmentView>,
    /// The directions the ball may step in, as kurnik digits 0–7.
    pub legal: Vec<u8>,
}
