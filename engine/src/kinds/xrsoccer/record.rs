//! xrsoccer records (§4a rule 7, §5.6): kurnik tags and movetext, turn tokens alternating strictly with `-`
//! for a skipped slot and `rX,Y:` before a line that follows a relocation, and the headers
//! `[Variant "xrsoccer"]`, `[Board "WxL"]`, `[Target "T"]`, `[Score "a-b"]` and `[Winner "P1"|"P2"|"draw"]`.
//! As in `classic+centre` records, the movetext carries no result token. Everything is pure.

use super::notation::{parse_token, TokenError, XrToken};
use super::position::{IllegalStep, Position, XrStep};
use super::rules::{RulesError, XrRules};
use crate::soccer::{Direction, Point, Tag};
use crate::variant_record::{
    check_result, parse_board, parse_number, parse_tokens, read_scored, replay_slots, scored_kind, tag, tag_value,
    tokens_of_actions, write_scored, MovetextError, RecordWinner, Scored, SlotToken,
};
use crate::Seat;

/// The value of the `Variant` tag.
const VARIANT: &str = "xrsoccer";

/// One xrsoccer match. The `Variant`, `Board`, `Target`, `Score` and `Winner` tags are kept as fields; every
/// other tag is kept in order in `tags`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct XrRecord {
    /// The field and target (the `Board` and `Target` tags; 12×18 to 5 when they are missing).
    pub rules: XrRules,
    /// The other tag pairs, in the order they are written.
    pub tags: Vec<Tag>,
    /// The turn tokens, the first seat's first and then strictly alternating.
    pub tokens: Vec<XrToken>,
    /// The recorded score, first seat first.
    pub score: Option<[u32; 2]>,
    /// The recorded winner; none while unknown or unfinished.
    pub winner: Option<RecordWinner>,
}

impl XrRecord {
    /// The value of the first other tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }

    /// The record of a match played from the start with `rules` by `actions` (every step, in order): the
    /// steps grouped into lines, each with the relocation before it, a `-` wherever a seat's slot is skipped,
    /// the score reached, and the winner if the match ended by its rules. No other tags.
    pub fn from_actions(rules: XrRules, actions: &[Direction]) -> Result<XrRecord, ReplayError> {
        let mut position = Position::new(rules);
        let relocated_to = |position: &Position| position.relocation().map(|relocation| relocation.to);
        let line = |relocated_to, steps| XrToken::Line { relocated_to, steps };
        let tokens = tokens_of_actions(&mut position, actions, || XrToken::Pass, relocated_to, line)?;
        Ok(XrRecord {
            rules,
            tags: Vec::new(),
            tokens,
            score: Some(position.scores()),
            winner: position.outcome().as_ref().map(RecordWinner::of),
        })
    }

    /// Reads one record.
    pub fn read(text: &str) -> Result<XrRecord, ReadError> {
        let defaults = XrRules::default();
        let (mut width, mut length, mut target) = (defaults.width(), defaults.length(), defaults.target());
        let mut rules_line = 0;
        let own_tag = |line, tag: &Tag| {
            let at = |kind| ReadError::at(line, kind);
            match tag.name.as_str() {
                "Board" => {
                    (width, length) =
                        parse_board(&tag.value).ok_or_else(|| at(ReadErrorKind::BadBoard(tag.value.clone())))?;
                }
                "Target" => {
                    target = parse_number(&tag.value).ok_or_else(|| at(ReadErrorKind::BadTarget(tag.value.clone())))?;
                }
                _ => return Ok(false),
            }
            rules_line = line;
            Ok(true)
        };
        let read_token = |token: String| parse_token(&token).map_err(|error| ReadErrorKind::BadToken(token, error));
        let Scored { tags, tokens, score, winner } = read_scored(text, VARIANT, own_tag, read_token)?;
        let rules = XrRules::new(width, length, target).map_err(|error| ReadError::at(rules_line, error))?;
        Ok(XrRecord { rules, tags, tokens, score, winner })
    }

    /// Writes the record: `Variant`, `Board`, `Target`, the other tags, `Score` and `Winner` when known, a blank
    /// line, then the movetext wrapped before column 80. Lines end with `\n`.
    #[must_use]
    pub fn write(&self) -> String {
        let head = vec![
            tag("Variant", VARIANT),
            tag("Board", format!("{}x{}", self.rules.width(), self.rules.length())),
            tag("Target", self.rules.target().to_string()),
        ];
        write_scored(head, &self.tags, &self.tokens, self.score, self.winner)
    }

    /// Replays the tokens from the start and checks them against the rules (every relocation written where
    /// and as the rules make it) and the recorded score and winner. The match after the last token comes
    /// back. A recorded winner of a match the rules have not ended yet (a resignation, time) is fine.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let position = replay_parsed(self.rules, &self.tokens)?;
        check_result(&position, self.score, self.winner)?;
        Ok(position)
    }
}

/// The match after the turn tokens `text` (separated by spaces, without move numbers, e.g. `"012 -
/// r7,3:654"`), played from the start with `rules`: the `--moves` of a perft.
pub fn replay_tokens(rules: XrRules, text: &str) -> Result<Position, ReplayError> {
    let tokens = parse_tokens(text, parse_token).map_err(|(token, error)| ReplayError::Notation { token, error })?;
    replay_parsed(rules, &tokens)
}

/// Plays `tokens` from the start, checking that each is a whole line (the last may stop part-way), that a
/// `-` stands exactly where a slot is skipped, and that relocations are written as they happen.
fn replay_parsed(rules: XrRules, tokens: &[XrToken]) -> Result<Position, ReplayError> {
    let mut position = Position::new(rules);
    replay_slots(&mut position, tokens, |position, token, written| {
        let recorded = match written {
            XrToken::Line { relocated_to, .. } => *relocated_to,
            XrToken::Pass => None,
        };
        let by_rules = position.relocation().map(|relocation| relocation.to);
        if recorded == by_rules {
            Ok(())
        } else {
            Err(ReplayError::WrongRelocation { token, recorded, by_rules })
        }
    })?;
    Ok(position)
}

impl SlotToken for XrToken {
    fn steps(&self) -> Option<&[Direction]> {
        match self {
            XrToken::Pass => None,
            XrToken::Line { steps, .. } => Some(steps),
        }
    }
}

/// An xrsoccer record that cannot be read, and the line (from 1) where that became clear.
pub type ReadError = crate::variant_record::ReadError<ReadErrorKind>;

/// What makes an xrsoccer record unreadable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadErrorKind {
    /// The tags or the movetext are not laid out as a record.
    #[error(transparent)]
    Layout(#[from] MovetextError),
    /// The `Variant` tag names another variant.
    #[error("the Variant tag is {0:?}, not \"xrsoccer\"")]
    OtherVariant(String),
    /// The `Board` tag is not `WxL`.
    #[error("the Board tag {0:?} is not WxL")]
    BadBoard(String),
    /// The `Target` tag is not a number.
    #[error("the Target tag {0:?} is not a number")]
    BadTarget(String),
    /// The board and target are numbers but not valid rules.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The `Score` tag is not `a-b`.
    #[error("the Score tag {0:?} is not a-b")]
    BadScore(String),
    /// The `Winner` tag is not `P1`, `P2` or `draw`.
    #[error("the Winner tag {0:?} is not P1, P2 or draw")]
    BadWinner(String),
    /// A movetext token is not a turn token.
    #[error("{0:?} is not a turn token: {1}")]
    BadToken(String, TokenError),
}

scored_kind!(Position, XrStep::LineContinues, ReadErrorKind, ReplayError, IllegalStep);

/// Why a record's tokens do not replay. Tokens are counted from 1 over the whole record (move `N` holds
/// tokens `2N-1` and `2N`); steps from 1 within their token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A token of `--moves` is unreadable.
    #[error("token {token}: {error}")]
    Notation {
        /// The token.
        token: usize,
        /// Why it is unreadable.
        error: TokenError,
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
    /// A token goes on after its line ended.
    #[error("token {token}: the line ended before step {step}")]
    PastTurnEnd {
        /// The token.
        token: usize,
        /// The first step after the end of the line.
        step: usize,
    },
    /// A token that is not the last stops part-way through its line.
    #[error("token {token} stops part-way through its line")]
    StopsMidTurn {
        /// The token.
        token: usize,
    },
    /// A `-` where the seat must play a line.
    #[error("token {token}: a pass, but the {seat} player is to move")]
    UnexpectedPass {
        /// The token.
        token: usize,
        /// Whose slot it is.
        seat: Seat,
    },
    /// A line in a slot that must be `-`: the other player moves again after an own goal.
    #[error("token {token}: the {seat} player's slot must be - (the other player moves again)")]
    MissingPass {
        /// The token.
        token: usize,
        /// Whose slot it is.
        seat: Seat,
    },
    /// The token's relocation is not the one the rules make before it.
    #[error("token {token}: the record relocates to {recorded:?} but the rules to {by_rules:?}")]
    WrongRelocation {
        /// The token.
        token: usize,
        /// The recorded target, if any.
        recorded: Option<Point>,
        /// The target by the rules, if any.
        by_rules: Option<Point>,
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
