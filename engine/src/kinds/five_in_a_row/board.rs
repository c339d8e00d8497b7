//! Points, colours and the stones on the board.

use std::fmt;
use std::hash::{Hash, Hasher};

use super::rules::{ENDLESS_REACH, MAX_SIDE};

/// The most stones a board holds: every point of the largest bounded board. The endless board is held to the
/// same number (see [`Stones`]).
pub const MAX_STONES: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// A point: `x` from the left and `y` from the bottom. On a bounded board both count from 0 (`a1` is `0,0`); on
/// the endless board they are signed, the first stone at `0,0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// The column.
    pub x: i16,
    /// The row.
    pub y: i16,
}

impl Point {
    /// The point in column `x` and row `y`.
    #[must_use]
    pub const fn new(x: i16, y: i16) -> Point {
        Point { x, y }
    }

    /// This point moved `steps` times by `(dx, dy)`.
    #[must_use]
    pub const fn shifted(self, (dx, dy): (i16, i16), steps: i16) -> Point {
        Point { x: self.x + dx * steps, y: self.y + dy * steps }
    }

    /// How many rows or columns apart two points are, whichever is more (the `pro` openings' distance).
    #[must_use]
    pub const fn distance(self, other: Point) -> i16 {
        let dx = (self.x - other.x).abs();
        let dy = (self.y - other.y).abs();
        if dx > dy {
            dx
        } else {
            dy
        }
    }
}

/// The colour of a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Places the first stone.
    Black,
    /// Places the second stone.
    White,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub const fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The letter of the colour choice actions, `B` or `W`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::White => "white",
        })
    }
}

/// Points per row of the packed numbering: every column of the endless board.
const PACKED_STRIDE: i32 = 2 * ENDLESS_REACH as i32 + 1;

/// The stones on the board, as a sorted array of fixed capacity: each stone one `u32`, its point numbered row by
/// row (`y` first, then `x`) times two, plus one for White.
///
/// Why this and not a grid: the endless board has 2001 × 2001 points, too many for a grid inside a position
/// that is copied for every move, and a hash set would allocate as it grows. A sorted array holds both boards
/// alike without allocating, finds a point by binary search, keeps one order for one set of stones (so
/// equality, hashing and the position key need no canonicalisation), and costs a shift of the later stones per
/// placement, cheap at these sizes. The price is a capacity: [`MAX_STONES`], the largest bounded board's points,
/// which the endless board shares (the position treats it as full then).
#[derive(Clone, Copy)]
pub struct Stones {
    len: u16,
    packed: [u32; MAX_STONES],
}

impl Stones {
    /// No stones.
    pub const EMPTY: Stones = Stones { len: 0, packed: [0; MAX_STONES] };

    /// How many stones.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are no stones.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether no stone fits any more.
    #[must_use]
    pub const fn is_full(&self) -> bool {
        self.len as usize == MAX_STONES
    }

    /// The colour of the stone on `point`, if any.
    #[must_use]
    pub fn at(&self, point: Point) -> Option<Colour> {
        let number = number_of(point)?;
        let index = self.packed[..self.len()].binary_search_by(|&packed| (packed >> 1).cmp(&number)).ok()?;
        Some(colour_of(self.packed[index]))
    }

    /// Puts a stone of `colour` on the empty `point`, which must lie on the endless board's reach, while there
    /// is room.
    pub fn insert(&mut self, point: Point, colour: Colour) {
        let number = number_of(point).expect("a point on the board");
        let len = self.len();
        assert!(len < MAX_STONES, "no room for another stone");
        let index = match self.packed[..len].binary_search_by(|&packed| (packed >> 1).cmp(&number)) {
            Err(index) => index,
            Ok(_) => panic!("{point:?} is taken"),
        };
        self.packed.copy_within(index..len, index + 1);
        self.packed[index] = number << 1 | u32::from(colour == Colour::White);
        self.len += 1;
    }

    /// Every stone, row by row from the bottom, each row from the left.
    pub fn iter(&self) -> impl Iterator<Item = (Point, Colour)> + '_ {
        self.packed[..self.len()].iter().map(|&packed| {
            let number = (packed >> 1) as i32;
            let point = Point::new(
                (number % PACKED_STRIDE - i32::from(ENDLESS_REACH)) as i16,
                (number / PACKED_STRIDE - i32::from(ENDLESS_REACH)) as i16,
            );
            (point, colour_of(packed))
        })
    }

    /// How many stones of `colour`.
    #[must_use]
    pub fn count(&self, colour: Colour) -> usize {
        let white = self.packed[..self.len()].iter().filter(|&&packed| packed & 1 == 1).count();
        match colour {
            Colour::White => white,
            Colour::Black => self.len() - white,
        }
    }
}

/// The row-by-row number of a point within the endless board's reach (which holds every bounded board).
fn number_of(point: Point) -> Option<u32> {
    let reach = i32::from(ENDLESS_REACH);
    let (x, y) = (i32::from(point.x) + reach, i32::from(point.y) + reach);
    ((0..PACKED_STRIDE).contains(&x) && (0..PACKED_STRIDE).contains(&y)).then(|| (y * PACKED_STRIDE + x) as u32)
}

fn colour_of(packed: u32) -> Colour {
    if packed & 1 == 1 {
        Colour::White
    } else {
        Colour::Black
    }
}

impl PartialEq for Stones {
    fn eq(&self, other: &Stones) -> bool {
        self.packed[..self.len()] == other.packed[..other.len()]
    }
}

impl Eq for Stones {}

impl Hash for Stones {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.packed[..self.len()].hash(state);
    }
}

impl fmt::Debug for Stones {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter().map(|(point, colour)| (point.x, point.y, colour.letter()))).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stones_stay_sorted_row_by_row_and_are_found() {
        let mut stones = Stones::EMPTY;
        let placed =
            [(3, -2, Colour::Black), (0, 0, Colour::White), (-1000, 1000, Colour::Black), (1000, -1000, Colour::White)];
        for (x, y, colour) in placed {
            stones.insert(Point::new(x, y), colour);
        }
        for (x, y, colour) in placed {
            assert_eq!(stones.at(Point::new(x, y)), Some(colour));
        }
        assert_eq!(stones.at(Point::new(1, 0)), None);
        assert_eq!(stones.at(Point::new(1001, 0)), None, "past the reach");
        let order: Vec<(i16, i16)> = stones.iter().map(|(point, _)| (point.x, point.y)).collect();
        assert_eq!(order, [(1000, -1000), (3, -2), (0, 0), (-1000, 1000)]);
        assert_eq!((stones.count(Colour::Black), stones.count(Colour::White)), (2, 2));
    }

    #[test]
    fn the_same_stones_in_any_order_are_equal() {
        let mut first = Stones::EMPTY;
        let mut second = Stones::EMPTY;
        first.insert(Point::new(1, 1), Colour::Black);
        first.insert(Point::new(0, 2), Colour::White);
        second.insert(Point::new(0, 2), Colour::White);
        second.insert(Point::new(1, 1), Colour::Black);
        assert_eq!(first, second);
        second.insert(Point::new(2, 2), Colour::Black);
        assert_ne!(first, second);
        assert_eq!(Point::new(2, -5).distance(Point::new(0, 0)), 5);
    }
}
