//! What the Paper Soccer variants' records share (§5.4–5.6): tag pairs, then kurnik movetext `N. <P1> <P2>`
//! whose turn tokens alternate strictly, first seat first, with `-` for a slot where a seat draws nothing;
//! the `[Winner "P1"|"P2"|"draw"]` tag; and, for the variants played as a match of points (`classic+centre`,
//! `xrsoccer`), the `[Score "a-b"]` tag and the replay that checks a record slot by slot.
//!
//! What a kind's own tags and turn tokens mean stays in that kind's `record.rs`. The kurnik reader of classic
//! records (`soccer::read_records`) accepts digit tokens only, so the variants' `-`, `p37` and `r7,3:`
//! tokens need this reader; records are written with `soccer::KurnikRecord::write`, which writes tokens as
//! they are.

use std::fmt;

use crate::soccer::{Direction, KurnikRecord, LineEnding, RecordResult, Tag};
pub(crate) use crate::tag_pairs::tag_value;
pub use crate::tag_pairs::ReadError;
use crate::tag_pairs::MAX_RECORD_TAGS;
use crate::tag_pairs::{from_tag_error, TagReader};
use crate::{Outcome, Seat};

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
    pub fn of(outcome: &Outcome) -> RecordWinner {
        match outcome.winner() {
            Some(Seat::FIRST) => RecordWinner::First,
            Some(_) => RecordWinner::Second,
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

/// A tag pair made of its name and value.
pub(crate) fn tag(name: &str, value: impl Into<String>) -> Tag {
    Tag { name: name.to_owned(), value: value.into() }
}

/// Why the layout of a variant record is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovetextError {
    /// A line starting with `[` is not `[Name "value"]`.
    #[error("malformed tag pair; expected [Name \"value\"]")]
    MalformedTag,
    /// The same tag twice.
    #[error("tag {0} appears twice")]
    DuplicateTag(String),
    /// More tag pairs than [`MAX_RECORD_TAGS`].
    #[error("more than {MAX_RECORD_TAGS} tag pairs")]
    TooManyTags,
    /// A tag after the movetext began.
    #[error("a tag after the movetext")]
    TagAfterMovetext,
    /// A move number out of sequence.
    #[error("expected move number {expected}, found {found:?}")]
    WrongMoveNumber {
        /// The move number due here.
        expected: usize,
        /// The token found instead.
        found: String,
    },
    /// A turn token stands where a move number is due.
    #[error("turn {0:?} has no move number before it")]
    MissingMoveNumber(String),
    /// A move number is followed by no turn.
    #[error("move {0} has no turn")]
    EmptyMove(usize),
    /// The first seat's turn is followed by the next move number instead of the second seat's turn.
    #[error("move {0} has no turn for the second player before the next move number")]
    MissingSecondTurn(usize),
    /// Something follows the result token (in a kind whose records may end with one).
    #[error("{0:?} follows the result")]
    AfterResult(String),
}

from_tag_error!(MovetextError);

/// Whether a kind's movetext may end with kurnik's result token (`0-1`, `1-0`, `1/2-1/2`, `*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ResultToken {
    /// A result token ends the movetext, and nothing may follow it.
    Allowed,
    /// Every token that is not a move number is a turn token.
    Refused,
}

/// One record's tag pairs and turn tokens, each with its line (from 1), in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Movetext {
    /// The tag pairs.
    pub(crate) tags: Vec<(usize, Tag)>,
    /// The turn tokens, the first seat's first; move numbers are checked and dropped.
    pub(crate) tokens: Vec<(usize, String)>,
    /// The result token, when the kind allows one and the movetext ends with it.
    pub(crate) result: Option<RecordResult>,
}

/// Reads the tags and movetext of one record, a text without a result token.
pub(crate) fn read_movetext(text: &str) -> Result<Movetext, (usize, MovetextError)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    read_lines(text.lines().enumerate().map(|(index, line)| (index + 1, line)), ResultToken::Refused)
}

/// Reads the tags and movetext of one record from its numbered lines. Tags come first, one per line; a blank
/// line before the movetext is usual but not required. Every movetext token that does not end with `.` (nor
/// is the result, where `result` allows one) is a turn token.
pub(crate) fn read_lines<'a>(
    lines: impl IntoIterator<Item = (usize, &'a str)>,
    result: ResultToken,
) -> Result<Movetext, (usize, MovetextError)> {
    let mut read = Movetext::default();
    let mut tags = TagReader::default();
    let mut in_movetext = false;
    let mut number_line = None;
    for (line_number, line) in lines {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            if in_movetext {
                return Err((line_number, MovetextError::TagAfterMovetext));
            }
            let tag = tags.read(trimmed).map_err(|error| (line_number, error.into()))?;
            read.tags.push((line_number, tag));
            continue;
        }
        for token in trimmed.split_ascii_whitespace() {
            in_movetext = true;
            let number = read.tokens.len() / 2 + 1;
            let error = |kind| (line_number, kind);
            if read.result.is_some() {
                return Err(error(MovetextError::AfterResult(token.to_owned())));
            }
            let ends_game = result == ResultToken::Allowed;
            if let Some(found) = RecordResult::from_token(token).filter(|_| ends_game) {
                if number_line.is_some() {
                    return Err(error(MovetextError::EmptyMove(number)));
                }
                read.result = Some(found);
            } else if token.ends_with('.') {
                if number_line.is_some() {
                    return Err(error(MovetextError::EmptyMove(number)));
                }
                if read.tokens.len() % 2 == 1 {
                    return Err(error(MovetextError::MissingSecondTurn(number)));
                }
                if token != format!("{number}.") {
                    return Err(error(MovetextError::WrongMoveNumber { expected: number, found: token.to_owned() }));
                }
                number_line = Some(line_number);
            } else {
                if number_line.is_none() && read.tokens.len() % 2 == 0 {
                    return Err(error(MovetextError::MissingMoveNumber(token.to_owned())));
                }
                number_line = None;
                read.tokens.push((line_number, token.to_owned()));
            }
        }
    }
    match number_line {
        Some(line) => Err((line, MovetextError::EmptyMove(read.tokens.len() / 2 + 1))),
        None => Ok(read),
    }
}

/// What a kind's read errors say about the tags every scored record (a match of points) reads alike.
pub(crate) trait ScoredReadError: From<MovetextError> {
    /// The `Variant` tag names another variant.
    fn other_variant(value: String) -> Self;
    /// The `Score` tag is not `a-b`.
    fn bad_score(value: String) -> Self;
    /// The `Winner` tag is not `P1`, `P2` or `draw`.
    fn bad_winner(value: String) -> Self;
}

/// The parts of a scored record every such kind reads alike.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Scored<T> {
    /// The tags neither shared nor the kind's own, in the order written.
    pub(crate) tags: Vec<Tag>,
    /// The turn tokens.
    pub(crate) tokens: Vec<T>,
    /// The `Score` tag.
    pub(crate) score: Option<[u32; 2]>,
    /// The `Winner` tag.
    pub(crate) winner: Option<RecordWinner>,
}

/// Reads a scored record of the variant `variant`: `own_tag` takes the kind's own tags (it answers whether
/// a tag was its own) and `token` reads each turn token.
pub(crate) fn read_scored<K: ScoredReadError, T>(
    text: &str,
    variant: &str,
    mut own_tag: impl FnMut(usize, &Tag) -> Result<bool, ReadError<K>>,
    token: impl Fn(String) -> Result<T, K>,
) -> Result<Scored<T>, ReadError<K>> {
    let movetext = read_movetext(text).map_err(|(line, error)| ReadError::at(line, error))?;
    let mut record = Scored { tags: Vec::new(), tokens: Vec::new(), score: None, winner: None };
    for (line, tag) in movetext.tags {
        let at = |kind| ReadError::at(line, kind);
        match tag.name.as_str() {
            "Variant" if tag.value != variant => return Err(at(K::other_variant(tag.value))),
            "Variant" => {}
            "Score" => record.score = Some(parse_score(&tag.value).ok_or_else(|| at(K::bad_score(tag.value)))?),
            "Winner" => {
                let winner = RecordWinner::from_value(&tag.value);
                record.winner = Some(winner.ok_or_else(|| at(K::bad_winner(tag.value)))?);
            }
            _ if own_tag(line, &tag)? => {}
            _ => record.tags.push(tag),
        }
    }
    for (line, text) in movetext.tokens {
        record.tokens.push(token(text).map_err(|kind| ReadError::at(line, kind))?);
    }
    Ok(record)
}

/// Writes a scored record: `head` (the `Variant` tag and the kind's own), the other `tags`, `Score` and
/// `Winner` when known, a blank line, then the movetext of `tokens` wrapped before column 80. Lines end with
/// `\n`.
pub(crate) fn write_scored<T: fmt::Display>(
    mut head: Vec<Tag>,
    tags: &[Tag],
    tokens: &[T],
    score: Option<[u32; 2]>,
    winner: Option<RecordWinner>,
) -> String {
    head.extend(tags.iter().cloned());
    if let Some([first, second]) = score {
        head.push(tag("Score", format!("{first}-{second}")));
    }
    if let Some(winner) = winner {
        head.push(tag("Winner", winner.value()));
    }
    let turns = tokens.iter().map(ToString::to_string).collect();
    KurnikRecord { tags: head, turns, result: None }.write(LineEnding::Lf)
}

/// Implements what a scored kind shares: [`SlotMatch`] for its position (whose inherent methods carry the
/// trait's names; `$goes_on` matches the step results after which the turn goes on), `ScoredReadError` for
/// its read error kind, and `From<SlotError<_>>` for its replay error, whose variants carry the names and
/// fields of [`SlotError`]'s.
macro_rules! scored_kind {
    ($position:ty, $goes_on:pat, $read:ty, $replay:ident, $illegal:ty) => {
        impl $crate::variant_record::SlotMatch for $position {
            type Illegal = $illegal;

            fn to_move(&self) -> $crate::Seat {
                <$position>::to_move(self)
            }

            fn is_over(&self) -> bool {
                <$position>::is_over(self)
            }

            fn pass_due(&self) -> bool {
                <$position>::pass_due(self)
            }

            fn take_pass(&mut self) {
                <$position>::take_pass(self);
            }

            fn play(&mut self, direction: $crate::soccer::Direction) -> Result<bool, $illegal> {
                self.step(direction).map(|step| matches!(step, $goes_on))
            }

            fn scores(&self) -> [u32; 2] {
                <$position>::scores(self)
            }

            fn outcome(&self) -> Option<$crate::Outcome> {
                <$position>::outcome(self)
            }
        }

        impl $crate::variant_record::ScoredReadError for $read {
            fn other_variant(value: String) -> Self {
                Self::OtherVariant(value)
            }

            fn bad_score(value: String) -> Self {
                Self::BadScore(value)
            }

            fn bad_winner(value: String) -> Self {
                Self::BadWinner(value)
            }
        }

        impl From<$crate::variant_record::SlotError<$illegal>> for $replay {
            fn from(error: $crate::variant_record::SlotError<$illegal>) -> $replay {
                use $crate::variant_record::SlotError;
                match error {
                    SlotError::Illegal { token, seat, step, reason } => $replay::Illegal { token, seat, step, reason },
                    SlotError::PastTurnEnd { token, step } => $replay::PastTurnEnd { token, step },
                    SlotError::StopsMidTurn { token } => $replay::StopsMidTurn { token },
                    SlotError::UnexpectedPass { token, seat } => $replay::UnexpectedPass { token, seat },
                    SlotError::MissingPass { token, seat } => $replay::MissingPass { token, seat },
                    SlotError::AfterEnd { token } => $replay::AfterEnd { token },
                    SlotError::WrongScore { recorded, by_rules } => $replay::WrongScore { recorded, by_rules },
                    SlotError::WrongWinner { recorded, by_rules } => $replay::WrongWinner { recorded, by_rules },
                }
            }
        }
    };
}
pub(crate) use scored_kind;

/// A match of points as its record replays it: tokens alternate strictly, and a `-` fills the slot of a
/// seat that draws nothing.
pub(crate) trait SlotMatch {
    /// Why a step is refused.
    type Illegal;
    /// The player to move.
    fn to_move(&self) -> Seat;
    /// Whether the match is over.
    fn is_over(&self) -> bool;
    /// Whether a `-` is due before the next turn.
    fn pass_due(&self) -> bool;
    /// Fills the due `-`.
    fn take_pass(&mut self);
    /// Plays one step; true while the same turn goes on.
    fn play(&mut self, direction: Direction) -> Result<bool, Self::Illegal>;
    /// The score, first seat first.
    fn scores(&self) -> [u32; 2];
    /// The outcome, once the match is over.
    fn outcome(&self) -> Option<Outcome>;
}

/// A turn token of a scored record: `-`, or a turn of steps with whatever the kind writes before them.
pub trait SlotToken {
    /// The turn's steps; none for `-`.
    fn steps(&self) -> Option<&[Direction]>;
}

/// Why a scored record does not replay, in the terms every such kind shares. Tokens are counted from 1 over
/// the whole record, steps from 1 within their token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SlotError<I> {
    /// A step the rules refuse.
    Illegal { token: usize, seat: Seat, step: usize, reason: I },
    /// A token goes on after its turn ended.
    PastTurnEnd { token: usize, step: usize },
    /// A token that is not the last stops part-way through its turn.
    StopsMidTurn { token: usize },
    /// A `-` where the seat must play.
    UnexpectedPass { token: usize, seat: Seat },
    /// A turn in a slot that must be `-`.
    MissingPass { token: usize, seat: Seat },
    /// A token after the end of the match.
    AfterEnd { token: usize },
    /// The recorded score is not the score the tokens reach.
    WrongScore { recorded: [u32; 2], by_rules: [u32; 2] },
    /// The match ended by the rules with another winner than recorded.
    WrongWinner { recorded: RecordWinner, by_rules: RecordWinner },
}

/// The seat whose slot token `index` (from 0) fills.
fn slot_seat(index: usize) -> Seat {
    if index % 2 == 0 {
        Seat::FIRST
    } else {
        Seat::SECOND
    }
}

/// Plays `tokens` on `position`, checking that each is a whole turn (the last may stop part-way) and that a
/// `-` stands exactly where a slot is skipped; `before_turn` checks what the kind writes before a turn's
/// steps, with the token's number.
pub(crate) fn replay_slots<M: SlotMatch, T: SlotToken, E: From<SlotError<M::Illegal>>>(
    position: &mut M,
    tokens: &[T],
    mut before_turn: impl FnMut(&M, usize, &T) -> Result<(), E>,
) -> Result<(), E> {
    for (index, token) in tokens.iter().enumerate() {
        let number = index + 1;
        let seat = slot_seat(index);
        if position.is_over() {
            return Err(SlotError::AfterEnd { token: number }.into());
        }
        let steps = match token.steps() {
            None if position.pass_due() => {
                position.take_pass();
                continue;
            }
            None => return Err(SlotError::UnexpectedPass { token: number, seat }.into()),
            Some(_) if position.pass_due() => return Err(SlotError::MissingPass { token: number, seat }.into()),
            Some(steps) => steps,
        };
        before_turn(position, number, token)?;
        let mut goes_on = true;
        for (at, &direction) in steps.iter().enumerate() {
            let step = at + 1;
            if !goes_on {
                return Err(SlotError::PastTurnEnd { token: number, step }.into());
            }
            goes_on =
                position.play(direction).map_err(|reason| SlotError::Illegal { token: number, seat, step, reason })?;
        }
        if goes_on && number < tokens.len() {
            return Err(SlotError::StopsMidTurn { token: number }.into());
        }
    }
    Ok(())
}

/// Checks a recorded score and winner against the match: a recorded winner of a match the rules have not
/// ended yet (a resignation, time) is fine.
pub(crate) fn check_result<M: SlotMatch>(
    position: &M,
    score: Option<[u32; 2]>,
    winner: Option<RecordWinner>,
) -> Result<(), SlotError<M::Illegal>> {
    let scores = position.scores();
    if let Some(recorded) = score.filter(|&recorded| recorded != scores) {
        return Err(SlotError::WrongScore { recorded, by_rules: scores });
    }
    if let (Some(recorded), Some(outcome)) = (winner, position.outcome()) {
        if recorded != RecordWinner::of(&outcome) {
            return Err(SlotError::WrongWinner { recorded, by_rules: RecordWinner::of(&outcome) });
        }
    }
    Ok(())
}

/// The tokens of a match played from `position` by `actions` (every step, in order): a `-` (made by `pass`)
/// wherever a slot is skipped, and each turn made by `turn` from what `start` saw before its first step and
/// its steps.
pub(crate) fn tokens_of_actions<M: SlotMatch, S, T>(
    position: &mut M,
    actions: &[Direction],
    pass: impl Fn() -> T,
    start: impl Fn(&M) -> S,
    turn: impl Fn(S, Vec<Direction>) -> T,
) -> Result<Vec<T>, SlotError<M::Illegal>> {
    let mut tokens = Vec::new();
    let mut steps = Vec::new();
    let mut seen = None;
    for &direction in actions {
        if steps.is_empty() {
            if position.pass_due() {
                tokens.push(pass());
                position.take_pass();
            }
            seen = Some(start(position));
        }
        let token = tokens.len() + 1;
        let seat = position.to_move();
        steps.push(direction);
        let step = steps.len();
        let goes_on = position.play(direction).map_err(|reason| SlotError::Illegal { token, seat, step, reason })?;
        if let Some(seen) = seen.take_if(|_| !goes_on) {
            tokens.push(turn(seen, std::mem::take(&mut steps)));
        }
    }
    if let Some(seen) = seen.filter(|_| !steps.is_empty()) {
        tokens.push(turn(seen, steps));
    }
    Ok(tokens)
}

/// The tokens of `text` (separated by spaces, without move numbers), each read by `parse`; an error comes
/// with its token's number, from 1.
pub(crate) fn parse_tokens<T, E>(text: &str, parse: impl Fn(&str) -> Result<T, E>) -> Result<Vec<T>, (usize, E)> {
    text.split_ascii_whitespace()
        .enumerate()
        .map(|(index, token)| parse(token).map_err(|error| (index + 1, error)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<String> {
        read_movetext(text).expect("readable").tokens.into_iter().map(|(_, token)| token).collect()
    }

    #[test]
    fn reads_tags_and_tokens_with_their_lines() {
        let read = read_movetext("[Variant \"x\"]\r\n[A \"q\\\"\"]\r\n\r\n1. 0 - 2. r7,3012\r\n43 3. 1\r\n")
            .expect("readable");
        let tags: Vec<_> = read.tags.iter().map(|(line, tag)| (*line, tag.name.as_str(), tag.value.as_str())).collect();
        assert_eq!(tags, [(1, "Variant", "x"), (2, "A", "q\"")]);
        assert_eq!(
            read.tokens,
            [(4, "0".into()), (4, "-".into()), (4, "r7,3012".into()), (5, "43".into()), (5, "1".into())]
        );
        assert_eq!(tokens("1. 0"), ["0"]);
        assert!(tokens("").is_empty());
    }

    #[test]
    fn a_result_token_ends_the_movetext_only_where_the_kind_allows_one() {
        let lines = |text: &'static str| text.lines().enumerate().map(|(index, line)| (index + 1, line));
        let read = read_lines(lines("1. 0 1 0-1"), ResultToken::Allowed).expect("readable");
        assert_eq!((read.tokens.len(), read.result), (2, Some(RecordResult::WhiteWon)));
        assert_eq!(tokens("1. 0 1 2. 0-1"), ["0", "1", "0-1"], "a turn token to a kind without results");
        assert_eq!(
            read_lines(lines("1. 0 *\n2. 1"), ResultToken::Allowed),
            Err((2, MovetextError::AfterResult("2.".into())))
        );
        assert_eq!(read_lines(lines("1. 0 1 2. 1-0"), ResultToken::Allowed), Err((1, MovetextError::EmptyMove(2))));
    }

    #[test]
    fn a_record_with_more_tags_than_the_cap_is_refused_at_the_first_one_over() {
        let text: String = (0..=MAX_RECORD_TAGS).map(|i| format!("[T{i} \"v\"]\n")).collect();
        assert_eq!(read_movetext(&text), Err((MAX_RECORD_TAGS + 1, MovetextError::TooManyTags)));
    }

    #[test]
    fn refuses_a_broken_layout() {
        let cases = [
            ("[A \"1\"]\n[A \"2\"]\n", 2, MovetextError::DuplicateTag("A".into())),
            ("[A 1]\n", 1, MovetextError::MalformedTag),
            ("1. 0\n[A \"1\"]\n", 2, MovetextError::TagAfterMovetext),
            ("1. 0 1 3. 2", 1, MovetextError::WrongMoveNumber { expected: 2, found: "3.".into() }),
            ("0", 1, MovetextError::MissingMoveNumber("0".into())),
            ("1. 0 1 2", 1, MovetextError::MissingMoveNumber("2".into())),
            ("1. 2.", 1, MovetextError::EmptyMove(1)),
            ("1. 0 1\n2.\n", 2, MovetextError::EmptyMove(2)),
            ("1. 0 2. 1", 1, MovetextError::MissingSecondTurn(1)),
        ];
        for (text, line, kind) in cases {
            assert_eq!(read_movetext(text), Err((line, kind)), "{text:?}");
        }
    }
}
