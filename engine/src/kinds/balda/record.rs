//! Balda game records: tag pairs (`[Game "balda"]`, `[Size "5"]`, `[Players "2"]`, `[Language "ru"]`,
//! `[Dictionary "sjp-small"]` and `[DictionaryHash "…"]`, the list's name and the SHA-256 of its canonical
//! bytes, `[Seed "…"]` and `[Start "балда"]`, the seed the start word was drawn from and the word; then any
//! others), a blank line, then the moves in the order played, separated by white space, each in the notation
//! (`c4=к:b4,c4,c3,d3`, `pass`). A record without a `Start` tag starts from the word its seed draws.
//!
//! A record names the exact dictionary its words were judged by: replaying it needs that list registered here
//! and refuses it otherwise ([`RulesError::DictionaryMissing`]), never judging it by another list.

use crate::dictionary::{DictionaryHash, DictionaryId, DictionaryName, Language};
use crate::game::{NotationError, Progress};
use crate::kinds::MAX_RECORD_TAGS;
use crate::tag_pairs::{from_tag_error, is_tag_line, push_wrapped, tag_value, write_tag, Tag, TagReader};

use super::action::Move;
use super::notation::{parse_moves, write_move};
use super::position::{IllegalMove, Position};
use super::rules::{BaldaRules, RulesError, MAX_PLAYERS, MAX_SIZE, MIN_PLAYERS, MIN_SIZE};

/// The value of the `Game` tag.
const GAME: &str = "balda";
/// The tags the record reads itself, written in this order.
const OWN_TAGS: [&str; 8] = ["Game", "Size", "Players", "Language", "Dictionary", "DictionaryHash", "Seed", "Start"];

/// One game as its record holds it: the options, the dictionary by identity, the other tags, and the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaldaRecord {
    /// The grid's side.
    pub size: u8,
    /// The number of players.
    pub players: u8,
    /// The dictionary the words were judged by.
    pub dictionary: DictionaryId,
    /// The seed the start word was drawn from.
    pub seed: u64,
    /// The start word, if the record names it (else the seed's draw).
    pub start: Option<String>,
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
    #[error("the Game tag is not \"balda\"")]
    OtherGame,
    /// The `Size` tag is not 5 to 7.
    #[error("the Size tag is not {MIN_SIZE} to {MAX_SIZE}")]
    BadSize,
    /// The `Players` tag is not 2 to 4.
    #[error("the Players tag is not {MIN_PLAYERS} to {MAX_PLAYERS}")]
    BadPlayers,
    /// The `Language`, `Dictionary` or `DictionaryHash` tag is missing or unreadable: a game without its exact
    /// list cannot replay.
    #[error("the Language, Dictionary and DictionaryHash tags must name the list and its 64-digit SHA-256")]
    BadDictionary,
    /// The `Seed` tag is not a number.
    #[error("the Seed tag is not a number 0 to 18446744073709551615")]
    BadSeed,
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
    /// The rules are refused: above all, a dictionary this process does not have.
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
    /// Moves after the game ended.
    #[error("move {0} comes after the end of the game")]
    AfterEnd(usize),
}

impl BaldaRecord {
    /// The record of a game by `rules` with these moves, and no other tags.
    #[must_use]
    pub fn of(rules: BaldaRules, moves: Vec<Move>) -> BaldaRecord {
        BaldaRecord {
            size: rules.size(),
            players: rules.players(),
            dictionary: rules.dictionary(),
            seed: rules.seed(),
            start: Some(rules.start().as_str().to_owned()),
            tags: Vec::new(),
            moves,
        }
    }

    /// The record's rules, if its dictionary is registered here and its options are valid: from its start word,
    /// or drawn from its seed when it names none.
    pub fn rules(&self) -> Result<BaldaRules, RulesError> {
        match &self.start {
            Some(start) => BaldaRules::new(self.size, self.players, self.dictionary, self.seed, start),
            None => BaldaRules::drawn(self.size, self.players, self.dictionary, self.seed),
        }
    }

    /// Replays the record's moves in order.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let mut game = Position::new(self.rules()?);
        for (index, &action) in self.moves.iter().enumerate() {
            if game.is_over() {
                return Err(ReplayError::AfterEnd(index + 1));
            }
            let progress = game.play(action).map_err(|reason| ReplayError::Illegal { index: index + 1, reason })?;
            if matches!(progress, Progress::GameOver(_)) && index + 1 < self.moves.len() {
                return Err(ReplayError::AfterEnd(index + 2));
            }
        }
        Ok(game)
    }
}

/// Reads one record.
pub fn read_record(text: &str) -> Result<BaldaRecord, ReadError> {
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
            for token in line.split_whitespace() {
                let read = parse_moves(token).map_err(|error| ReadError::at(number, ReadErrorKind::BadMove(error)))?;
                moves.extend(read);
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
    let size = match tag_value(&tags, "Size") {
        None => MIN_SIZE,
        Some(value) => value
            .parse::<u8>()
            .ok()
            .filter(|size| (MIN_SIZE..=MAX_SIZE).contains(size))
            .ok_or_else(|| at("Size", ReadErrorKind::BadSize))?,
    };
    let players = match tag_value(&tags, "Players") {
        None => MIN_PLAYERS,
        Some(value) => value
            .parse::<u8>()
            .ok()
            .filter(|players| (MIN_PLAYERS..=MAX_PLAYERS).contains(players))
            .ok_or_else(|| at("Players", ReadErrorKind::BadPlayers))?,
    };
    let Some(language) = tag_value(&tags, "Language").and_then(|code| code.parse::<Language>().ok()) else {
        return Err(at("Language", ReadErrorKind::BadDictionary));
    };
    let Some(name) = tag_value(&tags, "Dictionary").and_then(DictionaryName::new) else {
        return Err(at("Dictionary", ReadErrorKind::BadDictionary));
    };
    let Some(hash) = tag_value(&tags, "DictionaryHash").and_then(DictionaryHash::from_hex) else {
        return Err(at("DictionaryHash", ReadErrorKind::BadDictionary));
    };
    let seed = match tag_value(&tags, "Seed") {
        None => 0,
        Some(value) => value.parse::<u64>().map_err(|_| at("Seed", ReadErrorKind::BadSeed))?,
    };
    let start = tag_value(&tags, "Start").map(str::to_owned);
    tags.retain(|tag| !OWN_TAGS.contains(&tag.name.as_str()));
    let dictionary = DictionaryId { language, name, hash };
    Ok(BaldaRecord { size, players, dictionary, seed, start, tags, moves })
}

/// Writes a record: the own tags in their order, the other tags, a blank line, and the moves wrapped into
/// lines.
#[must_use]
pub fn write_record(record: &BaldaRecord) -> String {
    let mut out = String::new();
    write_tag(&mut out, "Game", GAME, "\n");
    write_tag(&mut out, "Size", &record.size.to_string(), "\n");
    write_tag(&mut out, "Players", &record.players.to_string(), "\n");
    write_tag(&mut out, "Language", record.dictionary.language.code(), "\n");
    write_tag(&mut out, "Dictionary", record.dictionary.name.as_str(), "\n");
    write_tag(&mut out, "DictionaryHash", &record.dictionary.hash.to_hex(), "\n");
    write_tag(&mut out, "Seed", &record.seed.to_string(), "\n");
    if let Some(start) = &record.start {
        write_tag(&mut out, "Start", start, "\n");
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
