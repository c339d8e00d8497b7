//! Sea Battle's own wire options: the fleet, how near ships may be, and whether a hit shoots again.
//!
//! `touching` and `shoot_again` are optional: left out, they are the fleet's own defaults (the classic fleet
//! forbids touching and shoots again, the Hasbro fleet allows touching and does not), so a ruleset names only
//! what differs from its fleet.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The fleet each player places (rules §1.2 and §4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeaBattleFleet {
    /// One ship of 4 cells, two of 3, three of 2, four of 1 (20 cells); no touching, a hit shoots again.
    #[default]
    Classic,
    /// Ships of 5, 4, 3, 3 and 2 cells; touching allowed, a hit does not shoot again.
    Hasbro,
}

/// How near two ships may be placed (rules §1.3 and the `touching` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeaBattleTouching {
    /// Ships may not touch, not even at a corner.
    None,
    /// Ships may touch at corners, not side by side.
    Sides,
    /// Ships may touch.
    Any,
}

/// A Sea Battle game: the options of `sea-battle`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeaBattleOptions {
    /// The fleet (default: `classic`).
    #[serde(default)]
    pub fleet: SeaBattleFleet,
    /// How near ships may be; absent: the fleet's default (`none` for `classic`, `any` for `hasbro`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub touching: Option<SeaBattleTouching>,
    /// Whether a hit or a sink shoots again; absent: the fleet's default (`true` for `classic`, `false` for
    /// `hasbro`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shoot_again: Option<bool>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_fields_are_fleet_touching_and_shoot_again() {
        let read: SeaBattleOptions = serde_json::from_value(serde_json::json!({})).expect("defaults");
        assert_eq!(read, SeaBattleOptions { fleet: SeaBattleFleet::Classic, touching: None, shoot_again: None });
        let options = SeaBattleOptions {
            fleet: SeaBattleFleet::Hasbro,
            touching: Some(SeaBattleTouching::Sides),
            shoot_again: Some(true),
        };
        let written = serde_json::to_value(crate::RulesetSpec::SeaBattle(options)).expect("writes");
        let wire =
            serde_json::json!({ "kind": "sea-battle", "fleet": "hasbro", "touching": "sides", "shoot_again": true });
        assert_eq!(written, wire);
        assert_eq!(
            serde_json::from_value::<crate::RulesetSpec>(wire).ok(),
            Some(crate::RulesetSpec::SeaBattle(options))
        );
        let fleet_only =
            serde_json::to_value(crate::RulesetSpec::SeaBattle(SeaBattleOptions::default())).expect("writes");
        assert_eq!(fleet_only, serde_json::json!({ "kind": "sea-battle", "fleet": "classic" }));
        for touching in ["none", "any"] {
            let wire = serde_json::json!({ "kind": "sea-battle", "touching": touching });
            assert!(serde_json::from_value::<crate::RulesetSpec>(wire).is_ok(), "{touching}");
        }
        let unknown = serde_json::json!({ "kind": "sea-battle", "fleet": "salvo" });
        assert!(serde_json::from_value::<crate::RulesetSpec>(unknown).is_err());
    }
}
