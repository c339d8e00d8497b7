//! Digital Wars game records: tag pairs, a blank line, then the turns in order separated by spaces, the pie
//! rule's written string as one token (`=31415`), and the result token in chess order (`1-0`: the first seat
//! won). The rules are the `Length`, `Start` (`random` with its `Seed`, or `pie`) and `Ending` (`misere`,
//! `normal`) tags. Turns are not numbered: the pie rule's choice may give the chooser two turns in a row.

use super::notation::{parse_actions, write_action};
use super::position::{Action, IllegalMove, Position};
use super::rules::{DigitalWarsRules, Ending, Start, DEFAULT_LENGTH};
use crate::tag_pairs::{from_tag_error, push_wrapped, tag_value, write_tag, Tag, TagReader, MAX_RECORD_TAGS};
use crate::Seat;

/// The value of the `Game` tag.
const GAME: &str = "digital-wars";

/// The result of a game as a record writes it, in chess order: no draws (the tag pairs' shared type).
pub use crate::tag_pairs::DecisiveResult as RecordResult;

/// One Digital Wars game. The `Game`, rules, `Result` and `Winner` tags are kept as fields; every other tag
/// (event, players, date…) is kept in order in `tags`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DigitalWarsRecord {
    /// The rules (the `Length`, `Start`, `Seed` and `Ending` tags; the default rules' when missing).
    pub rules: DigitalWarsRules,
    /// The other tag pairs, in the order they are written.
    pub tags: Vec<Tag>,
    /// The actions in order (each digit the pie rule's writer wrote is one).
    pub actions: Vec<Action>,
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
    #[error("the Game tag is {0:?}, not \"digital-wars\"")]
    OtherGame(String),
    /// The rules tags name no rules: a length outside 5–30, a start other than `random` (with a `Seed`) or
    /// `pie`, an ending other than `misere` or `normal`.
    #[error("the rules tags are not rules: {0}")]
    BadRules(String),
    /// The `Result` tag is not `1-0`, `0-1` or `*`.
    #[error("unknown result {0:?}")]
    UnknownResult(String),
    /// The `Winner` tag is not `first` or `second`, or disagrees with the result.
    #[error("the Winner tag {0:?} does not match the result")]
    WrongWinner(String),
    /// A tag after the movetext began.
    #[error("a tag after the movetext")]
    TagAfterMovetext,
    /// A movetext token that is neither a turn nor a result.
    #[error("{0:?} is not a turn or a result")]
    BadToken(String),
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

/// Why a record's actions do not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// An action the rules refuse.
    #[error("action {number} is illegal: {reason}")]
    Illegal {
        /// The action's number in the game, from 1.
        number: usize,
        /// Why the rules refuse it.
        reason: IllegalMove,
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

impl DigitalWarsRecord {
    /// The value of the first other tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }

    /// Reads one record: tags one per line, then the movetext, which may end with the result token.
    pub fn read(text: &str) -> Result<DigitalWarsRecord, ReadError> {
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

    /// Writes the record: `Game`, the rules tags, the other tags, `Result` and (when known) `Winner`, a blank
    /// line, then the turns wrapped before column 79 and ended by the result token.
    #[must_use]
    pub fn write(&self) -> String {
        let mut out = String::new();
        write_tag(&mut out, "Game", GAME, "\n");
        write_tag(&mut out, "Length", &self.rules.length().to_string(), "\n");
        match self.rules.start() {
            Start::Random { seed } => {
                write_tag(&mut out, "Start", "random", "\n");
                write_tag(&mut out, "Seed", &seed.to_string(), "\n");
            }
            Start::Pie => write_tag(&mut out, "Start", "pie", "\n"),
        }
        let ending = match self.rules.ending() {
            Ending::Misere => "misere",
            Ending::Normal => "normal",
        };
        write_tag(&mut out, "Ending", ending, "\n");
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
        for (index, &action) in self.actions.iter().enumerate() {
            match action {
                Action::Write { digit } => {
                    if token.is_empty() {
                        token.push('=');
                    }
                    token.push(char::from(b'0' + digit));
                    if matches!(self.actions.get(index + 1), Some(Action::Write { .. })) {
                        continue;
                    }
                }
                other => write_action(other, &mut token),
            }
            push_wrapped(&mut out, &mut line, &token);
            token.clear();
        }
        push_wrapped(&mut out, &mut line, self.result.token());
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Plays the actions by the record's rules and checks a finished game's winner against the recorded result;
    /// a game recorded as won before the rules ended it (a resignation) is fine.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let mut position = Position::new(self.rules);
        for (index, &action) in self.actions.iter().enumerate() {
            position.play(action).map_err(|reason| ReplayError::Illegal { number: index + 1, reason })?;
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
    record: DigitalWarsRecord,
    tags: TagReader,
    length: Option<String>,
    start: Option<String>,
    seed: Option<String>,
    ending: Option<String>,
    tagged_result: Option<RecordResult>,
    winner: Option<String>,
    in_movetext: bool,
    ended: bool,
}

impl Reader {
    fn read_tag(&mut self, line: &str) -> Result<(), ReadErrorKind> {
        let tag = self.tags.read(line)?;
        match tag.name.as_str() {
            "Game" if tag.value != GAME => return Err(ReadErrorKind::OtherGame(tag.value)),
            "Game" => {}
            "Length" => self.length = Some(tag.value),
            "Start" => self.start = Some(tag.value),
            "Seed" => self.seed = Some(tag.value),
            "Ending" => self.ending = Some(tag.value),
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
        if self.ended {
            return Err(ReadErrorKind::AfterResult(token.to_owned()));
        }
        if let Some(result) = RecordResult::from_token(token) {
            if let Some(tag) = self.tagged_result.filter(|&tag| tag != result) {
                return Err(ReadErrorKind::ResultMismatch { tag, movetext: result });
            }
            self.record.result = result;
            self.ended = true;
            return Ok(());
        }
        let actions = parse_actions(token).map_err(|_| ReadErrorKind::BadToken(token.to_owned()))?;
        self.record.actions.extend(actions);
        Ok(())
    }

    fn rules(&self) -> Result<DigitalWarsRules, ReadErrorKind> {
        let bad = |what: &str| ReadErrorKind::BadRules(what.to_owned());
        let length = match &self.length {
            None => DEFAULT_LENGTH,
            Some(text) => text.parse().map_err(|_| bad(text))?,
        };
        let start = match (self.start.as_deref(), &self.seed) {
            (None | Some("random"), Some(seed)) => Start::Random { seed: seed.parse().map_err(|_| bad(seed))? },
            (None, None) => Start::Random { seed: 0 },
            (Some("pie"), None) => Start::Pie,
            (Some(other), _) => return Err(bad(other)),
        };
        let ending = match self.ending.as_deref() {
            None | Some("misere") => Ending::Misere,
            Some("normal") => Ending::Normal,
            Some(other) => return Err(bad(other)),
        };
        DigitalWarsRules::new(length, start, ending).map_err(|error| bad(&error.to_string()))
    }

    fn finish(mut self) -> Result<DigitalWarsRecord, ReadErrorKind> {
        if !self.ended {
            self.record.result = self.tagged_result.unwrap_or_default();
        }
        if let Some(winner) = &self.winner {
            if self.record.result.winner().map(|seat| seat.to_string()).as_ref() != Some(winner) {
                return Err(ReadErrorKind::WrongWinner(winner.clone()));
            }
        }
        self.record.rules = self.rules()?;
        Ok(self.record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PIE_GAME: &str = "[Game \"digital-wars\"]\n[Length \"5\"]\n[Start \"pie\"]\n[Ending \"normal\"]\n\
        [White \"Ala\"]\n[Result \"0-1\"]\n[Winner \"second\"]\n\n=10200 second 4:x 1:1>0 1:x 0-1\n";

    #[test]
    fn a_pie_record_reads_replays_and_writes_back() {
        let record = DigitalWarsRecord::read(PIE_GAME).expect("readable");
        assert_eq!(record.rules, DigitalWarsRules::new(5, Start::Pie, Ending::Normal).expect("valid"));
        assert_eq!(record.actions.len(), 9);
        assert_eq!(record.write(), PIE_GAME);
        let position = record.replay().expect("legal");
        assert_eq!(position.outcome().and_then(|outcome| outcome.winner()), Some(Seat::SECOND), "the last eraser");
        let wrong = DigitalWarsRecord { result: RecordResult::FirstWon, ..record };
        assert_eq!(
            wrong.replay(),
            Err(ReplayError::WrongResult { recorded: RecordResult::FirstWon, by_rules: Seat::SECOND })
        );
    }

    #[test]
    fn faults_are_named() {
        let cases = [
            ("[Game \"dots\"]\n", ReadErrorKind::OtherGame("dots".into())),
            ("[Length \"4\"]\n", ReadErrorKind::BadRules("a Digital Wars string has 5 to 30 digits, not 4".into())),
            ("[Start \"pie\"]\n[Seed \"3\"]\n", ReadErrorKind::BadRules("pie".into())),
            ("[Ending \"later\"]\n", ReadErrorKind::BadRules("later".into())),
            ("4:7>\n", ReadErrorKind::BadToken("4:7>".into())),
            ("1:x 1-0 2:x\n", ReadErrorKind::AfterResult("2:x".into())),
            ("1:x\n[Event \"x\"]\n", ReadErrorKind::TagAfterMovetext),
        ];
        for (text, kind) in cases {
            assert_eq!(DigitalWarsRecord::read(text).map_err(|error| error.kind), Err(kind), "{text:?}");
        }
    }
}
