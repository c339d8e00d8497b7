//! `classic+centre` records (§5.6): kurnik tags and movetext, turn tokens alternating strictly with `-` for a
//! skipped slot, and the headers `[Variant "classic+centre"]`, `[Board "WxH"]`, `[Goal "G"]` (only for a goal
//! other than 2 cells), `[Score "a-b"]` and `[Winner "P1"|"P2"|"draw"]`. The movetext carries no result
//! token: kurnik's Black–White `Result` belongs to a kurnik export, and a `Result` tag read here is kept as
//! any other tag. Everything is pure: text in, values or text out.

use super::notation::{parse_token, CentreToken};
use super::position::{CentreStep, Position};
use crate::soccer::{Direction, IllegalStep, ParseTurnError, Pitch, Tag};
use crate::variant_record::{
    check_result, parse_board, parse_number, parse_tokens, read_scored, replay_slots, scored_kind, tag, tag_value,
    tokens_of_actions, write_scored, MovetextError, RecordWinner, Scored, SlotToken,
};
use crate::Seat;

/// The value of the `Variant` tag.
const VARIANT: &str = "classic+centre";

/// One `classic+centre` match. The `Variant`, `Board`, `Goal`, `Score` and `Winner` tags are kept as fields;
/// every other tag (event, players, date…) is kept in order in `tags`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CentreRecord {
    /// The pitch (the `Board` and `Goal` tags; kurnik's 8×10 with a 2-cell goal when they are missing).
    pub pitch: Pitch,
    /// The other tag pairs, in the order they are written.
    pub tags: Vec<Tag>,
    /// The turn tokens, the first seat's first and then strictly alternating.
    pub tokens: Vec<CentreToken>,
    /// The recorded score, first seat first.
    pub score: Option<[u32; 2]>,
    /// The recorded winner; none while unknown or unfinished.
    pub winner: Option<RecordWinner>,
}

impl CentreRecord {
    /// The value of the first other tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }

    /// The record of a match played from the start on `pitch` by `actions` (every step, in order): the steps
    /// grouped into turns with a `-` wherever a seat's slot is skipped, the score reached, and the winner if
    /// the match ended by its rules. No other tags.
    pub fn from_actions(pitch: Pitch, actions: &[Direction]) -> Result<CentreRecord, ReplayError> {
        let mut position = Position::new(pitch);
        let tokens = tokens_of_actions(
            &mut position,
            actions,
            || CentreToken::Pass,
            |_| (),
            |(), steps| CentreToken::Turn(steps),
        )?;
        Ok(CentreRecord {
            pitch,
            tags: Vec::new(),
            tokens,
            score: Some(position.scores()),
            winner: position.outcome().as_ref().map(RecordWinner::of),
        })
    }

    /// Reads one record.
    pub fn read(text: &str) -> Result<CentreRecord, ReadError> {
        let (mut width, mut height, mut goal) = (Pitch::STANDARD.width(), Pitch::STANDARD.height(), 2);
        let mut board_line = 0;
        let own_tag = |line, tag: &Tag| {
            let at = |kind| ReadError::at(line, kind);
            match tag.name.as_str() {
                "Board" => {
                    (width, height) =
                        parse_board(&tag.value).ok_or_else(|| at(ReadErrorKind::BadBoard(tag.value.clone())))?;
                }
                "Goal" => {
                    goal = parse_number(&tag.value).ok_or_else(|| at(ReadErrorKind::BadBoard(tag.value.clone())))?;
                }
                _ => return Ok(false),
            }
            board_line = line;
            Ok(true)
        };
        let read_token = |token: String| parse_token(&token).map_err(|error| ReadErrorKind::BadToken(token, error));
        let Scored { tags, tokens, score, winner } = read_scored(text, VARIANT, own_tag, read_token)?;
        let pitch = Pitch::new(width, height, goal)
            .map_err(|_| ReadError::at(board_line, ReadErrorKind::BadBoard(format!("{width}x{height} goal {goal}"))))?;
        Ok(CentreRecord { pitch, tags, tokens, score, winner })
    }

    /// Writes the record: `Variant`, `Board`, `Goal` (only for a goal other than 2 cells), the other tags,
    /// `Score` and `Winner` when known, a blank line, then the movetext wrapped before column 80. Lines end
    /// with `\n`.
    #[must_use]
    pub fn write(&self) -> String {
        let mut head =
            vec![tag("Variant", VARIANT), tag("Board", format!("{}x{}", self.pitch.width(), self.pitch.height()))];
        if self.pitch.goal_width() != 2 {
            head.push(tag("Goal", self.pitch.goal_width().to_string()));
        }
        write_scored(head, &self.tags, &self.tokens, self.score, self.winner)
    }

    /// Replays the tokens from the start and checks them against the rules and the recorded score and winner.
    /// The match after the last token comes back. A recorded winner of a match the rules have not ended yet
    /// (a resignation, time) is fine, and so is the score of a record cut off in the middle of a turn.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let position = replay_parsed(self.pitch, &self.tokens)?;
        check_result(&position, self.score, self.winner)?;
        Ok(position)
    }
}

/// The match after the turn tokens `text` (separated by spaces, without move numbers, e.g. `"0 3 67"`),
/// played from the start on `pitch`: the `--moves` of a perft.
pub fn replay_tokens(pitch: Pitch, text: &str) -> Result<Position, ReplayError> {
    let tokens = parse_tokens(text, parse_token).map_err(|(token, error)| ReplayError::Notation { token, error })?;
    replay_parsed(pitch, &tokens)
}

/// Plays `tokens` from the start, checking that each is a whole turn (the last may stop on a bounce) and that
/// a `-` stands exactly where a slot is skipped.
fn replay_parsed(pitch: Pitch, tokens: &[CentreToken]) -> Result<Position, ReplayError> {
    let mut position = Position::new(pitch);
    replay_slots(&mut position, tokens, |_, _, _| Ok::<_, ReplayError>(()))?;
    Ok(position)
}

impl SlotToken for CentreToken {
    fn steps(&self) -> Option<&[Direction]> {
        match self {
            CentreToken::Pass => None,
            CentreToken::Turn(steps) => Some(steps),
        }
    }
}

/// A `classic+centre` record that cannot be read, and the line (from 1) where that became clear.
pub type ReadError = crate::variant_record::ReadError<ReadErrorKind>;

/// What makes a `classic+centre` record unreadable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadErrorKind {
    /// The tags or the movetext are not laid out as a record.
    #[error(transparent)]
    Layout(#[from] MovetextError),
    /// The `Variant` tag names another variant.
    #[error("the Variant tag is {0:?}, not \"classic+centre\"")]
    OtherVariant(String),
    /// The `Board` or `Goal` tag is not a valid pitch.
    #[error("{0:?} is not a valid pitch")]
    BadBoard(String),
    /// The `Score` tag is not `a-b`.
    #[error("the Score tag {0:?} is not a-b")]
    BadScore(String),
    /// The `Winner` tag is not `P1`, `P2` or `draw`.
    #[error("the Winner tag {0:?} is not P1, P2 or draw")]
    BadWinner(String),
    /// A movetext token is not `-` nor a turn of digits 0–7.
    #[error("{0:?} is not a turn token: {1}")]
    BadToken(String, ParseTurnError),
}

scored_kind!(Position, CentreStep::Bounce, ReadErrorKind, ReplayError, IllegalStep);

/// Why a record's tokens do not replay. Tokens are counted from 1 over the whole record (move `N` holds
/// tokens `2N-1` and `2N`); steps from 1 within their token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A token of `--moves` is not `-` nor a turn of digits 0–7.
    #[error("token {token}: {error}")]
    Notation {
        /// The token.
        token: usize,
        /// Why it is unreadable.
        error: ParseTurnError,
    },
    /// A step the rules refuse.
    #[error("token {token} ({seat} player), step {step}: {reason}")]
    Illegal {
        /// The token.
        token: usize,
        /// Whose token it is.
        seat: Seat,
        /// The step within the token.
        step: usize,
        /// Why the rules refuse it.
        reason: IllegalStep,
    },
    /// A token goes on after its turn ended.
    #[error("token {token}: the turn ended before step {step}")]
    PastTurnEnd {
        /// The token.
        token: usize,
        /// The first step after the end of the turn.
        step: usize,
    },
    /// A token that is not the last stops on a bounce.
    #[error("token {token} stops on a bounce before the next token")]
    StopsMidTurn {
        /// The token.
        token: usize,
    },
    /// A `-` where the seat must play a turn.
    #[error("token {token}: a pass, but the {seat} player is to move")]
    UnexpectedPass {
        /// The token.
        token: usize,
        /// Whose slot it is.
        seat: Seat,
    },
    /// A turn in a slot that must be `-`: the other player kicks off again.
    #[error("token {token}: the {seat} player's slot must be - (the other player kicks off again)")]
    MissingPass {
        /// The token.
        token: usize,
        /// Whose slot it is.
        seat: Seat,
    },
    /// A token after the end of the match.
    #[error("token {token} comes after the end of the match")]
    AfterEnd {
        /// The token.
        token: usize,
    },
    /// The recorded score is not the score the tokens reach.
    #[error("the record says {recorded:?} but the rules give {by_rules:?}")]
    WrongScore {
        /// The recorded score.
        recorded: [u32; 2],
        /// The score by the rules.
        by_rules: [u32; 2],
    },
    /// The match ended by the rules with another winner than recorded.
    #[error("the record says {recorded} but the rules give {by_rules}")]
    WrongWinner {
        /// The recorded winner.
        recorded: RecordWinner,
        /// The winner by the rules.
        by_rules: RecordWinner,
    },
}
