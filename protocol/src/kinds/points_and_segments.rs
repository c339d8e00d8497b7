//! Points and segments' own wire types: how many points, where they stand, and the seed of a lattice.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The fewest points a game has (the engine's `MIN_POINTS`).
pub const MIN_POINTS: u8 = 6;
/// The most points a game has (the engine's `MAX_POINTS`).
pub const MAX_POINTS: u8 = 30;

/// Where the points stand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PointsStart {
    /// On a lattice, no three on a line, drawn from the ruleset's `seed`.
    #[default]
    Lattice,
    /// On a circle: the game is then Dawson's Kayles.
    Convex,
}

/// A Points and segments game: the options of `points-and-segments`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PointsAndSegmentsOptions {
    /// How many points (6–30; the rules' default: 15).
    #[serde(default = "default_points")]
    #[schemars(range(min = MIN_POINTS, max = MAX_POINTS))]
    pub points: u8,
    /// Where the points stand.
    #[serde(default)]
    pub start: PointsStart,
    /// A lattice start's seed: the server draws it when the game is created (a seed in a request is replaced),
    /// and the game's ruleset keeps it so that the points replay exactly. Absent on a convex start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u32>,
}

fn default_points() -> u8 {
    15
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_fields_are_points_start_and_seed_with_the_rules_defaults() {
        let read: PointsAndSegmentsOptions = serde_json::from_value(serde_json::json!({})).expect("defaults");
        assert_eq!(read, PointsAndSegmentsOptions { points: 15, start: PointsStart::Lattice, seed: None });
        let options = PointsAndSegmentsOptions { points: 9, start: PointsStart::Convex, seed: None };
        let written = serde_json::to_value(crate::RulesetSpec::PointsAndSegments(options)).expect("writes");
        assert_eq!(written, serde_json::json!({ "kind": "points-and-segments", "points": 9, "start": "convex" }));
        assert!(serde_json::from_value::<PointsAndSegmentsOptions>(serde_json::json!({ "lines": 3 })).is_err());
    }
}
