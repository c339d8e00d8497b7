//! `classic+centre` records (§5.6): kurnik tags and movetext, turn tokens alternating strictly with `-` for a
//! skipped slot, and the headers `[Variant "classic+centre"]`, `[Board "WxH"]`, `[Goal "G"]` (only for a goal
//! other than 2 cells), `[Score "a-b"]` and `[Winner "P1"|"P2"|"draw"]`. The movetext carries no result
//! token: kurnik's Black–White `Result` belongs to a kurnik export, and a `Result` tag read here is kept as
//! any other tag. Everything is pure: text in, values or text out.

use std::fmt;

use super::movetext::{read_movetext, MovetextError};
use super::notation::{parse_token, CentreToken};
use super::position::{CentreStep, Position};
use crate::outcome::{Outcome, Seat};
use crate::soccer::{Direction, IllegalStep, KurnikRecord, LineEnding, ParseTurnError, Pitch, Tag};

/// The value of the `Variant` tag.
const VARIANT: &str = "classic+centre";

/// The recorded winner of a variant record: `P1`, `P2` or `draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordWinner {
    /// `P1`: the first seat won.
    First,
    /// `P2`: the second seat won.
    Second,
    /// `draw`.
    Draw,
}

impl RecordWinner {
    /// The winner written as `value`, if it is `P1`, `P2` or `draw`.
    #[must_use]
    pub fn from_value(value: &str) -> Option<RecordWinner> {
        match value {
            "P1" => Some(RecordWinner::First),
            "P2" => Some(RecordWinner::Second),
            "draw" => Some(RecordWinner::Draw),
            _ => None,
        }
    }

    /// The value the `Winner` tag holds.
    #[must_use]
    pub const fn value(self) -> &'static str {
        match self {
            RecordWinner::First => "P1",
            RecordWinner::Second => "P2",
            RecordWinner::Draw => "draw",
        }
    }

    /// The recorded winner of an outcome.
    #[must_use]
    pub const fn of(outcome: &Outcome) -> RecordWinner {
        match outcome.winner {
            Some(Seat::First) => RecordWinner::First,
            Some(Seat::Second) => RecordWinner::Second,
            None => RecordWinner::Draw,
        }
    }
}

impl fmt::Display for RecordWinner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.value())
    }
}

/// A number written in plain digits (no sign, no spaces).
pub(crate) fn parse_number<T: std::str::FromStr>(text: &str) -> Option<T> {
    text.bytes().all(|b| b.is_ascii_digit()).then(|| text.parse().ok()).flatten()
}

/// A `Score` tag value `a-b`.
pub(crate) fn parse_score(value: &str) -> Option<[u32; 2]> {
    let (first, second) = value.split_once('-')?;
    Some([parse_number(first)?, parse_number(second)?])
}

/// A `Board` tag value `WxH` (sizes as written, not yet validated).
pub(crate) fn parse_board(value: &str) -> Option<(u8, u8)> {
    let (width, height) = value.split_once('x')?;
    Some((parse_number(width)?, parse_number(height)?))
}

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
        self.tags.iter().find(|tag| tag.name == name).map(|tag| tag.value.as_str())
    }

    /// The record of a match played from the start on `pitch` by `actions` (every step, in order): the steps
    /// grouped into turns with a `-` wherever a seat's slot is skipped, the score reached, and the winner if
    /// the match ended by its rules. No other tags.
    pub fn from_actions(pitch: Pitch, actions: &[Direction]) -> Result<CentreRecord, ReplayError> {
        let mut position = Position::new(pitch);
        let mut tokens = Vec::new();
        let mut turn = Vec::new();
        for &direction in actions {
            if turn.is_empty() && position.pass_due() {
                tokens.push(CentreToken::Pass);
                position.take_pass();
            }
            let index = tokens.len();
            let seat = position.to_move();
            turn.push(direction);
            let step = turn.len();
            let result = position.step(direction).map_err(|reason| ReplayError::Illegal {
                token: index + 1,
                seat,
                step,
                reason,
            })?;
            if result != CentreStep::Bounce {
                tokens.push(CentreToken::Turn(std::mem::take(&mut turn)));
            }
        }
        if !turn.is_empty() {
            tokens.push(CentreToken::Turn(turn));
        }
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
        let movetext = read_movetext(text).map_err(|(line, error)| ReadError::at(line, error.into()))?;
        let mut record = CentreRecord::default();
        let (mut width, mut height, mut goal) = (Pitch::STANDARD.width(), Pitch::STANDARD.height(), 2);
        let mut board_line = 0;
        for (line, tag) in movetext.tags {
            let at = |kind| ReadError::at(line, kind);
            match tag.name.as_str() {
                "Variant" if tag.value != VARIANT => return Err(at(ReadErrorKind::OtherVariant(tag.value))),
                "Variant" => {}
                "Board" => {
                    (width, height) = parse_board(&tag.value).ok_or(at(ReadErrorKind::BadBoard(tag.value)))?;
                    board_line = line;
                }
                "Goal" => {
                    goal = parse_number(&tag.value).ok_or(at(ReadErrorKind::BadBoard(tag.value)))?;
                    board_line = line;
                }
                "Score" => record.score = Some(parse_score(&tag.value).ok_or(at(ReadErrorKind::BadScore(tag.value)))?),
                "Winner" => {
                    record.winner =
                        Some(RecordWinner::from_value(&tag.value).ok_or(at(ReadErrorKind::BadWinner(tag.value)))?);
                }
                _ => record.tags.push(tag),
            }
        }
        record.pitch = Pitch::new(width, height, goal)
            .map_err(|_| ReadError::at(board_line, ReadErrorKind::BadBoard(format!("{width}x{height} goal {goal}"))))?;
        for (line, token) in movetext.tokens {
            let parsed =
                parse_token(&token).map_err(|error| ReadError::at(line, ReadErrorKind::BadToken(token, error)))?;
            record.tokens.push(parsed);
        }
        Ok(record)
    }

    /// Writes the record: `Variant`, `Board`, `Goal` (only for a goal other than 2 cells), the other tags,
    /// `Score` and `Winner` when known, a blank line, then the movetext wrapped before column 80. Lines end
    /// with `\n`.
    #[must_use]
    pub fn write(&self) -> String {
        let tag = |name: &str, value: String| Tag { name: name.to_owned(), value };
        let mut tags = vec![
            tag("Variant", VARIANT.to_owned()),
            tag("Board", format!("{}x{}", self.pitch.width(), self.pitch.height())),
        ];
        if self.pitch.goal_width() != 2 {
            tags.push(tag("Goal", self.pitch.goal_width().to_string()));
        }
        tags.extend(self.tags.iter().cloned());
        if let Some([first, second]) = self.score {
            tags.push(tag("Score", format!("{first}-{second}")));
        }
        if let Some(winner) = self.winner {
            tags.push(tag("Winner", winner.value().to_owned()));
        }
        let turns = self.tokens.iter().map(ToString::to_string).collect();
        KurnikRecord { tags, turns, result: None }.write(LineEnding::Lf)
    }

    /// Replays the tokens from the start and checks them against the rules and the recorded score and winner.
    /// The match after the last token comes back. A recorded winner of a match the rules have not ended yet
    /// (a resignation, time) is fine, and so is the score of a record cut off in the middle of a turn.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let position = replay_parsed(self.pitch, &self.tokens)?;
        let scores = position.scores();
        if let Some(recorded) = self.score.filter(|&recorded| recorded != scores) {
            return Err(ReplayError::WrongScore { recorded, by_rules: scores });
        }
        if let (Some(recorded), Some(outcome)) = (self.winner, position.outcome()) {
            if recorded != RecordWinner::of(&outcome) {
                return Err(ReplayError::WrongWinner { recorded, by_rules: RecordWinner::of(&outcome) });
            }
        }
        Ok(position)
    }
}

/// The match after the turn tokens `text` (separated by spaces, without move numbers, e.g. `"0 3 67"`),
/// played from the start on `pitch`: the `--moves` of a perft.
pub fn replay_tokens(pitch: Pitch, text: &str) -> Result<Position, ReplayError> {
    let tokens = text
        .split_ascii_whitespace()
        .enumerate()
        .map(|(index, token)| parse_token(token).map_err(|error| ReplayError::Notation { token: index + 1, error }))
        .collect::<Result<Vec<_>, _>>()?;
    replay_parsed(pitch, &tokens)
}

/// Plays `tokens` from the start, checking that each is a whole turn (the last may stop on a bounce) and that
/// a `-` stands exactly where a slot is skipped.
fn replay_parsed(pitch: Pitch, tokens: &[CentreToken]) -> Result<Position, ReplayError> {
    let mut position = Position::new(pitch);
    for (index, token) in tokens.iter().enumerate() {
        let number = index + 1;
        let seat = if index % 2 == 0 { Seat::First } else { Seat::Second };
        if position.is_over() {
            return Err(ReplayError::AfterEnd { token: number });
        }
        let steps = match token {
            CentreToken::Pass if position.pass_due() => {
                position.take_pass();
                continue;
            }
            CentreToken::Pass => return Err(ReplayError::UnexpectedPass { token: number, seat }),
            CentreToken::Turn(_) if position.pass_due() => {
                return Err(ReplayError::MissingPass { token: number, seat })
            }
            CentreToken::Turn(steps) => steps,
        };
        let mut last = CentreStep::Bounce;
        for (at, &direction) in steps.iter().enumerate() {
            let step = at + 1;
            if last != CentreStep::Bounce {
                return Err(ReplayError::PastTurnEnd { token: number, step });
            }
            last = position.step(direction).map_err(|reason| ReplayError::Illegal {
                token: number,
                seat,
                step,
                reason,
            })?;
        }
        if last == CentreStep::Bounce && number < tokens.len() {
            return Err(ReplayError::StopsMidTurn { token: number });
        }
    }
    Ok(position)
}

/// A record that cannot be read, and the line (from 1) where that became clear.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct ReadError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong there.
    pub kind: ReadErrorKind,
}

impl ReadError {
    fn at(line: usize, kind: ReadErrorKind) -> ReadError {
        ReadError { line, kind }
    }
}

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
