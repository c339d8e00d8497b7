//! Digital Wars (Conway's Digital Deletions): a string of digits; a move lowers one digit or erases a `0` with
//! every digit to its right. By the seed's ending the player who erases the last digit loses (misère); in
//! normal play that player wins.
//!
//! Decisions the rules document leaves open, taken here: under the pie rule the first seat writes the string one
//! digit an action, all in one turn (so the bot and the board list ten choices, not ten to the length), then the
//! second seat's choice names the seat that moves first; a random string's digits are SplitMix64's draws below
//! 10 from the ruleset's seed, left to right; the game's end is reason `stuck` in both endings (the seat to move
//! faces an empty string), the winner being the ending's.

mod fuzz;
mod notation;
mod position;
mod record;
mod rules;
mod solve;

pub use notation::{parse_actions, write_action};
pub use position::{Action, IllegalMove, Phase, Position};
pub use record::{DigitalWarsRecord, ReadError, ReadErrorKind, RecordResult, ReplayError};
pub use rules::{DigitalWarsRules, Ending, LengthError, Start, DEFAULT_LENGTH, MAX_LENGTH, MIN_LENGTH};
pub use solve::{Solution, Solver, Verdict};

use crate::game::{Game, NotationError, Progress};
use crate::{Outcome, Seat};

impl Game for Position {
    type Rules = DigitalWarsRules;
    type Action = Action;
    type Illegal = IllegalMove;

    fn new(rules: &DigitalWarsRules) -> Self {
        Position::new(*rules)
    }

    fn seat_count(_: &DigitalWarsRules) -> usize {
        2
    }

    fn rules(&self) -> DigitalWarsRules {
        Position::rules(self)
    }

    fn to_act(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.to_move())
    }

    fn mid_turn(&self) -> bool {
        Position::mid_turn(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn check(&self, action: Action) -> Result<(), IllegalMove> {
        Position::check(self, action)
    }

    fn apply(&mut self, action: Action) -> Result<Progress, IllegalMove> {
        self.play(action)
    }

    fn for_each_legal_action(&self, visit: impl FnMut(Action)) {
        Position::for_each_legal_action(self, visit);
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
