//! Barriers game records: tag pairs, a blank line, then movetext `1. e2e3 f5g5 2. … 1-0` in chess order
//! (`1-0`: the first seat won). The board is the `Board` tag (`8x8`, width by height), the touch rule the
//! `Touch` tag (`cells` when missing). Everything here is pure: text in, values or text out.

use super::notation::{parse_bars, write_bar};
use super::position::{Bar, IllegalBar, Position};
use super::rules::{BarriersRules, Touch};
use crate::tag_pairs::{from_tag_error, push_wrapped, tag_value, write_tag, Tag, TagReader, MAX_RECORD_TAGS};
use crate::Seat;

/// The value of the `Game` tag.
const GAME: &str = "barriers";

/// The result of a game as a record writes it, in chess order: no draws (the tag pairs' shared type).
pub use crate::tag_pairs::DecisiveResult as RecordResult;

/// One Barriers game. The `Game`, `Board`, `Touch`, `Result` and `Winner` tags are kept as fields; every other
/// tag (event, players, date…) is kept in order in `tags`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BarriersRecord {
    /// The rules (the `Board` and `Touch` tags; 8x8 and `cells` when missing).
    pub rules: BarriersRules,
    /// The other tag pairs, in the order they are written.
    pub tags: Vec<Tag>,
    /// The bars, the first seat's first and then alternating.
    pub moves: Vec<Bar>,
    /// The result (the `Result` tag and the movetext's last token, which must agree).
    pub result: RecordResult,
}

/// A record that cannot be read, and the line (from 1) where that became clear.
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
    #[error("the Game tag is {0:?}, not \"barriers\"")]
    OtherGame(String),
    /// The `Board` tag is not a board such as `8x8` of 2 to 12 cells a side.
    #[error("the Board tag {0:?} is not a board of 2x2 to 12x12")]
    BadBoard(String),
    /// The `Touch` tag is not `cells`, `sides` or `corners`.
    #[error("the Touch tag {0:?} is not cells, sides or corners")]
    BadTouch(String),
    /// The `Result` tag is not `1-0`, `0-1` or `*`.
    #[error("unknown result {0:?}")]
    UnknownResult(String),
    /// The `Winner` tag is not `first` or `second`, or disagrees with the result.
    #[error("the Winner tag {0:?} does not match the result")]
    WrongWinner(String),
    /// A tag after the movetext began.
    #[error("a tag after the movetext")]
    TagAfterMovetext,
    /// A movetext token that is neither a move number, a bar nor a result.
    #[error("{0:?} is not a move number, a bar or a result")]
    BadToken(String),
    /// A move number out of sequence, or where a bar is due.
    #[error("expected move number {expected}, found {found:?}")]
    WrongMoveNumber {
        /// The move number due here.
        expected: usize,
        /// The token found instead.
        found: String,
    },
    /// A bar stands where a move number is due.
    #[error("bar {0:?} has no move number before it")]
    MissingMoveNumber(String),
    /// Something follows the result token.
    #[error("{0:?} follows the result")]
    AfterResult(String),
    /// The result token of the movetext differs from the `Result` tag.
    #[error("the movetext ends with {movetext:?} but the Result tag says {tag:?}")]
    ResultMismatch {
        /// The result in the `Result` tag.
        tag: RecordResult,
        /// The result token at the end of the movetext.
        movetext: RecordResult,
    },
}

from_tag_error!(ReadErrorKind);

/// Why a record's moves do not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A bar the rules refuse.
    #[error("bar {number} is illegal: {reason}")]
    Illegal {
        /// The bar's number in the game, from 1.
        number: usize,
        /// Why the rules refuse it.
        reason: IllegalBar,
    },
    /// The game ended by the rules with another winner than the record says.
    #[error("the record says {} but the {by_rules} player won by the rules", recorded.token())]
    WrongResult {
        /// The recorded result.
        recorded: RecordResult,
        /// The winner by the rules.
        by_rules: Seat,
    },
}

impl BarriersRecord {
    /// The value of the first other tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }

    /// Reads one record: tags one per line, then the movetext, which may end with the result token.
    pub fn read(text: &str) -> Result<BarriersRecord, ReadError> {
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

    /// Writes the record: `Game`, `Board`, `Touch`, the other tags, `Result` and (when known) `Winner`, a blank
    /// line, then the movetext wrapped before column 79 and ended by the result token.
    #[must_use]
    pub fn write(&self) -> String {
        let mut out = String::new();
        write_tag(&mut out, "Game", GAME, "\n");
        write_tag(&mut out, "Board", &format!("{}x{}", self.rules.width(), self.rules.height()), "\n");
        write_tag(&mut out, "Touch", self.rules.touch().name(), "\n");
        for tag in &self.tags {
            write_tag(&mut out, &tag.name, &tag.value, "\n");
        }
        write_tag(&mut out, "Result", self.result.token(), "\n");
        if let Some(winner) = self.result.winner() {
            write_tag(&mut out, "Winner", &winner.to_string(), "\n");
        }
        out.push('\n');
        let mut line = String::new();
        let mut token = String::new();
        for (index, &bar) in self.moves.iter().enumerate() {
            if index % 2 == 0 {
                push_wrapped(&mut out, &mut line, &format!("{}.", index / 2 + 1));
            }
            token.clear();
            write_bar(bar, &mut token);
            push_wrapped(&mut out, &mut line, &token);
        }
        push_wrapped(&mut out, &mut line, self.result.token());
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Plays the bars on the record's board and checks a finished game's winner against the recorded result;
    /// a game recorded as won before the rules ended it (a resignation) is fine.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let mut position = Position::new(self.rules);
        for (index, &bar) in self.moves.iter().enumerate() {
            position.play(bar).map_err(|reason| ReplayError::Illegal { number: index + 1, reason })?;
        }
        if let Some(by_rules) = position.outcome().and_then(|outcome| outcome.winner()) {
            if self.result != RecordResult::Unknown && self.result.winner() != Some(by_rules) {
                return Err(ReplayError::WrongResult { recorded: self.result, by_rules });
            }
        }
        Ok(position)
    }
}

/// One record being read.
#[derive(Debug, Default)]
struct Reader {
    record: BarriersRecord,
    tags: TagReader,
    size: Option<(u8, u8)>,
    touch: Touch,
    tagged_result: Option<RecordResult>,
    winner: Option<String>,
    in_movetext: bool,
    expect_bar: bool,
    ended: bool,
}

impl Reader {
    fn read_tag(&mut self, line: &str) -> Result<(), ReadErrorKind> {
        let tag = self.tags.read(line)?;
        match tag.name.as_str() {
            "Game" if tag.value != GAME => return Err(ReadErrorKind::OtherGame(tag.value)),
            "Game" => {}
            "Board" => {
                let size = tag.value.split_once('x').and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)));
                let valid = size.filter(|&(w, h)| BarriersRules::new(w, h, Touch::Cells).is_ok());
                self.size = Some(valid.ok_or(ReadErrorKind::BadBoard(tag.value))?);
            }
            "Touch" => self.touch = Touch::from_name(&tag.value).ok_or(ReadErrorKind::BadTouch(tag.value))?,
            "Result" => {
                let result = RecordResult::from_token(&tag.value).ok_or(ReadErrorKind::UnknownResult(tag.value))?;
                self.tagged_result = Some(result);
            }
            "Winner" => self.winner = Some(tag.value),
            _ => self.record.tags.push(tag),
        }
        Ok(())
    }

    fn read_token(&mut self, token: &str) -> Result<(), ReadErrorKind> {
        let number = self.record.moves.len() / 2 + 1;
        if self.ended {
            return Err(ReadErrorKind::AfterResult(token.to_owned()));
        }
        if let Some(result) = RecordResult::from_token(token) {
            if self.expect_bar {
                return Err(ReadErrorKind::BadToken(token.to_owned()));
            }
            if let Some(tag) = self.tagged_result.filter(|&tag| tag != result) {
                return Err(ReadErrorKind::ResultMismatch { tag, movetext: result });
            }
            self.record.result = result;
            self.ended = true;
        } else if token.ends_with('.') {
            if self.expect_bar || self.record.moves.len() % 2 == 1 || token != format!("{number}.") {
                return Err(ReadErrorKind::WrongMoveNumber { expected: number, found: token.to_owned() });
            }
            self.expect_bar = true;
        } else {
            let bar = match parse_bars(token).as_deref() {
                Ok(&[bar]) => bar,
                _ => return Err(ReadErrorKind::BadToken(token.to_owned())),
            };
            if !self.expect_bar && self.record.moves.len() % 2 == 0 {
                return Err(ReadErrorKind::MissingMoveNumber(token.to_owned()));
            }
            self.expect_bar = false;
            self.record.moves.push(bar);
        }
        Ok(())
    }

    fn finish(mut self) -> Result<BarriersRecord, ReadErrorKind> {
        if self.expect_bar {
            return Err(ReadErrorKind::BadToken(format!("{}.", self.record.moves.len() / 2 + 1)));
        }
        if !self.ended {
            self.record.result = self.tagged_result.unwrap_or_default();
        }
        if let Some(winner) = self.winner {
            if self.record.result.winner().map(|seat| seat.to_string()) != Some(winner.clone()) {
                return Err(ReadErrorKind::WrongWinner(winner));
            }
        }
        let (width, height) = self.size.unwrap_or((8, 8));
        self.record.rules = BarriersRules::new(width, height, self.touch).expect("checked when read");
        Ok(self.record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME_TEXT: &str = "[Game \"barriers\"]\n[Board \"3x2\"]\n[Touch \"cells\"]\n[White \"Ala\"]\n\
        [Result \"1-0\"]\n[Winner \"first\"]\n\n1. a1a2 b1c1 2. b2c2 1-0\n";

    #[test]
    fn a_record_reads_replays_and_writes_back() {
        let record = BarriersRecord::read(GAME_TEXT).expect("readable");
        assert_eq!((record.rules.width(), record.rules.height(), record.moves.len()), (3, 2, 3));
        assert_eq!(record.tag("White"), Some("Ala"));
        assert_eq!(record.write(), GAME_TEXT);
        let position = record.replay().expect("legal");
        assert!(position.is_over());
        assert_eq!(position.outcome().and_then(|outcome| outcome.winner()), Some(Seat::FIRST));
        let wrong = BarriersRecord { result: RecordResult::SecondWon, ..record };
        assert_eq!(
            wrong.replay(),
            Err(ReplayError::WrongResult { recorded: RecordResult::SecondWon, by_rules: Seat::FIRST })
        );
    }

    #[test]
    fn faults_are_named() {
        let cases = [
            ("[Game \"dots\"]\n", ReadErrorKind::OtherGame("dots".into())),
            ("[Board \"13x2\"]\n", ReadErrorKind::BadBoard("13x2".into())),
            ("[Touch \"edges\"]\n", ReadErrorKind::BadTouch("edges".into())),
            ("1. a1a3\n", ReadErrorKind::BadToken("a1a3".into())),
            ("a1a2\n", ReadErrorKind::MissingMoveNumber("a1a2".into())),
            ("1. a1a2 2. b1b2\n", ReadErrorKind::WrongMoveNumber { expected: 1, found: "2.".into() }),
            ("1. a1a2 b1b2 1-0 c1c2\n", ReadErrorKind::AfterResult("c1c2".into())),
            (
                "[Result \"1-0\"]\n1. a1a2 0-1\n",
                ReadErrorKind::ResultMismatch { tag: RecordResult::FirstWon, movetext: RecordResult::SecondWon },
            ),
            ("1. a1a2\n[Event \"x\"]\n", ReadErrorKind::TagAfterMovetext),
        ];
        for (text, kind) in cases {
            assert_eq!(BarriersRecord::read(text).map_err(|error| error.kind), Err(kind), "{text:?}");
        }
    }
}
