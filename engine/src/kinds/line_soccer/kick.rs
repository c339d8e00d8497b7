//! Kicks (§1.7): straight lines of a fixed length that may cross and overlap drawn lines but never touch F.

use super::drawing::Drawing;
use super::field::{Field, Point};
use crate::soccer::Direction;

/// Where a kick that does not touch F stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KickPath {
    /// The point the ball stops on.
    pub(crate) end: Point,
    /// How many segments the kick draws: its length, or fewer when it scores.
    pub(crate) segments: u8,
    /// Whether the kick stops on a mouth point.
    pub(crate) scores: bool,
}

/// The path of a kick of `length` from `from` in `direction`, visiting each point in order (§1.7): `None`
/// when it reaches F or leaves the field before it ends; it stops early on a mouth point.
pub(crate) fn trace(field: Field, from: Point, direction: Direction, length: u8) -> Option<KickPath> {
    for segments in 1..=length {
        let at = from.shifted(direction, i8::try_from(segments).ok()?).filter(|&at| field.contains(at))?;
        if field.is_forbidden(at) {
            return None;
        }
        if field.is_mouth(at) {
            return Some(KickPath { end: at, segments, scores: true });
        }
        if segments == length {
            return Some(KickPath { end: at, segments, scores: false });
        }
    }
    None
}

/// Draws every point and segment of `path`, kicked from `from` in `direction`.
pub(crate) fn draw(drawing: &mut Drawing, from: Point, direction: Direction, path: KickPath) {
    let mut at = from;
    for _ in 0..path.segments {
        let Some(next) = at.shifted(direction, 1) else {
            return;
        };
        drawing.draw_kicked(at, direction, next);
        at = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIELD: Field = Field::new(20, 30, 2, false);

    #[test]
    fn a_kick_stops_at_its_length_or_on_a_mouth() {
        assert_eq!(
            trace(FIELD, Point::CENTRE, Direction::North, 7),
            Some(KickPath { end: Point { x: 0, y: 7 }, segments: 7, scores: false })
        );
        assert_eq!(
            trace(FIELD, Point { x: 0, y: 10 }, Direction::North, 7),
            Some(KickPath { end: Point { x: 0, y: 15 }, segments: 5, scores: true })
        );
    }

    #[test]
    fn a_kick_may_not_touch_the_out_line_even_mid_way() {
        assert_eq!(trace(FIELD, Point::CENTRE, Direction::East, 10), None, "ends on the side line");
        assert_eq!(trace(FIELD, Point::CENTRE, Direction::East, 14), None, "passes the side line");
        assert_eq!(trace(FIELD, Point { x: 5, y: 10 }, Direction::North, 7), None, "out-line beside the goal");
        assert!(trace(FIELD, Point::CENTRE, Direction::East, 9).is_some());
    }

    #[test]
    fn drawing_a_kick_draws_every_point_and_segment() {
        let mut drawing = Drawing::default();
        let path = trace(FIELD, Point::CENTRE, Direction::SouthWest, 3).expect("a legal kick");
        draw(&mut drawing, Point::CENTRE, Direction::SouthWest, path);
        assert_eq!(drawing.points().len(), 4);
        assert_eq!(drawing.segments().len(), 3);
        assert!(drawing.has_segment(Point { x: -3, y: -3 }, Direction::NorthEast));
        assert!(drawing.is_kicked(Point { x: -3, y: -3 }, Direction::NorthEast), "either end names the segment");
        assert!(drawing.is_kicked(Point::CENTRE, Direction::SouthWest));
        drawing.draw_segment(Point::CENTRE, Direction::North);
        assert!(!drawing.is_kicked(Point::CENTRE, Direction::North), "a step is not a kick");
    }
}
