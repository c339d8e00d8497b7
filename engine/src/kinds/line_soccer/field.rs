//! The field of §1: lattice points with the centre spot as origin, the out-line, the goal mouths and the
//! forbidden set F, and fixed-size bitsets of points and segments.

use crate::soccer::Direction;
use crate::Seat;

/// Half the widest field any ruleset allows (`russian`'s W = 40).
pub const MAX_HALF_WIDTH: i8 = 20;
/// Half the longest field any ruleset allows (`russian`'s L = 52).
pub const MAX_HALF_LENGTH: i8 = 26;

/// Points are numbered `(y + MAX_HALF_LENGTH) * STRIDE + (x + MAX_HALF_WIDTH)` whatever the field's size, so
/// sets need no field to index them.
const STRIDE: usize = 2 * MAX_HALF_WIDTH as usize + 1;
const POINTS: usize = STRIDE * (2 * MAX_HALF_LENGTH as usize + 1);
const POINT_WORDS: usize = POINTS.div_ceil(64);
/// Each segment is keyed by its southern or western end and one of the four directions N, NE, E, SE.
const SEGMENT_WORDS: usize = (POINTS * 4).div_ceil(64);

/// A lattice point in the frame of §1.1: origin at the centre spot, `x` east, `y` north (the goal the first
/// seat attacks is at `y = L/2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Columns east of the centre (negative: west).
    pub x: i8,
    /// Rows north of the centre (negative: south).
    pub y: i8,
}

impl Point {
    /// The centre spot, where the ball starts.
    pub const CENTRE: Point = Point { x: 0, y: 0 };

    /// The point `times` steps away in `direction`, if it is within the largest field.
    #[must_use]
    pub fn shifted(self, direction: Direction, times: i8) -> Option<Point> {
        let (dx, dy) = north_delta(direction);
        let x = self.x.checked_add(dx.checked_mul(times)?)?;
        let y = self.y.checked_add(dy.checked_mul(times)?)?;
        (x.unsigned_abs() <= MAX_HALF_WIDTH as u8 && y.unsigned_abs() <= MAX_HALF_LENGTH as u8)
            .then_some(Point { x, y })
    }

    /// The point in kurnik's frame (X right, Y down, (0, 0) at the north-west corner) on a W × L field.
    #[must_use]
    pub fn to_kurnik(self, field: Field) -> (i8, i8) {
        (self.x + field.half_width, field.half_length - self.y)
    }

    /// The point's bit in a set, or `None` for a point outside the largest field (which no set holds).
    fn index(self) -> Option<usize> {
        let column = usize::try_from(i16::from(self.x) + i16::from(MAX_HALF_WIDTH)).ok()?;
        let row = usize::try_from(i16::from(self.y) + i16::from(MAX_HALF_LENGTH)).ok()?;
        (column < STRIDE && row < POINTS / STRIDE).then_some(row * STRIDE + column)
    }
}

/// `direction`'s change of (x, y) in the frame of §1.1, where y grows northwards.
#[must_use]
pub const fn north_delta(direction: Direction) -> (i8, i8) {
    let (dx, dy_down) = direction.delta();
    (dx, -dy_down)
}

/// The field of one ruleset: its size, its goal mouths and whether the post tips are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    half_width: i8,
    half_length: i8,
    mouth: i8,
    post_tips: bool,
}

/// A field size a ruleset does not allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "this ruleset plays on even sizes from {min_width}x{min_length} to {max_width}x{max_length}, not {width}x{length}"
)]
pub struct FieldError {
    /// The width asked for.
    pub width: u8,
    /// The length asked for.
    pub length: u8,
    /// The narrowest width allowed.
    pub min_width: u8,
    /// The widest width allowed.
    pub max_width: u8,
    /// The shortest length allowed.
    pub min_length: u8,
    /// The longest length allowed.
    pub max_length: u8,
}

/// The sizes a ruleset allows, as a [`FieldError`] would name them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SizeRange {
    pub(crate) min_width: u8,
    pub(crate) max_width: u8,
    pub(crate) min_length: u8,
    pub(crate) max_length: u8,
}

impl SizeRange {
    /// Checks W × L: both even and within the range.
    pub(crate) const fn check(self, width: u8, length: u8) -> Result<(), FieldError> {
        let fits = width % 2 == 0
            && length % 2 == 0
            && width >= self.min_width
            && width <= self.max_width
            && length >= self.min_length
            && length <= self.max_length;
        if fits {
            Ok(())
        } else {
            Err(FieldError {
                width,
                length,
                min_width: self.min_width,
                max_width: self.max_width,
                min_length: self.min_length,
                max_length: self.max_length,
            })
        }
    }
}

impl Field {
    /// A W × L field whose mouths are the points with |x| ≤ `mouth` on the end lines; with `post_tips`, the
    /// points (±(mouth + 1), ±(L/2 − 1)) are forbidden too (§3). The caller has checked the size.
    pub(crate) const fn new(width: u8, length: u8, mouth: i8, post_tips: bool) -> Field {
        Field { half_width: (width / 2) as i8, half_length: (length / 2) as i8, mouth, post_tips }
    }

    /// The width W in cells.
    #[must_use]
    pub const fn width(self) -> u8 {
        self.half_width as u8 * 2
    }

    /// The length L in cells.
    #[must_use]
    pub const fn length(self) -> u8 {
        self.half_length as u8 * 2
    }

    /// m: the mouth points are (x, ±L/2) with |x| ≤ m.
    #[must_use]
    pub const fn mouth(self) -> i8 {
        self.mouth
    }

    /// Whether `point` lies on the field (out-line included).
    #[must_use]
    pub const fn contains(self, point: Point) -> bool {
        point.x.unsigned_abs() <= self.half_width as u8 && point.y.unsigned_abs() <= self.half_length as u8
    }

    /// Whether `point` is a goal-mouth point (§1.3): reaching it scores.
    #[must_use]
    pub const fn is_mouth(self, point: Point) -> bool {
        point.y.unsigned_abs() == self.half_length as u8 && point.x.unsigned_abs() <= self.mouth as u8
    }

    /// Whether `point` is in the forbidden set F (§1.3): the out-line (every border point but the mouths,
    /// corners included) and, in `russian`, the post tips.
    #[must_use]
    pub const fn is_forbidden(self, point: Point) -> bool {
        let on_border =
            point.x.unsigned_abs() == self.half_width as u8 || point.y.unsigned_abs() == self.half_length as u8;
        let post_tip = self.post_tips
            && point.x.unsigned_abs() == self.mouth as u8 + 1
            && point.y.unsigned_abs() == self.half_length as u8 - 1;
        (on_border && !self.is_mouth(point)) || post_tip
    }

    /// The seat that attacks the goal `mouth` belongs to: the first seat attacks north (§1.1).
    #[must_use]
    pub const fn attacker_of(self, mouth: Point) -> Seat {
        if mouth.y > 0 {
            Seat::FIRST
        } else {
            Seat::SECOND
        }
    }
}

/// A set of points of any field, one bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointSet([u64; POINT_WORDS]);

impl Default for PointSet {
    fn default() -> Self {
        PointSet([0; POINT_WORDS])
    }
}

impl PointSet {
    /// Whether `point` is in the set.
    #[must_use]
    pub fn contains(&self, point: Point) -> bool {
        point.index().is_some_and(|index| self.0[index / 64] & (1 << (index % 64)) != 0)
    }

    /// Adds `point` (nothing for a point outside the largest field).
    pub fn insert(&mut self, point: Point) {
        if let Some(index) = point.index() {
            self.0[index / 64] |= 1 << (index % 64);
        }
    }

    /// Removes `point`.
    pub fn remove(&mut self, point: Point) {
        if let Some(index) = point.index() {
            self.0[index / 64] &= !(1 << (index % 64));
        }
    }

    /// Empties the set.
    pub fn clear(&mut self) {
        self.0 = [0; POINT_WORDS];
    }

    /// How many points are in the set.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }
}

/// A set of unit segments between neighbouring points, one bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SegmentSet([u64; SEGMENT_WORDS]);

impl Default for SegmentSet {
    fn default() -> Self {
        SegmentSet([0; SEGMENT_WORDS])
    }
}

impl SegmentSet {
    /// The bit of the segment from `from` one step in `direction`, keyed by its end whose direction to the
    /// other end is N, NE, E or SE; `None` when the other end is off the largest field.
    fn key(from: Point, direction: Direction) -> Option<usize> {
        let to = from.shifted(direction, 1)?;
        Some(if direction.index() < 4 {
            from.index()? * 4 + direction.index() as usize
        } else {
            to.index()? * 4 + direction.opposite().index() as usize
        })
    }

    /// Whether the segment from `from` one step in `direction` is in the set.
    #[must_use]
    pub fn contains(&self, from: Point, direction: Direction) -> bool {
        SegmentSet::key(from, direction).is_some_and(|key| self.0[key / 64] & (1 << (key % 64)) != 0)
    }

    /// Adds the segment from `from` one step in `direction` (nothing when it leaves the largest field).
    pub fn insert(&mut self, from: Point, direction: Direction) {
        if let Some(key) = SegmentSet::key(from, direction) {
            self.0[key / 64] |= 1 << (key % 64);
        }
    }

    /// Removes the segment from `from` one step in `direction`.
    pub fn remove(&mut self, from: Point, direction: Direction) {
        if let Some(key) = SegmentSet::key(from, direction) {
            self.0[key / 64] &= !(1 << (key % 64));
        }
    }

    /// How many segments are in the set.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_is_the_same_from_either_end() {
        let mut set = SegmentSet::default();
        let from = Point { x: 2, y: -3 };
        set.insert(from, Direction::SouthWest);
        let to = from.shifted(Direction::SouthWest, 1).expect("on the field");
        assert_eq!(to, Point { x: 1, y: -4 });
        assert!(set.contains(to, Direction::NorthEast));
        assert!(!set.contains(from, Direction::South));
        assert_eq!(set.len(), 1);
        set.remove(to, Direction::NorthEast);
        assert!(set.is_empty());
    }

    #[test]
    fn corner_points_of_the_largest_field_have_distinct_bits() {
        let mut set = PointSet::default();
        for x in [-MAX_HALF_WIDTH, MAX_HALF_WIDTH] {
            for y in [-MAX_HALF_LENGTH, MAX_HALF_LENGTH] {
                set.insert(Point { x, y });
            }
        }
        assert_eq!(set.len(), 4);
        assert_eq!(Point::CENTRE.shifted(Direction::North, MAX_HALF_LENGTH + 1), None);
        let outside = Point { x: 100, y: i8::MIN };
        assert_eq!(outside.shifted(Direction::South, 1), None);
        assert!(!Field::new(20, 30, 2, false).contains(outside));
        set.insert(outside);
        assert!(!set.contains(outside), "a point outside the largest field is in no set");
        assert_eq!(set.len(), 4);
    }

    #[test]
    fn forbidden_set_is_the_out_line_and_the_russian_post_tips() {
        let line = Field::new(20, 30, 2, false);
        assert!(line.is_mouth(Point { x: 2, y: 15 }));
        assert!(!line.is_forbidden(Point { x: -2, y: -15 }));
        assert!(line.is_forbidden(Point { x: 3, y: 15 }));
        assert!(line.is_forbidden(Point { x: 10, y: 15 }), "corners are out-line");
        assert!(line.is_forbidden(Point { x: -10, y: 0 }));
        assert!(!line.is_forbidden(Point { x: 3, y: 14 }), "no post tips in line");
        let russian = Field::new(40, 52, 2, true);
        assert!(russian.is_forbidden(Point { x: 3, y: 25 }));
        assert!(russian.is_forbidden(Point { x: -3, y: -25 }));
        assert!(!russian.is_forbidden(Point { x: 2, y: 25 }));
        assert_eq!(russian.attacker_of(Point { x: 0, y: 26 }), Seat::FIRST);
        assert_eq!(russian.attacker_of(Point { x: 0, y: -26 }), Seat::SECOND);
        assert_eq!(Point { x: -20, y: 26 }.to_kurnik(russian), (0, 0));
    }
}
