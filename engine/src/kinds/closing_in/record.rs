//! Closing In game records: tag pairs as in Paper Soccer records, a blank line, then movetext
//! `1. D5 B2 2. B3 C3 … 1-0`. Unlike kurnik's, the result is written in chess order: `1-0` means A, the first
//! seat, won. Everything here is pure: text in, values or text out.

use std::fmt;

use super::board::{BoardSize, Square};
use super::notation::{parse_squares, write_square};
use super::position::{IllegalMove, Position};
use crate::tag_pairs::{from_tag_error, push_wrapped, tag_value, write_tag, Tag, TagReader, MAX_RECORD_TAGS};
use crate::Seat;

/// The value of the `Game` tag.
const GAME: &str = "closing-in";

/// The result of a game as a record writes it, in chess order: no draws (the tag pairs' shared type).
pub use crate::tag_pairs::DecisiveResult as RecordResult;

impl fmt::Display for RecordResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// One Closing In game. The `Game`, `Board`, `Result` and `Winner` tags are kept as fields; every other tag
/// (event, players, date…) is kept in order in `tags`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClosingInRecord {
    /// The board the game is played on (the `Board` tag; 6x6 when the tag is missing).
    pub size: BoardSize,
    /// The other tag pairs, in the order they are written.
    pub tags: Vec<Tag>,
    /// The moves, A's first and then alternating; the first two are the placements.
    pub moves: Vec<Square>,
    /// The result (the `Result` tag and the movetext's last token, which must agree).
    pub result: RecordResult,
}

impl ClosingInRecord {
    /// The value of the first other tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }

    /// Reads one record. Tags come first, one per line; the movetext follows (a blank line between is usual
    /// but not required) and may end with the result token.
    pub fn read(text: &str) -> Result<ClosingInRecord, ReadError> {
        let mut reader = Reader::default();
        for (index, line) in text.lines().enumerate() {
            let line_number = index + 1;
            let at = |kind| ReadError { line: line_number, kind };
            let trimmed = line.trim();
            if trimmed.starts_with('[') {
                if reader.in_movetext {
                    return Err(at(ReadErrorKind::TagAfterMovetext));
                }
                reader.read_tag(trimmed, line_number).map_err(at)?;
            } else {
                for token in trimmed.split_ascii_whitespace() {
                    reader.in_movetext = true;
                    reader.read_token(token, line_number).map_err(at)?;
                }
            }
        }
        reader.finish()
    }

    /// Writes the record: `Game`, `Board`, the other tags, `Result` and (when known) `Winner`, a blank line,
    /// then the movetext wrapped before column 79 and ended by the result token. Lines end with `\n`.
    #[must_use]
    pub fn write(&self) -> String {
        let mut out = String::new();
        write_tag(&mut out, "Game", GAME, "\n");
        write_tag(&mut out, "Board", &self.size.to_string(), "\n");
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
        for (index, &square) in self.moves.iter().enumerate() {
            if index % 2 == 0 {
                push_wrapped(&mut out, &mut line, &format!("{}.", index / 2 + 1));
            }
            token.clear();
            write_square(square, &mut token);
            push_wrapped(&mut out, &mut line, &token);
        }
        push_wrapped(&mut out, &mut line, self.result.token());
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Plays the moves on the record's board and checks a finished game's winner against the recorded
    /// result. The position after the last move comes back; a game recorded as won by a player who has not
    /// won by the rules yet (a resignation) is fine.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let mut position = Position::new(self.size);
        for (index, &square) in self.moves.iter().enumerate() {
            let seat = if index % 2 == 0 { Seat::FIRST } else { Seat::SECOND };
            position.play(square).map_err(|reason| ReplayError::Illegal {
                move_number: index / 2 + 1,
                seat,
                square,
                reason,
            })?;
        }
        if let Some(by_rules) = position.outcome().and_then(|outcome| outcome.winner()) {
            if self.result != RecordResult::Unknown && self.result.winner() != Some(by_rules) {
                return Err(ReplayError::WrongResult { recorded: self.result, by_rules });
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
    #[error("the Game tag is {0:?}, not \"closing-in\"")]
    OtherGame(String),
    /// The `Board` tag is not a valid size such as `6x6`.
    #[error("the Board tag {0:?} is not a board of 3x3 to 12x12")]
    BadBoard(String),
    /// The `Result` tag is not `1-0`, `0-1` or `*`.
    #[error("unknown result {0:?}")]
    UnknownResult(String),
    /// The `Winner` tag is not `first` or `second`, or disagrees with the result.
    #[error("the Winner tag {0:?} does not match the result")]
    WrongWinner(String),
    /// A tag after the movetext began.
    #[error("a tag after the movetext")]
    TagAfterMovetext,
    /// A movetext token that is neither a move number, a square nor a result.
    #[error("{0:?} is not a move number, a square or a result")]
    BadToken(String),
    /// A move number out of sequence.
    #[error("expected move number {expected}, found {found:?}")]
    WrongMoveNumber {
        /// The move number due here.
        expected: usize,
        /// The token found instead.
        found: String,
    },
    /// A move stands where a move number is due.
    #[error("move {0:?} has no move number before it")]
    MissingMoveNumber(String),
    /// A move number is followed by no move.
    #[error("move {0} has no move")]
    EmptyMove(usize),
    /// A move number follows A's move, before B's.
    #[error("move {0} has no move for B before the next move number")]
    MissingSecondMove(usize),
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

/// Why a record's moves do not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A move the rules refuse.
    #[error("move {move_number} ({seat} player) {square} is illegal: {reason}")]
    Illegal {
        /// The number `N` of the `N. <A> <B>` pair holding the move.
        move_number: usize,
        /// Whose move it is.
        seat: Seat,
        /// The square moved to.
        square: Square,
        /// Why the rules refuse it.
        reason: IllegalMove,
    },
    /// The game ended by the rules with another winner than the record says.
    #[error("the record says {recorded} but the {by_rules} player won by the rules")]
    WrongResult {
        /// The recorded result.
        recorded: RecordResult,
        /// The winner by the rules.
        by_rules: Seat,
    },
}

/// One record being read.
#[derive(Debug, Default)]
struct Reader {
    record: ClosingInRecord,
    tags: TagReader,
    tagged_result: Option<RecordResult>,
    winner: Option<(usize, String)>,
    in_movetext: bool,
    expect_move: bool,
    ended: bool,
    move_line: usize,
}

impl Reader {
    fn read_tag(&mut self, line: &str, number: usize) -> Result<(), ReadErrorKind> {
        let tag = self.tags.read(line)?;
        match tag.name.as_str() {
            "Game" if tag.value != GAME => return Err(ReadErrorKind::OtherGame(tag.value)),
            "Game" => {}
            "Board" => self.record.size = parse_board(&tag.value).ok_or(ReadErrorKind::BadBoard(tag.value))?,
            "Result" => {
                let result = RecordResult::from_token(&tag.value).ok_or(ReadErrorKind::UnknownResult(tag.value))?;
                self.tagged_result = Some(result);
            }
            "Winner" => self.winner = Some((number, tag.value)),
            _ => self.record.tags.push(tag),
        }
        Ok(())
    }

    fn read_token(&mut self, token: &str, line: usize) -> Result<(), ReadErrorKind> {
        let number = self.record.moves.len() / 2 + 1;
        if self.ended {
            return Err(ReadErrorKind::AfterResult(token.to_owned()));
        }
        if let Some(result) = RecordResult::from_token(token) {
            if self.expect_move {
                return Err(ReadErrorKind::EmptyMove(number));
            }
            if let Some(tag) = self.tagged_result.filter(|&tag| tag != result) {
                return Err(ReadErrorKind::ResultMismatch { tag, movetext: result });
            }
            self.record.result = result;
            self.ended = true;
        } else if let Some(digits) = token.strip_suffix('.') {
            if self.expect_move {
                return Err(ReadErrorKind::EmptyMove(number));
            }
            if self.record.moves.len() % 2 == 1 {
                return Err(ReadErrorKind::MissingSecondMove(number));
            }
            if digits != number.to_string() {
                return Err(ReadErrorKind::WrongMoveNumber { expected: number, found: token.to_owned() });
            }
            self.expect_move = true;
            self.move_line = line;
        } else {
            let square = match parse_squares(token).as_deref() {
                Ok(&[square]) if !token.contains(' ') => square,
                _ => return Err(ReadErrorKind::BadToken(token.to_owned())),
            };
            if !self.expect_move && self.record.moves.len() % 2 == 0 {
                return Err(ReadErrorKind::MissingMoveNumber(token.to_owned()));
            }
            self.expect_move = false;
            self.record.moves.push(square);
        }
        Ok(())
    }

    fn finish(mut self) -> Result<ClosingInRecord, ReadError> {
        if self.expect_move {
            let kind = ReadErrorKind::EmptyMove(self.record.moves.len() / 2 + 1);
            return Err(ReadError { line: self.move_line, kind });
        }
        if let Some(tagged) = self.tagged_result {
            self.record.result = tagged;
        }
        if let Some((line, winner)) = self.winner {
            if self.record.result.winner().map(|seat| seat.to_string()).as_ref() != Some(&winner) {
                return Err(ReadError { line, kind: ReadErrorKind::WrongWinner(winner) });
            }
        }
        Ok(self.record)
    }
}

/// A `Board` tag value, `NxN` with a valid size.
fn parse_board(value: &str) -> Option<BoardSize> {
    let (columns, rows) = value.split_once('x')?;
    let size: u8 = columns.parse().ok()?;
    (columns == rows).then_some(())?;
    BoardSize::new(size).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tag_pairs::WRAP_COLUMN;
    use crate::{EndReason, Outcome};

    /// The seed's sample game; A resigned after it.
    const SEED_GAME: &str = "[Game \"closing-in\"]\n[Board \"6x6\"]\n[Event \"seed 004\"]\n[Result \"0-1\"]\n\
        [Winner \"second\"]\n\n1. D5 B2 2. B3 C3 3. B5 C4 4. C5 D4 5. D6 F4 6. A6 C1 7. A1 B1 0-1\n";

    fn squares(text: &str) -> Vec<Square> {
        parse_squares(text).expect("readable squares")
    }

    fn error_of(text: &str) -> (usize, ReadErrorKind) {
        let error = ClosingInRecord::read(text).expect_err("unreadable");
        (error.line, error.kind)
    }

    #[test]
    fn the_seed_game_replays_as_the_rules_document_says() {
        let record = ClosingInRecord::read(SEED_GAME).expect("readable");
        assert_eq!(record.size.get(), 6);
        assert_eq!(record.result, RecordResult::SecondWon);
        assert_eq!(record.tag("Event"), Some("seed 004"));
        assert_eq!(record.moves.len(), 14);
        let position = record.replay().expect("every move is legal");
        let removed: Vec<Square> = position.removed().iter(position.size()).collect();
        let mut expected = squares("D5 B3 B5 C5 D6 A6 B2 C3 C4 D4 F4 C1");
        expected.sort_by_key(|square| (square.row, square.column));
        assert_eq!(removed, expected);
        assert_eq!(position.marker(Seat::FIRST), squares("A1").first().copied());
        assert_eq!(position.marker(Seat::SECOND), squares("B1").first().copied());
        assert!(!position.is_over());
        assert_eq!(position.to_move(), Seat::FIRST);
        let mut a_moves = Vec::new();
        position.for_each_legal_move(|square| a_moves.push(square));
        assert_eq!(a_moves, squares("A2 A3 A4 A5"), "up the A file: B2 is removed and B1 is B's");
    }

    #[test]
    fn a_record_round_trips() {
        let record = ClosingInRecord::read(SEED_GAME).expect("readable");
        let written = record.write();
        assert_eq!(written, SEED_GAME);
        assert_eq!(ClosingInRecord::read(&written), Ok(record));
    }

    #[test]
    fn a_long_game_wraps_and_round_trips() {
        let mut position = Position::new(BoardSize::new(12).expect("a valid size"));
        let mut moves = Vec::new();
        loop {
            let mut first = None;
            position.for_each_legal_move(|square| first = first.or(Some(square)));
            let Some(square) = first else { break };
            position.play(square).expect("legal");
            moves.push(square);
        }
        let winner = position.outcome().and_then(|outcome| outcome.winner());
        let record = ClosingInRecord {
            size: position.size(),
            tags: vec![Tag { name: "White".into(), value: "a \"quoted\" \\ name".into() }],
            moves,
            result: RecordResult::of_winner(winner),
        };
        let written = record.write();
        assert!(written.lines().all(|line| line.len() < WRAP_COLUMN), "{written}");
        assert!(written.lines().filter(|line| !line.starts_with('[')).count() > 2, "{written}");
        assert_eq!(ClosingInRecord::read(&written), Ok(record.clone()));
        assert_eq!(record.replay().map(|after| after.outcome()), Ok(position.outcome()));
    }

    #[test]
    fn replay_reports_an_illegal_move_and_a_wrong_result() {
        let text = SEED_GAME.replace("5. D6 F4", "5. D6 F5");
        let error =
            ClosingInRecord::read(&text).expect("readable").replay().expect_err("F5 is not a queen move from D4");
        assert_eq!(
            error,
            ReplayError::Illegal {
                move_number: 5,
                seat: Seat::SECOND,
                square: squares("F5")[0],
                reason: IllegalMove::NotQueenLine
            }
        );
        assert_eq!(error.to_string(), "move 5 (second player) F5 is illegal: the square is not a queen move away");

        // On 3x3 this game ends with B stuck (see the position tests), so a record giving it to B is wrong.
        let won_by_a = "[Board \"3x3\"]\n\n1. A1 B2 2. A2 B1 3. A3 C2 4. C3 C1 5. B3 0-1\n";
        let record = ClosingInRecord::read(won_by_a).expect("readable");
        assert_eq!(
            record.replay(),
            Err(ReplayError::WrongResult { recorded: RecordResult::SecondWon, by_rules: Seat::FIRST })
        );
        let fixed = ClosingInRecord { result: RecordResult::FirstWon, ..record };
        assert_eq!(
            fixed.replay().map(|position| position.outcome()),
            Ok(Some(Outcome::win(2, Seat::FIRST, EndReason::Stuck)))
        );
    }

    #[test]
    fn unreadable_records_name_the_line_and_the_fault() {
        let cases = [
            ("[Game closing-in]\n", 1, ReadErrorKind::MalformedTag),
            ("[Game \"paper-soccer\"]\n", 1, ReadErrorKind::OtherGame("paper-soccer".into())),
            ("[Board \"13x13\"]\n", 1, ReadErrorKind::BadBoard("13x13".into())),
            ("[Board \"6x5\"]\n", 1, ReadErrorKind::BadBoard("6x5".into())),
            ("[Result \"1-1\"]\n", 1, ReadErrorKind::UnknownResult("1-1".into())),
            ("[Event \"a\"]\n[Event \"b\"]\n", 2, ReadErrorKind::DuplicateTag("Event".into())),
            ("[Result \"1-0\"]\n[Winner \"second\"]\n", 2, ReadErrorKind::WrongWinner("second".into())),
            ("\n1. D5\n[Event \"late\"]\n", 3, ReadErrorKind::TagAfterMovetext),
            ("\n1. D5 B2\n2. B3 B0\n", 3, ReadErrorKind::BadToken("B0".into())),
            ("1. D5B2\n", 1, ReadErrorKind::BadToken("D5B2".into())),
            ("1. D5 B2 3. B3\n", 1, ReadErrorKind::WrongMoveNumber { expected: 2, found: "3.".into() }),
            ("1. D5 2. B3\n", 1, ReadErrorKind::MissingSecondMove(1)),
            ("1. D5 B2 B3\n", 1, ReadErrorKind::MissingMoveNumber("B3".into())),
            ("1. D5 B2\n2.\n", 2, ReadErrorKind::EmptyMove(2)),
            ("1. 1-0\n", 1, ReadErrorKind::EmptyMove(1)),
            ("1. D5 1-0 B2\n", 1, ReadErrorKind::AfterResult("B2".into())),
            (
                "[Result \"1-0\"]\n\n1. D5 0-1\n",
                3,
                ReadErrorKind::ResultMismatch { tag: RecordResult::FirstWon, movetext: RecordResult::SecondWon },
            ),
        ];
        for (text, line, kind) in cases {
            assert_eq!(error_of(text), (line, kind), "{text:?}");
        }
    }

    #[test]
    fn a_record_with_more_tags_than_the_cap_is_refused_at_the_first_one_over() {
        let text: String = (0..=MAX_RECORD_TAGS).map(|i| format!("[T{i} \"v\"]\n")).collect();
        assert_eq!(error_of(&text), (MAX_RECORD_TAGS + 1, ReadErrorKind::TooManyTags));
    }

    mod properties {
        use proptest::prelude::*;

        use super::super::*;

        /// Characters that mean something in a record, a few that do not, and one that is not ASCII.
        const RECORD_CHARACTERS: &[char] =
            &['[', ']', '"', '\\', ' ', '\n', '1', '2', '0', 'x', '.', '-', '*', 'A', 'd', 'G', 'B', 'ł'];

        proptest! {
            #[test]
            fn reading_and_replaying_never_panic(
                characters in prop::collection::vec(prop::sample::select(RECORD_CHARACTERS), 0..200),
            ) {
                let text: String = characters.into_iter().collect();
                if let Ok(record) = ClosingInRecord::read(&text) {
                    let _ = record.replay();
                    prop_assert_eq!(ClosingInRecord::read(&record.write()), Ok(record));
                }
            }
        }
    }

    #[test]
    fn a_square_past_the_board_is_read_and_refused_by_the_rules() {
        let record = ClosingInRecord::read("[Board \"3x3\"]\n\n1. D4\n").expect("notation does not know the board");
        assert!(matches!(record.replay(), Err(ReplayError::Illegal { reason: IllegalMove::OffBoard, .. })));
        assert_eq!(record.result, RecordResult::Unknown);
    }
}
