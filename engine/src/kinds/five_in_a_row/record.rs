//! Five in a row game records (rules §4): tag pairs (`[Game "five-in-a-row"]`, `[Board "15x15"]`, `[Line "5"]`,
//! `[Win "exact"]`, `[Opening "swap2"]`, the others kept in order), a blank line, then the movetext: the
//! actions numbered in pairs, `1. h8 i9 2. j10 =B 3. …`, ended by the result in chess order (`1-0`: the first
//! seat won; `1/2-1/2`: a draw). A missing option tag means the default rules' option. Pure: text in, values
//! or text out.

use std::fmt;

use super::notation::{parse_actions, write_action};
use super::position::{Action, Illegal, Position};
use super::rules::{BoardShape, Opening, Rules, RulesError, WinRule};
use crate::tag_pairs::{from_tag_error, push_wrapped, tag_value, write_tag, Tag, TagReader, MAX_RECORD_TAGS};
use crate::Seat;

/// The value of the `Game` tag.
const GAME: &str = "five-in-a-row";

/// The result of a game as a record writes it, in chess order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RecordResult {
    /// `1-0`: the first seat won.
    FirstWon,
    /// `0-1`: the second seat won.
    SecondWon,
    /// `1/2-1/2`: a draw.
    Draw,
    /// `*`: unfinished or not known.
    #[default]
    Unknown,
}

impl RecordResult {
    /// The result written as `token`.
    #[must_use]
    pub fn from_token(token: &str) -> Option<RecordResult> {
        [RecordResult::FirstWon, RecordResult::SecondWon, RecordResult::Draw, RecordResult::Unknown]
            .into_iter()
            .find(|result| result.token() == token)
    }

    /// The token a record writes for this result.
    #[must_use]
    pub const fn token(self) -> &'static str {
        match self {
            RecordResult::FirstWon => "1-0",
            RecordResult::SecondWon => "0-1",
            RecordResult::Draw => "1/2-1/2",
            RecordResult::Unknown => "*",
        }
    }

    /// The result of a finished game: won by `winner`, or drawn.
    #[must_use]
    pub const fn of_winner(winner: Option<Seat>) -> RecordResult {
        match winner {
            Some(Seat::FIRST) => RecordResult::FirstWon,
            Some(_) => RecordResult::SecondWon,
            None => RecordResult::Draw,
        }
    }
}

impl fmt::Display for RecordResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// One Five in a row game: its rules (from the option tags), its other tags, its actions and its result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FiveInARowRecord {
    /// The rules, from the `Board`, `Line`, `Win` and `Opening` tags.
    pub rules: Rules,
    /// The other tag pairs, in the order they are written.
    pub tags: Vec<Tag>,
    /// The actions from the start, stones and colour choices alike.
    pub actions: Vec<Action>,
    /// The result (the `Result` tag and the movetext's last token, which must agree).
    pub result: RecordResult,
}

impl FiveInARowRecord {
    /// The value of the first other tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }

    /// Reads one record: tags first, one per line, then the movetext.
    pub fn read(text: &str) -> Result<FiveInARowRecord, ReadError> {
        let mut reader = Reader::default();
        for (index, line) in text.lines().enumerate() {
            let at = |kind| ReadError { line: index + 1, kind };
            let trimmed = line.trim();
            if trimmed.starts_with('[') {
                if reader.in_movetext {
                    return Err(at(ReadErrorKind::TagAfterMovetext));
                }
                reader.read_tag(trimmed).map_err(at)?;
            } else {
                for token in trimmed.split_ascii_whitespace() {
                    reader.in_movetext = true;
                    reader.read_token(token).map_err(at)?;
                }
            }
        }
        let line = text.lines().count().max(1);
        reader.finish().map_err(|kind| ReadError { line, kind })
    }

    /// Writes the record: `Game`, the four option tags, the other tags, `Result`, a blank line, then the movetext
    /// wrapped before column 79 and ended by the result. Lines end with `\n`.
    #[must_use]
    pub fn write(&self) -> String {
        let mut out = String::new();
        write_tag(&mut out, "Game", GAME, "\n");
        write_tag(&mut out, "Board", &self.rules.board().to_string(), "\n");
        write_tag(&mut out, "Line", &self.rules.line().to_string(), "\n");
        write_tag(&mut out, "Win", self.rules.win().name(), "\n");
        write_tag(&mut out, "Opening", self.rules.opening().name(), "\n");
        for tag in &self.tags {
            write_tag(&mut out, &tag.name, &tag.value, "\n");
        }
        write_tag(&mut out, "Result", self.result.token(), "\n");
        out.push('\n');
        let mut line = String::new();
        let mut token = String::new();
        for (index, &action) in self.actions.iter().enumerate() {
            if index % 2 == 0 {
                push_wrapped(&mut out, &mut line, &format!("{}.", index / 2 + 1));
            }
            token.clear();
            write_action(action, &mut token);
            push_wrapped(&mut out, &mut line, &token);
        }
        push_wrapped(&mut out, &mut line, self.result.token());
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Plays the actions by the record's rules and checks a finished game's result against the recorded one
    /// (a recorded win in a game the rules have not ended, a resignation, is fine).
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let mut position = Position::new(self.rules);
        for (index, &action) in self.actions.iter().enumerate() {
            position.play(action).map_err(|reason| ReplayError::Illegal { ply: index + 1, action, reason })?;
        }
        if let Some(outcome) = position.outcome() {
            let by_rules = RecordResult::of_winner(outcome.winner());
            if self.result != RecordResult::Unknown && self.result != by_rules {
                return Err(ReplayError::WrongResult { recorded: self.result, by_rules });
            }
        }
        Ok(position)
    }
}

/// A record that cannot be read, and the line (from 1) where that became clear (the last line for faults found at the end).
pub type ReadError = crate::tag_pairs::ReadError<ReadErrorKind>;

/// What makes a record unreadable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadErrorKind {
    /// A line starting with `[` is not `[Name "value"]`.
    #[error("malformed tag")]
    MalformedTag,
    /// The same tag twice.
    #[error("tag {0} appears twice")]
    DuplicateTag(String),
    /// More tag pairs than [`MAX_RECORD_TAGS`].
    #[error("more than {MAX_RECORD_TAGS} tag pairs")]
    TooManyTags,
    /// The `Game` tag names another game.
    #[error("the Game tag is {0:?}, not \"five-in-a-row\"")]
    OtherGame(String),
    /// An option tag (`Board`, `Line`, `Win`, `Opening`) with a value it cannot have.
    #[error("the {name} tag {value:?} is not an option")]
    BadOption {
        /// The tag.
        name: &'static str,
        /// Its value.
        value: String,
    },
    /// The options are not allowed together.
    #[error("the options are not allowed: {0}")]
    BadRules(RulesError),
    /// The `Result` tag is not a result.
    #[error("unknown result {0:?}")]
    UnknownResult(String),
    /// A tag after the movetext began.
    #[error("a tag after the movetext")]
    TagAfterMovetext,
    /// A movetext token that is neither a move number, an action nor a result.
    #[error("{0:?} is not a move number, an action or a result")]
    BadToken(String),
    /// A move number out of sequence, or missing before an odd action.
    #[error("expected move number {expected}, found {found:?}")]
    WrongMoveNumber {
        /// The move number due here.
        expected: usize,
        /// The token found instead.
        found: String,
    },
    /// Something follows the result token.
    #[error("{0:?} follows the result")]
    AfterResult(String),
    /// The movetext's result differs from the `Result` tag.
    #[error("the movetext ends with {movetext} but the Result tag says {tag}")]
    ResultMismatch {
        /// The result in the `Result` tag.
        tag: RecordResult,
        /// The result at the end of the movetext.
        movetext: RecordResult,
    },
}

from_tag_error!(ReadErrorKind);

/// Why a record's actions do not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// An action the rules refuse.
    #[error("action {ply} is illegal: {reason}")]
    Illegal {
        /// The action's number, from 1.
        ply: usize,
        /// The action.
        action: Action,
        /// Why the rules refuse it.
        reason: Illegal,
    },
    /// The game ended by the rules with another result than the record says.
    #[error("the record says {recorded} but the rules give {by_rules}")]
    WrongResult {
        /// The recorded result.
        recorded: RecordResult,
        /// The result by the rules.
        by_rules: RecordResult,
    },
}

/// One record being read.
#[derive(Debug, Default)]
struct Reader {
    tags: TagReader,
    record: FiveInARowRecord,
    board: Option<BoardShape>,
    line: Option<u8>,
    win: Option<WinRule>,
    opening: Option<Opening>,
    tagged_result: Option<RecordResult>,
    in_movetext: bool,
    numbered: bool,
    ended: bool,
}

impl Reader {
    fn read_tag(&mut self, text: &str) -> Result<(), ReadErrorKind> {
        let tag = self.tags.read(text)?;
        let bad = |name| ReadErrorKind::BadOption { name, value: tag.value.clone() };
        match tag.name.as_str() {
            "Game" if tag.value != GAME => return Err(ReadErrorKind::OtherGame(tag.value)),
            "Game" => {}
            "Board" => self.board = Some(parse_board(&tag.value).ok_or_else(|| bad("Board"))?),
            "Line" => {
                self.line =
                    Some(tag.value.parse().ok().filter(|_| !tag.value.starts_with('+')).ok_or_else(|| bad("Line"))?)
            }
            "Win" => self.win = Some(WinRule::from_name(&tag.value).ok_or_else(|| bad("Win"))?),
            "Opening" => self.opening = Some(Opening::from_name(&tag.value).ok_or_else(|| bad("Opening"))?),
            "Result" => {
                let result = RecordResult::from_token(&tag.value).ok_or(ReadErrorKind::UnknownResult(tag.value))?;
                self.tagged_result = Some(result);
            }
            _ => self.record.tags.push(tag),
        }
        Ok(())
    }

    fn read_token(&mut self, token: &str) -> Result<(), ReadErrorKind> {
        if self.ended {
            return Err(ReadErrorKind::AfterResult(token.to_owned()));
        }
        let count = self.record.actions.len();
        let number = count / 2 + 1;
        if let Some(result) = RecordResult::from_token(token) {
            if let Some(tag) = self.tagged_result.filter(|&tag| tag != result) {
                return Err(ReadErrorKind::ResultMismatch { tag, movetext: result });
            }
            self.record.result = result;
            self.ended = true;
        } else if count % 2 == 0 && !self.numbered {
            if token != format!("{number}.") {
                return Err(ReadErrorKind::WrongMoveNumber { expected: number, found: token.to_owned() });
            }
            self.numbered = true;
        } else {
            let action = match parse_actions(token).as_deref() {
                Ok(&[action]) => action,
                _ => return Err(ReadErrorKind::BadToken(token.to_owned())),
            };
            self.record.actions.push(action);
            self.numbered = false;
        }
        Ok(())
    }

    fn finish(mut self) -> Result<FiveInARowRecord, ReadErrorKind> {
        if self.numbered {
            return Err(ReadErrorKind::BadToken(format!("{}.", self.record.actions.len() / 2 + 1)));
        }
        let default = Rules::default();
        self.record.rules = Rules::new(
            self.board.unwrap_or(default.board()),
            self.line.unwrap_or(default.line()),
            self.win.unwrap_or(default.win()),
            self.opening.unwrap_or(default.opening()),
        )
        .map_err(ReadErrorKind::BadRules)?;
        if let Some(tagged) = self.tagged_result {
            self.record.result = tagged;
        }
        Ok(self.record)
    }
}

/// A `Board` tag value: `WxH` or `endless`.
fn parse_board(value: &str) -> Option<BoardShape> {
    if value == "endless" {
        return Some(BoardShape::Endless);
    }
    let (width, height) = value.split_once('x')?;
    let side = |text: &str| text.parse::<u8>().ok().filter(|_| !text.starts_with('+'));
    Some(BoardShape::Bounded { width: side(width)?, height: side(height)? })
}
