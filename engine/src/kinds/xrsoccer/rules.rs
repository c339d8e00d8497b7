//! The options of an xrsoccer match: the field's size and the target score.

use std::fmt;

use crate::soccer::Point;
use crate::Seat;

/// The widest field, in cells.
pub const MAX_WIDTH: u8 = 20;
/// The longest field, in cells.
pub const MAX_LENGTH: u8 = 30;
/// The highest target score.
pub const MAX_TARGET: u32 = 99;
/// Lattice points of the largest field.
pub(crate) const MAX_POINTS: usize = (MAX_WIDTH as usize + 1) * (MAX_LENGTH as usize + 1);

/// Options that do not make an xrsoccer match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The width is odd or outside 4..=[`MAX_WIDTH`].
    #[error("the width must be even and between 4 and {MAX_WIDTH}")]
    Width,
    /// The length is odd or outside 4..=[`MAX_LENGTH`].
    #[error("the length must be even and between 4 and {MAX_LENGTH}")]
    Length,
    /// The target is outside 1..=[`MAX_TARGET`].
    #[error("the target must be between 1 and {MAX_TARGET} points")]
    Target,
}

/// The options of an xrsoccer match: a field `width` × `length` cells (W × L, both even) with a 3-cell goal
/// centred on each end line, and the target score T. The default is the seed's 12 × 18 with T = 5.
///
/// Points are in the kurnik frame (§1.1): `x` 0..=W from west to east, `y` 0..=L from the north end line to
/// the south one. The first seat attacks the north goal (`y` = 0), the second the south one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct XrRules {
    width: u8,
    length: u8,
    target: u32,
}

impl Default for XrRules {
    fn default() -> Self {
        XrRules::STANDARD
    }
}

impl fmt::Display for XrRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{} to {}", self.width, self.length, self.target)
    }
}

impl XrRules {
    /// The seed's field, 12 × 18 cells, played to 5 points.
    pub const STANDARD: XrRules = XrRules { width: 12, length: 18, target: 5 };

    /// A field of `width` × `length` cells (both even) played to `target` points.
    pub fn new(width: u8, length: u8, target: u32) -> Result<XrRules, RulesError> {
        if width % 2 != 0 || !(4..=MAX_WIDTH).contains(&width) {
            return Err(RulesError::Width);
        }
        if length % 2 != 0 || !(4..=MAX_LENGTH).contains(&length) {
            return Err(RulesError::Length);
        }
        if !(1..=MAX_TARGET).contains(&target) {
            return Err(RulesError::Target);
        }
        Ok(XrRules { width, length, target })
    }

    /// Width W in cells.
    #[must_use]
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Length L in cells.
    #[must_use]
    pub const fn length(self) -> u8 {
        self.length
    }

    /// The score T that ends the match.
    #[must_use]
    pub const fn target(self) -> u32 {
        self.target
    }

    /// The centre spot, where the ball starts and goes back to after a point.
    #[must_use]
    pub const fn centre(self) -> Point {
        Point::new((self.width / 2) as i8, (self.length / 2) as i8)
    }

    /// Whether `point` is on the field, border included.
    #[must_use]
    pub fn contains(self, point: Point) -> bool {
        (0..=self.width as i8).contains(&point.x) && (0..=self.length as i8).contains(&point.y)
    }

    /// For a mouth point (one of the three middle points of an end line), the seat that scores when the ball
    /// reaches it: the attacker of that goal.
    #[must_use]
    pub fn goal_of(self, point: Point) -> Option<Seat> {
        if (i16::from(point.x) - i16::from(self.width / 2)).abs() > 1 {
            None
        } else if point.y == 0 {
            Some(Seat::FIRST)
        } else if point.y == self.length as i8 {
            Some(Seat::SECOND)
        } else {
            None
        }
    }

    /// Lattice columns (`W + 1`); the distance between vertically adjacent point indices.
    pub(crate) const fn stride(self) -> usize {
        self.width as usize + 1
    }

    /// The lattice index of a point on the field.
    pub(crate) fn index(self, point: Point) -> usize {
        debug_assert!(self.contains(point));
        point.y as usize * self.stride() + point.x as usize
    }

    /// The point at a lattice index.
    pub(crate) fn point(self, index: usize) -> Point {
        Point::new((index % self.stride()) as i8, (index / self.stride()) as i8)
    }

    /// Lattice points of the field.
    pub(crate) const fn points(self) -> usize {
        self.stride() * (self.length as usize + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validates_sizes_and_target() {
        assert_eq!(XrRules::new(12, 18, 5), Ok(XrRules::STANDARD));
        assert_eq!(XrRules::new(11, 18, 5), Err(RulesError::Width));
        assert_eq!(XrRules::new(2, 18, 5), Err(RulesError::Width));
        assert_eq!(XrRules::new(12, 32, 5), Err(RulesError::Length));
        assert_eq!(XrRules::new(12, 18, 0), Err(RulesError::Target));
        assert_eq!(XrRules::new(12, 18, 100), Err(RulesError::Target));
    }

    #[test]
    fn the_mouths_are_three_points_of_each_end_line() {
        let rules = XrRules::STANDARD;
        let mouths: Vec<_> =
            (0..rules.points()).map(|i| rules.point(i)).filter(|&p| rules.goal_of(p).is_some()).collect();
        let expected: Vec<Point> =
            [(5, 0), (6, 0), (7, 0), (5, 18), (6, 18), (7, 18)].into_iter().map(|(x, y)| Point::new(x, y)).collect();
        assert_eq!(mouths, expected);
        assert_eq!(rules.goal_of(Point::new(6, 0)), Some(Seat::FIRST));
        assert_eq!(rules.goal_of(Point::new(6, 18)), Some(Seat::SECOND));
        assert_eq!(rules.centre(), Point::new(6, 9));
        for index in 0..rules.points() {
            assert_eq!(rules.index(rules.point(index)), index);
        }
    }
}
