//! Points and segments game records: tag pairs (`Game`, `Points`, `Start`, `Seed` for a lattice, the players…,
//! `Result`), a blank line, then movetext `1. 3-11 4-5 2. 1-2 … 1-0`, the result in chess order (`1-0`: the
//! first seat won). Everything here is pure: text in, values or text out.

use super::notation::{parse_segments, write_segment};
use super::position::{IllegalMove, Position, Segment};
use super::rules::{PointsRules, RulesError, Start};
use crate::tag_pairs::{from_tag_error, push_wrapped, tag_value, write_tag, Tag, TagReader, MAX_RECORD_TAGS};
use crate::Seat;

/// The value of the `Game` tag.
const GAME: &str = "points-and-segments";

/// One Points and segments game. The `Game`, `Points`, `Start`, `Seed`, `Result` and `Winner` tags are kept as
/// fields; every other tag is kept in order in `tags`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PointsRecord {
    /// The rules (the `Points`, `Start` and `Seed` tags; the default rules' values where one is missing).
    pub rules: PointsRules,
    /// The other tag pairs, in the order they are written.
    pub tags: Vec<Tag>,
    /// The moves, the first seat's first and then alternating.
    pub moves: Vec<Segment>,
    /// The winner, when the result is known (`1-0` or `0-1`; `*` otherwise).
    pub winner: Option<Seat>,
}

/// The result token of a game won by `winner`, or not (yet) won.
const fn result_token(winner: Option<Seat>) -> &'static str {
    match winner {
        Some(Seat::FIRST) => "1-0",
        Some(_) => "0-1",
        None => "*",
    }
}

/// The winner a result token names: `Some(None)` for `*`, `None` for no result token.
fn result_of(token: &str) -> Option<Option<Seat>> {
    match token {
        "1-0" => Some(Some(Seat::FIRST)),
        "0-1" => Some(Some(Seat::SECOND)),
        "*" => Some(None),
        _ => None,
    }
}

impl PointsRecord {
    /// The value of the first other tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }

    /// Reads one record: tags first, one per line, then the movetext, which may end with the result token.
    pub fn read(text: &str) -> Result<PointsRecord, ReadError> {
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
        reader.finish().map_err(|kind| ReadError { line: text.lines().count().max(1), kind })
    }

    /// Writes the record: `Game`, `Points`, `Start`, `Seed` (a lattice's), the other tags, `Result` and (when
    /// known) `Winner`, a blank line, then the movetext, wrapped and ended by the result token.
    #[must_use]
    pub fn write(&self) -> String {
        let mut out = String::new();
        write_tag(&mut out, "Game", GAME, "\n");
        write_tag(&mut out, "Points", &self.rules.points().to_string(), "\n");
        match self.rules.start() {
            Start::Lattice { seed } => {
                write_tag(&mut out, "Start", "lattice", "\n");
                write_tag(&mut out, "Seed", &seed.to_string(), "\n");
            }
            Start::Convex => write_tag(&mut out, "Start", "convex", "\n"),
        }
        for tag in &self.tags {
            write_tag(&mut out, &tag.name, &tag.value, "\n");
        }
        write_tag(&mut out, "Result", result_token(self.winner), "\n");
        if let Some(winner) = self.winner {
            write_tag(&mut out, "Winner", &winner.to_string(), "\n");
        }
        out.push('\n');
        let mut line = String::new();
        let mut token = String::new();
        for (index, &segment) in self.moves.iter().enumerate() {
            if index % 2 == 0 {
                push_wrapped(&mut out, &mut line, &format!("{}.", index / 2 + 1));
            }
            token.clear();
            write_segment(segment, &mut token);
            push_wrapped(&mut out, &mut line, &token);
        }
        push_wrapped(&mut out, &mut line, result_token(self.winner));
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Plays the moves by the record's rules and checks a finished game's winner against the recorded one. A
    /// game recorded as won by a player who has not won by the rules yet (a resignation) is fine.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let mut position = Position::new(self.rules);
        for (index, &segment) in self.moves.iter().enumerate() {
            position.play(segment).map_err(|reason| ReplayError::Illegal { number: index + 1, segment, reason })?;
        }
        if let Some(by_rules) = position.outcome().and_then(|outcome| outcome.winner()) {
            if self.winner.is_some_and(|recorded| recorded != by_rules) {
                return Err(ReplayError::WrongResult { by_rules });
            }
        }
        Ok(position)
    }
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
    #[error("the Game tag is {0:?}, not \"points-and-segments\"")]
    OtherGame(String),
    /// The `Points`, `Start` or `Seed` tag is not valid rules.
    #[error("the rules tags are not valid: {0}")]
    BadRules(String),
    /// The `Result` tag is not `1-0`, `0-1` or `*`, or the `Winner` tag disagrees with it.
    #[error("unknown or inconsistent result {0:?}")]
    BadResult(String),
    /// A tag after the movetext began.
    #[error("a tag after the movetext")]
    TagAfterMovetext,
    /// A movetext token that is neither the move number due, a segment nor a result.
    #[error("{0:?} is not the move number due, a segment or a result")]
    BadToken(String),
    /// Something follows the result token.
    #[error("{0:?} follows the result")]
    AfterResult(String),
    /// The result token of the movetext differs from the `Result` tag.
    #[error("the movetext's result differs from the Result tag")]
    ResultMismatch,
}

from_tag_error!(ReadErrorKind);

/// Why a record's moves do not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A move the rules refuse.
    #[error("move {number} ({segment}) is illegal: {reason}")]
    Illegal {
        /// The move's number, counted from 1 over both seats' moves.
        number: usize,
        /// The segment drawn.
        segment: Segment,
        /// Why the rules refuse it.
        reason: IllegalMove,
    },
    /// The game ended by the rules with another winner than the record says.
    #[error("the {by_rules} player won by the rules, not the one recorded")]
    WrongResult {
        /// The winner by the rules.
        by_rules: Seat,
    },
}

/// One record being read.
#[derive(Debug, Default)]
struct Reader {
    record: PointsRecord,
    tags: TagReader,
    points: Option<String>,
    start: Option<String>,
    seed: Option<String>,
    tagged_result: Option<Option<Seat>>,
    winner_tag: Option<String>,
    in_movetext: bool,
    ended: bool,
}

impl Reader {
    fn read_tag(&mut self, line: &str) -> Result<(), ReadErrorKind> {
        let tag = self.tags.read(line)?;
        match tag.name.as_str() {
            "Game" if tag.value != GAME => return Err(ReadErrorKind::OtherGame(tag.value)),
            "Game" => {}
            "Points" => self.points = Some(tag.value),
            "Start" => self.start = Some(tag.value),
            "Seed" => self.seed = Some(tag.value),
            "Result" => self.tagged_result = Some(result_of(&tag.value).ok_or(ReadErrorKind::BadResult(tag.value))?),
            "Winner" => self.winner_tag = Some(tag.value),
            _ => self.record.tags.push(tag),
        }
        Ok(())
    }

    fn read_token(&mut self, token: &str) -> Result<(), ReadErrorKind> {
        if self.ended {
            return Err(ReadErrorKind::AfterResult(token.to_owned()));
        }
        let moves = self.record.moves.len();
        if let Some(winner) = result_of(token) {
            if self.tagged_result.is_some_and(|tagged| tagged != winner) {
                return Err(ReadErrorKind::ResultMismatch);
            }
            self.record.winner = winner;
            self.tagged_result = Some(winner);
            self.ended = true;
        } else if let Some(number) = token.strip_suffix('.') {
            if moves % 2 != 0 || number != (moves / 2 + 1).to_string() {
                return Err(ReadErrorKind::BadToken(token.to_owned()));
            }
        } else {
            match parse_segments(token).as_deref() {
                Ok(&[segment]) => self.record.moves.push(segment),
                _ => return Err(ReadErrorKind::BadToken(token.to_owned())),
            }
        }
        Ok(())
    }

    fn finish(mut self) -> Result<PointsRecord, ReadErrorKind> {
        self.record.rules = self.rules()?;
        let winner = self.tagged_result.unwrap_or_default();
        self.record.winner = winner;
        if let Some(tag) = self.winner_tag {
            if winner.map(|seat| seat.to_string()).as_deref() != Some(tag.as_str()) {
                return Err(ReadErrorKind::BadResult(tag));
            }
        }
        Ok(self.record)
    }

    fn rules(&self) -> Result<PointsRules, ReadErrorKind> {
        let bad = |what: &str| ReadErrorKind::BadRules(what.to_owned());
        let defaults = PointsRules::default();
        let points = match &self.points {
            Some(text) => text.parse().map_err(|_| bad(text))?,
            None => defaults.points(),
        };
        let seed = match &self.seed {
            Some(text) => Some(text.parse().map_err(|_| bad(text))?),
            None => None,
        };
        let start = match (self.start.as_deref(), seed) {
            (None | Some("lattice"), seed) => Start::Lattice { seed: seed.unwrap_or_default() },
            (Some("convex"), None) => Start::Convex,
            (Some(other), _) => return Err(bad(other)),
        };
        PointsRules::new(points, start).map_err(|error: RulesError| ReadErrorKind::BadRules(error.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME_TEXT: &str = "[Game \"points-and-segments\"]\n[Points \"6\"]\n[Start \"convex\"]\n[White \"A\"]\n\
        [Black \"B\"]\n[Result \"1-0\"]\n[Winner \"first\"]\n\n1. 1-4 2-3 2. 5-6 1-0\n";

    #[test]
    fn a_record_reads_replays_and_writes_back_as_it_was() {
        let record = PointsRecord::read(GAME_TEXT).expect("readable");
        assert_eq!(record.rules, PointsRules::new(6, Start::Convex).expect("valid"));
        assert_eq!(record.moves, [Segment::new(0, 3), Segment::new(1, 2), Segment::new(4, 5)]);
        assert_eq!(record.tag("White"), Some("A"));
        assert!(record.replay().expect("legal").is_over());
        assert_eq!(record.write(), GAME_TEXT);
        let lattice = PointsRecord { rules: PointsRules::default(), ..record.clone() };
        assert!(lattice.write().contains("[Start \"lattice\"]\n[Seed \"0\"]\n"));
    }

    #[test]
    fn bad_records_say_why() {
        let read = |text: &str| PointsRecord::read(text).map_err(|error| error.kind);
        let cases = [
            (GAME_TEXT.replace("points-and-segments", "dots"), ReadErrorKind::OtherGame("dots".to_owned())),
            (
                GAME_TEXT.replace("[Points \"6\"]", "[Points \"5\"]"),
                ReadErrorKind::BadRules("5 points: a game has 6 to 30".to_owned()),
            ),
            (GAME_TEXT.replace("convex", "spiral"), ReadErrorKind::BadRules("spiral".to_owned())),
            (GAME_TEXT.replace("2. 5-6", "3. 5-6"), ReadErrorKind::BadToken("3.".to_owned())),
            (GAME_TEXT.replace("5-6 1-0", "5-6 0-1"), ReadErrorKind::ResultMismatch),
            (GAME_TEXT.replace("5-6 1-0", "5-6 1-0 7-8"), ReadErrorKind::AfterResult("7-8".to_owned())),
            (
                GAME_TEXT.replace("[Winner \"first\"]", "[Winner \"second\"]"),
                ReadErrorKind::BadResult("second".to_owned()),
            ),
        ];
        for (text, kind) in cases {
            assert_eq!(read(&text), Err(kind), "{text}");
        }
        let wrong_winner =
            PointsRecord::read(&GAME_TEXT.replace("1-0", "0-1").replace("first", "second")).expect("readable");
        assert_eq!(wrong_winner.replay(), Err(ReplayError::WrongResult { by_rules: Seat::FIRST }));
    }
}
