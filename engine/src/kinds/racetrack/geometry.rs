//! Exact integer geometry of a move: which cells a segment between two cell centres passes through, in the order
//! it passes them, and whether it crosses the start/finish line.
//!
//! Cars stand on cell centres (a track's point is one character of its map). A cell is the closed unit square
//! around its centre; a segment *meets* a cell when it passes through the cell's open interior, so a segment that
//! only touches a cell's side or corner does not meet it (rules 2.3: touching the boundary is allowed). Every
//! test works in doubled coordinates, where centres are even and cell sides odd, so nothing is ever rounded.

/// A point of the grid: a cell centre, `x` the column of the map from 0 at the left, `y` its row from 0 at the
/// top. Velocities and accelerations are points too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// The column, from 0 at the left.
    pub x: i16,
    /// The row, from 0 at the top.
    pub y: i16,
}

impl Point {
    /// The point of column `x` and row `y`.
    #[must_use]
    pub const fn new(x: i16, y: i16) -> Point {
        Point { x, y }
    }

    /// The origin, which as a velocity is a car standing still.
    pub const ZERO: Point = Point { x: 0, y: 0 };

    /// The sum of two points, `None` on overflow.
    #[must_use]
    pub fn checked_add(self, other: Point) -> Option<Point> {
        Some(Point { x: self.x.checked_add(other.x)?, y: self.y.checked_add(other.y)? })
    }
}

impl std::ops::Add for Point {
    type Output = Point;

    /// The sum of two points; callers keep points within the map's range (see [`Point::checked_add`]).
    fn add(self, other: Point) -> Point {
        Point::new(self.x + other.x, self.y + other.y)
    }
}

impl std::fmt::Display for Point {
    /// The notation of a point: `x,y`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Whether the segment from `from` to `to` passes through the open interior of the cell centred on `cell`.
///
/// A separating-axis test: the closed segment and the open square are disjoint exactly when their projections
/// on the x axis, the y axis or the segment's normal do not overlap (touching counts as not overlapping).
#[must_use]
pub fn meets(from: Point, to: Point, cell: Point) -> bool {
    let (ax, ay) = (2 * i64::from(from.x), 2 * i64::from(from.y));
    let (bx, by) = (2 * i64::from(to.x), 2 * i64::from(to.y));
    let (cx, cy) = (2 * i64::from(cell.x), 2 * i64::from(cell.y));
    // The open square spans (cx - 1, cx + 1) and (cy - 1, cy + 1); on integers, ending at or before cx - 1 is
    // ending before cx.
    if ax.max(bx) < cx || ax.min(bx) > cx || ay.max(by) < cy || ay.min(by) > cy {
        return false;
    }
    let (dx, dy) = (bx - ax, by - ay);
    // The distance of the cell's centre from the segment's line along the normal (dy, -dx), against the square's
    // half-width projected on that normal (the square's half side is 1 in doubled coordinates).
    let across = dy * (cx - ax) - dx * (cy - ay);
    across.abs() < dx.abs() + dy.abs() || (dx == 0 && dy == 0)
}

/// Calls `visit` with every cell the segment from `from` to `to` meets, in the order the segment passes them,
/// `from` first and `to` last; stops early when `visit` answers `false`. Allocates nothing.
///
/// The cells of one column strip are passed together, and the strips in the order of x along the segment: x
/// changes monotonically along a segment, so the open strips are passed one after another, and within a strip y
/// changes monotonically too.
pub fn for_each_cell_met(from: Point, to: Point, mut visit: impl FnMut(Point) -> bool) {
    let x_step: i16 = if to.x >= from.x { 1 } else { -1 };
    let y_step: i16 = if to.y >= from.y { 1 } else { -1 };
    let mut x = from.x;
    loop {
        let mut y = from.y;
        loop {
            let cell = Point::new(x, y);
            if meets(from, to, cell) && !visit(cell) {
                return;
            }
            if y == to.y {
                break;
            }
            y += y_step;
        }
        if x == to.x {
            break;
        }
        x += x_step;
    }
}

/// The sense in which cars cross the start/finish line at the end of a lap: the way the map's marker points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// `>`: towards larger x.
    East,
    /// `<`: towards smaller x.
    West,
    /// `v`: towards larger y (down the map).
    South,
    /// `^`: towards smaller y (up the map).
    North,
}

impl Direction {
    /// The direction a marker character names.
    #[must_use]
    pub const fn of_marker(marker: char) -> Option<Direction> {
        match marker {
            '>' => Some(Direction::East),
            '<' => Some(Direction::West),
            'v' => Some(Direction::South),
            '^' => Some(Direction::North),
            _ => None,
        }
    }

    /// The marker character of this direction.
    #[must_use]
    pub const fn marker(self) -> char {
        match self {
            Direction::East => '>',
            Direction::West => '<',
            Direction::South => 'v',
            Direction::North => '^',
        }
    }

    /// `point` in the line's frame: `(along, across)`, `along` growing in the racing direction, `across` along
    /// the line.
    #[must_use]
    pub const fn frame(self, point: Point) -> (i64, i64) {
        let (x, y) = (point.x as i64, point.y as i64);
        match self {
            Direction::East => (x, y),
            Direction::West => (-x, y),
            Direction::South => (y, x),
            Direction::North => (-y, x),
        }
    }

    /// One step in this direction.
    #[must_use]
    pub const fn step(self) -> Point {
        match self {
            Direction::East => Point::new(1, 0),
            Direction::West => Point::new(-1, 0),
            Direction::South => Point::new(0, 1),
            Direction::North => Point::new(0, -1),
        }
    }
}

/// The start/finish line: the near side, against the racing direction, of a straight run of line cells (`S` and
/// `F`). Cars start on the line cells, just past it; a lap ends crossing it again in the racing direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FinishLine {
    /// The racing direction.
    pub direction: Direction,
    /// The line cells' coordinate along the racing direction, in the direction's frame.
    pub along: i64,
    /// The first and last line cells' coordinates across, in the direction's frame.
    pub across: (i64, i64),
}

impl FinishLine {
    /// How the segment from `from` to `to` crosses the line: +1 in the racing direction, −1 against it, 0 not
    /// at all. A straight segment crosses a straight line at most once; it can never run along it (centres are
    /// never on a cell side).
    #[must_use]
    pub fn crossing(&self, from: Point, to: Point) -> i8 {
        let (a_along, a_across) = self.direction.frame(from);
        let (b_along, b_across) = self.direction.frame(to);
        // In doubled coordinates the line is at `2 * along - 1`; centres are at even values.
        let line = 2 * self.along - 1;
        let (a, b) = (2 * a_along, 2 * b_along);
        let sense: i8 = if a < line && line < b {
            1
        } else if b < line && line < a {
            -1
        } else {
            return 0;
        };
        // Where the segment meets the line, across it, times `b - a` (positive when sense is +1): it must lie
        // within the line's span, the outer sides of its end cells included.
        let span = b - a;
        let at = 2 * a_across * span + (line - a) * 2 * (b_across - a_across);
        let (low, high) = ((2 * self.across.0 - 1) * span, (2 * self.across.1 + 1) * span);
        let within = if span > 0 { low <= at && at <= high } else { high <= at && at <= low };
        if within {
            sense
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(from: Point, to: Point) -> Vec<(i16, i16)> {
        let mut met = Vec::new();
        for_each_cell_met(from, to, |cell| {
            met.push((cell.x, cell.y));
            true
        });
        met
    }

    #[test]
    fn a_segment_meets_the_cells_it_passes_through_in_order_and_not_the_ones_it_touches() {
        assert_eq!(cells(Point::new(0, 0), Point::new(3, 0)), vec![(0, 0), (1, 0), (2, 0), (3, 0)]);
        assert_eq!(cells(Point::new(3, 0), Point::new(0, 0)), vec![(3, 0), (2, 0), (1, 0), (0, 0)]);
        // A diagonal passes through corners: it touches the cells beside it and meets none of them.
        assert_eq!(cells(Point::new(0, 0), Point::new(2, 2)), vec![(0, 0), (1, 1), (2, 2)]);
        // A knight's move crosses two cells between its ends.
        assert_eq!(cells(Point::new(0, 0), Point::new(2, 1)), vec![(0, 0), (1, 0), (1, 1), (2, 1)]);
        assert_eq!(cells(Point::new(2, 1), Point::new(0, 0)), vec![(2, 1), (1, 1), (1, 0), (0, 0)]);
        assert_eq!(cells(Point::new(0, 3), Point::new(1, 0)), vec![(0, 3), (0, 2), (1, 1), (1, 0)]);
        assert_eq!(cells(Point::new(4, 4), Point::new(4, 4)), vec![(4, 4)]);
    }

    #[test]
    fn the_line_counts_a_crossing_in_the_racing_sense_within_its_span_only() {
        let line = FinishLine { direction: Direction::East, along: 5, across: (2, 4) };
        assert_eq!(line.crossing(Point::new(4, 3), Point::new(5, 3)), 1);
        assert_eq!(line.crossing(Point::new(5, 3), Point::new(4, 3)), -1);
        // Starting on the line cells is past the line already.
        assert_eq!(line.crossing(Point::new(5, 3), Point::new(8, 3)), 0);
        // Beside the span: no crossing; at its very edge, one.
        assert_eq!(line.crossing(Point::new(4, 6), Point::new(5, 6)), 0);
        assert_eq!(line.crossing(Point::new(3, 6), Point::new(5, 4)), 1);
        assert_eq!(line.crossing(Point::new(4, 0), Point::new(6, 0)), 0);
        let north = FinishLine { direction: Direction::North, along: -3, across: (1, 2) };
        assert_eq!(north.crossing(Point::new(1, 4), Point::new(1, 3)), 1);
        assert_eq!(north.crossing(Point::new(1, 3), Point::new(2, 5)), -1);
    }
}
