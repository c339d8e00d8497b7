//! The rules of a Barriers game: the board's width and height, validated, and how near bars may be.

use std::fmt;

/// The fewest cells a side of the board has.
pub const MIN_SIDE: u8 = 2;
/// The most cells a side of the board has: columns `a`–`l`, rows 1–12.
pub const MAX_SIDE: u8 = 12;
/// The seed's board, 8 × 8.
pub const DEFAULT_SIDE: u8 = 8;

/// How near a new bar may come to the bars already placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Touch {
    /// Bars may not share a cell, nothing more: the game Cram.
    #[default]
    Cells,
    /// Nor may a cell of a new bar share a side with a cell of an earlier bar.
    Sides,
    /// No contact at all: neither a side nor a corner.
    Corners,
}

impl Touch {
    /// Every reading, in the order of growing strictness.
    pub const ALL: [Touch; 3] = [Touch::Cells, Touch::Sides, Touch::Corners];

    /// The reading's name in rulesets and records: `cells`, `sides` or `corners`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Touch::Cells => "cells",
            Touch::Sides => "sides",
            Touch::Corners => "corners",
        }
    }

    /// The reading named `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Touch> {
        Touch::ALL.into_iter().find(|touch| touch.name() == name)
    }
}

/// The rules of one game: a `width` × `height` board of cells and the touch rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BarriersRules {
    width: u8,
    height: u8,
    touch: Touch,
}

/// A board side outside `MIN_SIDE..=MAX_SIDE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a Barriers board is {MIN_SIDE} to {MAX_SIDE} cells a side, not {width}x{height}")]
pub struct SizeError {
    /// The width asked for.
    pub width: u8,
    /// The height asked for.
    pub height: u8,
}

impl BarriersRules {
    /// The rules of a `width` × `height` board with `touch`, if the sides are within the rules.
    pub const fn new(width: u8, height: u8, touch: Touch) -> Result<BarriersRules, SizeError> {
        if width >= MIN_SIDE && width <= MAX_SIDE && height >= MIN_SIDE && height <= MAX_SIDE {
            Ok(BarriersRules { width, height, touch })
        } else {
            Err(SizeError { width, height })
        }
    }

    /// Columns of cells.
    #[must_use]
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Rows of cells.
    #[must_use]
    pub const fn height(self) -> u8 {
        self.height
    }

    /// How near bars may be.
    #[must_use]
    pub const fn touch(self) -> Touch {
        self.touch
    }
}

impl Default for BarriersRules {
    fn default() -> BarriersRules {
        BarriersRules { width: DEFAULT_SIDE, height: DEFAULT_SIDE, touch: Touch::Cells }
    }
}

impl fmt::Display for Touch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_from_two_to_twelve() {
        assert!(BarriersRules::new(2, 12, Touch::Sides).is_ok());
        assert_eq!(BarriersRules::new(1, 5, Touch::Cells), Err(SizeError { width: 1, height: 5 }));
        assert_eq!(BarriersRules::new(5, 13, Touch::Cells), Err(SizeError { width: 5, height: 13 }));
        for touch in Touch::ALL {
            assert_eq!(Touch::from_name(touch.name()), Some(touch));
        }
        assert_eq!(Touch::from_name("edges"), None);
    }
}
