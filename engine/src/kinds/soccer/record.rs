//! The kurnik record format: reading, writing and replaying Paper Soccer game records.
//!
//! A record is PGN-like: tag pairs, a blank line, then movetext `N. <White's turn> <Black's turn>` wrapped near
//! 79 columns, ending with the result token. kurnik writes the result **Black–White**: `0-1` means White (the
//! first player) won. Everything here is pure: text in, values or text out.

use std::fmt;

pub use crate::tag_pairs::Tag;
use crate::tag_pairs::MAX_RECORD_TAGS;
use crate::tag_pairs::{from_tag_error, is_tag_line, write_tag, TagReader};
use std::iter::{Enumerate, Peekable};
use std::str::Lines;

use super::notation::{parse_turn, ParseTurnError};
use super::pitch::Pitch;
use super::position::{IllegalStep, Position, StepResult};
use crate::{Outcome, Seat};

/// kurnik wraps movetext so that no line is longer than this, unless a single token is.
const WRAP_COLUMN: usize = 79;

/// The result of a game as a kurnik record writes it, in Black–White order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordResult {
    /// `0-1`: White, the first player, won.
    WhiteWon,
    /// `1-0`: Black, the second player, won.
    BlackWon,
    /// `1/2-1/2`: a draw (never by kurnik's classic rules, but by agreement or adjudication elsewhere).
    Draw,
    /// `*`: the result is not known.
    Unknown,
}

impl RecordResult {
    /// The result written as `token`, if it is one of `0-1`, `1-0`, `1/2-1/2` and `*`.
    #[must_use]
    pub fn from_token(token: &str) -> Option<RecordResult> {
        match token {
            "0-1" => Some(RecordResult::WhiteWon),
            "1-0" => Some(RecordResult::BlackWon),
            "1/2-1/2" => Some(RecordResult::Draw),
            "*" => Some(RecordResult::Unknown),
            _ => None,
        }
    }

    /// The token a record writes for this result.
    #[must_use]
    pub const fn token(self) -> &'static str {
        match self {
            RecordResult::WhiteWon => "0-1",
            RecordResult::BlackWon => "1-0",
            RecordResult::Draw => "1/2-1/2",
            RecordResult::Unknown => "*",
        }
    }

    /// The result a record writes for an engine outcome: White is the first seat.
    #[must_use]
    pub fn from_outcome(outcome: &Outcome) -> RecordResult {
        match outcome.winner() {
            Some(Seat::FIRST) => RecordResult::WhiteWon,
            Some(_) => RecordResult::BlackWon,
            None => RecordResult::Draw,
        }
    }
}

impl fmt::Display for RecordResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// One game in the kurnik record format. Read with [`read_records`], written with [`KurnikRecord::write`] or
/// [`write_records`], checked against the rules with [`KurnikRecord::replay`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KurnikRecord {
    /// The tag pairs in the order they are written (kurnik: Event, Site, Date, Round, Black, White, Result,
    /// TimeControl, sometimes BlackElo, WhiteElo, Time).
    pub tags: Vec<Tag>,
    /// The turns in kurnik notation, White's first and then alternating. The last may stop in the middle of a
    /// turn (on a bounce) when the game ended by time or resignation.
    pub turns: Vec<String>,
    /// The result token at the end of the movetext, if there is one.
    pub result: Option<RecordResult>,
}

impl KurnikRecord {
    /// The value of the first tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|tag| tag.name == name).map(|tag| tag.value.as_str())
    }

    /// The recorded result: the `Result` tag, or else the result token of the movetext.
    #[must_use]
    pub fn recorded_result(&self) -> Option<RecordResult> {
        self.tag("Result").and_then(RecordResult::from_token).or(self.result)
    }

    /// Writes the record in kurnik's layout: tag pairs, a blank line, the movetext wrapped at 79 columns with the
    /// result token at the end. Every line ends with `ending`. Everything is written as it is, so the record
    /// reads back the same when it could have been read: tag names of letters, digits and underscores, values
    /// without line breaks, turns of digits 0–7, and a `Result` tag (if any) equal to the result token.
    #[must_use]
    pub fn write(&self, ending: LineEnding) -> String {
        let mut out = String::new();
        self.write_into(&mut out, ending);
        out
    }

    /// Like [`KurnikRecord::write`], appending to `out`.
    pub fn write_into(&self, out: &mut String, ending: LineEnding) {
        let ending = ending.as_str();
        for tag in &self.tags {
            write_tag(out, &tag.name, &tag.value, ending);
        }
        out.push_str(ending);
        let mut movetext = WrappedLine { out, ending, column: 0 };
        for (index, turn) in self.turns.iter().enumerate() {
            if index % 2 == 0 {
                movetext.push(&format!("{}.", index / 2 + 1));
            }
            movetext.push(turn);
        }
        if let Some(result) = self.result {
            movetext.push(result.token());
        }
        movetext.finish();
    }

    /// Replays the turns on `pitch` (kurnik plays on [`Pitch::STANDARD`]) and checks them against the rules
    /// and the recorded result. The replay stops at the first fault.
    #[must_use]
    pub fn replay(&self, pitch: Pitch) -> Replay {
        let mut position = Position::new(pitch);
        let fault = self.play_turns(&mut position).err();
        let result = match (position.outcome(), self.recorded_result()) {
            (None, _) => ResultCheck::Unfinished,
            (Some(_), None | Some(RecordResult::Unknown)) => ResultCheck::NotRecorded,
            (Some(outcome), Some(recorded)) if RecordResult::from_outcome(&outcome) == recorded => ResultCheck::Agrees,
            (Some(_), Some(_)) => ResultCheck::Disagrees,
        };
        Replay { position, fault, result }
    }

    fn play_turns(&self, position: &mut Position) -> Result<(), ReplayFault> {
        for (index, token) in self.turns.iter().enumerate() {
            let seat = if index % 2 == 0 { Seat::FIRST } else { Seat::SECOND };
            let fault = |kind| ReplayFault { turn: index + 1, seat, kind };
            let directions = parse_turn(token).map_err(|error| fault(FaultKind::Notation(error)))?;
            let mut last = StepResult::Bounce;
            for (at, direction) in directions.into_iter().enumerate() {
                let step = at + 1;
                if last != StepResult::Bounce {
                    return Err(fault(FaultKind::PastTurnEnd { step }));
                }
                last = position
                    .step(direction)
                    .map_err(|reason| fault(FaultKind::Illegal { step, digit: direction.digit(), reason }))?;
            }
            if last == StepResult::Bounce && index + 1 < self.turns.len() {
                return Err(fault(FaultKind::StopsMidTurn));
            }
        }
        Ok(())
    }
}

/// Appends tokens separated by spaces, starting a new line where the next token would pass [`WRAP_COLUMN`].
struct WrappedLine<'a> {
    out: &'a mut String,
    ending: &'static str,
    column: usize,
}

impl WrappedLine<'_> {
    fn push(&mut self, token: &str) {
        let width = token.chars().count();
        if self.column > 0 {
            if self.column + 1 + width > WRAP_COLUMN {
                self.out.push_str(self.ending);
                self.column = 0;
            } else {
                self.out.push(' ');
                self.column += 1;
            }
        }
        self.out.push_str(token);
        self.column += width;
    }

    fn finish(self) {
        if self.column > 0 {
            self.out.push_str(self.ending);
        }
    }
}

/// The line ending a record is written with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LineEnding {
    /// `\r\n`, as kurnik writes.
    #[default]
    CrLf,
    /// `\n`.
    Lf,
}

impl LineEnding {
    /// The characters that end a line.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            LineEnding::CrLf => "\r\n",
            LineEnding::Lf => "\n",
        }
    }
}

/// Writes many records as one kurnik file: the games one after another, separated by a blank line.
#[must_use]
pub fn write_records<'a>(records: impl IntoIterator<Item = &'a KurnikRecord>, ending: LineEnding) -> String {
    let mut out = String::new();
    for (index, record) in records.into_iter().enumerate() {
        if index > 0 {
            out.push_str(ending.as_str());
        }
        record.write_into(&mut out, ending);
    }
    out
}

/// What replaying a record through the engine found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The position after the last step played (before the fault, if there is one).
    pub position: Position,
    /// The first thing that stopped the replay: an illegal step, or a token that does not match a turn.
    pub fault: Option<ReplayFault>,
    /// How the outcome reached by the rules compares with the recorded result. It is judged on
    /// [`Replay::position`] even when there is a fault, so look at the fault first.
    pub result: ResultCheck,
}

impl Replay {
    /// Whether every turn was played: every step legal, every token exactly one turn.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.fault.is_none()
    }

    /// How the game ended by the rules, if it did: a goal, an own goal, or a stuck player.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// Whether the record stops in the middle of a turn, on a bounce (a game lost on time or resigned).
    #[must_use]
    pub fn ends_mid_turn(&self) -> bool {
        self.position.must_continue()
    }
}

/// Where and why a replay stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("turn {turn} ({seat} player), {kind}")]
pub struct ReplayFault {
    /// The turn, counted from 1 over the whole record (move `N` holds turns `2N-1` and `2N`).
    pub turn: usize,
    /// The seat whose turn it is by alternation: odd turns are White's (the first seat).
    pub seat: Seat,
    /// What went wrong.
    pub kind: FaultKind,
}

impl ReplayFault {
    /// The kurnik move number `N` of the `N. <White> <Black>` pair holding this turn.
    #[must_use]
    pub const fn move_number(&self) -> usize {
        self.turn.div_ceil(2)
    }
}

/// What stopped a replay. Steps are counted from 1 within their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FaultKind {
    /// The token is not in kurnik notation.
    #[error("{0}")]
    Notation(ParseTurnError),
    /// The engine refused a step.
    #[error("step {step} (digit {digit}) is illegal: {reason}")]
    Illegal {
        /// The step within its turn, from 1.
        step: usize,
        /// Its digit.
        digit: char,
        /// Why the engine refused it.
        reason: IllegalStep,
    },
    /// The token goes on after its turn ended: the step belongs to the opponent.
    #[error("the turn ended before step {step}")]
    PastTurnEnd {
        /// The first step after the end of the turn, from 1.
        step: usize,
    },
    /// A token that is not the last stops on a bounce, in the middle of its turn.
    #[error("the turn stops on a bounce before the next turn")]
    StopsMidTurn,
}

/// How the outcome the rules give compares with the recorded result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultCheck {
    /// The game ended by the rules with the recorded winner.
    Agrees,
    /// The game ended by the rules with a different winner than recorded.
    Disagrees,
    /// The game ended by the rules but the record gives no result (none, or `*`).
    NotRecorded,
    /// The game did not end by the rules (time, resignation, or the replay stopped at a fault).
    Unfinished,
}

/// Reads the records of a kurnik file (one or many games, LF or CRLF line endings), one game at a time.
///
/// Each item is one game or the first error in it; the reader then goes on with the next game, so one bad
/// game does not hide the rest. Games are told apart by their layout: a game is its tag pairs followed by its
/// movetext, and ends at a blank line after the movetext or where the next tag pairs begin.
#[must_use]
pub fn read_records(text: &str) -> RecordReader<'_> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    RecordReader { lines: text.lines().enumerate().peekable(), game: 0 }
}

/// The games of a kurnik file, from [`read_records`].
#[derive(Debug)]
pub struct RecordReader<'a> {
    lines: Peekable<Enumerate<Lines<'a>>>,
    game: usize,
}

impl Iterator for RecordReader<'_> {
    type Item = Result<KurnikRecord, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.skip_blank_lines();
        self.lines.peek()?;
        self.game += 1;
        let mut game = GameReader::default();
        while let Some((number, line)) = self.lines.next_if(|(_, line)| is_tag_line(line)) {
            game.read_tag(line, number + 1);
        }
        self.skip_blank_lines();
        while let Some((number, line)) = self.lines.next_if(|(_, line)| !is_blank(line) && !is_tag_line(line)) {
            game.read_movetext(line, number + 1);
        }
        Some(game.finish().map_err(|(line, kind)| ReadError { game: self.game, line, kind }))
    }
}

impl RecordReader<'_> {
    fn skip_blank_lines(&mut self) {
        while self.lines.next_if(|(_, line)| is_blank(line)).is_some() {}
    }
}

fn is_blank(line: &str) -> bool {
    line.trim().is_empty()
}

/// A game that could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}: {kind}")]
pub struct ReadError {
    /// The game within the text, counted from 1.
    pub game: usize,
    /// The line of the text, counted from 1.
    pub line: usize,
    /// What is wrong there.
    pub kind: ReadErrorKind,
}

/// What is wrong in a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadErrorKind {
    /// A line starting with `[` is not a tag pair `[Name "value"]`.
    #[error("malformed tag pair; expected [Name \"value\"]")]
    MalformedTag,
    /// A tag appears twice.
    #[error("tag {0} appears twice")]
    DuplicateTag(String),
    /// More tag pairs than [`MAX_RECORD_TAGS`].
    #[error("more than {MAX_RECORD_TAGS} tag pairs")]
    TooManyTags,
    /// The `Result` tag holds no known result.
    #[error("the Result tag {0:?} is not 0-1, 1-0, 1/2-1/2 or *")]
    UnknownResult(String),
    /// A movetext token is neither a move number, a turn of digits 0–7 nor a result.
    #[error("{0:?} is neither a move number, a turn of digits 0-7 nor a result")]
    BadToken(String),
    /// A move number is out of sequence.
    #[error("expected move number {expected} but found {found:?}")]
    WrongMoveNumber {
        /// The move number due here.
        expected: usize,
        /// The token found instead.
        found: String,
    },
    /// A turn stands where a move number is due.
    #[error("turn {0:?} has no move number before it")]
    MissingMoveNumber(String),
    /// A move number is followed by no turn.
    #[error("move {0} has no turn")]
    EmptyMove(usize),
    /// White's turn is followed by the next move number instead of Black's turn.
    #[error("move {0} has no turn for Black before the next move number")]
    MissingBlackTurn(usize),
    /// Something follows the result token.
    #[error("{0:?} follows the result")]
    AfterResult(String),
    /// The result token of the movetext differs from the `Result` tag.
    #[error("the movetext ends with {movetext} but the Result tag says {tag}")]
    ResultMismatch {
        /// The result in the `Result` tag.
        tag: RecordResult,
        /// The result token at the end of the movetext.
        movetext: RecordResult,
    },
}

from_tag_error!(ReadErrorKind);

/// What the movetext reader expects next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Expect {
    /// A move number (or the result, or the end).
    #[default]
    MoveNumber,
    /// White's turn after a move number.
    WhiteTurn,
    /// Black's turn (or the result, or the end).
    BlackTurn,
    /// Nothing: the result token has been read.
    End,
}

/// One game being read, keeping the first error and the line of the last move number.
#[derive(Debug, Default)]
struct GameReader {
    record: KurnikRecord,
    tags: TagReader,
    error: Option<(usize, ReadErrorKind)>,
    expect: Expect,
    move_line: usize,
}

impl GameReader {
    fn read_tag(&mut self, line: &str, number: usize) {
        if self.error.is_some() {
            return;
        }
        match self.tags.read(line) {
            Err(error) => self.error = Some((number, error.into())),
            Ok(tag) if tag.name == "Result" && RecordResult::from_token(&tag.value).is_none() => {
                self.error = Some((number, ReadErrorKind::UnknownResult(tag.value)));
            }
            Ok(tag) => self.record.tags.push(tag),
        }
    }

    fn read_movetext(&mut self, line: &str, number: usize) {
        for token in line.split_ascii_whitespace() {
            if self.error.is_some() {
                return;
            }
            if let Err(kind) = self.read_token(token, number) {
                self.error = Some((number, kind));
            }
        }
    }

    fn read_token(&mut self, token: &str, line: usize) -> Result<(), ReadErrorKind> {
        let number = self.record.turns.len() / 2 + 1;
        if self.expect == Expect::End {
            return Err(ReadErrorKind::AfterResult(token.to_owned()));
        }
        if let Some(result) = RecordResult::from_token(token) {
            if self.expect == Expect::WhiteTurn {
                return Err(ReadErrorKind::EmptyMove(number));
            }
            if let Some(tag) = self.record.tag("Result").and_then(RecordResult::from_token) {
                if tag != result {
                    return Err(ReadErrorKind::ResultMismatch { tag, movetext: result });
                }
            }
            self.record.result = Some(result);
            self.expect = Expect::End;
        } else if token.ends_with('.') {
            match self.expect {
                Expect::WhiteTurn => return Err(ReadErrorKind::EmptyMove(number)),
                Expect::BlackTurn => return Err(ReadErrorKind::MissingBlackTurn(number)),
                Expect::MoveNumber | Expect::End => {}
            }
            if token != format!("{number}.") {
                return Err(ReadErrorKind::WrongMoveNumber { expected: number, found: token.to_owned() });
            }
            self.expect = Expect::WhiteTurn;
            self.move_line = line;
        } else if token.chars().all(|c| ('0'..='7').contains(&c)) {
            self.expect = match self.expect {
                Expect::WhiteTurn => Expect::BlackTurn,
                Expect::BlackTurn => Expect::MoveNumber,
                Expect::MoveNumber | Expect::End => return Err(ReadErrorKind::MissingMoveNumber(token.to_owned())),
            };
            self.record.turns.push(token.to_owned());
        } else {
            return Err(ReadErrorKind::BadToken(token.to_owned()));
        }
        Ok(())
    }

    fn finish(self) -> Result<KurnikRecord, (usize, ReadErrorKind)> {
        if let Some(error) = self.error {
            return Err(error);
        }
        if self.expect == Expect::WhiteTurn {
            return Err((self.move_line, ReadErrorKind::EmptyMove(self.record.turns.len() / 2 + 1)));
        }
        Ok(self.record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EndReason;

    /// The first game of 2014-09-22 as kurnik wrote it: White scores in the top goal.
    const KURNIK_GAME: &str = "[Event \"?\"]\r\n[Site \"kurnik\"]\r\n[Date \"2014.09.22\"]\r\n[Round \"-\"]\r\n\
        [Black \"Black\"]\r\n[White \"White\"]\r\n[Result \"0-1\"]\r\n[TimeControl \"60\"]\r\n\r\n\
        1. 2 0 2. 53 4 3. 7 4 4. 16141 4 5. 720 0 6. 5257 445 7. 2212 35 8. 4 57 9. 41\r\n\
        65 10. 67 2 11. 506 0 12. 71 4 13. 7271 4 14. 7271 4 15. 721 6 16. 1411 0-1\r\n";

    fn read_one(text: &str) -> Result<KurnikRecord, ReadError> {
        let mut games = read_records(text);
        let game = games.next().expect("a game");
        assert!(games.next().is_none(), "exactly one game");
        game
    }

    fn error_of(text: &str) -> (usize, ReadErrorKind) {
        let error = read_one(text).unwrap_err();
        (error.line, error.kind)
    }

    fn record(turns: &[&str], result: Option<RecordResult>) -> KurnikRecord {
        KurnikRecord {
            tags: vec![Tag { name: "Site".into(), value: "kurnik".into() }],
            turns: turns.iter().map(|&turn| turn.to_owned()).collect(),
            result,
        }
    }

    #[test]
    fn reads_a_kurnik_game() {
        let record = read_one(KURNIK_GAME).unwrap();
        let names: Vec<&str> = record.tags.iter().map(|tag| tag.name.as_str()).collect();
        assert_eq!(names, ["Event", "Site", "Date", "Round", "Black", "White", "Result", "TimeControl"]);
        assert_eq!(record.tag("TimeControl"), Some("60"));
        assert_eq!(record.turns.len(), 31);
        assert_eq!(record.turns[..5], ["2", "0", "53", "4", "7"]);
        assert_eq!(record.turns[16..18], ["41", "65"], "a move wrapped over two lines");
        assert_eq!(record.turns.last().map(String::as_str), Some("1411"));
        assert_eq!(record.result, Some(RecordResult::WhiteWon));
    }

    #[test]
    fn writes_kurnik_layout_byte_for_byte() {
        let record = read_one(KURNIK_GAME).unwrap();
        assert_eq!(record.write(LineEnding::CrLf), KURNIK_GAME);
        assert_eq!(record.write(LineEnding::Lf), KURNIK_GAME.replace("\r\n", "\n"));
    }

    #[test]
    fn crlf_and_lf_read_the_same() {
        let lf = KURNIK_GAME.replace("\r\n", "\n");
        assert_eq!(read_one(&lf), read_one(KURNIK_GAME));
    }

    #[test]
    fn wraps_before_column_80() {
        let turns: Vec<String> = (0..200).map(|n| "0123".repeat(n % 7 + 1)).collect();
        let record = KurnikRecord { turns, result: Some(RecordResult::BlackWon), ..KurnikRecord::default() };
        let text = record.write(LineEnding::Lf);
        let lines: Vec<&str> = text.lines().skip(1).collect();
        assert!(lines.iter().all(|line| line.len() <= WRAP_COLUMN));
        assert!(lines.iter().any(|line| line.len() >= WRAP_COLUMN - 4), "lines are filled");
        assert!(lines.iter().all(|line| !line.starts_with(' ') && !line.ends_with(' ')));
        assert_eq!(read_one(&text).unwrap(), record);
    }

    #[test]
    fn reads_many_games_and_goes_on_after_a_bad_one() {
        let bad = KURNIK_GAME.replace("[Round \"-\"]", "[Round \"-\"");
        let text = [KURNIK_GAME, bad.as_str(), KURNIK_GAME].join("\r\n");
        let games: Vec<_> = read_records(&text).collect();
        assert_eq!(games.len(), 3);
        assert!(games[0].is_ok() && games[2].is_ok());
        assert_eq!(games[1], Err(ReadError { game: 2, line: 16, kind: ReadErrorKind::MalformedTag }));
    }

    #[test]
    fn a_game_may_follow_without_a_blank_line() {
        let text = format!("{KURNIK_GAME}{KURNIK_GAME}");
        assert_eq!(read_records(&text).filter(Result::is_ok).count(), 2);
    }

    #[test]
    fn reads_a_turn_cut_off_on_a_bounce() {
        let record = read_one("[Result \"1-0\"]\n\n1. 0 3 2. 6 1-0\n").unwrap();
        assert_eq!(record.turns, ["0", "3", "6"]);
        let replay = record.replay(Pitch::STANDARD);
        assert!(replay.is_clean());
        assert!(replay.ends_mid_turn());
        assert_eq!(replay.result, ResultCheck::Unfinished);
    }

    #[test]
    fn reads_a_game_ending_with_whites_turn() {
        let record = read_one("1. 0 3 2. 2 *").unwrap();
        assert_eq!(record.turns, ["0", "3", "2"]);
        assert_eq!(record.result, Some(RecordResult::Unknown));
        assert_eq!(record.recorded_result(), Some(RecordResult::Unknown));
    }

    #[test]
    fn rejects_malformed_tags() {
        for line in [
            "[Event \"?\"",
            "[Event ?]",
            "[Event]",
            "[ \"?\"]",
            "[Ev-ent \"?\"]",
            "[Event \"a\"b\"]",
            "[Event \"a\\\"]",
            "[Event \"a\\n\"]",
            "[Event \"?\"] x",
        ] {
            assert_eq!(error_of(&format!("{line}\n\n1. 0 *\n")), (1, ReadErrorKind::MalformedTag), "{line}");
        }
    }

    #[test]
    fn unescapes_and_escapes_tag_values() {
        let record = read_one("[White \"a \\\"quoted\\\" \\\\ name\"]\n\n1. 0\n").unwrap();
        assert_eq!(record.tag("White"), Some("a \"quoted\" \\ name"));
        assert_eq!(read_one(&record.write(LineEnding::Lf)).unwrap(), record);
    }

    #[test]
    fn a_record_with_more_tags_than_the_cap_is_refused_at_the_first_one_over() {
        let text: String = (0..=MAX_RECORD_TAGS).map(|i| format!("[T{i} \"v\"]\n")).collect();
        assert_eq!(error_of(&text), (MAX_RECORD_TAGS + 1, ReadErrorKind::TooManyTags));
    }

    #[test]
    fn rejects_bad_tags() {
        assert_eq!(error_of("[A \"1\"]\n[A \"2\"]\n"), (2, ReadErrorKind::DuplicateTag("A".into())));
        assert_eq!(error_of("[Result \"2-0\"]\n"), (1, ReadErrorKind::UnknownResult("2-0".into())));
    }

    #[test]
    fn rejects_bad_movetext() {
        let cases = [
            ("1. 0 8", ReadErrorKind::BadToken("8".into())),
            ("1. 0 3a", ReadErrorKind::BadToken("3a".into())),
            ("1. 0 3 3. 2", ReadErrorKind::WrongMoveNumber { expected: 2, found: "3.".into() }),
            ("1. 0 3 02. 2", ReadErrorKind::WrongMoveNumber { expected: 2, found: "02.".into() }),
            ("0 3", ReadErrorKind::MissingMoveNumber("0".into())),
            ("1. 0 3 2", ReadErrorKind::MissingMoveNumber("2".into())),
            ("1. 0 2. 3", ReadErrorKind::MissingBlackTurn(1)),
            ("1. 2. 3", ReadErrorKind::EmptyMove(1)),
            ("1. 0 3 2. 1-0", ReadErrorKind::EmptyMove(2)),
            ("1. 0 3 2.", ReadErrorKind::EmptyMove(2)),
            ("1. 0 1-0 2.", ReadErrorKind::AfterResult("2.".into())),
            ("1. 0 1-0 1-0", ReadErrorKind::AfterResult("1-0".into())),
        ];
        for (movetext, kind) in cases {
            assert_eq!(error_of(&format!("[Site \"kurnik\"]\n\n{movetext}\n")), (3, kind), "{movetext}");
        }
    }

    #[test]
    fn errors_carry_the_line_of_the_token() {
        let text = "[Site \"kurnik\"]\r\n\r\n1. 0 3 2. 2 4\r\n3. 6 9 4. 1\r\n";
        assert_eq!(error_of(text), (4, ReadErrorKind::BadToken("9".into())));
        let cut = "[Site \"kurnik\"]\n\n1. 0 3 2.\n";
        assert_eq!(error_of(cut), (3, ReadErrorKind::EmptyMove(2)));
    }

    #[test]
    fn movetext_result_must_match_the_tag() {
        let text = KURNIK_GAME.replace("1411 0-1", "1411 1-0");
        assert_eq!(
            error_of(&text),
            (11, ReadErrorKind::ResultMismatch { tag: RecordResult::WhiteWon, movetext: RecordResult::BlackWon })
        );
    }

    #[test]
    fn result_is_black_white() {
        assert_eq!(RecordResult::from_token("0-1"), Some(RecordResult::WhiteWon));
        assert_eq!(RecordResult::from_token("1-0"), Some(RecordResult::BlackWon));
        let replay = read_one(KURNIK_GAME).unwrap().replay(Pitch::STANDARD);
        let outcome = replay.outcome().unwrap();
        assert_eq!((outcome.winner(), outcome.reason), (Some(Seat::FIRST), EndReason::Goal));
        assert_eq!(replay.result, ResultCheck::Agrees);

        let swapped = KURNIK_GAME.replace("0-1", "1-0");
        assert_eq!(read_one(&swapped).unwrap().replay(Pitch::STANDARD).result, ResultCheck::Disagrees);
        let mut untagged = read_one(KURNIK_GAME).unwrap();
        untagged.tags.clear();
        untagged.result = None;
        assert_eq!(untagged.replay(Pitch::STANDARD).result, ResultCheck::NotRecorded);
    }

    #[test]
    fn replay_reports_where_a_turn_goes_wrong() {
        let replay = record(&["0", "3", "24"], None).replay(Pitch::STANDARD);
        let fault = replay.fault.unwrap();
        assert_eq!(fault.turn, 3);
        assert_eq!(fault.move_number(), 2);
        assert_eq!(fault.seat, Seat::FIRST);
        assert_eq!(
            fault.kind,
            FaultKind::PastTurnEnd { step: 2 },
            "2 stops on a fresh point, so 4 is the opponent's step"
        );
        let fault = record(&["0", "4"], None).replay(Pitch::STANDARD).fault.unwrap();
        assert_eq!(
            (fault.turn, fault.seat, fault.kind),
            (2, Seat::SECOND, FaultKind::Illegal { step: 1, digit: '4', reason: IllegalStep::AlreadyDrawn })
        );
        assert_eq!(
            fault.to_string(),
            "turn 2 (second player), step 1 (digit 4) is illegal: the segment is already drawn"
        );
    }

    #[test]
    fn replay_reports_a_token_stopping_mid_turn() {
        let fault = record(&["0", "3", "6", "2"], None).replay(Pitch::STANDARD).fault.unwrap();
        assert_eq!((fault.turn, fault.kind), (3, FaultKind::StopsMidTurn));
    }

    #[test]
    fn replay_reports_turns_after_the_end() {
        let mut game = read_one(KURNIK_GAME).unwrap();
        game.turns.push("0".into());
        let replay = game.replay(Pitch::STANDARD);
        let fault = replay.fault.unwrap();
        assert_eq!(fault.kind, FaultKind::Illegal { step: 1, digit: '0', reason: IllegalStep::GameOver });
        assert_eq!(replay.result, ResultCheck::Agrees, "the game still ended by the rules");
    }

    #[test]
    fn replay_reports_bad_notation() {
        let fault = record(&["0", ""], None).replay(Pitch::STANDARD).fault.unwrap();
        assert_eq!((fault.turn, fault.kind), (2, FaultKind::Notation(ParseTurnError::Empty)));
    }

    #[test]
    fn empty_input_has_no_games() {
        assert_eq!(read_records("").count(), 0);
        assert_eq!(read_records("\r\n \n\t\n").count(), 0);
    }

    mod properties {
        use proptest::prelude::*;

        use super::super::*;

        /// Characters that mean something in a record, a few that do not, and one that is not ASCII. Picking
        /// from a list keeps the generators fast in debug builds, where regex strategies are slow.
        const RECORD_CHARACTERS: &[char] =
            &['[', ']', '"', '\\', ' ', '\r', '\n', '0', '1', '4', '7', '8', '.', '-', '/', '*', 'R', 'e', 'ł'];

        fn text(characters: &'static [char], length: std::ops::Range<usize>) -> impl Strategy<Value = String> {
            prop::collection::vec(prop::sample::select(characters), length)
                .prop_map(|characters| characters.into_iter().collect())
        }

        fn any_result() -> impl Strategy<Value = RecordResult> {
            prop::sample::select(
                &[RecordResult::WhiteWon, RecordResult::BlackWon, RecordResult::Draw, RecordResult::Unknown][..],
            )
        }

        fn any_record() -> impl Strategy<Value = KurnikRecord> {
            const NAME: &[char] = &['a', 'Z', '0', '_'];
            const VALUE: &[char] = &['a', ' ', '"', '\\', '[', ']', '-', 'ł', '\t'];
            const DIGITS: &[char] = &['0', '1', '2', '3', '4', '5', '6', '7'];
            // Names start in lower case, which keeps `Result` out: its value would have to agree with the
            // movetext.
            let name = (prop::sample::select(&['a', 'z'][..]), text(NAME, 0..12))
                .prop_map(|(first, rest)| format!("{first}{rest}"));
            let tags = prop::collection::btree_map(name, text(VALUE, 0..20), 1..10);
            let turns = prop::collection::vec(text(DIGITS, 1..24), 0..60);
            (tags, turns, prop::option::of(any_result())).prop_map(|(tags, turns, result)| KurnikRecord {
                tags: tags.into_iter().map(|(name, value)| Tag { name, value }).collect(),
                turns,
                result,
            })
        }

        proptest! {
            #[test]
            fn reader_never_panics(text in text(RECORD_CHARACTERS, 0..300)) {
                for game in read_records(&text) {
                    let _ = game;
                }
            }

            #[test]
            fn write_then_read_gives_the_same_games(
                records in prop::collection::vec(any_record(), 1..4),
                crlf in any::<bool>(),
            ) {
                let ending = if crlf { LineEnding::CrLf } else { LineEnding::Lf };
                let text = write_records(&records, ending);
                let read: Result<Vec<_>, _> = read_records(&text).collect();
                prop_assert_eq!(read, Ok(records));
            }
        }
    }
}
