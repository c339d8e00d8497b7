//! Superghost game records: tag pairs (`[Game "superghost"]`, the word list as `[Language "pl"]`,
//! `[Dictionary "sjp-small"]` and `[DictionaryHash "…"]`, the SHA-256 of its file, `[Players "3"]`, the seats that
//! left while the game went on as `[Departures "2@14 resignation"]`, the number counting actions, as Racetrack's
//! records do; then any others), a blank line, then the actions in the order played, separated by white space,
//! each in the notation (`>a`, `<ż`, `?`).
//!
//! A record names the exact list its words were judged by: replaying it needs that list registered here and
//! refuses it otherwise ([`RulesError::DictionaryMissing`]), never judging its words by another list.

use crate::dictionary::{DictionaryHash, DictionaryId, DictionaryName, Language};
use crate::game::{NotationError, Progress};
use crate::kinds::dots_and_boxes::departures::{parse_departures, write_departures};
use crate::kinds::dots_and_boxes::Departure;
use crate::kinds::MAX_RECORD_TAGS;
use crate::tag_pairs::{from_tag_error, is_tag_line, push_wrapped, tag_value, write_tag, Tag, TagReader};

use super::notation::{parse_actions, write_action};
use super::position::{Action, IllegalMove, Position};
use super::rules::{RulesError, SuperghostRules, MAX_PLAYERS, MIN_PLAYERS};

/// The value of the `Game` tag.
const GAME: &str = "superghost";
/// The tags the record reads itself, written in this order.
const OWN_TAGS: [&str; 6] = ["Game", "Language", "Dictionary", "DictionaryHash", "Players", "Departures"];

/// One game as its record holds it: the word list, the players, the seats that left, the other tags, and the
/// actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuperghostRecord {
    /// The word list the game was judged by.
    pub dictionary: DictionaryId,
    /// The number of players.
    pub players: u8,
    /// The seats that left before the end while the game went on, in the order they left (`after` counts
    /// actions).
    pub departures: Vec<Departure>,
    /// The other tag pairs, in the order they are written.
    pub tags: Vec<Tag>,
    /// The actions in the order played.
    pub actions: Vec<Action>,
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
    #[error("the Game tag is not \"superghost\"")]
    OtherGame,
    /// The `Language`, `Dictionary` or `DictionaryHash` tag is missing or unreadable: a game without its exact
    /// list cannot replay.
    #[error("the Language, Dictionary and DictionaryHash tags must name the word list and its 64-digit SHA-256")]
    BadDictionary,
    /// The `Players` tag is not 2 to 4.
    #[error("the Players tag is not {MIN_PLAYERS} to {MAX_PLAYERS}")]
    BadPlayers,
    /// The `Departures` tag is not a list of `SEAT@ACTIONS REASON`.
    #[error("the Departures tag is not a list of SEAT@ACTIONS REASON")]
    BadDepartures,
    /// A tag after the actions began.
    #[error("a tag after the actions")]
    TagAfterMovetext,
    /// An action that is not in the notation.
    #[error("unreadable action: {0}")]
    BadAction(NotationError),
}

from_tag_error!(ReadErrorKind);

/// A record that cannot be read, and the line (from 1) where that became clear.
pub type ReadError = crate::tag_pairs::ReadError<ReadErrorKind>;

/// Why a record does not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The rules are refused: above all, a word list this process does not have.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// An action the rules refuse.
    #[error("action {index}: {reason}")]
    Illegal {
        /// The action, counted from 1.
        index: usize,
        /// Why the rules refuse it.
        reason: IllegalMove,
    },
    /// A departure of a seat not playing then, or after the actions.
    #[error("the departure of seat {seat} after {after} actions cannot happen")]
    Departure {
        /// The seat, from 1.
        seat: usize,
        /// The actions before it.
        after: u32,
    },
    /// Actions after the game ended.
    #[error("action {0} comes after the end of the game")]
    AfterEnd(usize),
}

impl SuperghostRecord {
    /// The record of a game by `rules` with these departures and actions, and no other tags.
    #[must_use]
    pub fn of(rules: SuperghostRules, departures: Vec<Departure>, actions: Vec<Action>) -> SuperghostRecord {
        SuperghostRecord {
            dictionary: rules.dictionary(),
            players: rules.players(),
            departures,
            tags: Vec::new(),
            actions,
        }
    }

    /// The record's rules, if its list is registered here and its players are allowed.
    pub fn rules(&self) -> Result<SuperghostRules, RulesError> {
        SuperghostRules::new(self.dictionary, self.players)
    }

    /// The value of the first other tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }

    /// Replays the record: the actions in order, each departure after its number of actions.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let mut game = Position::new(self.rules()?);
        let mut departures = self.departures.iter().peekable();
        for index in 0..=self.actions.len() {
            while let Some(departure) = departures.next_if(|departure| departure.after as usize == index) {
                let seat = departure.seat;
                let refused = ReplayError::Departure { seat: seat.index() + 1, after: departure.after };
                game.seat_left(seat, departure.reason.end_reason()).ok_or(refused)?;
            }
            let Some(&action) = self.actions.get(index) else { break };
            if game.outcome().is_some() {
                return Err(ReplayError::AfterEnd(index + 1));
            }
            let progress = game.play(action).map_err(|reason| ReplayError::Illegal { index: index + 1, reason })?;
            if matches!(progress, Progress::GameOver(_)) && index + 1 < self.actions.len() {
                return Err(ReplayError::AfterEnd(index + 2));
            }
        }
        if let Some(departure) = departures.next() {
            return Err(ReplayError::Departure { seat: departure.seat.index() + 1, after: departure.after });
        }
        Ok(game)
    }

    /// Reads one record.
    pub fn read(text: &str) -> Result<SuperghostRecord, ReadError> {
        let mut reader = TagReader::default();
        let mut tags = Vec::new();
        let mut tag_lines = Vec::new();
        let mut actions = Vec::new();
        let mut in_actions = false;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            if is_tag_line(line) {
                if in_actions {
                    return Err(ReadError::at(number, ReadErrorKind::TagAfterMovetext));
                }
                tags.push(reader.read(line).map_err(|error| ReadError::at(number, error))?);
                tag_lines.push(number);
            } else {
                for token in line.split_whitespace() {
                    in_actions = true;
                    let read =
                        parse_actions(token).map_err(|error| ReadError::at(number, ReadErrorKind::BadAction(error)))?;
                    actions.extend(read);
                }
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
        let Some(language) = tag_value(&tags, "Language").and_then(|code| code.parse::<Language>().ok()) else {
            return Err(at("Language", ReadErrorKind::BadDictionary));
        };
        let Some(name) = tag_value(&tags, "Dictionary").and_then(DictionaryName::new) else {
            return Err(at("Dictionary", ReadErrorKind::BadDictionary));
        };
        let Some(hash) = tag_value(&tags, "DictionaryHash").and_then(DictionaryHash::from_hex) else {
            return Err(at("DictionaryHash", ReadErrorKind::BadDictionary));
        };
        let players = match tag_value(&tags, "Players") {
            None => MIN_PLAYERS,
            Some(value) => value
                .parse::<u8>()
                .ok()
                .filter(|players| (MIN_PLAYERS..=MAX_PLAYERS).contains(players))
                .ok_or_else(|| at("Players", ReadErrorKind::BadPlayers))?,
        };
        let departures = match tag_value(&tags, "Departures") {
            None => Vec::new(),
            Some(value) => parse_departures(value).ok_or_else(|| at("Departures", ReadErrorKind::BadDepartures))?,
        };
        tags.retain(|tag| !OWN_TAGS.contains(&tag.name.as_str()));
        Ok(SuperghostRecord { dictionary: DictionaryId { language, name, hash }, players, departures, tags, actions })
    }

    /// Writes the record: the own tags in their order (`Departures` only when a seat left), the other tags, a
    /// blank line, and the actions wrapped into lines.
    #[must_use]
    pub fn write(&self) -> String {
        let mut out = String::new();
        write_tag(&mut out, "Game", GAME, "\n");
        write_tag(&mut out, "Language", self.dictionary.language.code(), "\n");
        write_tag(&mut out, "Dictionary", self.dictionary.name.as_str(), "\n");
        write_tag(&mut out, "DictionaryHash", &self.dictionary.hash.to_hex(), "\n");
        write_tag(&mut out, "Players", &self.players.to_string(), "\n");
        if !self.departures.is_empty() {
            write_tag(&mut out, "Departures", &write_departures(&self.departures), "\n");
        }
        for tag in &self.tags {
            write_tag(&mut out, &tag.name, &tag.value, "\n");
        }
        out.push('\n');
        let mut line = String::new();
        for &action in &self.actions {
            let mut token = String::new();
            write_action(action, &mut token);
            push_wrapped(&mut out, &mut line, &token);
        }
        if !line.is_empty() {
            out.push_str(&line);
            out.push('\n');
        }
        out
    }
}
