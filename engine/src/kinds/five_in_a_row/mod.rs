//! Five in a row: gomoku, tic-tac-toe and renju as one m,n,k game with options (the rules document's
//! decisions): a bounded board of 3–25 points a side or an endless one, a winning line of 3–6, a win rule
//! (freestyle, exact, caro, renju with Black's forbidden moves) and an opening (none, pro, long-pro, swap,
//! swap2). Seats are not colours: the opening decides which seat plays Black ([`Position::colour_of`]).
//!
//! Decisions the document leaves open, taken here:
//! - on the endless board, as on a bounded one, at most [`MAX_STONES`] (625) stones stand: the position keeps
//!   them in a boxed array of that capacity rather than a growing set, and a board that holds them all is full
//!   (a draw);
//! - on the endless board a stone goes within the winning line's length (3–6) of a stone already placed, in rows and
//!   columns (`|dx|, |dy| ≤ line`); a stone farther away is refused ([`Illegal::TooFar`]). A stone farther than a line
//!   from every stone shares no row with any, and the rule keeps the list of legal actions to at most 169 points a
//!   stone instead of the reach's four million. The line rather than 2: with 2, a `long-pro` Black whose first White
//!   stone stood next to the centre would have no point 4 from the centre; with a line of 3 or more there is always
//!   one, past White's stone;
//! - a renju Black without an allowed point (every empty point forbidden) has no move: the game is drawn, as on
//!   a full board;
//! - the `pro` openings' centre of an even side is the lower-left of the middle four points;
//! - swap2 needs a line of at least four, so that no stone of the opening wins before the colours are chosen.
//!
//! Size: a bounded board's stones are two bitsets of 625 bits, the endless board's a boxed sorted array (see
//! [`Stones`]), so a position is 232 bytes whatever its board (the endless board's 2.5 KiB array sits on the
//! heap), measured by `cargo run -p kartka-engine --example five_in_a_row_sizes` on x86-64; before, with the
//! array inline for both boards, it was 2560 bytes.

mod board;
mod fuzz;
mod gomocup;
mod limits;
mod lines;
mod notation;
mod opening;
mod position;
mod record;
mod renju;
mod rules;
mod solve;

pub use board::{Colour, Point, Stones, MAX_STONES};
pub use gomocup::{read_gomocup_board, write_gomocup_board, GomocupError};
pub use limits::{ENDLESS_REACH, MAX_LINE, MAX_SIDE, MIN_LINE, MIN_SIDE};
pub use lines::Cell;
pub use notation::{parse_actions, write_action};
pub use opening::Phase;
pub use position::{Action, Illegal, Position};
pub use record::{FiveInARowRecord, ReadError, ReadErrorKind, RecordResult, ReplayError};
pub use renju::ForbiddenShape;
pub use rules::{BoardShape, Opening, Rules, RulesError, WinRule};
pub use solve::{solve, solve_position, SolveError, Solved, MAX_SOLVED_POINTS};

use crate::game::{Game, NotationError, Progress, TimeoutPolicy};
use crate::{Outcome, Seat};

impl Game for Position {
    type Rules = Rules;
    type Action = Action;
    type Illegal = Illegal;

    fn new(rules: &Rules) -> Self {
        Position::new(*rules)
    }

    fn rules(&self) -> Rules {
        Position::rules(self)
    }

    fn seat_count(_: &Rules) -> usize {
        2
    }

    fn to_act(&self) -> Option<Seat> {
        Position::to_act(self)
    }

    fn mid_turn(&self) -> bool {
        Position::mid_turn(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn check(&self, action: Action) -> Result<(), Illegal> {
        Position::check(self, action)
    }

    fn apply(&mut self, action: Action) -> Result<Progress, Illegal> {
        self.play(action)
    }

    fn for_each_legal_action(&self, visit: impl FnMut(Action)) {
        Position::for_each_legal_action(self, visit);
    }

    /// Renju's forbidden points for Black (rules §2), reported apart from other illegal stones.
    fn is_forbidden(illegal: &Illegal) -> bool {
        matches!(illegal, Illegal::Forbidden(_))
    }

    /// A timeout loses (rules §4): a random stone would decide nothing sensibly.
    fn timeout_policy(&self) -> TimeoutPolicy {
        TimeoutPolicy::Loss
    }

    fn write_key(&self, key: &mut crate::PositionKey) {
        Position::write_key(self, key);
    }

    fn parse_actions(text: &str) -> Result<Vec<Action>, NotationError> {
        parse_actions(text)
    }

    fn write_action(action: Action, out: &mut String) {
        write_action(action, out);
    }

    const ACTION_SEPARATOR: &'static str = " ";
}
