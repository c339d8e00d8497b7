//! Pitch geometry: the lattice of points, the goals, and which segments are walls.

use std::fmt;

use super::direction::Direction;
use crate::Seat;

/// The widest pitch the engine supports, in cells.
pub const MAX_WIDTH: u8 = 20;
/// The longest pitch the engine supports, in cells.
pub const MAX_HEIGHT: u8 = 30;
/// Lattice columns of the largest pitch.
pub(crate) const MAX_COLUMNS: usize = MAX_WIDTH as usize + 1;
/// Lattice rows of the largest pitch, the two goal rows included.
pub(crate) const MAX_ROWS: usize = MAX_HEIGHT as usize + 3;
/// Lattice points of the largest pitch, the unused corners of the goal rows included.
pub(crate) const MAX_POINTS: usize = MAX_COLUMNS * MAX_ROWS;

/// A lattice point. `x` runs 0..=width left to right, `y` runs 0..=height top to bottom; the goal points lie
/// at `y = -1` (top goal) and `y = height + 1` (bottom goal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Point {
    /// Column, 0 at the left touch line.
    pub x: i8,
    /// Row, 0 at the top goal line; −1 inside the top goal.
    pub y: i8,
}

impl Point {
    /// The point at (x, y).
    #[must_use]
    pub const fn new(x: i8, y: i8) -> Point {
        Point { x, y }
    }

    /// The neighbouring point one step away in `direction` (it may lie off the pitch).
    #[must_use]
    pub const fn step(self, direction: Direction) -> Point {
        let (dx, dy) = direction.delta();
        Point { x: self.x + dx, y: self.y + dy }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// Pitch dimensions that do not make a valid pitch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PitchError {
    /// The width is odd or outside 4..=[`MAX_WIDTH`].
    #[error("pitch width must be even and between 4 and {MAX_WIDTH}")]
    Width,
    /// The height is odd or outside 4..=[`MAX_HEIGHT`].
    #[error("pitch height must be even and between 4 and {MAX_HEIGHT}")]
    Height,
    /// The goal is odd, zero, or not narrower than the pitch.
    #[error("goal width must be even, at least 2 and less than the pitch width")]
    Goal,
}

/// A validated pitch: `width` × `height` cells with a goal `goal` cells wide and one deep, centred on each
/// short side. The first seat attacks the top goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pitch {
    width: u8,
    height: u8,
    goal: u8,
}

impl Default for Pitch {
    fn default() -> Self {
        Pitch::STANDARD
    }
}

impl fmt::Display for Pitch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{} goal {}", self.width, self.height, self.goal)
    }
}

impl Pitch {
    /// The kurnik pitch: 8 × 10 cells with a goal 2 cells wide.
    pub const STANDARD: Pitch = Pitch { width: 8, height: 10, goal: 2 };

    /// A pitch of `width` × `height` cells with a goal `goal` cells wide. All three must be even.
    pub fn new(width: u8, height: u8, goal: u8) -> Result<Pitch, PitchError> {
        if width % 2 != 0 || !(4..=MAX_WIDTH).contains(&width) {
            return Err(PitchError::Width);
        }
        if height % 2 != 0 || !(4..=MAX_HEIGHT).contains(&height) {
            return Err(PitchError::Height);
        }
        if goal % 2 != 0 || goal == 0 || goal >= width {
            return Err(PitchError::Goal);
        }
        Ok(Pitch { width, height, goal })
    }

    /// Width in cells.
    #[must_use]
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Height in cells.
    #[must_use]
    pub const fn height(self) -> u8 {
        self.height
    }

    /// Goal width in cells.
    #[must_use]
    pub const fn goal_width(self) -> u8 {
        self.goal
    }

    /// The centre spot, where the ball starts.
    #[must_use]
    pub const fn centre(self) -> Point {
        Point::new((self.width / 2) as i8, (self.height / 2) as i8)
    }

    /// The x of the left and the right goal post.
    #[must_use]
    pub const fn posts(self) -> (i8, i8) {
        let left = ((self.width - self.goal) / 2) as i8;
        (left, left + self.goal as i8)
    }

    /// Lattice columns (`width + 1`); the distance between vertically adjacent point indices.
    pub(crate) const fn stride(self) -> usize {
        self.width as usize + 1
    }

    /// Whether `point` is a point of the game: on the field or inside a goal.
    #[must_use]
    pub fn contains(self, point: Point) -> bool {
        let (left, right) = self.posts();
        let field = (0..=self.width as i8).contains(&point.x) && (0..=self.height as i8).contains(&point.y);
        field || (self.goal_of(point).is_some() && (left..=right).contains(&point.x))
    }

    /// For a point inside a goal, the seat that wins when the ball arrives there.
    #[must_use]
    pub fn goal_of(self, point: Point) -> Option<Seat> {
        let (left, right) = self.posts();
        if !(left..=right).contains(&point.x) {
            return None;
        }
        if point.y == -1 {
            Some(Seat::FIRST)
        } else if point.y == self.height as i8 + 1 {
            Some(Seat::SECOND)
        } else {
            None
        }
    }

    /// Whether the segment from `from` one step in `direction` can never be drawn: it leaves the game's points,
    /// runs along the border, along a goal's side or back, or enters a goal other than through its mouth.
    /// Nothing leaves a goal point, so every segment from one is a wall.
    #[must_use]
    pub fn is_wall(self, from: Point, direction: Direction) -> bool {
        let to = from.step(direction);
        if !self.contains(from) || !self.contains(to) || self.goal_of(from).is_some() {
            return true;
        }
        if self.goal_of(to).is_some() {
            // Only from the mouth, and never along a goal side.
            let (left, right) = self.posts();
            let mouth_row = if to.y < 0 { 0 } else { self.height as i8 };
            let along_side = from.x == to.x && (from.x == left || from.x == right);
            return from.y != mouth_row || !(left..=right).contains(&from.x) || along_side;
        }
        let (w, h) = (self.width as i8, self.height as i8);
        let (left, right) = self.posts();
        let in_mouth = |x: i8| (left..=right).contains(&x);
        let along_end_line = from.y == to.y && (from.y == 0 || from.y == h) && !(in_mouth(from.x) && in_mouth(to.x));
        let along_touch_line = from.x == to.x && (from.x == 0 || from.x == w);
        along_end_line || along_touch_line
    }

    /// The bits (as [`Direction::bit`]) of the directions among East, South-East, South and South-West, the four
    /// in which [`Position::drawn_segments`](super::Position::drawn_segments) names a segment, in which a step
    /// from `point`, a point of the game, meets a wall: what [`Pitch::is_wall`] answers for each, worked out
    /// from the point's place at once, since a position's key asks it of every border point.
    #[must_use]
    pub(crate) fn forward_walls(self, point: Point) -> u8 {
        const EAST: u8 = Direction::East.bit();
        const SOUTH_EAST: u8 = Direction::SouthEast.bit();
        const SOUTH: u8 = Direction::South.bit();
        const SOUTH_WEST: u8 = Direction::SouthWest.bit();
        if self.goal_of(point).is_some() {
            return EAST | SOUTH_EAST | SOUTH | SOUTH_WEST;
        }
        let (x, y, w, h) = (point.x, point.y, self.width as i8, self.height as i8);
        let (left, right) = self.posts();
        let mut walls = 0;
        // East: off the field, or along an end line outside the goal mouth.
        if x == w || ((y == 0 || y == h) && !(left <= x && x < right)) {
            walls |= EAST;
        }
        if y == h {
            // Into the bottom goal: only from its mouth, never along a goal side.
            if !(left < x && x < right) {
                walls |= SOUTH;
            }
            if !(left <= x && x < right) {
                walls |= SOUTH_EAST;
            }
            if !(left < x && x <= right) {
                walls |= SOUTH_WEST;
            }
        } else {
            // Along a touch line, or off the field.
            if x == 0 || x == w {
                walls |= SOUTH;
            }
            if x == w {
                walls |= SOUTH_EAST;
            }
            if x == 0 {
                walls |= SOUTH_WEST;
            }
        }
        walls
    }

    /// The lattice index of a point of the game: rows from the top goal's (`y = -1`) down, each row `width + 1`
    /// indices wide, left to right. The bit sets of [`TurnLayers`](super::TurnLayers) are over these indices.
    #[must_use]
    pub fn lattice_index(self, point: Point) -> usize {
        debug_assert!(self.contains(point));
        (point.y + 1) as usize * self.stride() + point.x as usize
    }

    /// The point at a lattice index (the inverse of [`Pitch::lattice_index`]).
    #[must_use]
    pub fn lattice_point(self, index: usize) -> Point {
        let stride = self.stride();
        Point::new((index % stride) as i8, (index / stride) as i8 - 1)
    }

    /// Number of lattice indices, goal rows included (the unused corners of the goal rows too).
    #[must_use]
    pub const fn lattice_len(self) -> usize {
        self.stride() * (self.height as usize + 3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forward_walls_are_what_is_wall_answers_on_every_pitch() {
        const FORWARD: [Direction; 4] = [Direction::East, Direction::SouthEast, Direction::South, Direction::SouthWest];
        for width in (4..=MAX_WIDTH).step_by(2) {
            for height in (4..=MAX_HEIGHT).step_by(2) {
                for goal in (2..width).step_by(2) {
                    let pitch = Pitch::new(width, height, goal).expect("a valid pitch");
                    for index in 0..pitch.lattice_len() {
                        let point = pitch.lattice_point(index);
                        if !pitch.contains(point) {
                            continue;
                        }
                        let asked =
                            FORWARD.iter().filter(|&&d| pitch.is_wall(point, d)).fold(0, |bits, d| bits | d.bit());
                        assert_eq!(pitch.forward_walls(point), asked, "{pitch} at {point:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn standard_goal_mouth_walls() {
        let pitch = Pitch::STANDARD;
        // From a post only the diagonal into the middle of the goal.
        assert!(pitch.is_wall(Point::new(3, 0), Direction::North));
        assert!(!pitch.is_wall(Point::new(3, 0), Direction::NorthEast));
        assert!(pitch.is_wall(Point::new(3, 0), Direction::NorthWest));
        assert!(!pitch.is_wall(Point::new(5, 0), Direction::NorthWest));
        assert!(pitch.is_wall(Point::new(5, 0), Direction::North));
        // From the middle of the mouth all three goal points.
        for d in [Direction::NorthWest, Direction::North, Direction::NorthEast] {
            assert!(!pitch.is_wall(Point::new(4, 0), d));
            assert!(!pitch.is_wall(Point::new(4, 10), d.opposite()));
        }
        // Along the mouth is open, along the end line beside it is a wall.
        assert!(!pitch.is_wall(Point::new(3, 0), Direction::East));
        assert!(pitch.is_wall(Point::new(3, 0), Direction::West));
        // Next to the mouth, no entry into the goal.
        assert!(pitch.is_wall(Point::new(2, 0), Direction::NorthEast));
        assert!(!pitch.is_wall(Point::new(2, 1), Direction::NorthEast));
        // Nothing leaves a goal point.
        assert!(pitch.is_wall(Point::new(4, -1), Direction::South));
        // The corner is reachable diagonally, but not along the lines.
        assert!(!pitch.is_wall(Point::new(1, 1), Direction::NorthWest));
        assert!(pitch.is_wall(Point::new(0, 1), Direction::North));
        assert!(!pitch.is_wall(Point::new(0, 1), Direction::NorthEast));
    }

    #[test]
    fn rejects_bad_sizes() {
        assert_eq!(Pitch::new(7, 10, 2), Err(PitchError::Width));
        assert_eq!(Pitch::new(8, 32, 2), Err(PitchError::Height));
        assert_eq!(Pitch::new(8, 10, 8), Err(PitchError::Goal));
        assert_eq!(Pitch::new(8, 10, 3), Err(PitchError::Goal));
        assert_eq!(Pitch::new(8, 10, 2), Ok(Pitch::STANDARD));
    }

    #[test]
    fn index_round_trips() {
        let pitch = Pitch::new(12, 16, 4).unwrap();
        for y in -1..=17 {
            for x in 0..=12 {
                let p = Point::new(x, y);
                if pitch.contains(p) {
                    assert_eq!(pitch.lattice_point(pitch.lattice_index(p)), p);
                }
            }
        }
    }
}
