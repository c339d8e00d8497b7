//! Racetrack's own wire constants and options: the track by name (and, once a game exists, by the hash of its
//! content), the number of players, what a crash costs and the most rounds.
//!
//! The track is shared data, not an option (ARCHITECTURE.md, "Rules that carry data"): a ruleset names it, and
//! the server takes the map from its registry of tracks. [`RulesetSpec`](crate::RulesetSpec) is `Copy`, so
//! the name travels as a [`TrackNameText`], a bounded name checked against the track-name grammar when it is
//! read, and the hash as a [`TrackHashText`], 32 bytes written as 64 hexadecimal digits.

use std::borrow::Cow;
use std::fmt;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};

/// The fewest players (the engine's `MIN_PLAYERS`).
pub const MIN_RACE_PLAYERS: u8 = 2;
/// The most players (the engine's `MAX_PLAYERS`).
pub const MAX_RACE_PLAYERS: u8 = 6;
/// The fewest rounds a race may be set to.
pub const MIN_RACE_ROUNDS: u16 = 1;
/// The most rounds a race may be set to: six cars over 500 rounds is 3,000 moves, far beyond any track's lap.
pub const MAX_RACE_ROUNDS: u16 = 500;
/// The longest track name, in bytes (the engine's `MAX_NAME_LEN`).
pub const MAX_TRACK_NAME_LEN: usize = 32;
/// The track-name grammar (docs/tracks.md): 1 to 32 of `a`–`z`, `0`–`9` and `-`.
pub const TRACK_NAME_PATTERN: &str = "^[a-z0-9-]{1,32}$";
/// The track raced when the ruleset names none (the engine's `DEFAULT_TRACK`).
pub const DEFAULT_TRACK_NAME: &str = "oval";

/// A track's name as the wire carries it: 1 to [`MAX_TRACK_NAME_LEN`] bytes of lowercase ASCII letters, digits
/// and `-`. A fixed-capacity value, so that rulesets stay `Copy`; any other text is refused when it is read.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TrackNameText {
    len: u8,
    bytes: [u8; MAX_TRACK_NAME_LEN],
}

/// A track name outside the grammar.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a track name is 1 to {MAX_TRACK_NAME_LEN} of a-z, 0-9 and -, not {0:?}")]
pub struct BadTrackName(pub String);

impl TrackNameText {
    /// `name` if it follows the track-name grammar.
    pub fn new(name: &str) -> Result<TrackNameText, BadTrackName> {
        let valid = !name.is_empty()
            && name.len() <= MAX_TRACK_NAME_LEN
            && name.bytes().all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'-');
        if !valid {
            return Err(BadTrackName(name.to_owned()));
        }
        let mut bytes = [0; MAX_TRACK_NAME_LEN];
        bytes[..name.len()].copy_from_slice(name.as_bytes());
        // At most MAX_TRACK_NAME_LEN (32) bytes, so the length fits a byte.
        Ok(TrackNameText { len: name.len() as u8, bytes })
    }

    /// The name as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever stored.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl fmt::Debug for TrackNameText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl fmt::Display for TrackNameText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for TrackNameText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for TrackNameText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<TrackNameText, D::Error> {
        let text = Cow::<'de, str>::deserialize(deserializer)?;
        TrackNameText::new(&text).map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for TrackNameText {
    fn schema_name() -> Cow<'static, str> {
        "TrackName".into()
    }

    fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A track's name: 1 to 32 of a-z, 0-9 and -.",
            "type": "string",
            "minLength": 1,
            "maxLength": MAX_TRACK_NAME_LEN,
            "pattern": TRACK_NAME_PATTERN,
        })
    }
}

/// The SHA-256 of a track's canonical text (docs/tracks.md), written as 64 lowercase hexadecimal digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TrackHashText(pub [u8; 32]);

/// Text that is not 64 hexadecimal digits.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a track hash is 64 hexadecimal digits, not {0:?}")]
pub struct BadTrackHash(pub String);

impl TrackHashText {
    /// The hash read from 64 hexadecimal digits (either case).
    pub fn from_hex(hex: &str) -> Result<TrackHashText, BadTrackHash> {
        let refused = || BadTrackHash(hex.to_owned());
        if hex.len() != 64 || !hex.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            return Err(refused());
        }
        let mut bytes = [0; 32];
        for (index, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&hex[2 * index..2 * index + 2], 16).map_err(|_| refused())?;
        }
        Ok(TrackHashText(bytes))
    }
}

impl fmt::Display for TrackHashText {
    /// 64 lowercase hexadecimal digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

impl fmt::Debug for TrackHashText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl Serialize for TrackHashText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TrackHashText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<TrackHashText, D::Error> {
        let text = Cow::<'de, str>::deserialize(deserializer)?;
        TrackHashText::from_hex(&text).map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for TrackHashText {
    fn schema_name() -> Cow<'static, str> {
        "TrackHash".into()
    }

    fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The SHA-256 of a track's canonical text, as 64 hexadecimal digits.",
            "type": "string",
            "pattern": "^[0-9a-fA-F]{64}$",
        })
    }
}

/// `GET /api/tracks/{hash}`: a Racetrack track the server has, as a client draws it. A track never changes
/// under its hash, so the answer for a hash is always the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TrackMap {
    /// The track's name.
    pub name: String,
    /// The track's version (docs/tracks.md).
    pub version: u32,
    /// The SHA-256 of the track's canonical text: the hash asked for.
    pub hash: TrackHashText,
    /// The fewest moves of a lone car from the first start cell, when the track file records them.
    pub fewest_moves: Option<u32>,
    /// The map's rows, top row first, one character per cell as docs/tracks.md lists them (`#` outside, `.`
    /// track, `~` danger zone, `S` start, `F` finish line, `o` touch point, `>` `<` `v` `^` the racing
    /// direction); a row shorter than the widest is outside beyond its end.
    pub rows: Vec<String>,
}

/// What a crash costs (rules 2.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CrashRule {
    /// A crash costs hit points (two from a danger zone, else one) and a turn; a car is out at none.
    #[default]
    HitPoints,
    /// The first crash puts a car out (Gardner's rule).
    Out,
}

/// A race on a track for `players`: the options of `racetrack`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RacetrackOptions {
    /// The track's name (the rules' default: `oval`).
    #[serde(default = "default_track")]
    pub track: TrackNameText,
    /// The hash of the track's content. A request may leave it out: the server then races the newest version
    /// of the named track it has, and every game it creates names the hash, so the game is replayed on that
    /// very track.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub track_hash: Option<TrackHashText>,
    /// Players, and so seats, in seat order (2–6, at most the track's start cells; the rules' default: 2).
    #[serde(default = "default_players")]
    #[schemars(range(min = MIN_RACE_PLAYERS, max = MAX_RACE_PLAYERS))]
    pub players: u8,
    /// What a crash costs (the rules' default: `hit-points`).
    #[serde(default)]
    pub crash: CrashRule,
    /// The most rounds the race lasts (1–500; the rules' default: 200).
    #[serde(default = "default_max_rounds")]
    #[schemars(range(min = MIN_RACE_ROUNDS, max = MAX_RACE_ROUNDS))]
    pub max_rounds: u16,
}

fn default_track() -> TrackNameText {
    // The default name follows the grammar; the test below reads it.
    TrackNameText::new(DEFAULT_TRACK_NAME).unwrap_or_else(|error| panic!("{error}"))
}

fn default_players() -> u8 {
    2
}

fn default_max_rounds() -> u16 {
    200
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_fields_have_the_rules_defaults_and_the_hash_is_optional() {
        let read: RacetrackOptions = serde_json::from_value(serde_json::json!({})).expect("defaults");
        assert_eq!(read.track.as_str(), "oval");
        assert_eq!((read.track_hash, read.players, read.crash, read.max_rounds), (None, 2, CrashRule::HitPoints, 200));
        let hash = "ab".repeat(32);
        let options = RacetrackOptions {
            track: TrackNameText::new("grand-tour").expect("a name"),
            track_hash: Some(TrackHashText::from_hex(&hash).expect("a hash")),
            players: 6,
            crash: CrashRule::Out,
            max_rounds: 50,
        };
        let written = serde_json::to_value(options).expect("writes");
        let expected = serde_json::json!({
            "track": "grand-tour", "track_hash": hash, "players": 6, "crash": "out",
            "max_rounds": 50,
        });
        assert_eq!(written, expected);
        assert_eq!(serde_json::from_value::<RacetrackOptions>(written).ok(), Some(options));
    }

    #[test]
    fn names_outside_the_grammar_and_malformed_hashes_are_refused_when_read() {
        for name in ["", "Oval", "oval track", "ovał", &"a".repeat(33)] {
            assert!(TrackNameText::new(name).is_err(), "{name:?}");
            let json = serde_json::json!({ "track": name });
            assert!(serde_json::from_value::<RacetrackOptions>(json).is_err(), "{name:?}");
        }
        assert_eq!(TrackNameText::new(&"a".repeat(32)).map(|name| name.as_str().len()), Ok(32));
        for hash in ["", "ab", &"g".repeat(64), &"a".repeat(65), &"é".repeat(32)] {
            assert!(TrackHashText::from_hex(hash).is_err(), "{hash:?}");
        }
        let upper = "AB".repeat(32);
        assert_eq!(TrackHashText::from_hex(&upper).map(|hash| hash.to_string()), Ok("ab".repeat(32)));
    }
}
