//! Start positions (§2): the dots each seat has before the first move.

use super::field::{FieldSize, Point};
use crate::Seat;

/// The largest `random(n)`: more blocks than this no longer fit apart on the largest field's middle.
pub const MAX_RANDOM_BLOCKS: u8 = 16;

/// How the field starts (§2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Start {
    /// No dots; each player's first dot must lie in the first-move zone (2.1).
    Empty,
    /// One 2×2 cross in the middle (2.3).
    #[default]
    Cross,
    /// Two crosses side by side, `B R R B` over `R B B R` (2.4).
    Cross2,
    /// Four crosses towards the corners (2.5).
    Cross4,
    /// `blocks` crosses at places drawn from the layout's [`seed`](Layout::seed) (2.6).
    Random {
        /// How many crosses, 1 to [`MAX_RANDOM_BLOCKS`].
        blocks: u8,
    },
    /// Dots given by a record (an imported SGF's `AB`/`AW` that match no other start). A game created from
    /// rules alone with this start has an empty field and no zone.
    Custom,
}

/// What a start position is made from (the parts of the rules it depends on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// How the field starts.
    pub start: Start,
    /// The field.
    pub size: FieldSize,
    /// Where the random crosses' corners are drawn from.
    pub seed: u64,
}

/// Draws per random cross before it is given up (only a field too small for `n` apart crosses needs them).
const DRAWS_PER_BLOCK: u32 = 1000;

/// The top-left corners of the crosses of a start, at most [`MAX_RANDOM_BLOCKS`] (and never more than four
/// for the fixed starts). Each cross has the first seat on the `\` diagonal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Corners {
    corners: [Point; MAX_RANDOM_BLOCKS as usize],
    len: usize,
}

impl Corners {
    fn push(&mut self, corner: Point) {
        self.corners[self.len] = corner;
        self.len += 1;
    }

    /// The corners, in the order they were drawn.
    #[must_use]
    pub fn as_slice(&self) -> &[Point] {
        &self.corners[..self.len]
    }
}

/// The top-left corners of the `cross` blocks of a start (none for `empty`, `custom` and `cross2`, whose
/// blocks are not crosses on the `\` diagonal). Blocks that do not fit the field, or would touch an earlier
/// block (`cross4` on a field too small for it; touching crosses enclose each other's dots), are left out.
#[must_use]
pub fn cross_corners(layout: Layout) -> Corners {
    let size = layout.size;
    let (width, height) = (i32::from(size.width()), i32::from(size.height()));
    let mut corners = Corners { corners: [Point::new(0, 0); MAX_RANDOM_BLOCKS as usize], len: 0 };
    let mut add = |x: i32, y: i32| {
        let overlaps =
            corners.as_slice().iter().any(|c| (i32::from(c.x) - x).abs() < 3 && (i32::from(c.y) - y).abs() < 3);
        if size.contains_xy(x, y) && size.contains_xy(x + 1, y + 1) && !overlaps {
            corners.push(Point::new(x as u8, y as u8));
        }
    };
    match layout.start {
        Start::Empty | Start::Custom | Start::Cross2 => {}
        Start::Cross => add((width - 1) / 2, height / 2 - 1),
        Start::Cross4 => {
            let (a, b) = if (width, height) == (39, 32) { (11, 10) } else { ((width - 3) / 3, (height - 3) / 3) };
            for (x, y) in [(a, b), (width - 2 - a, b), (a, height - 2 - b), (width - 2 - a, height - 2 - b)] {
                add(x, y);
            }
        }
        Start::Random { blocks } => return random_corners(size, blocks.min(MAX_RANDOM_BLOCKS), layout.seed),
    }
    corners
}

/// The dots of the start, first seat then second, calling `place` for each.
pub fn for_each_start_dot(layout: Layout, mut place: impl FnMut(Seat, Point)) {
    if layout.start == Start::Cross2 {
        let size = layout.size;
        let (x0, y0) = ((i32::from(size.width()) - 1) / 2, i32::from(size.height()) / 2 - 1);
        let rows = [
            [Seat::FIRST, Seat::SECOND, Seat::SECOND, Seat::FIRST],
            [Seat::SECOND, Seat::FIRST, Seat::FIRST, Seat::SECOND],
        ];
        for (dy, row) in (0..).zip(rows) {
            for (dx, seat) in (-1..).zip(row) {
                if let Some(point) = size.point(x0 + dx, y0 + dy) {
                    place(seat, point);
                }
            }
        }
        return;
    }
    for &corner in cross_corners(layout).as_slice() {
        let (x, y) = (corner.x, corner.y);
        place(Seat::FIRST, Point::new(x, y));
        place(Seat::FIRST, Point::new(x + 1, y + 1));
        place(Seat::SECOND, Point::new(x + 1, y));
        place(Seat::SECOND, Point::new(x, y + 1));
    }
}

/// Rule 2.6: corners uniform in `[k, side-2-k]` (k = ⌊min(W,H)/4⌋), redrawn when within Chebyshev distance 3
/// of an earlier one. The draws come from SplitMix64 seeded with `seed`, so the same rules give the same start.
fn random_corners(size: FieldSize, blocks: u8, seed: u64) -> Corners {
    let mut corners = Corners { corners: [Point::new(0, 0); MAX_RANDOM_BLOCKS as usize], len: 0 };
    let k = u64::from(size.width().min(size.height()) / 4);
    let (width, height) = (u64::from(size.width()), u64::from(size.height()));
    if width < 2 + 2 * k || height < 2 + 2 * k {
        return corners;
    }
    let (x_span, y_span) = (width - 1 - 2 * k, height - 1 - 2 * k);
    let mut state = seed;
    for _ in 0..blocks {
        for _ in 0..DRAWS_PER_BLOCK {
            // The spans are at most 51, so the draws and the sums fit a u8.
            let x = (k + splitmix64(&mut state) % x_span) as u8;
            let y = (k + splitmix64(&mut state) % y_span) as u8;
            let apart = corners.as_slice().iter().all(|c| c.x.abs_diff(x).max(c.y.abs_diff(y)) >= 3);
            if apart {
                corners.push(Point::new(x, y));
                break;
            }
        }
    }
    corners
}

/// SplitMix64: the next number of the sequence in `state`.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(start: Start, seed: u64) -> Layout {
        Layout { start, size: FieldSize::default(), seed }
    }

    fn dots(layout: Layout) -> Vec<(Seat, Point)> {
        let mut dots = Vec::new();
        for_each_start_dot(layout, |seat, point| dots.push((seat, point)));
        dots
    }

    #[test]
    fn cross_on_39_by_32_is_the_official_cross() {
        let placed = dots(layout(Start::Cross, 0));
        assert_eq!(
            placed,
            [
                (Seat::FIRST, Point::new(19, 15)),
                (Seat::FIRST, Point::new(20, 16)),
                (Seat::SECOND, Point::new(20, 15)),
                (Seat::SECOND, Point::new(19, 16)),
            ]
        );
    }

    #[test]
    fn cross2_alternates_across_four_columns() {
        let placed = dots(layout(Start::Cross2, 0));
        let first: Vec<Point> = placed.iter().filter(|(s, _)| *s == Seat::FIRST).map(|&(_, p)| p).collect();
        assert_eq!(first, [Point::new(18, 15), Point::new(21, 15), Point::new(19, 16), Point::new(20, 16)]);
    }

    #[test]
    fn cross4_on_39_by_32_uses_eleven_and_ten() {
        let corners = cross_corners(layout(Start::Cross4, 0));
        let expected = [Point::new(11, 10), Point::new(26, 10), Point::new(11, 20), Point::new(26, 20)];
        assert_eq!(corners.as_slice(), expected);
    }

    #[test]
    fn random_crosses_are_reproducible_in_bounds_and_apart() {
        for seed in 0..200 {
            let corners = cross_corners(layout(Start::Random { blocks: 4 }, seed));
            assert_eq!(corners, cross_corners(layout(Start::Random { blocks: 4 }, seed)));
            assert_eq!(corners.as_slice().len(), 4);
            for (i, a) in corners.as_slice().iter().enumerate() {
                assert!((8..=29).contains(&a.x) && (8..=22).contains(&a.y), "{a:?}");
                for b in &corners.as_slice()[..i] {
                    assert!(a.x.abs_diff(b.x).max(a.y.abs_diff(b.y)) >= 3);
                }
            }
        }
        let (other, first) = (layout(Start::Random { blocks: 4 }, 1), layout(Start::Random { blocks: 4 }, 0));
        assert_ne!(cross_corners(other), cross_corners(first));
    }

    /// The browser draws random starts itself (web/js/kinds/dots/rules.js); its test expects these same corners.
    #[test]
    fn random_crosses_of_pinned_seeds() {
        let corners = |width, height, seed| {
            let size = FieldSize::new(width, height).expect("a size");
            let corners = cross_corners(Layout { start: Start::Random { blocks: 4 }, size, seed });
            corners.as_slice().iter().map(|p| (p.x, p.y)).collect::<Vec<_>>()
        };
        assert_eq!(corners(20, 20, 42), [(6, 6), (12, 11), (6, 10), (10, 6)]);
        assert_eq!(corners(39, 32, u64::from(u32::MAX)), [(8, 8), (21, 20), (10, 19), (19, 15)]);
    }
}
