//! Records of `line`, `line/opcja1` and `russian` games (§5.6): kurnik's movetext `N. <P1> <P2>` of turn
//! tokens with `-`, and the headers `[Variant]`, `[Board]`, `[Mouth]`, `[Kicks]` and `[Winner]`.
//!
//! Decisions: `[Winner]` carries the result, so a record written here has no `Result` tag and no result token
//! (kurnik's Black–White order is for kurnik export only); a record read may still have them, in kurnik's
//! order, and they are kept but not checked. `[Mouth]` counts the mouth points (5 in every ruleset here);
//! `[Board]`, `[Mouth]` and `[Kicks]` may be missing (the ruleset's defaults) but must agree when present.

use std::iter::{Enumerate, Peekable};
use std::str::Lines;

use super::field::FieldError;
use super::line::{LineGame, LinePreset, LineRules};
use super::russian::{RussianGame, RussianRules};
use super::turns::{TurnError, TurnTokens};
use crate::game::Game;
use crate::outcome::{Outcome, Seat};
use crate::soccer::{KurnikRecord, LineEnding, RecordResult, Tag};

/// The rules of a game of any ruleset of this module, as a record's headers name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantRules {
    /// `line` or `line/opcja1`.
    Line(LineRules),
    /// `russian`.
    Russian(RussianRules),
}

impl VariantRules {
    /// The `[Variant]` value.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            VariantRules::Line(rules) => rules.kind().name(),
            VariantRules::Russian(_) => "russian",
        }
    }

    /// The rules a `[Variant]` value names, on their default field.
    #[must_use]
    pub fn from_name(name: &str) -> Option<VariantRules> {
        match name {
            "line" => Some(VariantRules::Line(LineRules::preset(LinePreset::Line))),
            "line/opcja1" => Some(VariantRules::Line(LineRules::preset(LinePreset::Opcja1))),
            "russian" => Some(VariantRules::Russian(RussianRules::default())),
            _ => None,
        }
    }

    /// The same ruleset on a W × L field.
    pub fn with_size(self, width: u8, length: u8) -> Result<VariantRules, FieldError> {
        Ok(match self {
            VariantRules::Line(rules) => VariantRules::Line(LineRules::new(rules.kind(), width, length)?),
            VariantRules::Russian(_) => VariantRules::Russian(RussianRules::new(width, length)?),
        })
    }

    fn board(self) -> String {
        let field = match self {
            VariantRules::Line(rules) => rules.field(),
            VariantRules::Russian(rules) => rules.field(),
        };
        format!("{}x{}", field.width(), field.length())
    }

    fn kicks(self) -> String {
        let lengths = match self {
            VariantRules::Line(rules) => rules.kick_lengths(),
            VariantRules::Russian(rules) => rules.kick_lengths(),
        };
        lengths.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
    }
}

/// The `[Mouth]` value: the number of mouth points, 2m + 1 with m = 2.
const MOUTH: &str = "5";

/// A game played through its turn tokens, of whichever ruleset its record names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantGame {
    /// A `line` or `line/opcja1` game.
    Line(TurnTokens<LineGame>),
    /// A `russian` game.
    Russian(TurnTokens<RussianGame>),
}

impl VariantGame {
    /// The outcome, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            VariantGame::Line(tokens) => tokens.game().outcome(),
            VariantGame::Russian(tokens) => tokens.game().outcome(),
        }
    }

    fn play(&mut self, token: &str, last: bool) -> Result<(), TurnError> {
        match (self, last) {
            (VariantGame::Line(tokens), false) => tokens.play(token),
            (VariantGame::Line(tokens), true) => tokens.play_last(token),
            (VariantGame::Russian(tokens), false) => tokens.play(token),
            (VariantGame::Russian(tokens), true) => tokens.play_last(token),
        }
    }
}

/// One game record: its tags, its turn tokens (P1's first, `-` included) and the result token, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantRecord {
    /// The tag pairs in the order they are written.
    pub tags: Vec<Tag>,
    /// The turn tokens, alternating P1, P2.
    pub tokens: Vec<String>,
    /// A result token at the end of the movetext (kurnik's Black–White order), kept as read.
    pub result: Option<RecordResult>,
}

/// Why a record cannot be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A line starting with `[` is not `[Name "value"]`.
    #[error("line {0}: malformed tag pair")]
    MalformedTag(usize),
    /// A tag appears twice.
    #[error("line {line}: tag {name} appears twice")]
    DuplicateTag {
        /// The line of the second one.
        line: usize,
        /// The tag's name.
        name: String,
    },
    /// A movetext token is neither a move number, a turn token nor a result.
    #[error("line {line}: {token:?} is neither a move number, a turn token nor a result")]
    BadToken {
        /// Where.
        line: usize,
        /// The token.
        token: String,
    },
    /// A move number is missing or out of sequence, or something follows the result.
    #[error("line {line}: expected {expected}, found {found:?}")]
    OutOfOrder {
        /// Where.
        line: usize,
        /// What was due.
        expected: String,
        /// What stood there.
        found: String,
    },
    /// The `[Variant]` tag is missing or names no ruleset of this module.
    #[error("the Variant tag {0:?} is not line, line/opcja1 or russian")]
    UnknownVariant(Option<String>),
    /// `[Board]` is not `WxL`.
    #[error("the Board tag {0:?} is not WxL")]
    MalformedBoard(String),
    /// `[Board]` names a size the ruleset does not allow.
    #[error(transparent)]
    Size(#[from] FieldError),
    /// `[Mouth]` or `[Kicks]` disagrees with the ruleset.
    #[error("the {name} tag {found:?} disagrees with the ruleset's {expected:?}")]
    ParameterMismatch {
        /// The tag's name.
        name: &'static str,
        /// The ruleset's value.
        expected: String,
        /// The tag's value.
        found: String,
    },
    /// A turn token cannot be played.
    #[error("turn token {index} ({token:?}): {error}")]
    Turn {
        /// The token's index, from 0.
        index: usize,
        /// The token.
        token: String,
        /// Why.
        error: TurnError,
    },
    /// `[Winner]` is not `P1`, `P2` or `draw`, or disagrees with how the replayed game ended.
    #[error("the Winner tag {recorded:?} is not P1, P2 or draw, or disagrees with the game, which {played}")]
    WinnerMismatch {
        /// The tag's value.
        recorded: String,
        /// What the replay gave.
        played: String,
    },
}

impl VariantRecord {
    /// The record of a game by `rules` whose turn tokens are `tokens`, with its outcome if it is over.
    #[must_use]
    pub fn new(rules: VariantRules, tokens: Vec<String>, outcome: Option<Outcome>) -> VariantRecord {
        let tag = |name: &str, value: String| Tag { name: name.to_owned(), value };
        let mut tags = vec![
            tag("Variant", rules.name().to_owned()),
            tag("Board", rules.board()),
            tag("Mouth", MOUTH.to_owned()),
            tag("Kicks", rules.kicks()),
        ];
        if let Some(outcome) = outcome {
            tags.push(tag("Winner", winner_text(outcome.winner).to_owned()));
        }
        VariantRecord { tags, tokens, result: None }
    }

    /// The value of the tag `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|tag| tag.name == name).map(|tag| tag.value.as_str())
    }

    /// The record in kurnik's layout: tags, a blank line, movetext wrapped at 79 columns.
    #[must_use]
    pub fn write(&self, ending: LineEnding) -> String {
        KurnikRecord { tags: self.tags.clone(), turns: self.tokens.clone(), result: self.result }.write(ending)
    }

    /// The ruleset the headers name.
    pub fn rules(&self) -> Result<VariantRules, RecordError> {
        let variant = self.tag("Variant");
        let mut rules = variant
            .and_then(VariantRules::from_name)
            .ok_or_else(|| RecordError::UnknownVariant(variant.map(str::to_owned)))?;
        if let Some(board) = self.tag("Board") {
            let (width, length) = board
                .split_once('x')
                .and_then(|(width, length)| Some((width.parse().ok()?, length.parse().ok()?)))
                .ok_or_else(|| RecordError::MalformedBoard(board.to_owned()))?;
            rules = rules.with_size(width, length)?;
        }
        for (name, expected) in [("Mouth", MOUTH.to_owned()), ("Kicks", rules.kicks())] {
            if let Some(found) = self.tag(name) {
                if found != expected {
                    return Err(RecordError::ParameterMismatch { name, expected, found: found.to_owned() });
                }
            }
        }
        Ok(rules)
    }

    /// Plays the tokens by the headers' rules, and checks `[Winner]` (if any) against the game when its rules
    /// ended it; a game they did not end was decided outside them (time, resignation), and its last token may
    /// stop part-way through its turn.
    pub fn replay(&self) -> Result<VariantGame, RecordError> {
        let mut game = match self.rules()? {
            VariantRules::Line(rules) => VariantGame::Line(TurnTokens::new(&rules)),
            VariantRules::Russian(rules) => VariantGame::Russian(TurnTokens::new(&rules)),
        };
        for (index, token) in self.tokens.iter().enumerate() {
            let last = index + 1 == self.tokens.len();
            game.play(token, last).map_err(|error| RecordError::Turn { index, token: token.clone(), error })?;
        }
        if let Some(recorded) = self.tag("Winner") {
            let valid = ["P1", "P2", "draw"].contains(&recorded);
            let played = game.outcome().map(|outcome| winner_text(outcome.winner));
            if !valid || played.is_some_and(|played| played != recorded) {
                let played = played.map_or("is not over".to_owned(), |winner| format!("was won by {winner}"));
                return Err(RecordError::WinnerMismatch { recorded: recorded.to_owned(), played });
            }
        }
        Ok(game)
    }
}

fn winner_text(winner: Option<Seat>) -> &'static str {
    match winner {
        Some(Seat::First) => "P1",
        Some(Seat::Second) => "P2",
        None => "draw",
    }
}

/// Reads the records of a text, one game after another: each item is a game or the first error in it.
#[must_use]
pub fn read_variant_records(text: &str) -> VariantRecords<'_> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    VariantRecords { lines: text.lines().enumerate().peekable() }
}

/// The games of a record file, from [`read_variant_records`].
#[derive(Debug)]
pub struct VariantRecords<'a> {
    lines: Peekable<Enumerate<Lines<'a>>>,
}

impl Iterator for VariantRecords<'_> {
    type Item = Result<VariantRecord, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.skip_blank_lines();
        self.lines.peek()?;
        let mut record = VariantRecord::default();
        let mut error = None;
        while let Some((index, line)) = self.lines.next_if(|(_, line)| is_tag_line(line)) {
            if error.is_none() {
                error = read_tag(&mut record, line, index + 1).err();
            }
        }
        self.skip_blank_lines();
        let mut movetext = Movetext::default();
        let mut last_line = 0;
        while let Some((index, line)) = self.lines.next_if(|(_, line)| !is_blank(line) && !is_tag_line(line)) {
            last_line = index + 1;
            for token in line.split_ascii_whitespace() {
                if error.is_none() {
                    error = movetext.read(&mut record, token, last_line).err();
                }
            }
        }
        if error.is_none() && movetext.numbered {
            let expected = format!("P1's token of move {}", record.tokens.len() / 2 + 1);
            error = Some(RecordError::OutOfOrder { line: last_line, expected, found: String::new() });
        }
        Some(match error {
            Some(error) => Err(error),
            None => Ok(record),
        })
    }
}

impl VariantRecords<'_> {
    fn skip_blank_lines(&mut self) {
        while self.lines.next_if(|(_, line)| is_blank(line)).is_some() {}
    }
}

fn is_blank(line: &str) -> bool {
    line.trim().is_empty()
}

fn is_tag_line(line: &str) -> bool {
    line.trim_start().starts_with('[')
}

fn read_tag(record: &mut VariantRecord, line: &str, number: usize) -> Result<(), RecordError> {
    let tag = parse_tag(line).ok_or(RecordError::MalformedTag(number))?;
    if record.tag(&tag.name).is_some() {
        return Err(RecordError::DuplicateTag { line: number, name: tag.name });
    }
    record.tags.push(tag);
    Ok(())
}

/// Reads `[Name "value"]`, undoing the `\"` and `\\` escapes.
fn parse_tag(line: &str) -> Option<Tag> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, quoted) = inner.split_once(|c: char| c.is_ascii_whitespace())?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let escaped = quoted.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::with_capacity(escaped.len());
    let mut chars = escaped.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next()? {
                escaped @ ('"' | '\\') => value.push(escaped),
                _ => return None,
            },
            '"' => return None,
            _ => value.push(c),
        }
    }
    Some(Tag { name: name.to_owned(), value })
}

/// Where the movetext reader stands.
#[derive(Debug, Default)]
struct Movetext {
    /// Whether a move number has been read and P1's token is due.
    numbered: bool,
    /// Whether the result token has been read.
    ended: bool,
}

impl Movetext {
    fn read(&mut self, record: &mut VariantRecord, token: &str, line: usize) -> Result<(), RecordError> {
        let number = record.tokens.len() / 2 + 1;
        let p1_due = record.tokens.len() % 2 == 0;
        let out_of_order = |expected: String| RecordError::OutOfOrder { line, expected, found: token.to_owned() };
        if self.ended {
            return Err(out_of_order("the end of the game".to_owned()));
        }
        if let Some(result) = RecordResult::from_token(token) {
            if self.numbered {
                return Err(out_of_order(format!("P1's token of move {number}")));
            }
            record.result = Some(result);
            self.ended = true;
        } else if let Some(digits) = token.strip_suffix('.') {
            if !p1_due || self.numbered || digits != number.to_string() {
                let expected = if p1_due { format!("move number {number}") } else { "P2's token".to_owned() };
                return Err(out_of_order(expected));
            }
            self.numbered = true;
        } else if token == "-" || token.chars().all(|c| c == 'p' || c.is_ascii_digit()) {
            if p1_due && !self.numbered {
                return Err(out_of_order(format!("move number {number}")));
            }
            self.numbered = false;
            record.tokens.push(token.to_owned());
        } else {
            return Err(RecordError::BadToken { line, token: token.to_owned() });
        }
        Ok(())
    }
}
