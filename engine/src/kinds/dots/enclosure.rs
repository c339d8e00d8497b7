//! Enclosures (§4): pockets, their areas, captures and houses.
//!
//! Every search is bounded by what it encloses: a pocket is a flood fill from a neighbour of the new dot that
//! gives up as soon as it touches the edge (an edge point is always outside, 4.10), and an area is found in
//! the pocket's bounding box widened by one point, which holds the pocket's border. Scratch space is on the
//! stack, so nothing here allocates.

use super::field::{FieldSize, Point, PointSet, MAX_POINTS};
use super::grid::{Cell, Grid};
use crate::Seat;

/// One enclosed area: the points of rule 4.3 (pocket, border and all they surround).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    /// Every point of the area.
    pub points: PointSet,
    /// How many points: areas are evaluated smallest first (4.4).
    pub len: usize,
    /// The first point in row-major order: the tie-break of 4.4.
    pub first: Point,
}

/// The new areas of one move: at most one per 4-neighbour of the new dot, in evaluation order (4.4).
#[derive(Clone, Copy, Debug)]
pub struct NewAreas {
    areas: [Option<Area>; 4],
}

impl NewAreas {
    /// The areas, smallest first.
    pub fn iter(&self) -> impl Iterator<Item = &Area> {
        self.areas.iter().flatten()
    }
}

/// `seat`'s pockets containing a 4-neighbour of `dot` (the only ones `dot` can have made, 4.4), as areas in
/// evaluation order: smallest first, ties by the first point in row-major order.
#[must_use]
pub fn new_areas(grid: &Grid, seat: Seat, dot: Point) -> NewAreas {
    let mut areas = [None; 4];
    let mut pockets_seen = PointSet::EMPTY;
    for (slot, neighbour) in grid.size().neighbours(dot).enumerate() {
        if grid.is_wall(seat, neighbour) || pockets_seen.contains(neighbour) {
            continue;
        }
        if let Some(pocket) = pocket(grid, seat, neighbour) {
            for point in pocket.iter() {
                pockets_seen.insert(point);
            }
            areas[slot] = Some(area_of(grid, seat, &pocket));
        }
    }
    areas.sort_by_key(|area| area.map_or((usize::MAX, usize::MAX), |area| (area.len, area.first.index())));
    NewAreas { areas }
}

/// `seat`'s pocket holding `start` (a point that is not `seat`'s wall): the 4-connected non-wall points
/// around it, or `None` when they reach the edge (they are outside).
#[must_use]
pub fn pocket(grid: &Grid, seat: Seat, start: Point) -> Option<PointSet> {
    let size = grid.size();
    let mut pocket = PointSet::EMPTY;
    let mut stack = [Point::new(0, 0); MAX_POINTS];
    let mut top = 0;
    pocket.insert(start);
    stack[top] = start;
    top += 1;
    while top > 0 {
        top -= 1;
        let point = stack[top];
        if size.is_edge(point) {
            return None;
        }
        for next in size.neighbours(point) {
            if !grid.is_wall(seat, next) && pocket.insert(next) {
                stack[top] = next;
                top += 1;
            }
        }
    }
    Some(pocket)
}

/// The area of `pocket` (4.3): every point that cannot reach beyond the edge by 4-steps avoiding the pocket's
/// border. Outside the pocket's bounding box widened by one (which holds the border) everything reaches
/// beyond the edge, so the search stays in that box.
#[must_use]
pub fn area_of(grid: &Grid, seat: Seat, pocket: &PointSet) -> Area {
    let size = grid.size();
    let (mut left, mut top, mut right, mut bottom) = (u8::MAX, u8::MAX, 0, 0);
    for point in pocket.iter() {
        (left, top, right, bottom) = (left.min(point.x), top.min(point.y), right.max(point.x), bottom.max(point.y));
    }
    // A pocket holds no edge point, so the widened box stays on the field.
    let (left, top, right, bottom) = (left - 1, top - 1, right + 1, bottom + 1);
    let is_border = |point: Point| grid.is_wall(seat, point) && size.neighbours(point).any(|n| pocket.contains(n));
    let mut outside = PointSet::EMPTY;
    let mut stack = [Point::new(0, 0); MAX_POINTS];
    let mut depth = 0;
    for y in top..=bottom {
        for x in left..=right {
            let point = Point::new(x, y);
            let on_ring = x == left || x == right || y == top || y == bottom;
            if on_ring && !is_border(point) && outside.insert(point) {
                stack[depth] = point;
                depth += 1;
            }
        }
    }
    let in_box = |point: Point| (left..=right).contains(&point.x) && (top..=bottom).contains(&point.y);
    while depth > 0 {
        depth -= 1;
        let point = stack[depth];
        for next in size.neighbours(point) {
            if in_box(next) && !is_border(next) && outside.insert(next) {
                stack[depth] = next;
                depth += 1;
            }
        }
    }
    let mut points = PointSet::EMPTY;
    for y in top..=bottom {
        for x in left..=right {
            let point = Point::new(x, y);
            if !outside.contains(point) {
                points.insert(point);
            }
        }
    }
    let first = points.first().unwrap_or(Point::new(left, top));
    Area { len: points.len(), points, first }
}

/// Whether `area` holds a live dot of `seat`'s opponent: whether enclosing it captures (4.6).
#[must_use]
pub fn holds_enemy(grid: &Grid, seat: Seat, area: &Area) -> bool {
    area.points.iter().any(|point| grid.get(point) == Cell::Live(seat.other()))
}

/// `seat` captures `area` (4.6): live enemy dots become captured, `seat`'s captured dots are freed, and empty
/// points of any kind become `seat`'s territory (or, with `paint_later`, its deferred area, 6.5). What
/// `seat` already has there stays, so nothing counts twice.
pub fn capture(grid: &mut Grid, seat: Seat, area: &Area, paint_later: bool) {
    let enemy = seat.other();
    let painted = if paint_later { Cell::Deferred(seat) } else { Cell::Territory(seat) };
    for point in area.points.iter() {
        let new = match grid.get(point) {
            Cell::Live(colour) if colour == enemy => Cell::Captured(enemy),
            Cell::Captured(colour) if colour == seat => Cell::Live(seat),
            Cell::Territory(owner) if owner == seat => continue,
            cell if cell.is_empty() => painted,
            _ => continue,
        };
        grid.set(point, new);
    }
}

/// `seat` marks every free point of `area` as its house (4.7).
pub fn make_house(grid: &mut Grid, seat: Seat, area: &Area) {
    for point in area.points.iter() {
        if grid.get(point) == Cell::Free {
            grid.set(point, Cell::House(seat));
        }
    }
}

/// The points of kind `cell` 4-connected to `from` through points of that kind, `from` itself excluded
/// unless it is of that kind: a house to dissolve (4.8a) or a deferred area to paint (6.5).
#[must_use]
pub fn region(grid: &Grid, from: Point, cell: Cell) -> PointSet {
    let size: FieldSize = grid.size();
    let mut region = PointSet::EMPTY;
    let mut stack = [Point::new(0, 0); MAX_POINTS];
    let mut depth = 0;
    let mut seen = PointSet::EMPTY;
    seen.insert(from);
    stack[depth] = from;
    depth += 1;
    while depth > 0 {
        depth -= 1;
        let point = stack[depth];
        for next in size.neighbours(point) {
            if grid.get(next) == cell && seen.insert(next) {
                region.insert(next);
                stack[depth] = next;
                depth += 1;
            }
        }
    }
    if grid.get(from) == cell {
        region.insert(from);
    }
    region
}
