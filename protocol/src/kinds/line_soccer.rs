//! The wire types of the Paper Soccer variants on the lines-and-kicks model (`line-soccer` and
//! `russian-soccer`): the `line` ruleset's parameter set and the field sizes a ruleset may name.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The narrowest Line Soccer field, in cells, of any parameter set (`opcja1`'s; `line`'s is 20).
pub const MIN_LINE_WIDTH: u8 = 16;
/// The widest Line Soccer field, in cells.
pub const MAX_LINE_WIDTH: u8 = 30;
/// The shortest Line Soccer field, in cells, of any parameter set (`opcja1`'s; `line`'s is 30).
pub const MIN_LINE_LENGTH: u8 = 20;
/// The longest Line Soccer field, in cells.
pub const MAX_LINE_LENGTH: u8 = 40;
/// The narrowest and shortest Russian Paper Soccer field, in cells.
pub const MIN_RUSSIAN_SIDE: u8 = 10;
/// The widest Russian Paper Soccer field, in cells.
pub const MAX_RUSSIAN_WIDTH: u8 = 40;
/// The longest Russian Paper Soccer field, in cells.
pub const MAX_RUSSIAN_LENGTH: u8 = 52;

/// The parameter set of a `line-soccer` game: the kick lengths, and whether a kick may end on a drawn point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LinePresetName {
    /// `line`: kicks of 7, 14, 21 that end on fresh points.
    #[default]
    Line,
    /// `line/opcja1`: kicks of 6, 12, 18 that may end on drawn points, which earns another kick.
    Opcja1,
}

impl LinePresetName {
    /// The field a game of this parameter set is played on when the ruleset names none: `line` 20 × 30 (the
    /// seed's S0), `opcja1` 16 × 20 (WP's).
    #[must_use]
    pub const fn default_field(self) -> (u8, u8) {
        match self {
            LinePresetName::Line => (20, 30),
            LinePresetName::Opcja1 => (16, 20),
        }
    }
}

/// A `line-soccer` ruleset's fields as they come: the field's size, when left out, is the parameter set's.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LineSoccerFields {
    #[serde(default)]
    preset: LinePresetName,
    width: Option<u8>,
    length: Option<u8>,
}

/// Reads a `line-soccer` ruleset's fields, the field's size defaulting to its parameter set's (a serde
/// `deserialize_with` for the ruleset's variant).
pub(super) fn preset_and_field<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<(LinePresetName, u8, u8), D::Error> {
    let fields = LineSoccerFields::deserialize(deserializer)?;
    let (width, length) = fields.preset.default_field();
    Ok((fields.preset, fields.width.unwrap_or(width), fields.length.unwrap_or(length)))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::LinePresetName;
    use crate::RulesetSpec;

    fn read(value: serde_json::Value) -> Result<RulesetSpec, serde_json::Error> {
        serde_json::from_value(value)
    }

    #[test]
    fn a_field_left_out_is_the_parameter_sets_own() {
        let line = |preset, width, length| RulesetSpec::LineSoccer { preset, width, length };
        assert_eq!(read(json!({ "kind": "line-soccer" })).ok(), Some(line(LinePresetName::Line, 20, 30)));
        let opcja1 = read(json!({ "kind": "line-soccer", "preset": "opcja1" })).ok();
        assert_eq!(opcja1, Some(line(LinePresetName::Opcja1, 16, 20)), "the rules' Opcja I is 16 × 20");
        let wider = read(json!({ "kind": "line-soccer", "preset": "opcja1", "width": 30 })).ok();
        assert_eq!(wider, Some(line(LinePresetName::Opcja1, 30, 20)));
        assert!(read(json!({ "kind": "line-soccer", "colour": "red" })).is_err(), "unknown fields are refused");
        let written = serde_json::to_value(line(LinePresetName::Opcja1, 16, 20)).expect("serialise");
        assert_eq!(written, json!({ "kind": "line-soccer", "preset": "opcja1", "width": 16, "length": 20 }));
    }
}
