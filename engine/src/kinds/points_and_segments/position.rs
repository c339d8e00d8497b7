//! A Points and segments position: the points, the segments drawn so far in order, and how the game ended.

use super::geometry::{on_segment, segments_meet};
use super::layout::Layout;
use super::rules::{PointsRules, MAX_POINTS};
use crate::game::Progress;
use crate::position_key::PositionKey;
use crate::{EndReason, Outcome, Seat};

/// The most segments a game holds: each uses two points of its own.
pub const MAX_SEGMENTS: usize = MAX_POINTS as usize / 2;

/// A move: the segment joining two points, by their indices from 0 (numbers from 1 in notation), the lower
/// first whichever way it was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Segment {
    low: u8,
    high: u8,
}

impl Segment {
    /// The segment joining the points of indices `a` and `b`, in either order.
    #[must_use]
    pub const fn new(a: u8, b: u8) -> Segment {
        if a <= b {
            Segment { low: a, high: b }
        } else {
            Segment { low: b, high: a }
        }
    }

    /// Its two points' indices, the lower first.
    #[must_use]
    pub const fn ends(self) -> (u8, u8) {
        (self.low, self.high)
    }
}

impl std::fmt::Display for Segment {
    /// The notation: the points' numbers from 1, `3-11`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", u16::from(self.low) + 1, u16::from(self.high) + 1)
    }
}

/// Why a move is refused. The position is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The game has no point of that number.
    #[error("there is no point {0}")]
    NoSuchPoint(u16),
    /// Both ends are the same point.
    #[error("a segment joins two different points")]
    SamePoint,
    /// A segment already ends at the point.
    #[error("point {0} is already used")]
    PointUsed(u16),
    /// The segment meets an earlier one.
    #[error("the segment meets {0}")]
    Meets(Segment),
    /// The segment passes through another point.
    #[error("the segment passes through point {0}")]
    ThroughPoint(u16),
}

/// A Points and segments position. It is `Copy` and fixed-size, so checking and playing a move never allocate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    rules: PointsRules,
    layout: Layout,
    segments: [Segment; MAX_SEGMENTS],
    drawn: u8,
    used: u32,
    outcome: Option<Outcome>,
}

impl Default for Position {
    fn default() -> Position {
        Position::new(PointsRules::default())
    }
}

impl Position {
    /// The points the rules place, no segment drawn: the first seat moves.
    #[must_use]
    pub fn new(rules: PointsRules) -> Position {
        let first = Segment::new(0, 0);
        Position { rules, layout: Layout::of(rules), segments: [first; MAX_SEGMENTS], drawn: 0, used: 0, outcome: None }
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> PointsRules {
        self.rules
    }

    /// The points.
    #[must_use]
    pub const fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The segments drawn so far, in the order they were drawn.
    #[must_use]
    pub fn segments(&self) -> &[Segment] {
        &self.segments[..usize::from(self.drawn)]
    }

    /// Whether a segment ends at the point of index `point`.
    #[must_use]
    pub const fn is_used(&self, point: u8) -> bool {
        point < 32 && self.used & (1 << point) != 0
    }

    /// The seat whose move it is (after the end: the seat that was left without a move).
    #[must_use]
    pub const fn to_move(&self) -> Seat {
        if self.drawn % 2 == 0 {
            Seat::FIRST
        } else {
            Seat::SECOND
        }
    }

    /// How the game ended, once the seat to move had no move.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Writes the position's canonical bytes: format 1, the seat to move, whether the game is over, then every
    /// drawn segment's two point indices, the segments in increasing order (so that move orders reaching one
    /// position write the same bytes). The points are the ruleset's and left out.
    pub fn write_key(&self, key: &mut PositionKey) {
        key.byte(1).seat(self.to_move()).flag(self.is_over());
        let mut segments = self.segments().to_vec();
        segments.sort_unstable();
        for segment in segments {
            key.byte(segment.low).byte(segment.high);
        }
    }

    /// Whether the seat to move may draw `segment`, and if not, why.
    pub fn check(&self, segment: Segment) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        self.check_drawable(segment)
    }

    /// Whether `segment` may be drawn among the segments so far, game over or not.
    fn check_drawable(&self, segment: Segment) -> Result<(), IllegalMove> {
        let points = self.layout.points();
        let (low, high) = segment.ends();
        if usize::from(high) >= points.len() {
            return Err(IllegalMove::NoSuchPoint(u16::from(high) + 1));
        }
        if low == high {
            return Err(IllegalMove::SamePoint);
        }
        for end in [low, high] {
            if self.is_used(end) {
                return Err(IllegalMove::PointUsed(u16::from(end) + 1));
            }
        }
        let (a, b) = (points[usize::from(low)], points[usize::from(high)]);
        if let Some(&earlier) = self.segments().iter().find(|earlier| {
            let (c, d) = earlier.ends();
            segments_meet(a, b, points[usize::from(c)], points[usize::from(d)])
        }) {
            return Err(IllegalMove::Meets(earlier));
        }
        let through = (0..points.len())
            .find(|&index| index != usize::from(low) && index != usize::from(high) && on_segment(a, b, points[index]));
        if let Some(index) = through {
            return Err(IllegalMove::ThroughPoint(u16::try_from(index).expect("at most 30") + 1));
        }
        Ok(())
    }

    /// Draws `segment` for the seat to move. The turn always passes; the game ends when the next seat has no
    /// move, the mover winning. On error the position is unchanged.
    pub fn play(&mut self, segment: Segment) -> Result<Progress, IllegalMove> {
        self.check(segment)?;
        self.segments[usize::from(self.drawn)] = segment;
        self.drawn += 1;
        self.used |= 1 << segment.low | 1 << segment.high;
        if self.has_move() {
            return Ok(Progress::TurnEnded);
        }
        let outcome = Outcome::win(2, self.to_move().other(), EndReason::Stuck);
        self.outcome = Some(outcome);
        Ok(Progress::GameOver(outcome))
    }

    /// Calls `visit` with every legal move, by the lower point's number and then the higher's.
    pub fn for_each_legal_move(&self, mut visit: impl FnMut(Segment)) {
        if !self.is_over() {
            self.for_each_drawable(|segment| {
                visit(segment);
                true
            });
        }
    }

    /// The number of legal moves.
    #[must_use]
    pub fn mobility(&self) -> usize {
        let mut count = 0;
        self.for_each_legal_move(|_| count += 1);
        count
    }

    /// Calls `visit` with every segment that could be drawn now, in the order of [`Self::for_each_legal_move`],
    /// while it answers `true`.
    fn for_each_drawable(&self, mut visit: impl FnMut(Segment) -> bool) {
        let count = self.rules.points();
        for low in (0..count).filter(|&point| !self.is_used(point)) {
            for high in (low + 1..count).filter(|&point| !self.is_used(point)) {
                let segment = Segment::new(low, high);
                if self.check_drawable(segment).is_ok() && !visit(segment) {
                    return;
                }
            }
        }
    }

    /// Whether any segment could be drawn now.
    fn has_move(&self) -> bool {
        let mut found = false;
        self.for_each_drawable(|_| {
            found = true;
            false
        });
        found
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::Start;
    use super::*;

    fn convex(points: u8) -> Position {
        Position::new(PointsRules::new(points, Start::Convex).expect("valid"))
    }

    #[test]
    fn a_fresh_convex_start_joins_any_two_points() {
        let position = convex(6);
        assert_eq!(position.mobility(), 15);
        assert_eq!(position.to_move(), Seat::FIRST);
    }

    #[test]
    fn every_kind_of_illegal_move_is_named_and_changes_nothing() {
        let mut position = convex(8);
        assert_eq!(position.play(Segment::new(0, 4)), Ok(Progress::TurnEnded));
        assert_eq!(position.to_move(), Seat::SECOND);
        let cases = [
            (Segment::new(1, 8), IllegalMove::NoSuchPoint(9)),
            (Segment::new(2, 2), IllegalMove::SamePoint),
            (Segment::new(4, 6), IllegalMove::PointUsed(5)),
            (Segment::new(2, 6), IllegalMove::Meets(Segment::new(0, 4))),
        ];
        for (segment, reason) in cases {
            let mut after = position;
            assert_eq!(after.play(segment), Err(reason), "{segment}");
            assert_eq!(after, position, "{segment} changed the position");
        }
        assert_eq!(position.check(Segment::new(1, 3)), Ok(()), "on one side of the chord");
        assert_eq!(position.check(Segment::new(5, 7)), Ok(()), "on the other side");
    }

    #[test]
    fn the_seat_left_without_a_move_loses() {
        // Six points on a circle: 1-4 splits them into {2, 3} and {5, 6}; both pairs are then joined.
        let mut position = convex(6);
        for segment in [Segment::new(0, 3), Segment::new(1, 2)] {
            assert_eq!(position.play(segment), Ok(Progress::TurnEnded));
        }
        let won = Outcome::win(2, Seat::FIRST, EndReason::Stuck);
        assert_eq!(position.play(Segment::new(4, 5)), Ok(Progress::GameOver(won)));
        assert_eq!(position.to_move(), Seat::SECOND, "the seat without a move");
        assert_eq!(position.check(Segment::new(1, 4)), Err(IllegalMove::GameOver));
        assert_eq!(position.mobility(), 0);
    }

    #[test]
    fn the_key_does_not_depend_on_the_move_order() {
        let key = |moves: &[Segment]| {
            let mut position = convex(10);
            moves.iter().for_each(|&segment| {
                position.play(segment).expect("legal");
            });
            let mut key = PositionKey::new();
            position.write_key(&mut key);
            key.as_bytes().to_vec()
        };
        let (a, b, c) = (Segment::new(0, 1), Segment::new(2, 3), Segment::new(4, 5));
        assert_eq!(key(&[a, b, c]), key(&[c, b, a]));
        assert_ne!(key(&[a, b]), key(&[a, c]));
    }
}
