//! Where the points of a game stand, made from the rules alone: a lattice placement drawn from the seed, or
//! points of a circle. Points are numbered in reading order on the lattice and clockwise from the top on the
//! circle.

use std::cmp::Ordering;

use super::geometry::{orientation, Point};
use super::rules::{PointsRules, Start, MAX_POINTS};
use crate::splitmix::SplitMix64;

/// The radius of the circle of a convex start: 325² = 5⁴·13² is a sum of two squares in 60 ways, so the circle
/// holds 60 integer points, more than [`MAX_POINTS`].
pub const CIRCLE_RADIUS: i32 = 325;
/// Draws for one point before a lattice placement starts over: a placement that has boxed itself in (every
/// free node on a line through two placed points) is abandoned rather than searched.
const DRAWS_PER_POINT: u32 = 10_000;

/// The points of a game, in their numbering order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    count: u8,
    points: [Point; MAX_POINTS as usize],
}

impl Layout {
    /// The points the rules place.
    #[must_use]
    pub fn of(rules: PointsRules) -> Layout {
        let count = usize::from(rules.points());
        let mut points = [Point::default(); MAX_POINTS as usize];
        match rules.start() {
            Start::Lattice { seed } => points[..count].copy_from_slice(&lattice(count, seed)),
            Start::Convex => points[..count].copy_from_slice(&circle(count)),
        }
        Layout { count: rules.points(), points }
    }

    /// The points, numbered from 0 here (from 1 in notation).
    #[must_use]
    pub fn points(&self) -> &[Point] {
        &self.points[..usize::from(self.count)]
    }

    /// The side of the square the points lie in: the lattice's nodes run from 0 to `side - 1`, the circle's
    /// coordinates from `-side / 2` to `side / 2`.
    #[must_use]
    pub fn side(rules: PointsRules) -> i32 {
        match rules.start() {
            Start::Lattice { .. } => lattice_side(usize::from(rules.points())),
            Start::Convex => 2 * CIRCLE_RADIUS,
        }
    }
}

/// A lattice of `2n × 2n` nodes for `n` points: roomy enough that random draws rarely land on a line through
/// two placed points.
fn lattice_side(count: usize) -> i32 {
    i32::try_from(2 * count).expect("at most 60")
}

/// `count` nodes of the lattice drawn from `seed`, x then y per draw, a draw refused when the node is taken or
/// on a line through two placed points; then sorted into reading order (top row first, left to right).
fn lattice(count: usize, seed: u32) -> Vec<Point> {
    let side = lattice_side(count);
    let bound = u64::try_from(side).expect("positive");
    let mut rng = SplitMix64::new(u64::from(seed));
    let mut draw = || i32::try_from(rng.below(bound)).expect("below the side");
    let mut placed: Vec<Point> = Vec::with_capacity(count);
    let mut misses = 0;
    while placed.len() < count {
        let candidate = Point { x: draw(), y: draw() };
        if fits(&placed, candidate) {
            placed.push(candidate);
            misses = 0;
        } else {
            misses += 1;
            if misses == DRAWS_PER_POINT {
                placed.clear();
                misses = 0;
            }
        }
    }
    placed.sort_by_key(|point| (point.y, point.x));
    placed
}

/// Whether `candidate` is a new node on no line through two of `placed`.
fn fits(placed: &[Point], candidate: Point) -> bool {
    placed.iter().enumerate().all(|(index, &a)| {
        a != candidate && placed[index + 1..].iter().all(|&b| orientation(a, b, candidate) != Ordering::Equal)
    })
}

/// `count` of the circle's integer points, spread evenly among them, clockwise on the page from the top.
fn circle(count: usize) -> Vec<Point> {
    let radius = i64::from(CIRCLE_RADIUS);
    let mut all: Vec<Point> = (-CIRCLE_RADIUS..=CIRCLE_RADIUS)
        .flat_map(|x| {
            let rest = radius * radius - i64::from(x) * i64::from(x);
            let root = rest.isqrt();
            let y = i32::try_from(root).expect("at most the radius");
            (root * root == rest).then_some([Point { x, y }, Point { x, y: -y }]).into_iter().flatten()
        })
        .collect();
    all.sort_by(|&a, &b| clockwise_from_top(a, b));
    all.dedup();
    (0..count).map(|index| all[index * all.len() / count]).collect()
}

/// The order of directions from the centre, clockwise on the page (y down) from straight up, compared exactly.
fn clockwise_from_top(a: Point, b: Point) -> Ordering {
    // The right half (x > 0, or straight up) comes before the left half; within a half, clockwise is the
    // positive turn of the cross product with y pointing down.
    let half = |p: Point| if p.x > 0 || (p.x == 0 && p.y < 0) { 0 } else { 1 };
    let centre = Point { x: 0, y: 0 };
    half(a).cmp(&half(b)).then_with(|| orientation(centre, b, a))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::points_and_segments::rules::MIN_POINTS;

    fn no_three_on_a_line(points: &[Point]) -> bool {
        points.iter().enumerate().all(|(i, &a)| {
            points[i + 1..]
                .iter()
                .enumerate()
                .all(|(j, &b)| points[i + j + 2..].iter().all(|&c| orientation(a, b, c) != Ordering::Equal))
        })
    }

    #[test]
    fn every_lattice_placement_is_in_general_position_and_repeats_from_its_seed() {
        for points in MIN_POINTS..=MAX_POINTS {
            for seed in 0..12 {
                let rules = PointsRules::new(points, Start::Lattice { seed }).expect("valid");
                let layout = Layout::of(rules);
                assert_eq!(layout.points().len(), usize::from(points));
                assert!(no_three_on_a_line(layout.points()), "{points} points, seed {seed}");
                let side = Layout::side(rules);
                assert!(layout.points().iter().all(|p| (0..side).contains(&p.x) && (0..side).contains(&p.y)));
                assert!(layout.points().windows(2).all(|pair| (pair[0].y, pair[0].x) < (pair[1].y, pair[1].x)));
                assert_eq!(Layout::of(rules), layout, "the same seed places the same points");
            }
        }
        let seeded = |seed| Layout::of(PointsRules::new(15, Start::Lattice { seed }).expect("valid"));
        assert_ne!(seeded(1), seeded(2), "another seed, another placement");
    }

    #[test]
    fn the_circle_holds_sixty_integer_points_and_a_convex_start_uses_them_in_order() {
        let all = circle(60);
        assert_eq!(all.len(), 60);
        let radius = i64::from(CIRCLE_RADIUS);
        assert!(all.iter().all(|p| i64::from(p.x).pow(2) + i64::from(p.y).pow(2) == radius * radius));
        assert_eq!(all[0], Point { x: 0, y: -CIRCLE_RADIUS }, "the top first");
        for points in MIN_POINTS..=MAX_POINTS {
            let layout = Layout::of(PointsRules::new(points, Start::Convex).expect("valid"));
            assert!(no_three_on_a_line(layout.points()), "{points}");
            // Clockwise order: every consecutive triple turns the same way.
            let ring = layout.points();
            for i in 0..ring.len() {
                let (a, b, c) = (ring[i], ring[(i + 1) % ring.len()], ring[(i + 2) % ring.len()]);
                assert_eq!(orientation(a, b, c), Ordering::Greater, "{points} points, at {i}");
            }
        }
    }
}
