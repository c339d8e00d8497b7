//! Racetrack game records: tag pairs (`[Game "racetrack"]`, `[Track "oval"]` and `[TrackHash "…"]`, the track's
//! name and the SHA-256 of its canonical text, `[Players "4"]`, `[Crash "hit-points"]` or `"out"`,
//! `[MaxRounds "200"]`, the seats that left while the race went on as `[Departures "2@14 resignation"]`, the
//! number counting moves, as Dots and Boxes' records count edges; then any others), a blank line, then the moves
//! in the order played, separated by white space, each in the notation (`6`, `12,5`).
//!
//! A record names the exact track it was raced on: replaying it needs that track registered here and refuses
//! it otherwise ([`RulesError::TrackMissing`]), never replaying it on another version of the same name.

use crate::game::{NotationError, Progress};
use crate::kinds::dots_and_boxes::departures::{parse_departures, write_departures};
use crate::kinds::dots_and_boxes::Departure;
use crate::kinds::MAX_RECORD_TAGS;
use crate::tag_pairs::{from_tag_error, is_tag_line, push_wrapped, tag_value, write_tag, Tag, TagReader};

use super::notation::{parse_moves, write_move};
use super::position::{IllegalMove, Move, Position};
use super::rules::{RacetrackRules, RulesError, MAX_PLAYERS, MIN_PLAYERS};
use super::track::{TrackHash, TrackId, TrackName};

/// The value of the `Game` tag.
const GAME: &str = "racetrack";
/// The tags the record reads itself, written in this order.
const OWN_TAGS: [&str; 7] = ["Game", "Track", "TrackHash", "Players", "Crash", "MaxRounds", "Departures"];

/// One race as its record holds it: the track by name and hash, the options, the seats that left, the other
/// tags, and the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RacetrackRecord {
    /// The track raced on.
    pub track: TrackId,
    /// The number of players.
    pub players: u8,
    /// Whether the first crash put a car out.
    pub crash_out: bool,
    /// The most rounds.
    pub max_rounds: u16,
    /// The seats that left before the end while the race went on, in the order they left (`after` counts moves).
    pub departures: Vec<Departure>,
    /// The other tag pairs, in the order they are written.
    pub tags: Vec<Tag>,
    /// The moves in the order played.
    pub moves: Vec<Move>,
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
    /// The `Game` tag is missing or names another game.
    #[error("the Game tag is not \"racetrack\"")]
    OtherGame,
    /// The `Track` or `TrackHash` tag is missing or unreadable: a race without its exact track cannot replay.
    #[error("the Track and TrackHash tags must name the track and its 64-digit SHA-256")]
    BadTrack,
    /// The `Players` tag is not 2 to 6.
    #[error("the Players tag is not {MIN_PLAYERS} to {MAX_PLAYERS}")]
    BadPlayers,
    /// The `Crash` tag is not `hit-points` or `out`.
    #[error("the Crash tag is not \"hit-points\" or \"out\"")]
    BadCrash,
    /// The `MaxRounds` tag is not a number of rounds.
    #[error("the MaxRounds tag is not 1 to 65535")]
    BadMaxRounds,
    /// The `Departures` tag is not a list of `SEAT@MOVES REASON`.
    #[error("the Departures tag is not a list of SEAT@MOVES REASON")]
    BadDepartures,
    /// A tag after the moves began.
    #[error("a tag after the moves")]
    TagAfterMovetext,
    /// A move that is not in the notation.
    #[error("unreadable move: {0}")]
    BadMove(NotationError),
}

from_tag_error!(ReadErrorKind);

/// A record that cannot be read, and the line (from 1) where that became clear.
pub type ReadError = crate::tag_pairs::ReadError<ReadErrorKind>;

/// Why a record does not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The rules are refused: above all, a track this process does not have.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A move the rules refuse.
    #[error("move {index}: {reason}")]
    Illegal {
        /// The move, counted from 1.
        index: usize,
        /// Why the rules refuse it.
        reason: IllegalMove,
    },
    /// A departure of a seat not racing then, or after the moves.
    #[error("the departure of seat {seat} after {after} moves cannot happen")]
    Departure {
        /// The seat, from 1.
        seat: usize,
        /// The moves before it.
        after: u32,
    },
    /// Moves after the race ended.
    #[error("move {0} comes after the end of the race")]
    AfterEnd(usize),
}

impl RacetrackRecord {
    /// The record's rules, if its track is registered here and its options are valid.
    pub fn rules(&self) -> Result<RacetrackRules, RulesError> {
        RacetrackRules::new(self.track, self.players, self.crash_out, self.max_rounds)
    }

    /// Replays the record: the moves in order, each departure after its number of moves.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let mut race = Position::new(self.rules()?);
        let mut departures = self.departures.iter().peekable();
        for index in 0..=self.moves.len() {
            while let Some(departure) = departures.next_if(|departure| departure.after as usize == index) {
                let seat = departure.seat;
                let refused = ReplayError::Departure { seat: seat.index() + 1, after: departure.after };
                race.leave(seat, departure.reason.end_reason()).ok_or(refused)?;
            }
            let Some(&action) = self.moves.get(index) else { break };
            if race.is_over() {
                return Err(ReplayError::AfterEnd(index + 1));
            }
            let progress = race.play(action).map_err(|reason| ReplayError::Illegal { index: index + 1, reason })?;
            if matches!(progress, Progress::GameOver(_)) && index + 1 < self.moves.len() {
                return Err(ReplayError::AfterEnd(index + 2));
            }
        }
        if let Some(departure) = departures.next() {
            return Err(ReplayError::Departure { seat: departure.seat.index() + 1, after: departure.after });
        }
        Ok(race)
    }
}

/// Reads one record.
pub fn read_record(text: &str) -> Result<RacetrackRecord, ReadError> {
    let mut reader = TagReader::default();
    let mut tags = Vec::new();
    let mut tag_lines = Vec::new();
    let mut moves = Vec::new();
    let mut in_moves = false;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if is_tag_line(line) {
            if in_moves {
                return Err(ReadError::at(number, ReadErrorKind::TagAfterMovetext));
            }
            tags.push(reader.read(line).map_err(|error| ReadError::at(number, error))?);
            tag_lines.push(number);
        } else if !line.trim().is_empty() {
            in_moves = true;
            let read =
                parse_moves(line.trim()).map_err(|error| ReadError::at(number, ReadErrorKind::BadMove(error)))?;
            moves.extend(read);
        }
    }
    // A refused tag is reported at its line; a missing one at the first line.
    let at = |name: &str, kind: ReadErrorKind| {
        let line = tags.iter().position(|tag| tag.name == name).map_or(1, |index| tag_lines[index]);
        ReadError::at(line, kind)
    };
    if tag_value(&tags, "Game") != Some(GAME) {
        return Err(at("Game", ReadErrorKind::OtherGame));
    }
    let Some(name) = tag_value(&tags, "Track").and_then(TrackName::new) else {
        return Err(at("Track", ReadErrorKind::BadTrack));
    };
    let Some(hash) = tag_value(&tags, "TrackHash").and_then(TrackHash::from_hex) else {
        return Err(at("TrackHash", ReadErrorKind::BadTrack));
    };
    let players = match tag_value(&tags, "Players") {
        None => MIN_PLAYERS,
        Some(value) => value
            .parse::<u8>()
            .ok()
            .filter(|players| (MIN_PLAYERS..=MAX_PLAYERS).contains(players))
            .ok_or_else(|| at("Players", ReadErrorKind::BadPlayers))?,
    };
    let crash_out = match tag_value(&tags, "Crash") {
        None | Some("hit-points") => false,
        Some("out") => true,
        Some(_) => return Err(at("Crash", ReadErrorKind::BadCrash)),
    };
    let max_rounds = match tag_value(&tags, "MaxRounds") {
        None => super::rules::DEFAULT_MAX_ROUNDS,
        Some(value) => value
            .parse::<u16>()
            .ok()
            .filter(|&rounds| rounds > 0)
            .ok_or_else(|| at("MaxRounds", ReadErrorKind::BadMaxRounds))?,
    };
    let departures = match tag_value(&tags, "Departures") {
        None => Vec::new(),
        Some(value) => parse_departures(value).ok_or_else(|| at("Departures", ReadErrorKind::BadDepartures))?,
    };
    tags.retain(|tag| !OWN_TAGS.contains(&tag.name.as_str()));
    Ok(RacetrackRecord { track: TrackId { name, hash }, players, crash_out, max_rounds, departures, tags, moves })
}

/// Writes a record: the own tags in their order (`Departures` only when a seat left), the other tags, a blank
/// line, and the moves wrapped into lines.
#[must_use]
pub fn write_record(record: &RacetrackRecord) -> String {
    let mut out = String::new();
    write_tag(&mut out, "Game", GAME, "\n");
    write_tag(&mut out, "Track", record.track.name.as_str(), "\n");
    write_tag(&mut out, "TrackHash", &record.track.hash.to_string(), "\n");
    write_tag(&mut out, "Players", &record.players.to_string(), "\n");
    write_tag(&mut out, "Crash", if record.crash_out { "out" } else { "hit-points" }, "\n");
    write_tag(&mut out, "MaxRounds", &record.max_rounds.to_string(), "\n");
    if !record.departures.is_empty() {
        write_tag(&mut out, "Departures", &write_departures(&record.departures), "\n");
    }
    for tag in &record.tags {
        write_tag(&mut out, &tag.name, &tag.value, "\n");
    }
    out.push('\n');
    let mut line = String::new();
    for &action in &record.moves {
        let mut token = String::new();
        write_move(action, &mut token);
        push_wrapped(&mut out, &mut line, &token);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

impl RacetrackRecord {
    /// The record of a race by `rules` with these departures and moves, and no other tags.
    #[must_use]
    pub fn of(rules: RacetrackRules, departures: Vec<Departure>, moves: Vec<Move>) -> RacetrackRecord {
        RacetrackRecord {
            track: rules.track(),
            players: rules.players(),
            crash_out: rules.crash_out(),
            max_rounds: rules.max_rounds(),
            departures,
            tags: Vec::new(),
            moves,
        }
    }
}
