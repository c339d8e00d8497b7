//! The field's geometry: its validated size, points, and a fixed-size set of points.

use std::fmt;

/// The smallest side of a field.
pub const MIN_SIDE: u8 = 2;
/// The largest side of a field: SGF writes a coordinate as one of 52 letters.
pub const MAX_SIDE: u8 = 52;
/// Points are numbered `y * MAX_SIDE + x` whatever the field's size, so every set has the same storage.
pub const MAX_POINTS: usize = MAX_SIDE as usize * MAX_SIDE as usize;
/// `u64` words of a [`PointSet`].
const WORDS: usize = MAX_POINTS.div_ceil(64);

/// The size of a field: `width` columns × `height` rows of points, each side `MIN_SIDE..=MAX_SIDE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FieldSize {
    width: u8,
    height: u8,
}

/// A side of a field outside `MIN_SIDE..=MAX_SIDE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a Dots field is {MIN_SIDE} to {MAX_SIDE} points a side, not {width}x{height}")]
pub struct SizeError {
    /// The refused width.
    pub width: u8,
    /// The refused height.
    pub height: u8,
}

impl FieldSize {
    /// The field of `width` × `height` points, if both sides are allowed.
    pub const fn new(width: u8, height: u8) -> Result<FieldSize, SizeError> {
        if width >= MIN_SIDE && width <= MAX_SIDE && height >= MIN_SIDE && height <= MAX_SIDE {
            Ok(FieldSize { width, height })
        } else {
            Err(SizeError { width, height })
        }
    }

    /// Columns (x runs `0..width`).
    #[must_use]
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Rows (y runs `0..height`, top to bottom).
    #[must_use]
    pub const fn height(self) -> u8 {
        self.height
    }

    /// Whether the signed coordinates lie on the field.
    #[must_use]
    pub const fn contains_xy(self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.width as i32 && y < self.height as i32
    }

    /// Whether `point` lies on the field.
    #[must_use]
    pub const fn contains(self, point: Point) -> bool {
        point.x < self.width && point.y < self.height
    }

    /// Whether `point` is on the field's edge (rule 1.2): such a point is always outside any enclosure.
    #[must_use]
    pub const fn is_edge(self, point: Point) -> bool {
        point.x == 0 || point.y == 0 || point.x == self.width - 1 || point.y == self.height - 1
    }

    /// Every point in row-major order (the order of rule 4.4's ties and of legal moves).
    pub fn points(self) -> impl Iterator<Item = Point> {
        let (width, height) = (self.width, self.height);
        (0..height).flat_map(move |y| (0..width).map(move |x| Point { x, y }))
    }

    /// The on-field 4-neighbours of `point`: up, right, down, left.
    pub fn neighbours(self, point: Point) -> impl Iterator<Item = Point> {
        let (x, y) = (i32::from(point.x), i32::from(point.y));
        [(0, -1), (1, 0), (0, 1), (-1, 0)].into_iter().filter_map(move |(dx, dy)| self.point(x + dx, y + dy))
    }

    /// The point at signed coordinates, if it is on the field.
    #[must_use]
    pub fn point(self, x: i32, y: i32) -> Option<Point> {
        // The casts are lossless: `contains_xy` bounds both to 0..52.
        self.contains_xy(x, y).then_some(Point { x: x as u8, y: y as u8 })
    }
}

impl Default for FieldSize {
    /// 39×32, the seed's field (rule 1.1).
    fn default() -> FieldSize {
        FieldSize { width: 39, height: 32 }
    }
}

impl fmt::Display for FieldSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// A point of a field: `x` from the left, `y` from the top (rule 1.2), both 0-based. Points sort in
/// row-major order, the field's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Point {
    /// Column, 0 on the left.
    pub x: u8,
    /// Row, 0 at the top.
    pub y: u8,
}

impl Point {
    /// The point at column `x`, row `y`.
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// The point's number in row-major order, `y * MAX_SIDE + x`: its place in a [`PointSet`] and in a grid.
    #[must_use]
    pub const fn index(self) -> usize {
        self.y as usize * MAX_SIDE as usize + self.x as usize
    }

    /// The point numbered `index` (the inverse of [`Point::index`]).
    #[must_use]
    pub const fn from_index(index: usize) -> Point {
        // Lossless for indices below MAX_POINTS, the only ones a grid or set holds.
        Point { x: (index % MAX_SIDE as usize) as u8, y: (index / MAX_SIDE as usize) as u8 }
    }
}

impl Ord for Point {
    fn cmp(&self, other: &Point) -> std::cmp::Ordering {
        self.index().cmp(&other.index())
    }
}

impl PartialOrd for Point {
    fn partial_cmp(&self, other: &Point) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// A set of points in fixed storage (one bit per point of the largest field), so it is `Copy` and never
/// allocates.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PointSet {
    words: [u64; WORDS],
}

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet { words: [0; WORDS] };

    /// Adds `point`; whether it was new.
    pub fn insert(&mut self, point: Point) -> bool {
        let (word, bit) = (point.index() / 64, point.index() % 64);
        let new = self.words[word] & (1 << bit) == 0;
        self.words[word] |= 1 << bit;
        new
    }

    /// Whether `point` is in the set.
    #[must_use]
    pub const fn contains(&self, point: Point) -> bool {
        self.words[point.index() / 64] & (1 << (point.index() % 64)) != 0
    }

    /// The number of points.
    #[must_use]
    pub fn len(&self) -> usize {
        self.words.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// Whether the set has no point.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&word| word == 0)
    }

    /// The points in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.words.iter().enumerate().flat_map(|(at, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    Point::from_index(at * 64 + bit)
                })
            })
        })
    }

    /// The first point in row-major order.
    #[must_use]
    pub fn first(&self) -> Option<Point> {
        self.iter().next()
    }
}

impl Default for PointSet {
    fn default() -> PointSet {
        PointSet::EMPTY
    }
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|point| (point.x, point.y))).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_two_to_fifty_two_are_refused() {
        assert!(FieldSize::new(2, 52).is_ok());
        assert_eq!(FieldSize::new(1, 5), Err(SizeError { width: 1, height: 5 }));
        assert!(FieldSize::new(5, 53).is_err());
    }

    #[test]
    fn edge_points_are_the_outer_ring() {
        let size = FieldSize::new(5, 3).expect("valid");
        let edge: Vec<Point> = size.points().filter(|&p| size.is_edge(p)).collect();
        assert_eq!(edge.len(), 12);
        assert!(!size.is_edge(Point::new(2, 1)));
    }

    #[test]
    fn a_set_lists_its_points_in_row_major_order() {
        let mut set = PointSet::EMPTY;
        for point in [Point::new(51, 51), Point::new(3, 1), Point::new(0, 2), Point::new(7, 1)] {
            assert!(set.insert(point));
        }
        assert!(!set.insert(Point::new(3, 1)));
        let listed: Vec<Point> = set.iter().collect();
        assert_eq!(listed, [Point::new(3, 1), Point::new(7, 1), Point::new(0, 2), Point::new(51, 51)]);
        assert_eq!(set.len(), 4);
        assert_eq!(set.first(), Some(Point::new(3, 1)));
    }
}
