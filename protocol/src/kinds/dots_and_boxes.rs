//! Dots and Boxes' own wire constants and options: the field of boxes and the number of players.
//!
//! A seat out of time loses unless the time control says otherwise: as for Dots, a random legal edge on timeout
//! is a per-move clock's `on_timeout`, not an option of the ruleset.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The fewest boxes along a side of the field (the engine's `MIN_SIDE`).
pub const MIN_BOXES_SIDE: u8 = 1;
/// The most boxes along a side of the field (the engine's `MAX_SIDE`: ten columns of dots, `a`–`j`).
pub const MAX_BOXES_SIDE: u8 = 9;
/// The fewest players (the engine's `MIN_PLAYERS`).
pub const MIN_BOXES_PLAYERS: u8 = 2;
/// The most players (the engine's `MAX_PLAYERS`).
pub const MAX_BOXES_PLAYERS: u8 = 4;

/// A Dots and Boxes field of `rows` × `cols` boxes for `players`: the options of `dots-and-boxes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DotsAndBoxesOptions {
    /// Rows of boxes (1–9; the rules' default: 5).
    #[serde(default = "default_side")]
    #[schemars(range(min = MIN_BOXES_SIDE, max = MAX_BOXES_SIDE))]
    pub rows: u8,
    /// Columns of boxes (1–9; the rules' default: 5).
    #[serde(default = "default_side")]
    #[schemars(range(min = MIN_BOXES_SIDE, max = MAX_BOXES_SIDE))]
    pub cols: u8,
    /// Players, and so seats, in seat order (2–4; the rules' default: 2).
    #[serde(default = "default_players")]
    #[schemars(range(min = MIN_BOXES_PLAYERS, max = MAX_BOXES_PLAYERS))]
    pub players: u8,
}

fn default_side() -> u8 {
    5
}

fn default_players() -> u8 {
    2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_fields_are_rows_cols_and_players_with_the_rules_defaults() {
        let read: DotsAndBoxesOptions = serde_json::from_value(serde_json::json!({})).expect("defaults");
        assert_eq!(read, DotsAndBoxesOptions { rows: 5, cols: 5, players: 2 });
        let spec = crate::RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 2, cols: 3, players: 4 });
        let written = serde_json::to_value(spec).expect("writes");
        assert_eq!(written, serde_json::json!({ "kind": "dots-and-boxes", "rows": 2, "cols": 3, "players": 4 }));
        assert_eq!(serde_json::from_value::<crate::RulesetSpec>(written).ok(), Some(spec));
    }
}
