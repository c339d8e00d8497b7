//! Paper Soccer (Piłkarzyki) by the classic kurnik.pl / PlayOK rules.

mod direction;
mod fuzz;
mod notation;
mod pitch;
mod position;
mod reach;
mod record;
mod turns;

pub use direction::{Direction, Directions};
pub use notation::{parse_turn, split_turns, write_turn, ParseTurnError, SplitTurns, SplitTurnsError};
pub use pitch::{Pitch, PitchError, Point, MAX_HEIGHT, MAX_WIDTH};
pub use position::{IllegalStep, Position, StepResult};
pub use reach::{GoalReach, TurnLayers, TURN_LAYERS};
pub use record::{
    read_records, write_records, FaultKind, KurnikRecord, LineEnding, ReadError, ReadErrorKind, RecordReader,
    RecordResult, Replay, ReplayFault, ResultCheck, Tag,
};
pub use turns::{distinct_turns, perft, Perft, TurnEnumerator};

use crate::game::{Game, NotationError, Progress};
use crate::{Outcome, Seat};

/// The options of a Paper Soccer game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SoccerRules {
    /// The pitch size and goal width.
    pub pitch: Pitch,
}

impl Game for Position {
    type Rules = SoccerRules;
    type Action = Direction;
    type Illegal = IllegalStep;

    fn new(rules: &SoccerRules) -> Self {
        Position::new(rules.pitch)
    }

    fn seat_count(_: &SoccerRules) -> usize {
        2
    }

    fn rules(&self) -> SoccerRules {
        SoccerRules { pitch: self.pitch() }
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
            StepResult::Bounce => Progress::TurnContinues,
            StepResult::TurnOver => Progress::TurnEnded,
            StepResult::GameOver(outcome) => Progress::GameOver(outcome),
        })
    }

    fn for_each_legal_action(&self, visit: impl FnMut(Direction)) {
        self.legal_directions().for_each(visit);
    }

    fn write_key(&self, key: &mut crate::PositionKey) {
        Position::write_key(self, key);
    }

    fn parse_actions(text: &str) -> Result<Vec<Direction>, NotationError> {
        text.chars()
            .enumerate()
            .map(|(at, c)| Direction::from_digit(c).ok_or(NotationError { at, expected: "a digit 0-7" }))
            .collect()
    }

    fn write_action(action: Direction, out: &mut String) {
        out.push(action.digit());
    }
}
