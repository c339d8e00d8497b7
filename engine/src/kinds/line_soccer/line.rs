//! The `line` game (§2): S0's three-segment lines with kicks of 7, 14 and 21, and its parameter set
//! `line/opcja1` (WP's "Opcja I": a 16 × 20 field, kicks of 6, 12 and 18 that may end on drawn points).

use super::drawing::Drawing;
use super::field::{Field, FieldError, Point, SizeRange};
use super::play::{Play, Variant};
use crate::Seat;

/// The parameter sets of `line`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LinePreset {
    /// S0: kicks of 7, 14, 21 ending on fresh points; 20 × 30 by default.
    #[default]
    Line,
    /// WP's "Opcja I": kicks of 6, 12, 18 that may end on drawn points; 16 × 20 by default.
    Opcja1,
}

impl LinePreset {
    /// The ruleset's name in records and on the wire: `line` or `line/opcja1`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            LinePreset::Line => "line",
            LinePreset::Opcja1 => "line/opcja1",
        }
    }

    /// The sizes the preset allows (see the module's decisions).
    const fn sizes(self) -> SizeRange {
        match self {
            LinePreset::Line => SizeRange { min_width: 20, max_width: 30, min_length: 30, max_length: 40 },
            LinePreset::Opcja1 => SizeRange { min_width: 16, max_width: 30, min_length: 20, max_length: 40 },
        }
    }

    const fn default_size(self) -> (u8, u8) {
        match self {
            LinePreset::Line => (20, 30),
            LinePreset::Opcja1 => (16, 20),
        }
    }

    pub(crate) const fn variant(self) -> Variant {
        match self {
            LinePreset::Line => Variant::Line,
            LinePreset::Opcja1 => Variant::Opcja1,
        }
    }
}

/// The rules of a `line` game: the preset and a field size it allows. The goal mouth is always 5 points
/// (m = 2, posts at half cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineRules {
    preset: LinePreset,
    width: u8,
    length: u8,
}

impl Default for LineRules {
    fn default() -> Self {
        LineRules::preset(LinePreset::Line)
    }
}

impl LineRules {
    /// `preset` on its default field.
    #[must_use]
    pub const fn preset(preset: LinePreset) -> LineRules {
        let (width, length) = preset.default_size();
        LineRules { preset, width, length }
    }

    /// `preset` on a W × L field, if the preset allows that size.
    pub const fn new(preset: LinePreset, width: u8, length: u8) -> Result<LineRules, FieldError> {
        match preset.sizes().check(width, length) {
            Ok(()) => Ok(LineRules { preset, width, length }),
            Err(error) => Err(error),
        }
    }

    /// The parameter set.
    #[must_use]
    pub const fn kind(self) -> LinePreset {
        self.preset
    }

    /// The field these rules play on.
    #[must_use]
    pub const fn field(self) -> Field {
        Field::new(self.width, self.length, 2, false)
    }

    /// The kick lengths: the duty's, then the two escalations.
    #[must_use]
    pub const fn kick_lengths(self) -> &'static [u8] {
        self.preset.variant().kick_lengths()
    }
}

/// A game of `line` or `line/opcja1`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LineGame {
    rules: LineRules,
    play: Play,
}

impl LineGame {
    /// The start of a game by `rules`.
    #[must_use]
    pub fn start(rules: LineRules) -> LineGame {
        LineGame { rules, play: Play::new(rules.preset.variant(), rules.field()) }
    }
}

impl LineGame {
    /// A position to study or test: `drawing` (see [`Drawing::draw_segment`]) with the ball at `ball`, and
    /// `to_act` to draw a line. Nothing is checked: the caller chooses a position in which `to_act` has a
    /// full move (§1.6), as every line of a real game starts.
    #[must_use]
    pub fn setup(rules: LineRules, drawing: Drawing, ball: Point, to_act: Seat) -> LineGame {
        LineGame { rules, play: Play::setup(rules.preset.variant(), rules.field(), drawing, ball, to_act) }
    }
}

line_soccer_game!(LineGame, LineRules);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_the_preset() {
        assert!(LineRules::new(LinePreset::Line, 30, 40).is_ok());
        assert!(LineRules::new(LinePreset::Line, 16, 20).is_err());
        assert!(LineRules::new(LinePreset::Line, 21, 30).is_err(), "odd widths are refused");
        assert!(LineRules::new(LinePreset::Opcja1, 16, 20).is_ok());
        assert_eq!(LineRules::default().field().width(), 20);
        assert_eq!(LineRules::preset(LinePreset::Opcja1).kick_lengths(), [6, 12, 18]);
    }
}
