//! The lobby on the wire: quick pairing pools and open seeks.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::game::{SpeedClass, TimeControl};
use crate::kinds::RulesetSpec;
use crate::rest::{AccountInfo, ColourChoice};

/// A quick pairing pool: players waiting in the same pool are paired with each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PoolSpec {
    /// Game kind and options.
    pub ruleset: RulesetSpec,
    /// The time control.
    pub time_control: TimeControl,
    /// Whether the games change ratings.
    pub rated: bool,
}

/// The ratings an open seek accepts, inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RatingRange {
    /// The lowest rating that may accept.
    pub min: i32,
    /// The highest rating that may accept.
    pub max: i32,
}

impl RatingRange {
    /// Whether `rating` is inside the range.
    #[must_use]
    pub fn contains(&self, rating: i32) -> bool {
        (self.min..=self.max).contains(&rating)
    }
}

/// How busy a pool is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PoolStatus {
    /// The pool.
    pub pool: PoolSpec,
    /// Players waiting in it now.
    pub waiting: u32,
    /// The recent average wait from joining to a game, in milliseconds; `null` until someone was paired in it.
    pub expected_wait_ms: Option<u64>,
    /// How many recent pairings that average is of (at most 20): an estimate from one or two says little.
    #[serde(default)]
    pub measured_waits: u32,
}

/// An open seek in the lobby: a game anyone may accept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Seek {
    /// The seek id.
    pub id: Uuid,
    /// Who seeks a game.
    pub creator: AccountInfo,
    /// The creator's rating for this game kind and speed class.
    pub rating: i32,
    /// Whether the creator's rating is still provisional.
    pub provisional: bool,
    /// Game kind and options.
    pub ruleset: RulesetSpec,
    /// The time control.
    pub time_control: TimeControl,
    /// The speed class of the time control.
    pub speed: SpeedClass,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// The ratings that may accept; anyone when absent.
    pub rating_range: Option<RatingRange>,
    /// The creator's seat in a game of two; in a game of more seats every seat is dealt at random at the start.
    pub colour: ColourChoice,
    /// When it was created, in milliseconds since the Unix epoch.
    pub created_at_ms: i64,
    /// How many players the game seats (the ruleset's seat count): the seek starts its game once that many
    /// joined.
    pub seats: u8,
    /// The players who took a seat so far, the creator first: `joined.len()` of `seats` are taken.
    pub joined: Vec<AccountInfo>,
}
