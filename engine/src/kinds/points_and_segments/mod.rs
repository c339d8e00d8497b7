//! Points and segments: points placed by the server, no three on a line; the players in turn join two unused
//! points by a straight segment that meets no earlier segment, not even at an end, and passes through no other
//! point. The player who cannot move loses. Geometry is exact: integer orientation tests, never floating point.
//!
//! The points stand on a lattice, drawn from the ruleset's seed, or on a circle (`Start::Convex`), where the
//! game is Dawson's Kayles: the first player loses exactly when the number of points is 0, 1, 15 or 35 or is 5,
//! 9, 21, 25 or 29 modulo 34.

mod fuzz;
mod geometry;
mod layout;
mod notation;
mod position;
mod record;
mod rules;
mod solve;

pub use geometry::{on_segment, orientation, segments_meet, Point};
pub use layout::{Layout, CIRCLE_RADIUS};
pub use notation::{parse_segments, write_segment};
pub use position::{IllegalMove, Position, Segment, MAX_SEGMENTS};
pub use record::{PointsRecord, ReadError, ReadErrorKind, ReplayError};
pub use rules::{PointsRules, RulesError, Start, DEFAULT_POINTS, MAX_POINTS, MIN_POINTS};
pub use solve::{Solution, Solver, Verdict};

use crate::game::{Game, NotationError, Progress};
use crate::{Outcome, Seat};

impl Game for Position {
    type Rules = PointsRules;
    type Action = Segment;
    type Illegal = IllegalMove;

    fn new(rules: &PointsRules) -> Self {
        Position::new(*rules)
    }

    fn seat_count(_: &PointsRules) -> usize {
        2
    }

    fn rules(&self) -> PointsRules {
        Position::rules(self)
    }

    fn to_act(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.to_move())
    }

    fn mid_turn(&self) -> bool {
        false
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn check(&self, action: Segment) -> Result<(), IllegalMove> {
        Position::check(self, action)
    }

    fn apply(&mut self, action: Segment) -> Result<Progress, IllegalMove> {
        self.play(action)
    }

    fn for_each_legal_action(&self, visit: impl FnMut(Segment)) {
        self.for_each_legal_move(visit);
    }

    fn write_key(&self, key: &mut crate::PositionKey) {
        Position::write_key(self, key);
    }

    fn parse_actions(text: &str) -> Result<Vec<Segment>, NotationError> {
        parse_segments(text)
    }

    fn write_action(action: Segment, out: &mut String) {
        write_segment(action, out);
    }

    // Segments differ in length (`3-11`, `4-5`), so a run of them needs a separator.
    const ACTION_SEPARATOR: &'static str = " ";
}
