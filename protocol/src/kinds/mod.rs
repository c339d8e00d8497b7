//! The protocol's registry of game kinds: each kind's name and the options a ruleset of it carries. A new
//! kind is a module here with its options' struct (its fields, defaults, bounds and `deny_unknown_fields`) and
//! one line of the `registry!` call at the bottom of this file, named as the engine's registry names it (the
//! server's `games::kinds` tests check that the lists agree). [`RulesetSpec`] and [`GameKindName`] are
//! generated from that line, so no list can miss a kind. One module here is not a kind: `dictionary` holds the
//! wire types the word games share.

pub mod balda;
pub mod barriers;
pub mod bulls_and_cows;
pub mod closing_in;
pub mod dictionary;
pub mod digital_wars;
pub mod dots;
pub mod dots_and_boxes;
pub mod five_in_a_row;
pub mod gallows;
pub mod line_soccer;
pub mod paper_soccer;
pub mod points_and_segments;
pub mod racetrack;
pub mod sea_battle;
pub mod superghost;
pub mod xrsoccer;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Generates [`RulesetSpec`] and [`GameKindName`] from the one list of kinds: each line gives the ruleset
/// variant's doc, the kind's name in Rust, its options' struct, its name on the wire and the kind name's doc.
macro_rules! registry {
    ($( $(#[doc = $doc:literal])* $kind:ident($options:ty) = $name:literal, $short:literal; )+) => {
        /// The game kind and its options. The kind is the `kind` field; the options are the fields beside it.
        // The fields beside `kind` are read by the variant's options struct, so each struct denies unknown
        // fields itself: on an internally tagged enum, `deny_unknown_fields` reaches struct variants only.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
        #[serde(tag = "kind")]
        pub enum RulesetSpec {
            $( $(#[doc = $doc])* #[serde(rename = $name)] $kind($options), )+
        }

        impl RulesetSpec {
            /// The game kind of this ruleset.
            #[must_use]
            pub fn kind(&self) -> GameKindName {
                match self {
                    $( RulesetSpec::$kind(_) => GameKindName::$kind, )+
                }
            }
        }

        /// A game kind, as named in a ruleset's `kind` and in leaderboard paths.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
        pub enum GameKindName {
            $( #[doc = $short] #[serde(rename = $name)] $kind, )+
        }

        impl GameKindName {
            /// Every kind, in the registry's order (the engine registry's).
            pub const ALL: &'static [GameKindName] = &[$(GameKindName::$kind),+];

            /// The kind's name on the wire, e.g. `paper-soccer`.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $( GameKindName::$kind => $name, )+
                }
            }
        }
    };
}

registry! {
    /// Paper Soccer: a pitch of `width` × `height` cells (even numbers) with a goal `goal` cells wide.
    PaperSoccer(paper_soccer::PaperSoccerOptions) = "paper-soccer", "Paper Soccer.";
    /// Closing In (Domykanie): a square board of `size` × `size` squares.
    ClosingIn(closing_in::ClosingInOptions) = "closing-in", "Closing In.";
    /// Dots (Kropki), by the sports rules: a field of `width` × `height` points and the rule switches.
    Dots(dots::DotsOptions) = "dots", "Dots.";
    /// Line Soccer (`line`, `line/opcja1`): three-step lines that never touch, kicks when a player is closed,
    /// on a field of `width` × `length` cells (even numbers).
    LineSoccer(line_soccer::LineSoccerOptions) = "line-soccer", "Line Soccer.";
    /// Russian Paper Soccer (kia84): moves of three steps, penalties of 6, on a field of `width` × `length`.
    RussianSoccer(line_soccer::RussianSoccerOptions) = "russian-soccer", "Russian Paper Soccer.";
    /// Paper Soccer played as a match of points (the `centre` option, rules §4): classic steps and bounces on a
    /// pitch like [`RulesetSpec::PaperSoccer`]'s, every goal or block a point, play going on from the centre.
    PaperSoccerCentre(paper_soccer::PaperSoccerOptions) = "paper-soccer-centre",
        "Paper Soccer played as a match of points (`classic+centre`).";
    /// xrsoccer (rules §4a): no walls, lines of 3 steps, a stuck ball relocated, a match to `target` points.
    Xrsoccer(xrsoccer::XrsoccerOptions) = "xrsoccer", "xrsoccer.";
    /// Five in a row: gomoku, tic-tac-toe and renju on a bounded board of `width` × `height` points or the
    /// endless board, with the winning `line`, the `win` rule and the `opening`.
    FiveInARow(five_in_a_row::FiveInARowOptions) = "five-in-a-row", "Five in a row.";
    /// Dots and Boxes: a field of `rows` × `cols` boxes for `players` (2–4) in seat order.
    DotsAndBoxes(dots_and_boxes::DotsAndBoxesOptions) = "dots-and-boxes", "Dots and Boxes.";
    /// Sea Battle (Statki): the `fleet` (`classic`, `hasbro`), how near ships may be (`touching`) and whether a
    /// hit shoots again (`shoot_again`), the last two the fleet's defaults when left out. Hidden information.
    SeaBattle(sea_battle::SeaBattleOptions) = "sea-battle", "Sea Battle.";
    /// Bulls and Cows: secrets of `digits` (3–6) different digits, `leading_zero` allowed or not, a draw after
    /// `max_rounds` rounds. Hidden information.
    BullsAndCows(bulls_and_cows::BullsAndCowsOptions) = "bulls-and-cows", "Bulls and Cows.";
    /// Barriers (Cram): a board of `width` × `height` cells (2–12 each) and how near bars may be (`touch`).
    Barriers(barriers::BarriersOptions) = "barriers", "Barriers.";
    /// Digital Wars (Digital Deletions): a string of `length` digits (5–30) drawn from `seed`, or written by the
    /// first seat under the `pie` rule; the last eraser loses (`ending: misere`) or wins (`normal`).
    DigitalWars(digital_wars::DigitalWarsOptions) = "digital-wars", "Digital Wars.";
    /// Points and segments: `points` (6–30) on a lattice drawn from `seed`, or on a circle (`start: convex`).
    PointsAndSegments(points_and_segments::PointsAndSegmentsOptions) = "points-and-segments", "Points and segments.";
    /// Racetrack: a race on the `track` (by name, and by `track_hash` once a game exists) for `players` (2–6),
    /// what a `crash` costs and the most rounds (`max_rounds`).
    Racetrack(racetrack::RacetrackOptions) = "racetrack", "Racetrack.";
    /// Balda: a grid of `size` × `size` (5–7) for `players` (2–4) in a `language`, judged by the `dictionary`
    /// (by hash once a game exists), starting from the `start` word the server drew from `seed`.
    Balda(balda::BaldaOptions) = "balda", "Balda.";
    /// Gallows (Hangman): two rounds with the roles swapped, words of the `language` judged by its `dictionary`
    /// (by hash, once a game exists), set by the players or drawn by the server (`word`), `misses` 6, 8 or 10,
    /// and whether the ends of the word are shown (`reveal`).
    Gallows(gallows::GallowsOptions) = "gallows", "Gallows.";
    /// Superghost: `players` (2–4) add letters at either end of a fragment of the `language`, or challenge, judged
    /// by the `dictionary` (by hash, once a game exists).
    Superghost(superghost::SuperghostOptions) = "superghost", "Superghost.";
}

impl GameKindName {
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

    #[test]
    fn every_kind_reads_its_defaults_and_refuses_a_field_it_does_not_know() {
        for &kind in GameKindName::ALL {
            let defaults = serde_json::from_value::<RulesetSpec>(serde_json::json!({ "kind": kind.name() }));
            assert_eq!(defaults.map(|spec| spec.kind()).ok(), Some(kind), "{} with every option left out", kind.name());
            let unknown = serde_json::json!({ "kind": kind.name(), "colour": "red" });
            assert!(serde_json::from_value::<RulesetSpec>(unknown).is_err(), "{} refuses `colour`", kind.name());
        }
    }
}
