//! Exact plane geometry on integer points: the orientation of three points as the sign of a cross product in
//! `i64`, never a floating-point angle, so that "meets" and "passes through" have no rounding to get wrong.

use std::cmp::Ordering;

/// A point of the plane, `y` growing downwards as on a page.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Point {
    /// From the left.
    pub x: i32,
    /// From the top.
    pub y: i32,
}

/// Which way `a`, `b`, `c` turn: the sign of the cross product of `b - a` and `c - a` (`Equal` when the three
/// are on one line).
#[must_use]
pub fn orientation(a: Point, b: Point, c: Point) -> Ordering {
    let cross = (i64::from(b.x) - i64::from(a.x)) * (i64::from(c.y) - i64::from(a.y))
        - (i64::from(b.y) - i64::from(a.y)) * (i64::from(c.x) - i64::from(a.x));
    cross.cmp(&0)
}

/// Whether `p` lies on the closed segment `a`–`b`.
#[must_use]
pub fn on_segment(a: Point, b: Point, p: Point) -> bool {
    orientation(a, b, p) == Ordering::Equal
        && a.x.min(b.x) <= p.x
        && p.x <= a.x.max(b.x)
        && a.y.min(b.y) <= p.y
        && p.y <= a.y.max(b.y)
}

/// Whether the closed segments `a`–`b` and `c`–`d` have any point in common: a crossing, a touch at an end or
/// an overlap along one line.
#[must_use]
pub fn segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool {
    let (abc, abd) = (orientation(a, b, c), orientation(a, b, d));
    let (cda, cdb) = (orientation(c, d, a), orientation(c, d, b));
    let opposite = |p: Ordering, q: Ordering| p != Ordering::Equal && q != Ordering::Equal && p != q;
    if opposite(abc, abd) && opposite(cda, cdb) {
        return true;
    }
    on_segment(a, b, c) || on_segment(a, b, d) || on_segment(c, d, a) || on_segment(c, d, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn p(x: i32, y: i32) -> Point {
        Point { x, y }
    }

    #[test]
    fn crossing_touching_overlapping_and_apart() {
        assert!(segments_meet(p(0, 0), p(4, 4), p(0, 4), p(4, 0)), "an X crosses");
        assert!(segments_meet(p(0, 0), p(4, 0), p(2, 0), p(2, 3)), "a T touches at an end");
        assert!(segments_meet(p(0, 0), p(4, 0), p(4, 0), p(5, 3)), "a shared end");
        assert!(segments_meet(p(0, 0), p(4, 0), p(3, 0), p(6, 0)), "an overlap on one line");
        assert!(!segments_meet(p(0, 0), p(4, 0), p(5, 0), p(6, 0)), "apart on one line");
        assert!(!segments_meet(p(0, 0), p(4, 4), p(1, 0), p(5, 4)), "parallel");
        assert!(!segments_meet(p(0, 0), p(4, 0), p(2, 1), p(3, 5)), "above, not reaching");
    }

    #[test]
    fn a_point_on_a_segment_is_on_its_line_and_between_its_ends() {
        assert!(on_segment(p(0, 0), p(6, 3), p(2, 1)));
        assert!(!on_segment(p(0, 0), p(6, 3), p(8, 4)), "on the line, past the end");
        assert!(!on_segment(p(0, 0), p(6, 3), p(2, 2)));
        assert_eq!(orientation(p(0, 0), p(1, 0), p(0, 1)), Ordering::Greater);
        assert_eq!(orientation(p(0, 0), p(0, 1), p(1, 0)), Ordering::Less);
    }

    #[test]
    fn large_coordinates_do_not_overflow() {
        let far = i32::MAX / 2;
        assert!(segments_meet(p(-far, -far), p(far, far), p(-far, far), p(far, -far)));
    }
}
