//! xrsoccer (rules §4a, after eXtreme Results' xrSoccer 2.2): Paper Soccer without walls, lines of three
//! segments that may cross and touch, a stuck ball carried on, and points to a target.
//!
//! - The field is W × L cells (12 × 18 by default) with no walls: the ball may run along the border. A step
//!   is legal when it stays on the field and its segment is not drawn; points may be revisited.
//! - A move is a line of exactly 3 steps, or of 1–2 steps ending on a mouth point (the three middle points of
//!   each end line). There is no bounce.
//! - A player with no legal line has the ball carried (rule 4) to the nearest point with one that is not a
//!   mouth point: fewest rows away, then fewest columns away, then the row nearer the goal that player
//!   attacks, then east before west. A relocation draws nothing and is not an action; the same player moves.
//! - Reaching a mouth point gives the attacker of that goal a point, own goals included; the ball goes back
//!   to the centre (relocated from there if need be) and the player who did not score moves.
//! - The match ends at T points (5 by default), or when no point of the field gives the player to move a
//!   line. More points wins; on equal points the last scorer, and at 0–0 the second seat. No draws.
//!
//! Decisions where the rules leave room (also in the report of issue #18):
//! - An action is one step, and a step is legal only if the line can still be completed from it (to 3 steps
//!   or a goal) with the segments drawn so far: a seat is never stuck part-way, and a step refused for that
//!   alone is [`IllegalStep::DeadEnd`]. A relocation therefore happens only at the start of a turn.
//! - The relocation is visible as [`Position::relocation`] for the turn it begins; a record writes it as
//!   `rX,Y:` before the line's digits (the `:` is ours: without it the coordinates run into the digits).
//! - A line ends on the step that reaches a mouth point, whichever step it is; the ball is never on a mouth
//!   point at the start of a line. A relocation target has a legal move when a line of 1–2 steps into either
//!   goal starts there, an own goal included.
//! - The mouth is 3 points wide (m = 1) on every field size; fields are even, 4–20 by 4–30 cells; T is 1–99.
//!   When a point reaches T the match ends with the ball in that goal.
//! - Two rules of rule 6 never apply as the rules stand, and are kept as written: a segment into a mouth point
//!   is only ever drawn by a goal, and while one is free the point at its other end has a line, so no field
//!   is without a line before all 22 such segments are drawn, by 22 goals. A match therefore never ends 0–0,
//!   and it ends on equal points only with T ≥ 12.
//! - A match decided on points ends with [`EndReason::Score`](crate::EndReason::Score); the outcome always
//!   carries the scores.
//! - Perft ([`counts_by_depth`]) counts every legal line as its own token, even two that draw the same segments
//!   (a triangle run either way): they are different tokens. A due `-` is one token.
//! - Records (see [`XrRecord`]) carry no result token: the result is in `[Score]` and `[Winner]`, and a
//!   `[Winner "draw"]` (by agreement) reads although the rules never draw.

mod fuzz;
mod notation;
mod perft;
mod position;
mod record;
mod rules;

pub use notation::{parse_token, TokenError, XrToken};
pub use perft::{counts_by_depth, perft};
pub use position::{IllegalStep, Position, Relocation, XrStep, LINE_STEPS};
pub use record::{replay_tokens, ReadError, ReadErrorKind, ReplayError, XrRecord};
pub use rules::{RulesError, XrRules, MAX_LENGTH, MAX_TARGET, MAX_WIDTH};

use crate::game::{Game, NotationError, Progress};
use crate::soccer::Direction;
use crate::{Outcome, Seat};

impl Game for Position {
    type Rules = XrRules;
    type Action = Direction;
    type Illegal = IllegalStep;

    fn new(rules: &XrRules) -> Self {
        Position::new(*rules)
    }

    fn seat_count(_: &XrRules) -> usize {
        2
    }

    fn rules(&self) -> XrRules {
        Position::rules(self)
    }

    fn to_act(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.to_move())
    }

    fn mid_turn(&self) -> bool {
        self.line_steps() > 0
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn check(&self, action: Direction) -> Result<(), IllegalStep> {
        Position::check(self, action)
    }

    fn apply(&mut self, action: Direction) -> Result<Progress, IllegalStep> {
        Ok(match self.step(action)? {
            XrStep::LineContinues => Progress::TurnContinues,
            XrStep::TurnOver | XrStep::Point { .. } => Progress::TurnEnded,
            XrStep::MatchOver(outcome) => Progress::GameOver(outcome),
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
