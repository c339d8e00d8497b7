//! Paper Soccer with the `centre` option (rules §4): classic kurnik steps and bounces, played as a match of
//! points on one pitch.
//!
//! Every way a classic game ends is a point: a goal gives the attacker of that goal a point (own goals
//! included), and a block (the mover must go on but has no free segment) gives the opponent a point. All
//! segments stay drawn, goal segments included; the ball goes back on the centre, and the player who did not
//! score kicks off with a normal turn. The centre keeps its segments, so arriving there later bounces. The
//! match ends when the player due to kick off has no free segment at the centre; more points wins, equal
//! points (0–0 included) is a draw.
//!
//! Decisions where the rules leave room (also in the report of issue #18):
//! - The end of the match is tested only at a kick-off, right after a point: a centre whose segments are all
//!   drawn while the ball is elsewhere ends nothing until the next point. So a match never ends 0–0: the draw
//!   rule applies to equal scores of at least 1–1.
//! - A match decided on points ends with [`EndReason::Score`](crate::EndReason::Score), a draw included; the
//!   outcome always carries the scores.
//! - A point is a [`Progress::TurnEnded`]: the scorer's opponent kicks off, which is the same seat again after
//!   an own goal or a self-block. The record writes that seat's skipped slot as `-` ([`Position::pass_due`]).
//! - Perft ([`counts_by_depth`]) counts turn tokens; a due `-` is one token, and turns are counted as in
//!   classic perft (the same segments drawn is the same turn).
//! - Records (see [`CentreRecord`]) carry `[Variant "classic+centre"]`, `[Board "WxH"]` and, only for a goal
//!   other than kurnik's 2 cells, `[Goal "G"]`; the result is in `[Score "a-b"]` and `[Winner]`, and the
//!   movetext has no result token.

mod fuzz;
mod notation;
mod perft;
mod position;
mod record;

pub use crate::variant_record::{MovetextError, RecordWinner};
pub use notation::{parse_token, CentreToken};
pub use perft::{counts_by_depth, perft};
pub use position::{CentreStep, Position};
pub use record::{replay_tokens, CentreRecord, ReadError, ReadErrorKind, ReplayError};

use crate::game::{Game, NotationError, Progress};
use crate::soccer::{Direction, IllegalStep, Pitch};
use crate::{Outcome, Seat};

/// The options of a `classic+centre` match: the classic pitch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CentreRules {
    /// The pitch size and goal width, as in classic Paper Soccer.
    pub pitch: Pitch,
}

impl Game for Position {
    type Rules = CentreRules;
    type Action = Direction;
    type Illegal = IllegalStep;

    fn new(rules: &CentreRules) -> Self {
        Position::new(rules.pitch)
    }

    fn seat_count(_: &CentreRules) -> usize {
        2
    }

    fn rules(&self) -> CentreRules {
        CentreRules { pitch: self.pitch() }
    }

    fn to_act(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.to_move())
    }

    fn mid_turn(&self) -> bool {
        self.must_continue()
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn check(&self, action: Direction) -> Result<(), IllegalStep> {
        Position::check(self, action)
    }

    fn apply(&mut self, action: Direction) -> Result<Progress, IllegalStep> {
        Ok(match self.step(action)? {
            CentreStep::Bounce => Progress::TurnContinues,
            CentreStep::TurnOver | CentreStep::Point { .. } => Progress::TurnEnded,
            CentreStep::MatchOver(outcome) => Progress::GameOver(outcome),
        })
    }

    fn for_each_legal_action(&self, visit: impl FnMut(Direction)) {
        self.legal_directions().for_each(visit);
    }

    fn write_key(&self, key: &mut crate::PositionKey) {
        Position::write_key(self, key);
    }

    fn parse_actions(text: &str) -> Result<Vec<Direction>, NotationError> {
        <crate::soccer::Position as Game>::parse_actions(text)
    }

    fn write_action(action: Direction, out: &mut String) {
        out.push(action.digit());
    }
}
