//! Dots (Kropki, Точки): players place dots on the points of squared paper and capture the opponent's dots
//! by enclosing them. The rules are `shared/rules/dots.md`; this module follows its sections.
//!
//! # Decisions where the rules document is silent
//!
//! - **Default start** is `cross` (the tournament start of 2.3); `empty` (with its zone) is an option.
//! - **End reasons**: every ending the engine decides has both counts as the outcome's scores and the shared
//!   [`EndReason`](crate::EndReason) of its reason of 8.2 ([`Position::end`]: `full`, `stop`, `instant`,
//!   `auto`), given by [`DotsEnd::reason`]: `BoardFull`, `Stop`, `InstantWin`, `AutoEnd`. Draw, resignation and
//!   time are the server's; so is an agreed end, whose score [`Game::agreed_end`] gives (reason
//!   [`EndReason::Agreement`](crate::EndReason::Agreement), both scores, in half points when territory makes
//!   one a half).
//! - **Agreed end** (8.1) is scored at any moment before the end, a STOP window included (the counts as they
//!   stand, without grounding, as when the window closes). When players may offer it is the server's.
//! - **Winner** of every engine ending is the higher count (5.2), except an instant win (6.2): the seat whose
//!   count reached N, checked for the mover first.
//! - **Random start** (2.6): SplitMix64 seeded with the rules' `seed`, x then y per draw; a cross that finds
//!   no place apart from the others in 1000 draws is left out (only on fields too small for n crosses).
//! - **Intrusion into a stale house**: when an intruder captures nothing and the house's owner no longer
//!   encloses the point (its walls were captured since), the house dissolves as in 4.8a and the intruder's
//!   pockets are resolved normally.
//! - **Intrusion into a deferred area** (6.5) with a capture by the intruder dissolves the deferred points
//!   4-connected to it, as a house would (4.8a, "deferred points act as house points").
//! - **Painting** (`P:qv`) paints the owner's deferred points 4-connected to `qv` through deferred points; an
//!   area whose empty points are split by dots takes one paint per part (a paint uses no move). Painting
//!   starts the turn (`mid_turn`), and a paint that leaves the painter no point ends the game as `full`.
//! - **A STOP window** (7.4) that the opponent cannot use (no legal point) closes at once; the window's end is
//!   `DONE` (the server plays it when the window's time is up). During the window the placer's captures never
//!   earn extra moves and `auto_end` is not checked; counts decide as they stand, without grounding.
//! - **`auto_end`** (6.4) checks, after every dot, whether either seat would win by STOP (first seat first;
//!   at most one can) and ends with that STOP's counts; otherwise, when both seats have live dots and all of
//!   them are grounded, it ends with the counts as they stand. It costs a scan of the field per dot.
//! - **Random point on timeout** (9.3): [`Game::pick_legal_action`] picks among legal dots only (zone
//!   respected, paint=now), never STOP, DONE or a paint.
//! - **Area search cost**: a pocket is a flood fill that stops at the first edge point; an area is found in
//!   the pocket's bounding box widened by one point. Both are bounded by the enclosure, not the field.
//!   STOP, `auto_end` and the full-field check are the only whole-field scans.
//! - **Starts that do not fit**: [`DotsRules::validate`] refuses them (records are checked with it); a game
//!   made from such rules still starts, leaving out crosses off the field or touching an earlier one (touching
//!   crosses would enclose dots without a capture). `cross4` must place its four crosses apart. A start that
//!   leaves the first seat no point (a 2×2 cross) is over at once as `full`.
//! - **Test hooks**: [`Position::with_dots`] places dots directly and [`Position::play_as`] plays for a seat
//!   out of turn, as the rules document's test positions do (§11).
//! - **SGF** (10.2–10.5): the first move's colour is the first seat; with no move at all, `B` is. Setup
//!   dots that match `cross`, `cross2` or `cross4` on the record's field import as that start; no setup
//!   imports as `empty` with the zone off (zagram has none); other setups as [`Start::Custom`] with the dots
//!   kept in the record (first seat's, then second's, row-major). With our private `XD` the start it names
//!   must give exactly the record's setup. `RE[…]` is read and written but never trusted over the replay;
//!   `B` in it is the first seat. Actions SGF cannot say use the private `XA` (the 10.6 token): `XA[~]` on a
//!   paint-later dot, `;XA[P:qv]`, `;XA[DONE]`. Server endings appear only in `RE`.
//! - **Chains** (10.3) are the captured area's outer ring, clockwise from the new dot. On the corpus game
//!   they equal zagram's except one, where zagram's ring also walks a spike of dots reaching into the pocket.
//! - **Text record** (10.6): options are `start=empty|cross|cross2|cross4|random(n)|custom seed=N
//!   zone=auto|WxH|off extra_move=on|off instant_win=N stop=computed|window(s)|off auto_end=on|off
//!   territory=on|off blitz=on|off`, then `corners=…` for a random start (checked against the seed) and
//!   `first=…`/`second=…` for a custom one. Tokens may wrap over lines; `result=…` is the last line, if any.

mod action;
mod chain;
mod enclosure;
mod field;
mod fuzz;
mod grid;
mod grounding;
mod notation;
mod position;
mod record;
mod rules;
mod sgf;
mod start;

pub use action::Action;
pub use field::{FieldSize, Point, PointSet, SizeError, MAX_POINTS, MAX_SIDE, MIN_SIDE};
pub use grid::Cell;
pub use notation::{coordinate_letter, letter_coordinate, parse_actions, read_point, write_action, write_point};
pub use position::{Capture, DotsEnd, IllegalAction, Position, SetupError};
pub use record::{
    seat_letter, DotsRecord, Entry, Margin, ReadError, ReadErrorKind, RecordResult, ReplayError, ResultReason,
};
pub use rules::{DotsRules, RulesError, StopMode, Zone};
pub use sgf::{read_sgf, write_sgf, SgfError, MAX_SGF_DEPTH};
pub use start::{cross_corners, Corners, Layout, Start, MAX_RANDOM_BLOCKS};

use crate::game::{Game, NotationError, Progress, TimedWindow, TimeoutPolicy};
use crate::{Outcome, Seat};

impl Game for Position {
    type Rules = DotsRules;
    type Action = Action;
    type Illegal = IllegalAction;

    fn new(rules: &DotsRules) -> Self {
        Position::new(*rules)
    }

    fn seat_count(_: &DotsRules) -> usize {
        2
    }

    fn rules(&self) -> DotsRules {
        Position::rules(self)
    }

    fn to_act(&self) -> Option<Seat> {
        self.end().is_none().then(|| self.to_move())
    }

    fn mid_turn(&self) -> bool {
        // A dot that ends the game (an instant win, the last free point) begins a turn no one finishes.
        self.end().is_none() && self.turn_begun()
    }

    fn move_begins(&self) -> bool {
        !self.turn_begun() || self.extra_move_earned()
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn check(&self, action: Action) -> Result<(), IllegalAction> {
        Position::check(self, action)
    }

    fn apply(&mut self, action: Action) -> Result<Progress, IllegalAction> {
        self.play(action)
    }

    fn for_each_legal_action(&self, visit: impl FnMut(Action)) {
        Position::for_each_legal_action(self, visit);
    }

    fn timeout_policy(&self) -> TimeoutPolicy {
        if self.rules().blitz_random_on_timeout {
            TimeoutPolicy::RandomAction
        } else {
            TimeoutPolicy::Loss
        }
    }

    /// A STOP window (7.4) is open from the STOP until `DONE`: the main clocks pause, and the server closes it
    /// with `DONE` when its seconds are up.
    fn timed_window(&self) -> Option<TimedWindow<Action>> {
        let StopMode::Window { seconds } = self.rules().stop else { return None };
        (self.end().is_none() && self.stopped_by().is_some())
            .then_some(TimedWindow { seconds: u32::from(seconds), closing: Action::Done })
    }

    /// Both agree to end (8.1): counts plus deferred territory (6.5), the higher wins, equal draws.
    fn agreed_end(&self) -> Option<Outcome> {
        Position::agreed_end(self)
    }

    fn pick_legal_action(&self, choice: u64) -> Option<Action> {
        let wanted = choice.checked_rem(self.legal_dot_count() as u64)?;
        self.legal_dots().nth(usize::try_from(wanted).ok()?).map(Action::Dot)
    }

    /// Tokens are one to four characters (`qv`, `qv~`, `P:qv`, `STOP`), so a run is written with spaces.
    const ACTION_SEPARATOR: &'static str = " ";

    fn write_key(&self, key: &mut crate::PositionKey) {
        Position::write_key(self, key);
    }

    fn parse_actions(text: &str) -> Result<Vec<Action>, NotationError> {
        parse_actions(text)
    }

    fn write_action(action: Action, out: &mut String) {
        write_action(action, out);
    }
}
