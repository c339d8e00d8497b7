//! Racetrack, for two to six players (the seeds' Race, played as the vector race on squared paper): cars on the
//! points of a track drawn as data, each move an acceleration of at most one in each direction; a crash costs
//! hit points and a turn; the first round to cross the line after a full lap through every touch point wins.
//!
//! The first kind whose rules carry data: a track is not a `Copy` option, so [`RacetrackRules`] names it by name
//! and content hash ([`TrackId`]) and a game takes the track itself, shared and immutable, from the process's
//! registry of tracks ([`tracks`]), which the shipped tracks fill when first asked and the server's configured
//! directory adds to when it starts. Rules naming a track the process does not have are refused when they are
//! built ([`RulesError::TrackMissing`]), never replaced by another track.
//!
//! Decisions the rules document leaves open, and how they are kept here (docs/tracks.md has the track format):
//! - Cars stand on cell centres: a point is one character of the map. A move's segment meets a cell when it
//!   passes through the cell's open interior; it stays on the track when every cell it meets is track, so a
//!   segment that only touches a wall's side or corner stays on (rules 2.3).
//! - A crash stops the car at the last track point its segment met before the first cell outside that no other
//!   car occupies (at worst where it stood), velocity 0; it costs two hit points when that last track cell is a
//!   danger zone, else one. A car is out when its hit points reach 0 (five at the start), or at its first crash
//!   under `crash: out`; otherwise it skips its next turn.
//! - A move that stays on the track may not end on a point another car still racing stands on; cars finished or
//!   out leave the track. A crashing move is always legal.
//! - The start/finish line is the near side, against the racing direction, of the run of `S` and `F` cells:
//!   cars start on those cells, just past it. A car counts its net crossings of the line (+1 in the racing
//!   direction, −1 against it) and finishes on a crossing in the racing direction that brings the count to one
//!   or more once every touch point has been passed. A crash's shortened segment counts as driven.
//! - The race ends when no car races, when one car alone races and no car finished in the round it moves in
//!   (its rank cannot change), or after `max_rounds`, with reason `Score` (`RoundsOut` for the rounds).
//! - A seat that leaves is out, ranked below every car out by crashing; the race goes on ([`Game::seat_left`]).

mod check;
mod drive;
mod fuzz;
mod geometry;
mod notation;
mod position;
mod record;
mod rules;
mod solve;
mod track;
pub mod tracks;

pub use check::{check, Checked};
pub use drive::{drive, Drive};
pub use geometry::{for_each_cell_met, meets, Direction, FinishLine, Point};
pub use notation::{parse_moves, write_move};
pub use position::{ArrangeError, Car, IllegalMove, Move, Position, Standing};
pub use record::{read_record, write_record, RacetrackRecord, ReadError, ReadErrorKind, ReplayError};
pub use rules::{RacetrackRules, RulesError, DEFAULT_MAX_ROUNDS, HIT_POINTS, MAX_PLAYERS, MIN_PLAYERS};
pub use solve::{
    acceleration_of_digit, digit_of_acceleration, fewest_moves, step_alone, CarState, Solution, SolveError, Step,
    DEFAULT_BUDGET,
};
pub use track::{
    Cell, Track, TrackError, TrackHash, TrackId, TrackName, MAX_HEIGHT, MAX_NAME_LEN, MAX_TOUCH_POINTS, MAX_WIDTH,
    MIN_STARTS,
};

use crate::game::{Game, NotationError, Progress};
use crate::{EndReason, Outcome, Seat};

impl Game for Position {
    type Rules = RacetrackRules;
    type Action = Move;
    type Illegal = IllegalMove;

    fn new(rules: &RacetrackRules) -> Self {
        Position::new(*rules)
    }

    fn rules(&self) -> RacetrackRules {
        Position::rules(self)
    }

    fn seat_count(rules: &RacetrackRules) -> usize {
        usize::from(rules.players())
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

    fn check(&self, action: Move) -> Result<(), IllegalMove> {
        Position::check(self, action)
    }

    fn apply(&mut self, action: Move) -> Result<Progress, IllegalMove> {
        self.play(action)
    }

    fn for_each_legal_action(&self, visit: impl FnMut(Move)) {
        self.for_each_legal_move(visit);
    }

    fn seat_left(&mut self, seat: Seat, reason: EndReason) -> Option<Progress> {
        self.leave(seat, reason)
    }

    fn write_key(&self, key: &mut crate::PositionKey) {
        Position::write_key(self, key);
    }

    fn parse_actions(text: &str) -> Result<Vec<Move>, NotationError> {
        parse_moves(text)
    }

    fn write_action(action: Move, out: &mut String) {
        write_move(action, out);
    }

    const ACTION_SEPARATOR: &'static str = " ";
}
