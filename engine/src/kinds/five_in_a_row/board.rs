//! Points, colours and the stones on the board.

use std::fmt;
use std::hash::{Hash, Hasher};

use super::limits::{ENDLESS_REACH, MAX_SIDE};

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

/// The 64-bit words of one colour's bitset: a bit for every point of the largest bounded board.
const WORDS: usize = MAX_STONES.div_ceil(64);

/// The stones on the board: a bitset per colour on a bounded board, a boxed sorted array on the endless one.
///
/// Why two stores: a position is a plain value the server copies for every move, so its size counts. A bounded
/// board has at most 25 × 25 points, so two bitsets of 625 bits (a bit per point numbered row by row, `y` then
/// `x`) hold it in 160 bytes, and checking or placing a stone is a bit test or a bit set: nothing allocates.
/// The endless board has 2001 × 2001 points, far too many for a bitset, so its stones are a sorted array of
/// fixed capacity ([`MAX_STONES`], shared with the largest bounded board), each stone one `u32` (its point
/// numbered row by row across the reach, times two, plus one for White), found by binary search. That array
/// is 2.5 KiB, so it lives behind a box, paid only by endless games: creating or cloning an endless position
/// allocates that box once; checking, listing and placing a stone allocate nothing, the capacity being
/// reserved from the start. Both stores keep one order for one set of stones (row by row from the bottom,
/// each row from the left), so equality, hashing and the position key need no canonicalisation.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Stones {
    /// The stones of a bounded board.
    Bounded(Bitboard),
    /// The stones of the endless board.
    Endless(Box<EndlessStones>),
}

/// The stones of a bounded board of at most 25 × 25 points: a bit per point and colour, point `x,y` at bit
/// `y * width + x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bitboard {
    width: u8,
    height: u8,
    len: u16,
    black: [u64; WORDS],
    white: [u64; WORDS],
}

/// The stones of the endless board, as a sorted array of fixed capacity (see [`Stones`]).
#[derive(Clone, Debug)]
pub struct EndlessStones {
    len: u16,
    packed: [u32; MAX_STONES],
}

impl Stones {
    /// No stones on a bounded board of `width` × `height` points (each side at most 25).
    #[must_use]
    pub fn bounded(width: u8, height: u8) -> Stones {
        assert!(usize::from(width) * usize::from(height) <= MAX_STONES, "a bounded board of at most 25 x 25");
        Stones::Bounded(Bitboard { width, height, len: 0, black: [0; WORDS], white: [0; WORDS] })
    }

    /// No stones on the endless board. Allocates its array (see [`Stones`]).
    #[must_use]
    pub fn endless() -> Stones {
        Stones::Endless(Box::new(EndlessStones { len: 0, packed: [0; MAX_STONES] }))
    }

    /// How many stones.
    #[must_use]
    pub const fn len(&self) -> usize {
        match self {
            Stones::Bounded(bits) => bits.len as usize,
            Stones::Endless(endless) => endless.len as usize,
        }
    }

    /// Whether there are no stones.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether no stone fits any more: every point of a bounded board taken, or [`MAX_STONES`] on the endless
    /// board.
    #[must_use]
    pub const fn is_full(&self) -> bool {
        match self {
            Stones::Bounded(bits) => bits.len as usize == bits.width as usize * bits.height as usize,
            Stones::Endless(endless) => endless.len as usize == MAX_STONES,
        }
    }

    /// The colour of the stone on `point`, if any.
    #[must_use]
    pub fn at(&self, point: Point) -> Option<Colour> {
        match self {
            Stones::Bounded(bits) => {
                let index = bits.index(point)?;
                if bit(&bits.black, index) {
                    Some(Colour::Black)
                } else if bit(&bits.white, index) {
                    Some(Colour::White)
                } else {
                    None
                }
            }
            Stones::Endless(endless) => {
                let index = endless.find(number_of(point)?).ok()?;
                Some(colour_of(endless.packed[index]))
            }
        }
    }

    /// Puts a stone of `colour` on the empty `point`, which must lie on the board, while there is room.
    pub fn insert(&mut self, point: Point, colour: Colour) {
        match self {
            Stones::Bounded(bits) => {
                let index = bits.index(point).expect("a point on the board");
                assert!(!bit(&bits.black, index) && !bit(&bits.white, index), "{point:?} is taken");
                let set = match colour {
                    Colour::Black => &mut bits.black,
                    Colour::White => &mut bits.white,
                };
                set[index / 64] |= 1 << (index % 64);
                bits.len += 1;
            }
            Stones::Endless(endless) => {
                let number = number_of(point).expect("a point on the board");
                let len = usize::from(endless.len);
                assert!(len < MAX_STONES, "no room for another stone");
                let index = match endless.find(number) {
                    Err(index) => index,
                    Ok(_) => panic!("{point:?} is taken"),
                };
                endless.packed.copy_within(index..len, index + 1);
                endless.packed[index] = number << 1 | u32::from(colour == Colour::White);
                endless.len += 1;
            }
        }
    }

    /// Calls `visit` with every stone, row by row from the bottom, each row from the left.
    pub fn for_each(&self, mut visit: impl FnMut(Point, Colour)) {
        match self {
            Stones::Bounded(bits) => {
                let width = usize::from(bits.width);
                for (word, (&black, &white)) in bits.black.iter().zip(&bits.white).enumerate() {
                    let mut taken = black | white;
                    while taken != 0 {
                        let index = word * 64 + taken.trailing_zeros() as usize;
                        taken &= taken - 1;
                        // Indices stop below 625, so both coordinates fit an i16.
                        let point = Point::new((index % width) as i16, (index / width) as i16);
                        visit(point, if bit(&bits.black, index) { Colour::Black } else { Colour::White });
                    }
                }
            }
            Stones::Endless(endless) => {
                for &packed in &endless.packed[..usize::from(endless.len)] {
                    let number = (packed >> 1) as i32;
                    let point = Point::new(
                        (number % PACKED_STRIDE - i32::from(ENDLESS_REACH)) as i16,
                        (number / PACKED_STRIDE - i32::from(ENDLESS_REACH)) as i16,
                    );
                    visit(point, colour_of(packed));
                }
            }
        }
    }

    /// How many stones of `colour`.
    #[must_use]
    pub fn count(&self, colour: Colour) -> usize {
        match self {
            Stones::Bounded(bits) => {
                let set = match colour {
                    Colour::Black => &bits.black,
                    Colour::White => &bits.white,
                };
                set.iter().map(|word| word.count_ones() as usize).sum()
            }
            Stones::Endless(endless) => {
                let len = usize::from(endless.len);
                let white = endless.packed[..len].iter().filter(|&&packed| packed & 1 == 1).count();
                match colour {
                    Colour::White => white,
                    Colour::Black => len - white,
                }
            }
        }
    }
}

impl Bitboard {
    /// The bit of `point`, if it lies on the board.
    fn index(&self, point: Point) -> Option<usize> {
        let (x, y) = (usize::try_from(point.x).ok()?, usize::try_from(point.y).ok()?);
        (x < usize::from(self.width) && y < usize::from(self.height)).then(|| y * usize::from(self.width) + x)
    }
}

impl EndlessStones {
    /// Where the stone numbered `number` stands in the array, or where it would go.
    fn find(&self, number: u32) -> Result<usize, usize> {
        self.packed[..usize::from(self.len)].binary_search_by(|&packed| (packed >> 1).cmp(&number))
    }

    /// The stones of row `y` from column `x` on, as indices into the array (empty past the reach).
    fn row_from(&self, x: i16, y: i16) -> std::ops::Range<usize> {
        let reach = i32::from(ENDLESS_REACH);
        if i32::from(y).abs() > reach {
            return 0..0;
        }
        let row = (i32::from(y) + reach) * PACKED_STRIDE;
        let first = (row + (i32::from(x) + reach).clamp(0, PACKED_STRIDE)) as u32;
        let end = (row + PACKED_STRIDE) as u32;
        let stones = &self.packed[..usize::from(self.len)];
        stones.partition_point(|&packed| packed >> 1 < first)..stones.partition_point(|&packed| packed >> 1 < end)
    }

    /// The column of the stone at array index `index`.
    fn x_at(&self, index: usize) -> i16 {
        ((self.packed[index] >> 1) as i32 % PACKED_STRIDE - i32::from(ENDLESS_REACH)) as i16
    }

    /// Whether a stone stands within `distance` rows and columns of `point` (the point's own included).
    #[must_use]
    pub fn has_stone_within(&self, point: Point, distance: i16) -> bool {
        (point.y - distance..=point.y + distance).any(|y| {
            let row = self.row_from(point.x - distance, y);
            row.start < row.end && self.x_at(row.start) <= point.x + distance
        })
    }

    /// Calls `visit` with every point of the reach within `distance` (at most [`MAX_LINE`](super::limits::MAX_LINE))
    /// rows and columns of a stone, taken points included, row by row from the bottom, each row from the left.
    /// Each row merges the stones of the rows near it, which the array holds sorted, so nothing allocates and
    /// the work grows with the points visited, not with the board.
    pub fn for_each_near(&self, distance: i16, mut visit: impl FnMut(Point)) {
        let len = usize::from(self.len);
        if len == 0 {
            return;
        }
        let row_of =
            |index: usize| ((self.packed[index] >> 1) as i32 / PACKED_STRIDE - i32::from(ENDLESS_REACH)) as i16;
        let (bottom, top) = (row_of(0), row_of(len - 1));
        let mut rows = [(0, 0); 2 * super::limits::MAX_LINE as usize + 1];
        let rows = &mut rows[..(2 * distance + 1) as usize];
        for y in (bottom - distance).max(-ENDLESS_REACH)..=(top + distance).min(ENDLESS_REACH) {
            for (row, near_y) in rows.iter_mut().zip(y - distance..=y + distance) {
                let stones = self.row_from(-ENDLESS_REACH, near_y);
                *row = (stones.start, stones.end);
            }
            let mut next = -ENDLESS_REACH;
            loop {
                // The leftmost point at or past `next` that a stone of the nearby rows reaches.
                let mut found: Option<i16> = None;
                for row in rows.iter_mut() {
                    while row.0 < row.1 && self.x_at(row.0) + distance < next {
                        row.0 += 1;
                    }
                    if row.0 < row.1 {
                        let x = (self.x_at(row.0) - distance).max(next);
                        found = Some(found.map_or(x, |found| found.min(x)));
                    }
                }
                match found {
                    Some(x) if x <= ENDLESS_REACH => {
                        visit(Point::new(x, y));
                        next = x + 1;
                    }
                    _ => break,
                }
            }
        }
    }
}

fn bit(set: &[u64; WORDS], index: usize) -> bool {
    set[index / 64] >> (index % 64) & 1 == 1
}

/// The row-by-row number of a point within the endless board's reach.
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

impl PartialEq for EndlessStones {
    fn eq(&self, other: &EndlessStones) -> bool {
        self.packed[..usize::from(self.len)] == other.packed[..usize::from(other.len)]
    }
}

impl Eq for EndlessStones {}

impl Hash for EndlessStones {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.packed[..usize::from(self.len)].hash(state);
    }
}

impl fmt::Debug for Stones {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut list = f.debug_list();
        self.for_each(|point, colour| {
            list.entry(&(point.x, point.y, colour.letter()));
        });
        list.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(stones: &Stones) -> Vec<(i16, i16, Colour)> {
        let mut listed = Vec::new();
        stones.for_each(|point, colour| listed.push((point.x, point.y, colour)));
        listed
    }

    #[test]
    fn endless_stones_stay_sorted_row_by_row_and_are_found() {
        let mut stones = Stones::endless();
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
        let order: Vec<(i16, i16)> = listed(&stones).into_iter().map(|(x, y, _)| (x, y)).collect();
        assert_eq!(order, [(1000, -1000), (3, -2), (0, 0), (-1000, 1000)]);
        assert_eq!((stones.count(Colour::Black), stones.count(Colour::White)), (2, 2));
    }

    #[test]
    fn bounded_stones_are_listed_row_by_row_and_found_by_their_bit() {
        let mut stones = Stones::bounded(25, 25);
        // The first and last points, and points either side of the words' boundaries (bits 63/64, 127/128).
        let placed = [
            (24, 24, Colour::White),
            (0, 0, Colour::Black),
            (13, 2, Colour::White),
            (14, 2, Colour::Black),
            (2, 5, Colour::Black),
            (3, 5, Colour::White),
        ];
        for (x, y, colour) in placed {
            stones.insert(Point::new(x, y), colour);
        }
        for (x, y, colour) in placed {
            assert_eq!(stones.at(Point::new(x, y)), Some(colour), "{x},{y}");
        }
        assert_eq!(stones.at(Point::new(1, 0)), None);
        assert_eq!(stones.at(Point::new(25, 0)), None, "past the edge");
        assert_eq!(stones.at(Point::new(0, -1)), None, "below the edge");
        let mut sorted = placed;
        sorted.sort_by_key(|&(x, y, _)| (y, x));
        assert_eq!(listed(&stones), sorted);
        assert_eq!((stones.count(Colour::Black), stones.count(Colour::White), stones.len()), (3, 3, 6));
        assert!(!stones.is_full());
    }

    #[test]
    fn a_bounded_board_is_full_when_every_point_is_taken() {
        let mut stones = Stones::bounded(3, 4);
        for y in 0..4 {
            for x in 0..3 {
                assert!(!stones.is_full());
                stones.insert(Point::new(x, y), if (x + y) % 2 == 0 { Colour::Black } else { Colour::White });
            }
        }
        assert!(stones.is_full());
        assert_eq!(stones.at(Point::new(3, 0)), None, "a narrow board's row ends at its width");
        assert_eq!(listed(&stones)[3], (0, 1, Colour::White), "the second row starts at its first column");
    }

    #[test]
    fn the_same_stones_in_any_order_are_equal() {
        for empty in [Stones::endless(), Stones::bounded(15, 15)] {
            let mut first = empty.clone();
            let mut second = empty;
            first.insert(Point::new(1, 1), Colour::Black);
            first.insert(Point::new(0, 2), Colour::White);
            second.insert(Point::new(0, 2), Colour::White);
            second.insert(Point::new(1, 1), Colour::Black);
            assert_eq!(first, second);
            second.insert(Point::new(2, 2), Colour::Black);
            assert_ne!(first, second);
        }
        assert_eq!(Point::new(2, -5).distance(Point::new(0, 0)), 5);
    }
}
