//! xrsoccer records (§4a rule 7, §5.6): kurnik tags and movetext, turn tokens alternating strictly with `-`
//! for a skipped slot and `rX,Y:` before a line that follows a relocation, and the headers
//! `[Variant "xrsoccer"]`, `[Board "WxL"]`, `[Target "T"]`, `[Score "a-b"]` and `[Winner "P1"|"P2"|"draw"]`.
//! As in `classic+centre` records, the movetext carries no result token. Everything is pure.

use super::notation::{parse_token, TokenError, XrToken};
use super::position::{IllegalStep, Position, XrStep};
use super::rules::{RulesError, XrRules};
use crate::outcome::Seat;
use crate::soccer::{Direction, KurnikRecord, LineEnding, Point, Tag};
use crate::soccer_centre::{parse_board, parse_number, parse_score, read_movetext, MovetextError, RecordWinner};

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
        self.tags.iter().find(|tag| tag.name == name).map(|tag| tag.value.as_str())
    }

    /// The record of a match played from the start with `rules` by `actions` (every step, in order): the
    /// steps grouped into lines, each with the relocation before it, a `-` wherever a seat's slot is skipped,
    /// the score reached, and the winner if the match ended by its rules. No other tags.
    pub fn from_actions(rules: XrRules, actions: &[Direction]) -> Result<XrRecord, ReplayError> {
        let mut position = Position::new(rules);
        let mut tokens = Vec::new();
        let mut steps = Vec::new();
        let mut relocated_to = None;
        for &direction in actions {
            if steps.is_empty() {
                if position.pass_due() {
                    tokens.push(XrToken::Pass);
                    position.take_pass();
                }
                relocated_to = position.relocation().map(|relocation| relocation.to);
            }
            let token = tokens.len() + 1;
            let seat = position.to_move();
            steps.push(direction);
            let step = steps.len();
            let result =
                position.step(direction).map_err(|reason| ReplayError::Illegal { token, seat, step, reason })?;
            if result != XrStep::LineContinues {
                tokens.push(XrToken::Line { relocated_to, steps: std::mem::take(&mut steps) });
            }
        }
        if !steps.is_empty() {
            tokens.push(XrToken::Line { relocated_to, steps });
        }
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
        let movetext = read_movetext(text).map_err(|(line, error)| ReadError::at(line, error.into()))?;
        let mut record = XrRecord::default();
        let (mut width, mut length, mut target) = (record.rules.width(), record.rules.length(), record.rules.target());
        let mut rules_line = 0;
        for (line, tag) in movetext.tags {
            let at = |kind| ReadError::at(line, kind);
            match tag.name.as_str() {
                "Variant" if tag.value != VARIANT => return Err(at(ReadErrorKind::OtherVariant(tag.value))),
                "Variant" => {}
                "Board" => {
                    (width, length) = parse_board(&tag.value).ok_or(at(ReadErrorKind::BadBoard(tag.value)))?;
                    rules_line = line;
                }
                "Target" => {
                    target = parse_number(&tag.value).ok_or(at(ReadErrorKind::BadTarget(tag.value)))?;
                    rules_line = line;
                }
                "Score" => {
                    record.score = Some(parse_score(&tag.value).ok_or(at(ReadErrorKind::BadScore(tag.value)))?);
                }
                "Winner" => {
                    let winner = RecordWinner::from_value(&tag.value);
                    record.winner = Some(winner.ok_or(at(ReadErrorKind::BadWinner(tag.value)))?);
                }
                _ => record.tags.push(tag),
            }
        }
        record.rules = XrRules::new(width, length, target).map_err(|error| ReadError::at(rules_line, error.into()))?;
        for (line, token) in movetext.tokens {
            let parsed =
                parse_token(&token).map_err(|error| ReadError::at(line, ReadErrorKind::BadToken(token, error)))?;
            record.tokens.push(parsed);
        }
        Ok(record)
    }

    /// Writes the record: `Variant`, `Board`, `Target`, the other tags, `Score` and `Winner` when known, a blank
    /// line, then the movetext wrapped before column 80. Lines end with `\n`.
    #[must_use]
    pub fn write(&self) -> String {
        let tag = |name: &str, value: String| Tag { name: name.to_owned(), value };
        let mut tags = vec![
            tag("Variant", VARIANT.to_owned()),
            tag("Board", format!("{}x{}", self.rules.width(), self.rules.length())),
            tag("Target", self.rules.target().to_string()),
        ];
        tags.extend(self.tags.iter().cloned());
        if let Some([first, second]) = self.score {
            tags.push(tag("Score", format!("{first}-{second}")));
        }
        if let Some(winner) = self.winner {
            tags.push(tag("Winner", winner.value().to_owned()));
        }
        let turns = self.tokens.iter().map(ToString::to_string).collect();
        KurnikRecord { tags, turns, result: None }.write(LineEnding::Lf)
    }

    /// Replays the tokens from the start and checks them against the rules (every relocation written where
    /// and as the rules make it) and the recorded score and winner. The match after the last token comes
    /// back. A recorded winner of a match the rules have not ended yet (a resignation, time) is fine.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let position = replay_parsed(self.rules, &self.tokens)?;
        let scores = position.scores();
        if let Some(recorded) = self.score.filter(|&recorded| recorded != scores) {
            return Err(ReplayError::WrongScore { recorded, by_rules: scores });
        }
        if let (Some(recorded), Some(outcome)) = (self.winner, position.outcome()) {
            if recorded != RecordWinner::of(&outcome) {
                return Err(ReplayError::WrongWinner { recorded, by_rules: RecordWinner::of(&outcome) });
            }
        }
        Ok(position)
    }
}

/// The match after the turn tokens `text` (separated by spaces, without move numbers, e.g. `"012 -
/// r7,3:654"`), played from the start with `rules`: the `--moves` of a perft.
pub fn replay_tokens(rules: XrRules, text: &str) -> Result<Position, ReplayError> {
    let tokens = text
        .split_ascii_whitespace()
        .enumerate()
        .map(|(index, token)| parse_token(token).map_err(|error| ReplayError::Notation { token: index + 1, error }))
        .collect::<Result<Vec<_>, _>>()?;
    replay_parsed(rules, &tokens)
}

/// Plays `tokens` from the start, checking that each is a whole line (the last may stop part-way), that a
/// `-` stands exactly where a slot is skipped, and that relocations are written as they happen.
fn replay_parsed(rules: XrRules, tokens: &[XrToken]) -> Result<Position, ReplayError> {
    let mut position = Position::new(rules);
    for (index, token) in tokens.iter().enumerate() {
        let number = index + 1;
        let seat = if index % 2 == 0 { Seat::First } else { Seat::Second };
        if position.is_over() {
            return Err(ReplayError::AfterEnd { token: number });
        }
        let (relocated_to, steps) = match token {
            XrToken::Pass if position.pass_due() => {
                position.take_pass();
                continue;
            }
            XrToken::Pass => return Err(ReplayError::UnexpectedPass { token: number, seat }),
            XrToken::Line { .. } if position.pass_due() => {
                return Err(ReplayError::MissingPass { token: number, seat })
            }
            XrToken::Line { relocated_to, steps } => (*relocated_to, steps),
        };
        let by_rules = position.relocation().map(|relocation| relocation.to);
        if relocated_to != by_rules {
            return Err(ReplayError::WrongRelocation { token: number, recorded: relocated_to, by_rules });
        }
        let mut last = XrStep::LineContinues;
        for (at, &direction) in steps.iter().enumerate() {
            let step = at + 1;
            if last != XrStep::LineContinues {
                return Err(ReplayError::PastTurnEnd { token: number, step });
            }
            last = position.step(direction).map_err(|reason| ReplayError::Illegal {
                token: number,
                seat,
                step,
                reason,
            })?;
        }
        if last == XrStep::LineContinues && number < tokens.len() {
            return Err(ReplayError::StopsMidTurn { token: number });
        }
    }
    Ok(position)
}

/// A record that cannot be read, and the line (from 1) where that became clear.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct ReadError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong there.
    pub kind: ReadErrorKind,
}

impl ReadError {
    fn at(line: usize, kind: ReadErrorKind) -> ReadError {
        ReadError { line, kind }
    }
}

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
