//! Dots' own wire types: the options of a ruleset that take words, and their bounds.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The fewest points a side of a Dots field played on the server has (the rules allow smaller fields, rule 1.1;
/// the server offers none).
pub const MIN_FIELD_SIDE: u8 = 10;
/// The most points a side of a Dots field has.
pub const MAX_FIELD_SIDE: u8 = 52;
/// The largest `instant_win`: every point of the largest field (a field's own points bound it further).
pub const MAX_INSTANT_WIN: u32 = MAX_FIELD_SIDE as u32 * MAX_FIELD_SIDE as u32;
/// The shortest STOP window, in seconds.
pub const MIN_WINDOW_SECONDS: u16 = 10;
/// The longest STOP window, in seconds.
pub const MAX_WINDOW_SECONDS: u16 = 600;

/// How the field starts (rules §2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DotsStart {
    /// No dots; each player's first dot goes in the first-move zone (unless `first_move_zone` is false).
    Empty,
    /// One 2×2 cross in the middle: the tournament start.
    #[default]
    Cross,
    /// Two crosses side by side.
    Cross2,
    /// Four crosses towards the corners.
    Cross4,
    /// Four crosses at random places (rules 2.6), drawn from the ruleset's `seed`.
    Random,
}

/// Whether a player may press STOP (rules §7): `"computed"`, `"off"`, or `{"window": {"seconds": 180}}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DotsStop {
    /// STOP ends the game at once; the presser's ungrounded dots count as captured by the opponent.
    #[default]
    Computed,
    /// STOP opens a window (rules 7.4): the opponent places any number of dots in a row while the presser
    /// waits, until the opponent sends `DONE` or the window's time is up (the server then plays `DONE`); the
    /// main clocks stand still meanwhile, and the counts as they stand decide.
    Window {
        /// How long the window lasts (10–600; the seed's window: 180).
        #[schemars(range(min = MIN_WINDOW_SECONDS, max = MAX_WINDOW_SECONDS))]
        seconds: u16,
    },
    /// No STOP.
    Off,
}
