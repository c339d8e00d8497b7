//! Bodies of the analysis board's REST route (`POST /api/analysis/suggestion`): the built-in bot's turn for a
//! position that need not be stored anywhere, given as a ruleset and the actions played from its start.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::game::Departure;
use crate::kinds::RulesetSpec;

/// The most actions a suggestion request may play before the position it asks about: far above any game's
/// length, small enough that replaying them costs nothing.
pub const MAX_ANALYSIS_ACTIONS: usize = 2_000;

/// `POST /api/analysis/suggestion`: the position after `moves` from the start of a game of `ruleset`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SuggestionRequest {
    /// Game kind and options.
    pub ruleset: RulesetSpec,
    /// The moves from the start, in order, each one action or more of one turn in the game's notation
    /// (`"7"`, `"754"`, `"D5"`, `"qv"`); at most [`MAX_ANALYSIS_ACTIONS`] entries.
    #[serde(default)]
    #[schemars(length(max = MAX_ANALYSIS_ACTIONS))]
    pub moves: Vec<String>,
    /// The seats that left a game that plays on (a stored game's `departed`), each applied at its ply among the
    /// moves, so that the turns after it pass that seat by; at most one per seat (six).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = 6))]
    pub departed: Vec<Departure>,
}

/// The bot's turn for the side to act, and how it sees the game after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Suggestion {
    /// The whole turn as one move text, its actions written together with the game's separator.
    pub turn: String,
    /// The turn's actions, in order (one kurnik digit per step in Paper Soccer).
    pub actions: Vec<String>,
    /// How the bot sees the game after the turn, for the side that plays it.
    pub evaluation: BotEvaluation,
    /// Nodes the search visited.
    pub nodes: u64,
    /// The steps (turn-passing actions) the search looked ahead.
    pub depth: u32,
}

/// The bot's view of a position, for the side that played the suggested turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BotEvaluation {
    /// Undecided within the search: the evaluation in hundredths of a unit (a unit is about one step of
    /// advantage in Paper Soccer), positive when the side that played stands better.
    Score {
        /// Hundredths of a unit.
        hundredths: i32,
    },
    /// The side that played wins against any defence.
    Win {
        /// Within this many actions of both sides; `null` when an exact solver proved it.
        within: Option<u32>,
    },
    /// The side that played loses against best play.
    Loss {
        /// Within this many actions of both sides; `null` when an exact solver proved it.
        within: Option<u32>,
    },
}
