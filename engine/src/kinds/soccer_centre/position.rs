//! A match of points on one pitch: the classic position underneath, the score, and who kicks off.

use crate::position_key::PositionKey;
use crate::soccer::{Direction, Directions, IllegalStep, Pitch, Position as Board, StepResult};
use crate::{BySeat, EndReason, Outcome, Seat};

/// What one legal step did to the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CentreStep {
    /// The ball bounced: the same player must step again.
    Bounce,
    /// The ball stopped on a fresh point: the opponent moves next.
    TurnOver,
    /// The step ended a classic game, which is a point here: `scorer` got it, the ball is back on the centre
    /// and the other player kicks off.
    Point {
        /// The seat that got the point.
        scorer: Seat,
    },
    /// The point this step gave ended the match: the player due to kick off has no free segment at the centre.
    MatchOver(Outcome),
}

/// A Paper Soccer match with the `centre` option: classic kurnik steps and bounces on one pitch, where every
/// end of a classic game is a point and play restarts from the centre with every segment still drawn.
///
/// The classic [`Board`] does the steps; this type only scores the classic endings, restarts and ends the
/// match. Like the classic position it is a `Copy` value that checks and applies a step without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    scores: [u32; 2],
    pass_due: bool,
    outcome: Option<Outcome>,
}

impl Default for Position {
    fn default() -> Self {
        Position::new(Pitch::STANDARD)
    }
}

impl Position {
    /// The start of a match: nothing drawn, the ball on the centre, 0–0, the first seat to move.
    #[must_use]
    pub fn new(pitch: Pitch) -> Position {
        Position { board: Board::new(pitch), scores: [0, 0], pass_due: false, outcome: None }
    }

    /// Writes the match's canonical bytes: format 1, the classic board's key (the ball, the seat to move and
    /// every drawn segment: [`Board::write_key`]), both scores, whether a pass is due at the restart, and
    /// whether the match is over.
    pub fn write_key(&self, key: &mut PositionKey) {
        key.byte(1);
        self.board.write_key(key);
        key.number(self.scores[0]).number(self.scores[1]).flag(self.pass_due).flag(self.outcome.is_some());
    }

    /// The classic position underneath: the drawn segments, the ball and the side to move. During the match
    /// it is never over; after the last point it holds the classic ending that gave the point.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pitch.
    #[must_use]
    pub fn pitch(&self) -> Pitch {
        self.board.pitch()
    }

    /// Points per seat, first seat first.
    #[must_use]
    pub fn scores(&self) -> [u32; 2] {
        self.scores
    }

    /// The seat whose step it is (after the end: the seat that made the last step).
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.board.to_move()
    }

    /// Whether the player to move is in the middle of a turn (the ball bounced).
    #[must_use]
    pub fn must_continue(&self) -> bool {
        self.outcome.is_none() && self.board.must_continue()
    }

    /// Whether a `-` token is due before the next turn (§5.4): the player who made the last turn also kicks
    /// off, after scoring against themself (an own goal or a self-block), so the opponent's slot in the
    /// record passes. Cleared by the next step.
    #[must_use]
    pub fn pass_due(&self) -> bool {
        self.pass_due
    }

    /// The seat whose token comes next in a record, where tokens alternate strictly: the player to move, or
    /// the opponent when a `-` is due first.
    #[must_use]
    pub fn token_seat(&self) -> Seat {
        if self.pass_due {
            self.to_move().other()
        } else {
            self.to_move()
        }
    }

    /// The outcome, once the match is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the match is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The directions the ball may step in now (none once the match is over).
    #[must_use]
    pub fn legal_directions(&self) -> Directions {
        if self.is_over() {
            Directions::NONE
        } else {
            self.board.legal_directions()
        }
    }

    /// Whether a step in `direction` may be played now, and if not, why.
    pub fn check(&self, direction: Direction) -> Result<(), IllegalStep> {
        if self.is_over() {
            return Err(IllegalStep::GameOver);
        }
        self.board.check(direction)
    }

    /// Plays one step of the player to move. On error the match is unchanged.
    pub fn step(&mut self, direction: Direction) -> Result<CentreStep, IllegalStep> {
        self.check(direction)?;
        let mover = self.to_move();
        let result = self.board.step(direction)?;
        self.pass_due = false;
        Ok(match result {
            StepResult::Bounce => CentreStep::Bounce,
            StepResult::TurnOver => CentreStep::TurnOver,
            StepResult::GameOver(_) => self.score_and_restart(mover),
        })
    }

    /// Continues the match from `board`, the classic position after a whole turn by `mover` played from this
    /// one (the perft walks turns on the classic board and comes back here).
    pub(crate) fn after_turn(&self, board: &Board, mover: Seat) -> Position {
        let mut next = Position { board: *board, pass_due: false, ..*self };
        if board.is_over() {
            next.score_and_restart(mover);
        }
        next
    }

    /// Takes back a due `-`: the record's pass token has been written or read.
    pub(crate) fn take_pass(&mut self) {
        self.pass_due = false;
    }

    /// Scores the classic ending the board holds (the classic winner gets the point: the attacker of the goal,
    /// own goals included, or the opponent of a blocked mover), then restarts from the centre or ends the
    /// match.
    fn score_and_restart(&mut self, mover: Seat) -> CentreStep {
        let Some(scorer) = self.board.outcome().and_then(|outcome| outcome.winner()) else {
            unreachable!("a classic game always ends with a winner")
        };
        self.scores[scorer.index()] += 1;
        let kicker = scorer.other();
        let mut restarted = self.board;
        restarted.restart_from_centre(kicker);
        if restarted.legal_directions().is_empty() {
            // Rule 4: no free segment at the centre for the kicker. The board keeps the ending of the last point.
            let outcome = self.final_outcome();
            self.outcome = Some(outcome);
            return CentreStep::MatchOver(outcome);
        }
        self.board = restarted;
        self.pass_due = kicker == mover;
        CentreStep::Point { scorer }
    }

    /// More points wins; equal points, 0–0 included, is a draw.
    fn final_outcome(&self) -> Outcome {
        Outcome::of_scores(BySeat::from(self.scores), EndReason::Score)
    }
}
