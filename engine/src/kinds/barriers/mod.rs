//! Barriers (Cram): two players in turn cover two orthogonally adjacent empty cells of a grid with a bar; the
//! player who cannot place one loses.
//!
//! Decisions the rules document leaves open, taken here: a bar is written by its two cells in either order and
//! kept by its lower-left cell (`e3e2` is `e2e3`); the touch rule `sides` keeps every cell sharing a side with
//! an earlier bar's cell free, `corners` also those sharing only a corner; the game ends as soon as the seat to
//! move has no bar to place (reason `stuck`, the other seat winning).

mod cells;
mod fuzz;
mod notation;
mod position;
mod record;
mod rules;
mod solve;

pub use cells::{Cell, CellSet};
pub use notation::{parse_bars, write_bar};
pub use position::{any_bar_within, for_each_bar_within, shadow, Bar, IllegalBar, Orientation, Position};
pub use record::{BarriersRecord, ReadError, ReadErrorKind, RecordResult, ReplayError};
pub use rules::{BarriersRules, SizeError, Touch, DEFAULT_SIDE, MAX_SIDE, MIN_SIDE};
pub use solve::{Solution, Solver, Verdict};

use crate::game::{Game, NotationError, Progress};
use crate::{Outcome, Seat};

impl Game for Position {
    type Rules = BarriersRules;
    type Action = Bar;
    type Illegal = IllegalBar;

    fn new(rules: &BarriersRules) -> Self {
        Position::new(*rules)
    }

    fn seat_count(_: &BarriersRules) -> usize {
        2
    }

    fn rules(&self) -> BarriersRules {
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

    fn check(&self, action: Bar) -> Result<(), IllegalBar> {
        Position::check(self, action)
    }

    fn apply(&mut self, action: Bar) -> Result<Progress, IllegalBar> {
        self.play(action)
    }

    fn for_each_legal_action(&self, visit: impl FnMut(Bar)) {
        self.for_each_legal_bar(visit);
    }

    fn write_key(&self, key: &mut crate::PositionKey) {
        Position::write_key(self, key);
    }

    fn parse_actions(text: &str) -> Result<Vec<Bar>, NotationError> {
        parse_bars(text)
    }

    fn write_action(action: Bar, out: &mut String) {
        write_bar(action, out);
    }
}
