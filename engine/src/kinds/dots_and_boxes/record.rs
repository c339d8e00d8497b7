//! Dots and Boxes game records (rule 8): tag pairs (`[Game "dots-and-boxes"]`, `[Boxes "5x5"]` as rows by
//! columns of boxes, `[Players "2"]`, in a game of three or four the seats that left while it played on as
//! `[Departures "2@14 resignation"]` (the format is in [`departures`](super::departures)), then any others), a
//! blank line, then the turns, one per line, the edges of a turn separated by spaces (`a1h`, then `b1v c1h` for
//! a turn that completed a box with `b1v`). Everything here is pure: text in, values or text out.
//!
//! A departure changes whose turn it is, so a replay applies each at its point among the edges, and a line is
//! one seat's turn as the departures left it: a seat that leaves in the middle of its own turn (after
//! completing a box) ends that turn's line there, and the next line is the next seat's.

use crate::game::{NotationError, Progress};
use crate::kinds::MAX_RECORD_TAGS;
use crate::tag_pairs::{from_tag_error, write_tag, Tag, TagReader};
use crate::Seat;

use super::departures::{parse_departures, write_departures, Departure};
use super::edges::Edge;
use super::notation::{parse_edges, write_edge};
use super::position::{IllegalMove, Position};
use super::rules::DotsAndBoxesRules;

/// The value of the `Game` tag.
const GAME: &str = "dots-and-boxes";
/// The name of the tag of the seats that left.
const DEPARTURES: &str = "Departures";

/// One Dots and Boxes game: the rules (from the `Boxes` and `Players` tags; 5x5 and two players when missing),
/// the seats that left (from the `Departures` tag; none when missing), every other tag in order, and the turns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DotsAndBoxesRecord {
    /// The field and the number of players.
    pub rules: DotsAndBoxesRules,
    /// The seats that left before the end, in the order they left.
    pub departures: Vec<Departure>,
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
    /// The `Departures` tag is not a comma-separated list of `SEAT@EDGES REASON`.
    #[error("the Departures tag {0:?} is not a list of SEAT@EDGES REASON")]
    BadDepartures(String),
    /// The `Departures` tag names a seat the game does not have.
    #[error("the {seat} seat left a game of {players} players")]
    DepartedSeatAbsent {
        /// The seat named.
        seat: Seat,
        /// The players the game has.
        players: u8,
    },
    /// The `Departures` tag names the same seat twice.
    #[error("the {0} seat leaves twice")]
    LeftTwice(Seat),
    /// The `Departures` tag lists a departure at fewer edges than the one before it.
    #[error("the {0} seat leaves earlier than the departure listed before it")]
    DeparturesOutOfOrder(Seat),
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
    /// The turn's seat left in the middle of it, yet the turn goes on.
    #[error("turn {turn}: its seat left before {edge}")]
    MoverLeftInsideTurn {
        /// The turn, counted from 1.
        turn: usize,
        /// The first edge after the seat left.
        edge: Edge,
    },
    /// A departure comes after the game ended.
    #[error("the {seat} seat leaves after the game ended")]
    DepartureAfterEnd {
        /// The seat.
        seat: Seat,
    },
    /// A departure is at more edges than the record has.
    #[error("the {seat} seat leaves after {after} edges, but the record has {played}")]
    DepartureBeyondEnd {
        /// The seat.
        seat: Seat,
        /// The edges the departure is after.
        after: u32,
        /// The edges the record has.
        played: u32,
    },
    /// A departure of a seat that is not playing: the game has no such seat, or it has left already.
    #[error("the {seat} seat leaves, but it is not playing")]
    NotPlaying {
        /// The seat.
        seat: Seat,
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
        // The departures are checked against the players once every tag is read: `Players` may come after them.
        let mut departures_line = 0;
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
                    DEPARTURES => {
                        record.departures =
                            parse_departures(&tag.value).ok_or(at(ReadErrorKind::BadDepartures(tag.value)))?;
                        departures_line = index + 1;
                    }
                    _ => record.tags.push(tag),
                }
            } else {
                record.turns.push(parse_edges(trimmed).map_err(|error| at(ReadErrorKind::BadTurn(error)))?);
            }
        }
        record.rules = DotsAndBoxesRules::new(rows, cols, players).expect("each tag was checked against the rules");
        check_departures(&record.departures, players).map_err(|kind| ReadError { line: departures_line, kind })?;
        Ok(record)
    }

    /// Writes the record: `Game`, `Boxes`, `Players`, `Departures` when a seat left, the other tags, a blank
    /// line, then one line per turn, the edges separated by spaces. Lines end with `\n`.
    #[must_use]
    pub fn write(&self) -> String {
        let mut out = String::new();
        write_tag(&mut out, "Game", GAME, "\n");
        write_tag(&mut out, "Boxes", &self.rules.to_string(), "\n");
        write_tag(&mut out, "Players", &self.rules.players().to_string(), "\n");
        if !self.departures.is_empty() {
            write_tag(&mut out, DEPARTURES, &write_departures(&self.departures), "\n");
        }
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

    /// Plays the turns on the record's field, each departure at its point among the edges, checking that each
    /// turn ends exactly where the rules and the departures end it (the last turn may stop while its seat must
    /// move again: a game in progress). The position after the last edge and the departures after it comes back.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        self.replay_turns().map(|(position, _)| position)
    }

    /// Replays the record as [`replay`](Self::replay) does, and also says, turn by turn, which seat played it
    /// and whether its last edge ended it (it did not when it completed a box: the seat left then, or the
    /// record stops there).
    pub fn replay_turns(&self) -> Result<(Position, Vec<PlayedTurn>), ReplayError> {
        let mut position = Position::new(self.rules);
        let mut departures = Departures { pending: &self.departures, played: 0 };
        let mut played_turns = Vec::with_capacity(self.turns.len());
        for (index, turn_edges) in self.turns.iter().enumerate() {
            let turn = index + 1;
            departures.apply(&mut position)?;
            if position.captured() {
                // The previous turn completed a box and its seat did not leave: it must move again.
                return Err(ReplayError::TurnUnfinished { turn: index });
            }
            let seat = position.to_move();
            let mut progress = Progress::TurnEnded;
            for (at, &edge) in turn_edges.iter().enumerate() {
                if at > 0 {
                    if progress != Progress::TurnContinues {
                        return Err(ReplayError::AfterTurnEnded { turn, edge });
                    }
                    departures.apply(&mut position)?;
                    if !position.captured() && !position.is_over() {
                        return Err(ReplayError::MoverLeftInsideTurn { turn, edge });
                    }
                }
                progress = position.play(edge).map_err(|reason| ReplayError::Illegal { turn, edge, reason })?;
                departures.played += 1;
            }
            played_turns.push(PlayedTurn { seat, ended: progress != Progress::TurnContinues });
        }
        departures.apply(&mut position)?;
        match departures.pending.first() {
            Some(left) => {
                Err(ReplayError::DepartureBeyondEnd { seat: left.seat, after: left.after, played: departures.played })
            }
            None => Ok((position, played_turns)),
        }
    }
}

/// One turn of a replayed record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedTurn {
    /// The seat that played it.
    pub seat: Seat,
    /// Whether its last edge ended the turn (it did not when it completed a box and the field is not full).
    pub ended: bool,
}

/// The departures of a record still to apply while its edges are replayed in order.
struct Departures<'a> {
    /// The departures not applied yet, in the order they happened.
    pending: &'a [Departure],
    /// The edges played so far.
    played: u32,
}

impl Departures<'_> {
    /// Applies to `position` every pending departure at the edges played so far.
    fn apply(&mut self, position: &mut Position) -> Result<(), ReplayError> {
        while let Some((left, rest)) = self.pending.split_first().filter(|(left, _)| left.after <= self.played) {
            if position.is_over() {
                return Err(ReplayError::DepartureAfterEnd { seat: left.seat });
            }
            position.leave(left.seat, left.reason.end_reason()).ok_or(ReplayError::NotPlaying { seat: left.seat })?;
            self.pending = rest;
        }
        Ok(())
    }
}

/// Checks the departures a record read against its `players`: each names a seat at the table, once, in the
/// order of their points.
fn check_departures(departures: &[Departure], players: u8) -> Result<(), ReadErrorKind> {
    for (index, departure) in departures.iter().enumerate() {
        let seat = departure.seat;
        if seat.index() >= usize::from(players) {
            return Err(ReadErrorKind::DepartedSeatAbsent { seat, players });
        }
        let earlier = &departures[..index];
        if earlier.iter().any(|left| left.seat == seat) {
            return Err(ReadErrorKind::LeftTwice(seat));
        }
        if earlier.last().is_some_and(|left| left.after > departure.after) {
            return Err(ReadErrorKind::DeparturesOutOfOrder(seat));
        }
    }
    Ok(())
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
