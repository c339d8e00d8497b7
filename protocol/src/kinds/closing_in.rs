//! Closing In's own wire types: how admins see a position.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::seat::SeatName;

/// The fewest squares a side of a Closing In board has.
pub const MIN_BOARD_SIZE: u8 = 3;
/// The most squares a side of a Closing In board has.
pub const MAX_BOARD_SIZE: u8 = 12;

/// A Closing In position after `ply` actions. Squares are written as in the game's notation (`D5`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ClosingInPositionView {
    /// Actions played to reach it.
    pub ply: u32,
    /// Squares per side.
    pub size: u8,
    /// Each seat's marker (first seat first), once placed.
    pub markers: [Option<String>; 2],
    /// The removed squares, in the order they were removed.
    pub removed: Vec<String>,
    /// The seat to move (after the end: the seat that was left without a move).
    pub to_move: SeatName,
    /// Whether the rules ended the game here.
    pub over: bool,
    /// The squares the seat to move may move to.
    pub legal: Vec<String>,
}
