//! The wire types of the Paper Soccer variants on the lines-and-kicks model (`line-soccer` and
//! `russian-soccer`): the `line` ruleset's parameter set, and how admins see a position of either kind.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::seat::SeatName;

/// The parameter set of a `line-soccer` game: the kick lengths, and whether a kick may end on a drawn point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LinePresetName {
    /// `line`: kicks of 7, 14, 21 that end on fresh points.
    #[default]
    Line,
    /// `line/opcja1`: kicks of 6, 12, 18 that may end on drawn points, which earns another kick.
    Opcja1,
}

/// A lattice point of the field: `x` columns east of the centre spot, `y` rows north of it (the first seat
/// attacks the goal at `y = length / 2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FieldPointView {
    /// Columns east of the centre (negative: west).
    pub x: i8,
    /// Rows north of the centre (negative: south).
    pub y: i8,
}

/// A drawn segment between two neighbouring points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FieldSegmentView {
    /// The southern (or, on a row, western) end.
    pub from: FieldPointView,
    /// The other end.
    pub to: FieldPointView,
    /// Whether a kick drew it (a step drew it otherwise).
    #[serde(default)]
    pub kick: bool,
}

/// A kick the seat to act may play: its direction and how many segments it draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct KickView {
    /// The direction as a kurnik digit 0–7.
    pub direction: u8,
    /// Segments drawn: the length due, or fewer when the kick scores.
    pub segments: u8,
}

/// A position of `line-soccer` or `russian-soccer` after `ply` actions. The position does not remember which
/// segments were kicked: the moves up to `ply` tell (the `p` actions).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LineSoccerPositionView {
    /// Actions played to reach it.
    pub ply: u32,
    /// The field's width W in cells.
    pub width: u8,
    /// The field's length L in cells.
    pub length: u8,
    /// m: the mouth points are `(x, ±length/2)` with `|x| ≤ mouth`.
    pub mouth: u8,
    /// Where the ball is.
    pub ball: FieldPointView,
    /// The seat to act (after the end: the seat that acted last).
    pub to_move: SeatName,
    /// The length of the kick the seat to act owes, or `null` while a line is due.
    pub kick_due: Option<u8>,
    /// Whether the seat to act has drawn in this turn already.
    pub must_continue: bool,
    /// Whether the rules ended the game here.
    pub over: bool,
    /// Every drawn point, the centre spot included.
    pub points: Vec<FieldPointView>,
    /// Every drawn segment once.
    pub segments: Vec<FieldSegmentView>,
    /// The steps the seat to act may take, as kurnik digits 0–7 (empty while a kick is due).
    pub legal_steps: Vec<u8>,
    /// The kicks the seat to act may play (empty while a line is due).
    pub legal_kicks: Vec<KickView>,
}
