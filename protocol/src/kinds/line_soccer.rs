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

/// A Line Soccer game of a parameter set on a field of `width` × `length` cells (even numbers): the options of
/// `line-soccer`. Read through [`LineSoccerFields`], so that a field's size left out is its parameter set's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, from = "LineSoccerFields")]
pub struct LineSoccerOptions {
    /// The parameter set (`line` when not given).
    #[serde(default)]
    pub preset: LinePresetName,
    /// Field width in cells (even; `line` 20–30, `opcja1` 16–30; by default the parameter set's: 20 for
    /// `line`, 16 for `opcja1`).
    #[schemars(default = "default_line_width")]
    #[schemars(range(min = MIN_LINE_WIDTH, max = MAX_LINE_WIDTH), extend("multipleOf" = 2))]
    pub width: u8,
    /// Field length in cells (even; `line` 30–40, `opcja1` 20–40; by default the parameter set's: 30 for
    /// `line`, 20 for `opcja1`).
    #[schemars(default = "default_line_length")]
    #[schemars(range(min = MIN_LINE_LENGTH, max = MAX_LINE_LENGTH), extend("multipleOf" = 2))]
    pub length: u8,
}

/// The schema's default field of `line-soccer` (the `line` parameter set's; [`LinePresetName::default_field`]
/// gives each set's).
fn default_line_width() -> u8 {
    LinePresetName::Line.default_field().0
}
fn default_line_length() -> u8 {
    LinePresetName::Line.default_field().1
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

impl From<LineSoccerFields> for LineSoccerOptions {
    fn from(fields: LineSoccerFields) -> LineSoccerOptions {
        let (width, length) = fields.preset.default_field();
        LineSoccerOptions {
            preset: fields.preset,
            width: fields.width.unwrap_or(width),
            length: fields.length.unwrap_or(length),
        }
    }
}

/// A Russian Paper Soccer field of `width` × `length` cells (even numbers): the options of `russian-soccer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RussianSoccerOptions {
    /// Field width in cells (even, 10–40; default 40).
    #[serde(default = "default_russian_width")]
    #[schemars(range(min = MIN_RUSSIAN_SIDE, max = MAX_RUSSIAN_WIDTH), extend("multipleOf" = 2))]
    pub width: u8,
    /// Field length in cells (even, 10–52; default 52).
    #[serde(default = "default_russian_length")]
    #[schemars(range(min = MIN_RUSSIAN_SIDE, max = MAX_RUSSIAN_LENGTH), extend("multipleOf" = 2))]
    pub length: u8,
}

fn default_russian_width() -> u8 {
    40
}
fn default_russian_length() -> u8 {
    52
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{LinePresetName, LineSoccerOptions};
    use crate::RulesetSpec;

    fn read(value: serde_json::Value) -> Result<RulesetSpec, serde_json::Error> {
        serde_json::from_value(value)
    }

    #[test]
    fn a_field_left_out_is_the_parameter_sets_own() {
        let line = |preset, width, length| RulesetSpec::LineSoccer(LineSoccerOptions { preset, width, length });
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
