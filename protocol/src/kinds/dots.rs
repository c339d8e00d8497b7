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

/// A Dots game by the sports rules: a field of `width` × `height` points and the rule switches; the options of
/// `dots`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DotsOptions {
    /// Columns of points (10–52; the seed's field: 39).
    #[serde(default = "default_dots_width")]
    #[schemars(range(min = MIN_FIELD_SIDE, max = MAX_FIELD_SIDE))]
    pub width: u8,
    /// Rows of points (10–52; the seed's field: 32).
    #[serde(default = "default_dots_height")]
    #[schemars(range(min = MIN_FIELD_SIDE, max = MAX_FIELD_SIDE))]
    pub height: u8,
    /// The start position.
    #[serde(default)]
    pub start: DotsStart,
    /// With an empty start, each player's first dot must lie in the centred first-move zone.
    #[serde(default = "default_true")]
    pub first_move_zone: bool,
    /// A move that captures lets the mover move again.
    #[serde(default)]
    pub extra_move: bool,
    /// A player whose count reaches this many wins at once; 0 is off.
    #[serde(default)]
    #[schemars(range(max = MAX_INSTANT_WIN))]
    pub instant_win: u32,
    /// STOP: a player may end the game, their ungrounded dots counting as lost, or open a STOP window.
    #[serde(default)]
    pub stop: DotsStop,
    /// The game ends by itself once a STOP would win or every live dot is grounded.
    #[serde(default)]
    pub auto_end: bool,
    /// Territory mode (rules 6.5): a capturing dot may leave its areas unpainted (`qv~`) and its owner
    /// paints one later (`P:qv`, no move used); an agreed end counts the unpainted areas. Needs `stop: off`.
    #[serde(default)]
    pub territory: bool,
    /// A random start's seed: the server draws it when the game is created (a seed in a request is
    /// replaced), and the game's ruleset keeps it so that the start replays exactly. Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u32>,
}

fn default_dots_width() -> u8 {
    39
}
fn default_dots_height() -> u8 {
    32
}
fn default_true() -> bool {
    true
}
