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
use crate::soccer::{KurnikRecord, LineEnding, RecordResult, Tag};
use crate::tag_pairs::is_tag_line;
use crate::variant_record::{read_lines, tag, tag_value, MovetextError, RecordWinner, ResultToken};
use crate::Outcome;

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
    #[error("line {line}: {error}")]
    OutOfOrder {
        /// Where.
        line: usize,
        /// What is out of order.
        error: MovetextError,
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
        let mut tags = vec![
            tag("Variant", rules.name()),
            tag("Board", rules.board()),
            tag("Mouth", MOUTH),
            tag("Kicks", rules.kicks()),
        ];
        if let Some(outcome) = outcome {
            tags.push(tag("Winner", RecordWinner::of(&outcome).value()));
        }
        VariantRecord { tags, tokens, result: None }
    }

    /// The value of the tag `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
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
            let valid = RecordWinner::from_value(recorded).is_some();
            let played = game.outcome().map(|outcome| RecordWinner::of(&outcome).value());
            if !valid || played.is_some_and(|played| played != recorded) {
                let played = played.map_or("is not over".to_owned(), |winner| format!("was won by {winner}"));
                return Err(RecordError::WinnerMismatch { recorded: recorded.to_owned(), played });
            }
        }
        Ok(game)
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
        let mut lines = Vec::new();
        while let Some((index, line)) = self.lines.next_if(|(_, line)| is_tag_line(line)) {
            lines.push((index + 1, line));
        }
        self.skip_blank_lines();
        while let Some((index, line)) = self.lines.next_if(|(_, line)| !is_blank(line) && !is_tag_line(line)) {
            lines.push((index + 1, line));
        }
        Some(read_record(lines))
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

/// Reads one record from its numbered lines: the shared layout, then this module's tokens (`-`, or kicks and
/// steps).
fn read_record(lines: Vec<(usize, &str)>) -> Result<VariantRecord, RecordError> {
    let movetext = read_lines(lines, ResultToken::Allowed).map_err(|(line, error)| match error {
        MovetextError::MalformedTag => RecordError::MalformedTag(line),
        MovetextError::DuplicateTag(name) => RecordError::DuplicateTag { line, name },
        error => RecordError::OutOfOrder { line, error },
    })?;
    let mut tokens = Vec::with_capacity(movetext.tokens.len());
    for (line, token) in movetext.tokens {
        if token != "-" && !token.chars().all(|c| c == 'p' || c.is_ascii_digit()) {
            return Err(RecordError::BadToken { line, token });
        }
        tokens.push(token);
    }
    let tags = movetext.tags.into_iter().map(|(_, tag)| tag).collect();
    Ok(VariantRecord { tags, tokens, result: movetext.result })
}
