//! Dots and Boxes (Kropki i kwadraty), for two to four players: a field of `rows` × `cols` boxes, each move draws
//! one unit edge between neighbouring dots, and whoever completes a box owns it and must move again. The most
//! boxes win once every edge is drawn.
//!
//! Decisions the rules document states, and how they are kept here:
//! - An edge that completes two boxes at once earns one extra move, not two; the edge that fills the field ends
//!   the game, so it earns none.
//! - With three or four players a seat that leaves before the end (resigns, runs out of time, abandons) is
//!   skipped from then on and keeps its boxes, but ranks below every seat still playing at the end, the later to
//!   leave the higher ([`Outcome::with_departures`](crate::Outcome::with_departures)); with two players, or
//!   when one seat is left, the game ends then, that seat first ([`Game::seat_left`]).
//! - A timeout loses, unless the rules choose a random legal edge
//!   ([`DotsAndBoxesRules::with_random_edge_on_timeout`]).
//! - Every edge is a move of its own for a per-move clock, the extra move after a capture too
//!   ([`Game::move_begins`]).

mod dbn;
pub(crate) mod departures;
mod edges;
mod fuzz;
mod notation;
mod perft;
mod position;
mod record;
mod rules;
mod solve;

pub use crate::tag_pairs::Tag;
pub use dbn::{read_dbn, write_dbn, DbnError};
pub use departures::{Departure, DepartureReason};
pub use edges::{Edge, EdgeSet, Orientation, MAX_BOXES, MAX_EDGES};
pub use notation::{parse_edges, write_edge};
pub use perft::{counts_by_depth, perft};
pub use position::{IllegalMove, Position};
pub use record::{DotsAndBoxesRecord, PlayedTurn, ReadError, ReadErrorKind, ReplayError};
pub use rules::{DotsAndBoxesRules, RulesError, MAX_PLAYERS, MAX_SIDE, MIN_PLAYERS, MIN_SIDE};
pub use solve::{solve, SolveError, MAX_SOLVED_EDGES};

use crate::game::{Game, NotationError, Progress, TimeoutPolicy};
use crate::{EndReason, Outcome, Seat};

impl Game for Position {
    type Rules = DotsAndBoxesRules;
    type Action = Edge;
    type Illegal = IllegalMove;

    fn new(rules: &DotsAndBoxesRules) -> Self {
        Position::new(*rules)
    }

    fn rules(&self) -> DotsAndBoxesRules {
        Position::rules(self)
    }

    fn seat_count(rules: &DotsAndBoxesRules) -> usize {
        usize::from(rules.players())
    }

    fn to_act(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.to_move())
    }

    fn mid_turn(&self) -> bool {
        self.captured()
    }

    /// Every edge is a move of its own: the extra move a capture earns starts a fresh move time too.
    fn move_begins(&self) -> bool {
        !self.is_over()
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn check(&self, action: Edge) -> Result<(), IllegalMove> {
        Position::check(self, action)
    }

    fn apply(&mut self, action: Edge) -> Result<Progress, IllegalMove> {
        self.play(action)
    }

    fn for_each_legal_action(&self, visit: impl FnMut(Edge)) {
        self.for_each_legal_edge(visit);
    }

    fn timeout_policy(&self) -> TimeoutPolicy {
        if self.rules().random_edge_on_timeout() {
            TimeoutPolicy::RandomAction
        } else {
            TimeoutPolicy::Loss
        }
    }

    fn seat_left(&mut self, seat: Seat, reason: EndReason) -> Option<Progress> {
        self.leave(seat, reason)
    }

    fn write_key(&self, key: &mut crate::PositionKey) {
        Position::write_key(self, key);
    }

    fn parse_actions(text: &str) -> Result<Vec<Edge>, NotationError> {
        parse_edges(text)
    }

    fn write_action(action: Edge, out: &mut String) {
        write_edge(action, out);
    }

    const ACTION_SEPARATOR: &'static str = " ";
}
