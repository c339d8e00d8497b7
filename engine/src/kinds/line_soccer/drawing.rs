//! What is drawn on the paper (§1.4): the points V and the unit segments E, the legal step of §1.5 and the
//! exact "full move available" test of §1.6.

use super::field::{north_delta, Field, Point, PointSet, SegmentSet};
use crate::soccer::Direction;

/// The drawn points V and segments E, and which segments a kick drew (for showing them; the rules never ask).
/// The centre is drawn from the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Drawing {
    points: PointSet,
    segments: SegmentSet,
    kicked: SegmentSet,
}

impl Default for Drawing {
    fn default() -> Self {
        let mut points = PointSet::default();
        points.insert(Point::CENTRE);
        Drawing { points, segments: SegmentSet::default(), kicked: SegmentSet::default() }
    }
}

/// Why a step p → q is not legal (§1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepFault {
    /// q is off the field or in F.
    Forbidden,
    /// q is already drawn.
    DrawnPoint,
    /// A diagonal step would cross a drawn diagonal.
    CrossesLine,
}

impl Drawing {
    /// The drawn points V.
    #[must_use]
    pub fn points(&self) -> &PointSet {
        &self.points
    }

    /// The drawn segments E.
    #[must_use]
    pub fn segments(&self) -> &SegmentSet {
        &self.segments
    }

    /// Whether `point` is drawn.
    #[must_use]
    pub fn has_point(&self, point: Point) -> bool {
        self.points.contains(point)
    }

    /// Whether the segment from `from` one step in `direction` is drawn.
    #[must_use]
    pub fn has_segment(&self, from: Point, direction: Direction) -> bool {
        self.segments.contains(from, direction)
    }

    /// Draws the segment from `from` one step in `direction` and both its ends: for setting up a position to
    /// study or test (nothing is checked; a segment leaving the largest field is ignored).
    pub fn draw_segment(&mut self, from: Point, direction: Direction) {
        if let Some(to) = from.shifted(direction, 1) {
            self.points.insert(from);
            self.draw(from, direction, to);
        }
    }

    /// Marks `point` drawn.
    pub(crate) fn draw_point(&mut self, point: Point) {
        self.points.insert(point);
    }

    /// Whether the segment from `from` one step in `direction` was drawn by a kick.
    #[must_use]
    pub fn is_kicked(&self, from: Point, direction: Direction) -> bool {
        self.kicked.contains(from, direction)
    }

    /// Draws the segment of a kick from `from` one step in `direction`, and its far end.
    pub(crate) fn draw_kicked(&mut self, from: Point, direction: Direction, to: Point) {
        self.draw(from, direction, to);
        self.kicked.insert(from, direction);
    }

    /// Draws the segment from `from` one step in `direction` and its far end.
    pub(crate) fn draw(&mut self, from: Point, direction: Direction, to: Point) {
        self.segments.insert(from, direction);
        self.points.insert(to);
    }

    /// Undoes [`Drawing::draw`] of a step whose far end was not drawn before.
    fn undraw(&mut self, from: Point, direction: Direction, to: Point) {
        self.segments.remove(from, direction);
        self.points.remove(to);
    }

    /// The end of the legal step from `from` in `direction` (§1.5), or why it is not legal.
    pub(crate) fn step_target(&self, field: Field, from: Point, direction: Direction) -> Result<Point, StepFault> {
        let to = from.shifted(direction, 1).filter(|&to| field.contains(to)).ok_or(StepFault::Forbidden)?;
        if field.is_forbidden(to) {
            return Err(StepFault::Forbidden);
        }
        if self.points.contains(to) {
            return Err(StepFault::DrawnPoint);
        }
        if self.crosses_diagonal(from, direction) {
            return Err(StepFault::CrossesLine);
        }
        Ok(to)
    }

    /// Whether a diagonal step from `from` in `direction` crosses the drawn other diagonal of its cell.
    fn crosses_diagonal(&self, from: Point, direction: Direction) -> bool {
        let (dx, dy) = north_delta(direction);
        if dx == 0 || dy == 0 {
            return false;
        }
        let corner = Point { x: from.x + dx, y: from.y };
        // From (p.x + dx, p.y) to (p.x, p.y + dy): the direction (−dx, dy).
        let crossing = Direction::ALL.into_iter().find(|&other| north_delta(other) == (-dx, dy));
        crossing.is_some_and(|crossing| self.segments.contains(corner, crossing))
    }

    /// Whether any legal step leaves `from`.
    pub(crate) fn can_step(&self, field: Field, from: Point) -> bool {
        Direction::ALL.into_iter().any(|direction| self.step_target(field, from, direction).is_ok())
    }

    /// Whether from `from` there is a line of `steps` legal steps, each checked with the line's own earlier
    /// steps drawn, or a shorter one ending on a mouth point. With 3 steps this is §1.6's "full move
    /// available". The drawing is changed while looking and restored before returning.
    pub(crate) fn has_line(&mut self, field: Field, from: Point, steps: u8) -> bool {
        if steps == 0 {
            return true;
        }
        for direction in Direction::ALL {
            let Ok(to) = self.step_target(field, from, direction) else {
                continue;
            };
            if field.is_mouth(to) {
                return true;
            }
            self.draw(from, direction, to);
            let found = self.has_line(field, to, steps - 1);
            self.undraw(from, direction, to);
            if found {
                return true;
            }
        }
        false
    }

    /// [`Drawing::has_line`] on a copy, for callers holding a shared reference.
    pub(crate) fn line_exists(&self, field: Field, from: Point, steps: u8) -> bool {
        let mut scratch = *self;
        scratch.has_line(field, from, steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIELD: Field = Field::new(20, 30, 2, false);

    fn draw_line(drawing: &mut Drawing, from: Point, directions: &[Direction]) -> Point {
        directions.iter().fold(from, |at, &direction| {
            let to = drawing.step_target(FIELD, at, direction).expect("a legal step");
            drawing.draw(at, direction, to);
            to
        })
    }

    #[test]
    fn a_line_may_not_cross_its_own_first_segment() {
        // kia84's first bug: NE, W, then SE would cross the line's own first diagonal.
        let mut drawing = Drawing::default();
        let end = draw_line(&mut drawing, Point::CENTRE, &[Direction::NorthEast, Direction::West]);
        assert_eq!(end, Point { x: 0, y: 1 });
        assert_eq!(drawing.step_target(FIELD, end, Direction::SouthEast), Err(StepFault::CrossesLine));
        assert_eq!(drawing.step_target(FIELD, end, Direction::South), Err(StepFault::DrawnPoint));
        assert_eq!(drawing.step_target(FIELD, end, Direction::East), Err(StepFault::DrawnPoint));
    }

    #[test]
    fn crossing_is_checked_for_every_diagonal_direction() {
        for direction in [Direction::NorthEast, Direction::SouthEast, Direction::SouthWest, Direction::NorthWest] {
            let (dx, dy) = north_delta(direction);
            let mut drawing = Drawing::default();
            let from = Point { x: 3, y: 3 };
            let corner = Point { x: from.x + dx, y: from.y };
            let crossing = Direction::ALL.into_iter().find(|&d| north_delta(d) == (-dx, dy)).expect("a diagonal");
            drawing.draw(corner, crossing, Point { x: from.x, y: from.y + dy });
            assert_eq!(drawing.step_target(FIELD, from, direction), Err(StepFault::CrossesLine));
        }
    }

    #[test]
    fn the_out_line_is_never_touched() {
        let drawing = Drawing::default();
        assert_eq!(drawing.step_target(FIELD, Point { x: 9, y: 0 }, Direction::East), Err(StepFault::Forbidden));
        assert_eq!(drawing.step_target(FIELD, Point { x: 3, y: 14 }, Direction::North), Err(StepFault::Forbidden));
        assert_eq!(
            drawing.step_target(FIELD, Point { x: 3, y: 14 }, Direction::NorthWest),
            Ok(Point { x: 2, y: 15 }),
            "the posts stand at half cells, so a diagonal into the mouth is legal"
        );
    }

    #[test]
    fn a_line_search_restores_the_drawing_and_stops_at_a_mouth() {
        let mut drawing = Drawing::default();
        let before = drawing;
        assert!(drawing.has_line(FIELD, Point::CENTRE, 3));
        assert_eq!(drawing, before);
        // One step below the north mouth, with every neighbour but the mouth drawn: a 1-step line scores.
        let at = Point { x: 0, y: 14 };
        for direction in Direction::ALL {
            if let Some(to) = at.shifted(direction, 1).filter(|to| !FIELD.is_mouth(*to)) {
                drawing.points.insert(to);
            }
        }
        drawing.points.insert(Point { x: -1, y: 15 });
        assert!(drawing.line_exists(FIELD, at, 3), "the straight step into the goal is a whole line");
    }
}
