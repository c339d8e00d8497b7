//! Paper Soccer's own wire types: how admins see a position.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::seat::SeatName;

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

/// A lattice point of a Paper Soccer pitch: `x` from the left touch line, `y` from the top goal line (`-1`
/// inside the top goal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PointView {
    /// Column.
    pub x: i8,
    /// Row.
    pub y: i8,
}

/// A drawn segment between two neighbouring points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SegmentView {
    /// One end.
    pub from: PointView,
    /// The other end.
    pub to: PointView,
}

/// A Paper Soccer position after `ply` actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SoccerPositionView {
    /// Actions played to reach it.
    pub ply: u32,
    /// Pitch width in cells.
    pub width: u8,
    /// Pitch height in cells.
    pub height: u8,
    /// Goal width in cells.
    pub goal: u8,
    /// Where the ball is.
    pub ball: PointView,
    /// The seat to move (after the end: the seat that moved last or was stuck).
    pub to_move: SeatName,
    /// Whether the seat to move is in the middle of a turn (the ball bounced).
    pub must_continue: bool,
    /// Whether the rules ended the game here.
    pub over: bool,
    /// Every drawn segment once.
    pub segments: Vec<SegmentView>,
    /// The directions the ball may step in, as kurnik digits 0–7.
    pub legal: Vec<u8>,
}
