//! Dots and Boxes game records (rule 8): tag pairs (`[Game "dots-and-boxes"]`, `[Boxes "5x5"]` as rows by
//! columns of boxes, `[Players "2"]`, then any others), a blank line, then the turns, one per line, the edges of
//! a turn separated by spaces (`a1h`, then `b1v c1h` for a turn that completed a box with `b1v`). Everything
//! here is pure: text in, values or text out.

use crate::game::{NotationError, Progress};
use crate::kinds::MAX_RECORD_TAGS;
use crate::tag_pairs::{from_tag_error, write_tag, Tag, TagReader};

use super::edges::Edge;
use super::notation::{parse_edges, write_edge};
use super::position::{IllegalMove, Position};
use super::rules::DotsAndBoxesRules;

/// The value of the `Game` tag.
const GAME: &str = "dots-and-boxes";

/// One Dots and Boxes game: the rules (from the `Boxes` and `Players` tags; 5x5 and two players when missing),
/// every other tag in order, and the turns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DotsAndBoxesRecord {
    /// The field and the number of players.
    pub rules: DotsAndBoxesRules,
    /// The other tag pairs, in the order they are written.
    pub tags: Vec<Tag>,
    /// The turns in the order played, each the edges one seat drew before the next seat moved.
    pub turns: Vec<Vec<Edge>>,
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
    #[error("the Game tag is {0:?}, not \"dots-and-boxes\"")]
    OtherGame(String),
    /// The `Boxes` tag is not `ROWSxCOLS` with 1 to 9 boxes a side.
    #[error("the Boxes tag {0:?} is not a field of 1x1 to 9x9 boxes")]
    BadBoxes(String),
    /// The `Players` tag is not 2, 3 or 4.
    #[error("the Players tag {0:?} is not 2, 3 or 4")]
    BadPlayers(String),
    /// A tag after the turns began.
    #[error("a tag after the turns")]
    TagAfterMovetext,
    /// A turn line that is not edges in the notation.
    #[error("unreadable turn: {0}")]
    BadTurn(NotationError),
}

from_tag_error!(ReadErrorKind);

/// Why a record's turns do not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// An edge the rules refuse.
    #[error("turn {turn}: {edge} is illegal: {reason}")]
    Illegal {
        /// The turn, counted from 1.
        turn: usize,
        /// The edge.
        edge: Edge,
        /// Why the rules refuse it.
        reason: IllegalMove,
    },
    /// The turn goes on after an edge that completed no box (or ended the game).
    #[error("turn {turn}: {edge} follows an edge that ended the turn")]
    AfterTurnEnded {
        /// The turn, counted from 1.
        turn: usize,
        /// The first edge past the turn's end.
        edge: Edge,
    },
    /// The turn's last edge completed a box, so the same seat must move again, yet another turn follows.
    #[error("turn {turn} ends after a completed box, but its seat must move again")]
    TurnUnfinished {
        /// The turn, counted from 1.
        turn: usize,
    },
}

impl DotsAndBoxesRecord {
    /// The value of the first other tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|tag| tag.name == name).map(|tag| tag.value.as_str())
    }

    /// Reads one record. Tags come first, one per line; then each line that is not blank is one turn.
    pub fn read(text: &str) -> Result<DotsAndBoxesRecord, ReadError> {
        let mut record = DotsAndBoxesRecord::default();
        let mut tags = TagReader::default();
        let (mut rows, mut cols, mut players) = (record.rules.rows(), record.rules.cols(), record.rules.players());
        for (index, line) in text.lines().enumerate() {
            let at = |kind| ReadError { line: index + 1, kind };
            let trimmed = line.trim();
            if trimmed.is_empty() {
                continue;
            }
            if trimmed.starts_with('[') {
                if !record.turns.is_empty() {
                    return Err(at(ReadErrorKind::TagAfterMovetext));
                }
                let tag = tags.read(trimmed).map_err(|error| at(error.into()))?;
                match tag.name.as_str() {
                    "Game" if tag.value != GAME => return Err(at(ReadErrorKind::OtherGame(tag.value))),
                    "Game" => {}
                    "Boxes" => (rows, cols) = parse_boxes(&tag.value).ok_or(at(ReadErrorKind::BadBoxes(tag.value)))?,
                    "Players" => players = parse_players(&tag.value).ok_or(at(ReadErrorKind::BadPlayers(tag.value)))?,
                    _ => record.tags.push(tag),
                }
            } else {
                record.turns.push(parse_edges(trimmed).map_err(|error| at(ReadErrorKind::BadTurn(error)))?);
            }
        }
        record.rules = DotsAndBoxesRules::new(rows, cols, players).expect("each tag was checked against the rules");
        Ok(record)
    }

    /// Writes the record: `Game`, `Boxes`, `Players`, the other tags, a blank line, then one line per turn, the
    /// edges separated by spaces. Lines end with `\n`.
    #[must_use]
    pub fn write(&self) -> String {
        let mut out = String::new();
        write_tag(&mut out, "Game", GAME, "\n");
        write_tag(&mut out, "Boxes", &self.rules.to_string(), "\n");
        write_tag(&mut out, "Players", &self.rules.players().to_string(), "\n");
        for tag in &self.tags {
            write_tag(&mut out, &tag.name, &tag.value, "\n");
        }
        out.push('\n');
        for turn in &self.turns {
            for (index, &edge) in turn.iter().enumerate() {
                if index > 0 {
                    out.push(' ');
                }
                write_edge(edge, &mut out);
            }
            out.push('\n');
        }
        out
    }

    /// Plays the turns on the record's field, checking that each turn ends exactly where the rules end it (the
    /// last turn may stop while its seat must move again: a game in progress). The position after the last edge
    /// comes back.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let mut position = Position::new(self.rules);
        for (index, turn_edges) in self.turns.iter().enumerate() {
            let turn = index + 1;
            let mut progress = Progress::TurnContinues;
            for &edge in turn_edges {
                if progress != Progress::TurnContinues {
                    return Err(ReplayError::AfterTurnEnded { turn, edge });
                }
                progress = position.play(edge).map_err(|reason| ReplayError::Illegal { turn, edge, reason })?;
            }
            if progress == Progress::TurnContinues && turn < self.turns.len() {
                return Err(ReplayError::TurnUnfinished { turn });
            }
        }
        Ok(position)
    }
}

/// A `Boxes` tag value, `ROWSxCOLS`, each side within the rules.
fn parse_boxes(value: &str) -> Option<(u8, u8)> {
    let (rows, cols) = value.split_once('x')?;
    let (rows, cols) = (rows.parse().ok()?, cols.parse().ok()?);
    DotsAndBoxesRules::new(rows, cols, 2).ok().map(|rules| (rules.rows(), rules.cols()))
}

/// A `Players` tag value within the rules.
fn parse_players(value: &str) -> Option<u8> {
    let players = value.parse().ok()?;
    DotsAndBoxesRules::new(1, 1, players).ok().map(DotsAndBoxesRules::players)
}
