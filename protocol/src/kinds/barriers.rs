//! Barriers' own wire options: the board's width and height, and how near bars may be.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The fewest cells a side of a Barriers board has.
pub const MIN_BARRIERS_SIDE: u8 = 2;
/// The most cells a side of a Barriers board has.
pub const MAX_BARRIERS_SIDE: u8 = 12;

/// How near a new bar may come to the bars already placed (the rules' option `touch`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BarriersTouch {
    /// Bars may not share a cell: the game Cram.
    #[default]
    Cells,
    /// Nor may a cell of a new bar share a side with an earlier bar's cell.
    Sides,
    /// No contact at all, corners included.
    Corners,
}

/// A Barriers (Cram) game: the options of `barriers`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BarriersOptions {
    /// Columns of cells (2–12; the seed's board: 8).
    #[serde(default = "default_side")]
    #[schemars(range(min = MIN_BARRIERS_SIDE, max = MAX_BARRIERS_SIDE))]
    pub width: u8,
    /// Rows of cells (2–12; the seed's board: 8).
    #[serde(default = "default_side")]
    #[schemars(range(min = MIN_BARRIERS_SIDE, max = MAX_BARRIERS_SIDE))]
    pub height: u8,
    /// How near bars may be (default: `cells`).
    #[serde(default)]
    pub touch: BarriersTouch,
}

impl Default for BarriersOptions {
    fn default() -> BarriersOptions {
        BarriersOptions { width: default_side(), height: default_side(), touch: BarriersTouch::Cells }
    }
}

fn default_side() -> u8 {
    8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_fields_are_width_height_and_touch() {
        let read: BarriersOptions = serde_json::from_value(serde_json::json!({})).expect("defaults");
        assert_eq!(read, BarriersOptions::default());
        let options = BarriersOptions { width: 5, height: 7, touch: BarriersTouch::Corners };
        let json = serde_json::to_value(options).expect("serialises");
        assert_eq!(json, serde_json::json!({ "width": 5, "height": 7, "touch": "corners" }));
        assert!(serde_json::from_value::<BarriersOptions>(serde_json::json!({ "touch": "edges" })).is_err());
    }
}
