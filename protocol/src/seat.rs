//! Seats, which every part of the protocol names: a leaf that imports nothing else of the crate.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A seat at a game. `first` moves first (White in records that name seats by colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatName {
    /// The seat the game's rules let move first.
    First,
    /// The seat that moves second.
    Second,
}
