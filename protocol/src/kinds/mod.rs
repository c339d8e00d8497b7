//! The protocol's registry of game kinds: each kind's name and the options a ruleset of it carries. A new
//! kind is one variant of [`RulesetSpec`] and of [`GameKindName`], named as the engine's registry names it
//! (the server's `games::kinds` tests check that the lists agree), and a module here for its own types and
//! bounds.

pub mod closing_in;
pub mod dots;
pub mod line_soccer;
pub mod paper_soccer;
pub mod xrsoccer;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use closing_in::{MAX_BOARD_SIZE, MIN_BOARD_SIZE};
use dots::{DotsStart, DotsStop, MAX_FIELD_SIDE, MAX_INSTANT_WIN, MIN_FIELD_SIDE};
use line_soccer::{
    LinePresetName, MAX_LINE_LENGTH, MAX_LINE_WIDTH, MAX_RUSSIAN_LENGTH, MAX_RUSSIAN_WIDTH, MIN_LINE_LENGTH,
    MIN_LINE_WIDTH, MIN_RUSSIAN_SIDE,
};
use paper_soccer::{MAX_GOAL, MAX_PITCH_HEIGHT, MAX_PITCH_WIDTH, MIN_GOAL, MIN_PITCH_SIDE};
use xrsoccer::{MAX_XR_LENGTH, MAX_XR_TARGET, MAX_XR_WIDTH, MIN_XR_SIDE, MIN_XR_TARGET};

/// The game kind and its options. The kind is the `kind` field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum RulesetSpec {
    /// Paper Soccer: a pitch of `width` × `height` cells (even numbers) with a goal `goal` cells wide.
    PaperSoccer {
        /// Pitch width in cells (even, 4–20; kurnik: 8).
        #[serde(default = "default_width")]
        #[schemars(range(min = MIN_PITCH_SIDE, max = MAX_PITCH_WIDTH), extend("multipleOf" = 2))]
        width: u8,
        /// Pitch height in cells (even, 4–30; kurnik: 10).
        #[serde(default = "default_height")]
        #[schemars(range(min = MIN_PITCH_SIDE, max = MAX_PITCH_HEIGHT), extend("multipleOf" = 2))]
        height: u8,
        /// Goal width in cells (even, less than the width; kurnik: 2).
        #[serde(default = "default_goal")]
        #[schemars(range(min = MIN_GOAL, max = MAX_GOAL), extend("multipleOf" = 2))]
        goal: u8,
    },
    /// Closing In (Domykanie): a square board of `size` × `size` squares.
    ClosingIn {
        /// Squares per side (3–12; the rules' default: 6).
        #[serde(default = "default_size")]
        #[schemars(range(min = MIN_BOARD_SIZE, max = MAX_BOARD_SIZE))]
        size: u8,
    },
    /// Dots (Kropki), by the sports rules: a field of `width` × `height` points and the rule switches.
    Dots {
        /// Columns of points (10–52; the seed's field: 39).
        #[serde(default = "default_dots_width")]
        #[schemars(range(min = MIN_FIELD_SIDE, max = MAX_FIELD_SIDE))]
        width: u8,
        /// Rows of points (10–52; the seed's field: 32).
        #[serde(default = "default_dots_height")]
        #[schemars(range(min = MIN_FIELD_SIDE, max = MAX_FIELD_SIDE))]
        height: u8,
        /// The start position.
        #[serde(default)]
        start: DotsStart,
        /// With an empty start, each player's first dot must lie in the centred first-move zone.
        #[serde(default = "default_true")]
        first_move_zone: bool,
        /// A move that captures lets the mover move again.
        #[serde(default)]
        extra_move: bool,
        /// A player whose count reaches this many wins at once; 0 is off.
        #[serde(default)]
        #[schemars(range(max = MAX_INSTANT_WIN))]
        instant_win: u32,
        /// STOP: a player may end the game, their ungrounded dots counting as lost, or open a STOP window.
        #[serde(default)]
        stop: DotsStop,
        /// The game ends by itself once a STOP would win or every live dot is grounded.
        #[serde(default)]
        auto_end: bool,
        /// Territory mode (rules 6.5): a capturing dot may leave its areas unpainted (`qv~`) and its owner
        /// paints one later (`P:qv`, no move used); an agreed end counts the unpainted areas. Needs `stop: off`.
        #[serde(default)]
        territory: bool,
        /// A random start's seed: the server draws it when the game is created (a seed in a request is
        /// replaced), and the game's ruleset keeps it so that the start replays exactly. Absent otherwise.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<u32>,
    },
    /// Line Soccer (`line`, `line/opcja1`): three-step lines that never touch, kicks when a player is closed,
    /// on a field of `width` × `length` cells (even numbers).
    #[serde(deserialize_with = "line_soccer::preset_and_field")]
    LineSoccer {
        /// The parameter set (`line` when not given).
        #[serde(default)]
        preset: LinePresetName,
        /// Field width in cells (even; `line` 20–30, `opcja1` 16–30; by default the parameter set's: 20 for
        /// `line`, 16 for `opcja1`).
        #[schemars(default = "default_line_width")]
        #[schemars(range(min = MIN_LINE_WIDTH, max = MAX_LINE_WIDTH), extend("multipleOf" = 2))]
        width: u8,
        /// Field length in cells (even; `line` 30–40, `opcja1` 20–40; by default the parameter set's: 30 for
        /// `line`, 20 for `opcja1`).
        #[schemars(default = "default_line_length")]
        #[schemars(range(min = MIN_LINE_LENGTH, max = MAX_LINE_LENGTH), extend("multipleOf" = 2))]
        length: u8,
    },
    /// Russian Paper Soccer (kia84): moves of three steps, penalties of 6, on a field of `width` × `length`.
    RussianSoccer {
        /// Field width in cells (even, 10–40; default 40).
        #[serde(default = "default_russian_width")]
        #[schemars(range(min = MIN_RUSSIAN_SIDE, max = MAX_RUSSIAN_WIDTH), extend("multipleOf" = 2))]
        width: u8,
        /// Field length in cells (even, 10–52; default 52).
        #[serde(default = "default_russian_length")]
        #[schemars(range(min = MIN_RUSSIAN_SIDE, max = MAX_RUSSIAN_LENGTH), extend("multipleOf" = 2))]
        length: u8,
    },
    /// Paper Soccer played as a match of points (the `centre` option, rules §4): classic steps and bounces on a
    /// pitch like [`RulesetSpec::PaperSoccer`]'s, every goal or block a point, play going on from the centre.
    PaperSoccerCentre {
        /// Pitch width in cells (even, 4–20; kurnik: 8).
        #[serde(default = "default_width")]
        #[schemars(range(min = MIN_PITCH_SIDE, max = MAX_PITCH_WIDTH), extend("multipleOf" = 2))]
        width: u8,
        /// Pitch height in cells (even, 4–30; kurnik: 10).
        #[serde(default = "default_height")]
        #[schemars(range(min = MIN_PITCH_SIDE, max = MAX_PITCH_HEIGHT), extend("multipleOf" = 2))]
        height: u8,
        /// Goal width in cells (even, less than the width; kurnik: 2).
        #[serde(default = "default_goal")]
        #[schemars(range(min = MIN_GOAL, max = MAX_GOAL), extend("multipleOf" = 2))]
        goal: u8,
    },
    /// xrsoccer (rules §4a): no walls, lines of 3 steps, a stuck ball relocated, a match to `target` points.
    Xrsoccer {
        /// Field width in cells (even, 4–20; the rules' default: 12).
        #[serde(default = "default_xr_width")]
        #[schemars(range(min = MIN_XR_SIDE, max = MAX_XR_WIDTH), extend("multipleOf" = 2))]
        width: u8,
        /// Field length in cells (even, 4–30; the rules' default: 18).
        #[serde(default = "default_xr_length")]
        #[schemars(range(min = MIN_XR_SIDE, max = MAX_XR_LENGTH), extend("multipleOf" = 2))]
        length: u8,
        /// The points that win the match (1–99; the rules' default: 5).
        #[serde(default = "default_xr_target")]
        #[schemars(range(min = MIN_XR_TARGET, max = MAX_XR_TARGET))]
        target: u32,
    },
}

fn default_width() -> u8 {
    8
}
fn default_height() -> u8 {
    10
}
fn default_goal() -> u8 {
    2
}
fn default_size() -> u8 {
    6
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
/// The schema's default field of `line-soccer` (the `line` parameter set's; [`line_soccer::LinePresetName::default_field`]
/// gives each set's).
fn default_line_width() -> u8 {
    LinePresetName::Line.default_field().0
}
fn default_line_length() -> u8 {
    LinePresetName::Line.default_field().1
}
fn default_russian_width() -> u8 {
    40
}
fn default_russian_length() -> u8 {
    52
}
fn default_xr_width() -> u8 {
    12
}
fn default_xr_length() -> u8 {
    18
}
fn default_xr_target() -> u32 {
    5
}

impl RulesetSpec {
    /// The game kind of this ruleset.
    #[must_use]
    pub fn kind(&self) -> GameKindName {
        match self {
            RulesetSpec::PaperSoccer { .. } => GameKindName::PaperSoccer,
            RulesetSpec::ClosingIn { .. } => GameKindName::ClosingIn,
            RulesetSpec::Dots { .. } => GameKindName::Dots,
            RulesetSpec::LineSoccer { .. } => GameKindName::LineSoccer,
            RulesetSpec::RussianSoccer { .. } => GameKindName::RussianSoccer,
            RulesetSpec::PaperSoccerCentre { .. } => GameKindName::PaperSoccerCentre,
            RulesetSpec::Xrsoccer { .. } => GameKindName::Xrsoccer,
        }
    }
}

/// A game kind, as named in a ruleset's `kind` and in leaderboard paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GameKindName {
    /// Paper Soccer.
    PaperSoccer,
    /// Closing In.
    ClosingIn,
    /// Dots.
    Dots,
    /// Line Soccer.
    LineSoccer,
    /// Russian Paper Soccer.
    RussianSoccer,
    /// Paper Soccer played as a match of points (`classic+centre`).
    PaperSoccerCentre,
    /// xrsoccer.
    Xrsoccer,
}

impl GameKindName {
    /// Every kind, in the engine registry's order.
    pub const ALL: &'static [GameKindName] = &[
        GameKindName::PaperSoccer,
        GameKindName::ClosingIn,
        GameKindName::Dots,
        GameKindName::LineSoccer,
        GameKindName::RussianSoccer,
        GameKindName::PaperSoccerCentre,
        GameKindName::Xrsoccer,
    ];

    /// The kind's name on the wire, e.g. `paper-soccer`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKindName::PaperSoccer => "paper-soccer",
            GameKindName::ClosingIn => "closing-in",
            GameKindName::Dots => "dots",
            GameKindName::LineSoccer => "line-soccer",
            GameKindName::RussianSoccer => "russian-soccer",
            GameKindName::PaperSoccerCentre => "paper-soccer-centre",
            GameKindName::Xrsoccer => "xrsoccer",
        }
    }

    /// The kind with a wire name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<GameKindName> {
        GameKindName::ALL.iter().copied().find(|kind| kind.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_serialised_names() {
        for &kind in GameKindName::ALL {
            assert_eq!(serde_json::to_value(kind).unwrap(), serde_json::Value::from(kind.name()));
            assert_eq!(GameKindName::from_name(kind.name()), Some(kind));
        }
    }
}
