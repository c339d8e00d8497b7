//! Dots and Boxes in the server: the field and the players from a client's ruleset, the rules' tagged records
//! out and in (and the final position as Barker & Korf's dbn line, a foreign format), and the command-line
//! tools.
//!
//! A seat out of time loses unless a per-move clock's `on_timeout` asks for a random edge, as in Dots: the
//! engine's random-edge switch is never set from a ruleset, so the protocol has no field for it.

mod import;
mod record;
mod tools;

use kartka_engine::dots_and_boxes::{DotsAndBoxesRules, RulesError, MAX_PLAYERS, MIN_PLAYERS};
use kartka_engine::{GameKind, Ruleset};
use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;
use kartka_protocol::RulesetSpec;

use super::{Kind, RulesetError};
use crate::games::records::{ExportError, ForeignFormat, ReadGames, RecordParts};
use crate::games::tools::{Setup, Solved, Tally, ToolError};

/// Turns per player in a typical game: a 5×5 field has 60 edges, about 30 a player, and a turn that takes boxes
/// draws several of them, so two players take some 20 turns each.
const TYPICAL_TURNS_PER_PLAYER: u64 = 20;

/// Dots and Boxes, as the registry lists it.
pub struct DotsAndBoxes;

/// Why a client's Dots and Boxes options cannot be played here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// The field or the players are outside the rules.
    #[error("dots-and-boxes: {0}")]
    Rules(#[from] RulesError),
}

/// The rules of a client's options, checked against the rules (two to four players).
pub fn checked(options: &DotsAndBoxesOptions) -> Result<DotsAndBoxesRules, OptionsError> {
    let DotsAndBoxesOptions { rows, cols, players } = *options;
    Ok(DotsAndBoxesRules::new(rows, cols, players)?)
}

/// The rules of a client's options, validated ([`checked`]).
pub fn ruleset(options: &DotsAndBoxesOptions) -> Result<Ruleset, RulesetError> {
    checked(options).map(Ruleset::DotsAndBoxes).map_err(RulesetError::invalid)
}

/// The protocol's ruleset of Dots and Boxes' rules (the registry's `spec` hands them over).
pub fn spec(rules: &DotsAndBoxesRules) -> RulesetSpec {
    // Every game the server holds came from a spec, and a spec never sets the random-edge switch.
    debug_assert!(!rules.random_edge_on_timeout(), "a per-move clock's on_timeout says it, not the rules");
    RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: rules.rows(), cols: rules.cols(), players: rules.players() })
}

/// The formats written besides the rules' own record.
const FOREIGN_FORMATS: &[ForeignFormat] = &[ForeignFormat { name: "dbn", write: record::dbn }];

impl Kind for DotsAndBoxes {
    fn kind(&self) -> GameKind {
        GameKind::DotsAndBoxes
    }

    fn display_name(&self) -> &'static str {
        "Dots and Boxes"
    }

    fn typical_turns_per_player(&self) -> u64 {
        TYPICAL_TURNS_PER_PLAYER
    }

    fn rulesets_of_more_seats(&self) -> Vec<RulesetSpec> {
        // A field of 3×3 boxes (24 edges) lasts a few turns a player and ends quickly.
        (MIN_PLAYERS.max(3)..=MAX_PLAYERS)
            .map(|players| RulesetSpec::DotsAndBoxes(DotsAndBoxesOptions { rows: 3, cols: 3, players }))
            .collect()
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        record::record(game)
    }

    fn foreign_formats(&self) -> &'static [ForeignFormat] {
        FOREIGN_FORMATS
    }

    fn read_records(&self, text: &str) -> ReadGames {
        import::read_games(text)
    }

    fn sized_ruleset(&self, size: u8) -> Result<Ruleset, ToolError> {
        // `--size` names only the field; its solvers and perft count two players unless `--players` says otherwise.
        ruleset(&DotsAndBoxesOptions { rows: size, cols: size, players: 2 })
            .map_err(|error| ToolError(format!("--size: {error}")))
    }

    fn perft(&self, setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
        tools::perft(setup, depth)
    }

    fn solve(&self, setup: &Setup, _budget: u64) -> Result<Solved, ToolError> {
        tools::solve(setup)
    }

    fn replay(&self, file: &str, text: &str) -> Tally {
        tools::replay(file, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_options_are_the_engines_default_rules() {
        let options = DotsAndBoxesOptions { rows: 5, cols: 5, players: 2 };
        assert_eq!(ruleset(&options).expect("valid"), GameKind::DotsAndBoxes.default_ruleset());
        assert_eq!(crate::games::kinds::default_spec(GameKind::DotsAndBoxes), RulesetSpec::DotsAndBoxes(options));
    }

    #[test]
    fn the_wire_bounds_are_the_engines() {
        use kartka_engine::dots_and_boxes::{MAX_PLAYERS, MAX_SIDE, MIN_PLAYERS, MIN_SIDE};
        use kartka_protocol::kinds::dots_and_boxes::{
            MAX_BOXES_PLAYERS, MAX_BOXES_SIDE, MIN_BOXES_PLAYERS, MIN_BOXES_SIDE,
        };
        assert_eq!((MIN_BOXES_SIDE, MAX_BOXES_SIDE), (MIN_SIDE, MAX_SIDE));
        assert_eq!((MIN_BOXES_PLAYERS, MAX_BOXES_PLAYERS), (MIN_PLAYERS, MAX_PLAYERS));
    }

    #[test]
    fn options_outside_the_rules_are_refused_with_the_rules_reason() {
        let options = |rows, cols, players| DotsAndBoxesOptions { rows, cols, players };
        assert_eq!(checked(&options(0, 5, 2)), Err(OptionsError::Rules(RulesError::Rows(0))));
        assert_eq!(checked(&options(5, 10, 2)), Err(OptionsError::Rules(RulesError::Columns(10))));
        assert_eq!(checked(&options(5, 5, 5)), Err(OptionsError::Rules(RulesError::Players(5))));
        assert_eq!(checked(&options(1, 9, 2)).map(|rules| rules.edge_count()), Ok(28));
    }

    #[test]
    fn three_and_four_players_are_served_and_five_refused() {
        for players in [3, 4] {
            let options = DotsAndBoxesOptions { rows: 3, cols: 3, players };
            let served = ruleset(&options).expect("served");
            assert_eq!(served.seat_count(), usize::from(players));
        }
        let five = ruleset(&DotsAndBoxesOptions { rows: 3, cols: 3, players: 5 }).expect_err("refused");
        assert_eq!(five.code(), kartka_protocol::ErrorCode::InvalidRequest);
        assert!(five.to_string().contains('5'), "{five}");
    }
}
