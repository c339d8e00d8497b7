//! One car's move along its segment: where it stops, whether it crashed and where, which way it crossed the
//! start/finish line, and the touch points it passed.

use super::geometry::{for_each_cell_met, Point};
use super::track::{Cell, Track};

/// What driving a segment did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drive {
    /// Where the car stops: the segment's end, or after a crash the last free track point before the crossing.
    pub stop: Point,
    /// After a crash, the kind of the last track cell before the crossing (a crash from a danger zone costs
    /// two hit points); `None` when the segment stayed on the track.
    pub crash: Option<Cell>,
    /// +1 when the driven segment (to `stop`) crossed the start/finish line in the racing direction, −1 against
    /// it, 0 not at all.
    pub crossing: i8,
    /// The touch points the driven segment passed through, as a mask (see [`Track::touch_bit`]).
    pub touched: u64,
}

/// Drives from `from` to `to` on `track`: the segment must meet only track cells (touching the outside is
/// allowed). At the first cell outside the car crashes and stops at the last track point before it that no
/// other car occupies (`occupied`), at worst where it stood. A segment that stays on the track ends at `to`,
/// occupied or not: whether that end is allowed is the caller's rule.
pub fn drive(track: &Track, from: Point, to: Point, occupied: impl Fn(Point) -> bool) -> Drive {
    let mut stop = from;
    let mut last_track = track.cell(from);
    let mut touched = 0;
    let mut touched_to_stop = 0;
    let mut crash = None;
    for_each_cell_met(from, to, |cell| {
        let kind = track.cell(cell);
        if !kind.is_track() {
            crash = Some(last_track);
            return false;
        }
        last_track = kind;
        touched |= track.touch_bit(cell);
        if cell == from || !occupied(cell) {
            stop = cell;
            touched_to_stop = touched;
        }
        true
    });
    if crash.is_none() {
        stop = to;
        touched_to_stop = touched;
    }
    Drive { stop, crash, crossing: track.line().crossing(from, stop), touched: touched_to_stop }
}
