//! Grounding and STOP (§7): which of a seat's points are tied to the edge, and what a STOP would cost.

use super::field::{Point, PointSet, MAX_POINTS};
use super::grid::{Cell, Grid};
use crate::Seat;

/// What `seat` would lose by pressing STOP now (7.3): its ungrounded components are treated as captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ungrounded {
    /// `seat`'s live dots in ungrounded components: they would add to the opponent's count.
    pub live_dots: u32,
    /// Enemy dots `seat` holds in ungrounded components: they would be freed, lowering `seat`'s count.
    pub held_dots: u32,
}

/// Whether `seat` owns the point (7.1): its live dots, its territory and the enemy dots it holds captured.
fn owns(cell: Cell, seat: Seat) -> bool {
    cell == Cell::Live(seat) || cell == Cell::Territory(seat) || cell == Cell::Captured(seat.other())
}

/// `seat`'s ungrounded dots: a 4-connected component of owned points is grounded iff it holds an edge point
/// (7.2). One flood fill from the owned edge points over owned points; whatever it misses is ungrounded.
#[must_use]
pub fn ungrounded(grid: &Grid, seat: Seat) -> Ungrounded {
    let size = grid.size();
    let mut grounded = PointSet::EMPTY;
    let mut stack = [Point::new(0, 0); MAX_POINTS];
    let mut depth = 0;
    for point in size.points().filter(|&point| size.is_edge(point)) {
        if owns(grid.get(point), seat) && grounded.insert(point) {
            stack[depth] = point;
            depth += 1;
        }
    }
    while depth > 0 {
        depth -= 1;
        for next in size.neighbours(stack[depth]) {
            if owns(grid.get(next), seat) && grounded.insert(next) {
                stack[depth] = next;
                depth += 1;
            }
        }
    }
    let mut lost = Ungrounded { live_dots: 0, held_dots: 0 };
    for point in size.points().filter(|&point| !grounded.contains(point)) {
        match grid.get(point) {
            Cell::Live(colour) if colour == seat => lost.live_dots += 1,
            Cell::Captured(colour) if colour != seat => lost.held_dots += 1,
            _ => {}
        }
    }
    lost
}

/// The counts (first seat first) if `seat` pressed STOP now (7.3): its ungrounded live dots go to the
/// opponent, the enemy dots it holds there are freed. The opponent's ungrounded dots are never at risk.
#[must_use]
pub fn stop_result(grid: &Grid, seat: Seat) -> [u32; 2] {
    let lost = ungrounded(grid, seat);
    let mut counts = grid.counts();
    counts[seat.index()] -= lost.held_dots;
    counts[seat.other().index()] += lost.live_dots;
    counts
}
