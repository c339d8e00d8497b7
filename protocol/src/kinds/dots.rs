//! Dots' own wire types: the options of a ruleset that take words, and how admins see a position.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::seat::SeatName;

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

/// A Dots position after `ply` actions. Points are written as in the game's notation: two letters, column
/// then row from the top, `a`–`z` for 0–25 and `A`–`Z` for 26–51 (`qv`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DotsPositionView {
    /// Actions played to reach it.
    pub ply: u32,
    /// Columns of the field.
    pub width: u8,
    /// Rows of the field.
    pub height: u8,
    /// Each seat's live dots (first seat first).
    pub dots: [Vec<String>; 2],
    /// Each seat's dots that the other seat holds captured (first seat's dots first).
    pub captured: [Vec<String>; 2],
    /// Each seat's territory: empty points inside its captures, where no one may play.
    pub territory: [Vec<String>; 2],
    /// Each seat's houses: free points it encloses without a capture; the other seat's dot there is taken.
    pub houses: [Vec<String>; 2],
    /// Each seat's deferred areas (territory mode, rules 6.5): empty points of captures it has not painted yet,
    /// still playable; an agreed end counts them.
    #[serde(default)]
    pub deferred: [Vec<String>; 2],
    /// The seat that pressed STOP while its opponent places dots in the STOP window; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<SeatName>,
    /// How many of the other seat's dots each seat holds captured (first seat first): the score.
    pub counts: [u32; 2],
    /// The seat to move (after the end: the seat that would have moved).
    pub to_move: SeatName,
    /// Whether the rules ended the game here.
    pub over: bool,
    /// Every action the seat to move may play, in the game's notation.
    pub legal: Vec<String>,
}
