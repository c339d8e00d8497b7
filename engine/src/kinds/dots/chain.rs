//! Capture chains as SGF writes them (10.3): the outer ring of a captured area, traced clockwise as drawn
//! (y grows downwards), from a given dot, closed by repeating its first point.
//!
//! The ring is the area's outer contour: border dots with a 4-neighbour outside the area. zagram's chains
//! agree on every capture of the corpus game but one, where zagram's ring also walks a spike of border dots
//! reaching into the pocket; readers ignore chains (10.3), so the difference is cosmetic.

use super::field::{FieldSize, Point, PointSet};

/// The eight directions, clockwise on the drawn field, from north.
const CLOCKWISE: [(i32, i32); 8] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)];

/// The outer ring of `area`, clockwise, starting at `start` when it lies on the ring (has a 4-neighbour
/// outside the area), else at the area's first point in row-major order; the first point is repeated at the
/// end. Moore-neighbour tracing: from each ring dot the neighbours are scanned clockwise, starting just after
/// the outside point the trace came from, and the walk ends when it would leave the start the way it first did.
#[must_use]
pub fn ring(size: FieldSize, area: &PointSet, start: Point) -> Vec<Point> {
    let inside = |x: i32, y: i32| size.point(x, y).is_some_and(|point| area.contains(point));
    let outside_neighbour = |point: Point| {
        let (x, y) = (i32::from(point.x), i32::from(point.y));
        [6, 0, 2, 4].into_iter().find(|&d| !inside(x + CLOCKWISE[d].0, y + CLOCKWISE[d].1))
    };
    let Some(first) = area.first() else { return Vec::new() };
    let start = if area.contains(start) && outside_neighbour(start).is_some() { start } else { first };
    let Some(mut back) = outside_neighbour(start) else { return vec![start, start] };
    let (sx, sy) = (i32::from(start.x), i32::from(start.y));
    let mut ring = vec![start];
    let (mut x, mut y) = (sx, sy);
    let mut first_step = None;
    // Each ring dot is left at most once per direction: a bound on the walk, whatever the area.
    for _ in 0..8 * area.len() + 8 {
        let Some(turn) = (1..=8).find(|&k| {
            let (dx, dy) = CLOCKWISE[(back + k) % 8];
            inside(x + dx, y + dy)
        }) else {
            break;
        };
        let direction = (back + turn) % 8;
        if (x, y) == (sx, sy) {
            if first_step == Some(direction) {
                break;
            }
            first_step.get_or_insert(direction);
        }
        let (nx, ny) = (x + CLOCKWISE[direction].0, y + CLOCKWISE[direction].1);
        // The outside point scanned just before the next dot, as a direction from the next dot.
        let previous = (back + turn - 1) % 8;
        let (px, py) = (x + CLOCKWISE[previous].0, y + CLOCKWISE[previous].1);
        back = CLOCKWISE.iter().position(|&step| step == (px - nx, py - ny)).unwrap_or(0);
        (x, y) = (nx, ny);
        ring.push(Point::new(nx as u8, ny as u8));
    }
    ring
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(points: &[(u8, u8)]) -> PointSet {
        let mut set = PointSet::EMPTY;
        for &(x, y) in points {
            set.insert(Point::new(x, y));
        }
        set
    }

    fn points(list: &[(u8, u8)]) -> Vec<Point> {
        list.iter().map(|&(x, y)| Point::new(x, y)).collect()
    }

    #[test]
    fn a_diamond_is_traced_clockwise_from_the_new_dot() {
        let size = FieldSize::new(7, 5).expect("valid");
        let left = set(&[(2, 1), (1, 2), (2, 2), (3, 2), (2, 3)]);
        let traced = ring(size, &left, Point::new(3, 2));
        assert_eq!(traced, points(&[(3, 2), (2, 3), (1, 2), (2, 1), (3, 2)]));
        let right = set(&[(4, 1), (3, 2), (4, 2), (5, 2), (4, 3)]);
        let traced = ring(size, &right, Point::new(3, 2));
        assert_eq!(traced, points(&[(3, 2), (4, 1), (5, 2), (4, 3), (3, 2)]));
    }

    #[test]
    fn an_inner_point_starts_at_the_first_ring_dot() {
        let size = FieldSize::new(7, 5).expect("valid");
        let area = set(&[(2, 1), (1, 2), (2, 2), (3, 2), (2, 3)]);
        let traced = ring(size, &area, Point::new(2, 2));
        assert_eq!(traced, points(&[(2, 1), (3, 2), (2, 3), (1, 2), (2, 1)]));
    }
}
