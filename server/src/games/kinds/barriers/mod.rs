//! Barriers (Cram) in the server: the board and touch rule from a client's ruleset, and the game's own record
//! files out and in.

mod import;
mod record;
mod tools;

use kartka_engine::barriers::{BarriersRules, Touch};
use kartka_engine::{GameKind, Ruleset};
use kartka_protocol::kinds::barriers::{BarriersOptions, BarriersTouch};
use kartka_protocol::RulesetSpec;

use super::{Kind, RulesetError};
use crate::games::records::{ExportError, ReadGames, RecordParts};
use crate::games::tools::{Setup, Solved, Tally, ToolError};

/// Bars per player in a typical game: an 8 × 8 board holds 32 bars, and games of Cram leave about a quarter of
/// the cells bare.
const TYPICAL_TURNS_PER_PLAYER: u64 = 12;

/// Barriers, as the registry lists it.
pub struct Barriers;

/// The rules of a board from a client, validated.
pub fn ruleset(options: &BarriersOptions) -> Result<Ruleset, RulesetError> {
    let touch = match options.touch {
        BarriersTouch::Cells => Touch::Cells,
        BarriersTouch::Sides => Touch::Sides,
        BarriersTouch::Corners => Touch::Corners,
    };
    let rules = BarriersRules::new(options.width, options.height, touch).map_err(RulesetError::invalid)?;
    Ok(Ruleset::Barriers(rules))
}

/// The protocol's ruleset of a game's rules.
pub fn spec(rules: &BarriersRules) -> RulesetSpec {
    let touch = match rules.touch() {
        Touch::Cells => BarriersTouch::Cells,
        Touch::Sides => BarriersTouch::Sides,
        Touch::Corners => BarriersTouch::Corners,
    };
    RulesetSpec::Barriers(BarriersOptions { width: rules.width(), height: rules.height(), touch })
}

impl Kind for Barriers {
    fn kind(&self) -> GameKind {
        GameKind::Barriers
    }

    fn display_name(&self) -> &'static str {
        "Barriers"
    }

    fn typical_turns_per_player(&self) -> u64 {
        TYPICAL_TURNS_PER_PLAYER
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        record::record(game)
    }

    fn read_records(&self, text: &str) -> ReadGames {
        import::read_games(text)
    }

    fn sized_ruleset(&self, size: u8) -> Result<Ruleset, ToolError> {
        ruleset(&BarriersOptions { width: size, height: size, ..BarriersOptions::default() })
            .map_err(|error| ToolError(format!("--size: {error}")))
    }

    fn perft(&self, setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
        tools::perft(setup, depth)
    }

    fn solve(&self, setup: &Setup, budget: u64) -> Result<Solved, ToolError> {
        tools::solve(setup, budget)
    }

    fn replay(&self, file: &str, text: &str) -> Tally {
        tools::replay(file, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_reaches_the_rules_and_comes_back() {
        for touch in [BarriersTouch::Cells, BarriersTouch::Sides, BarriersTouch::Corners] {
            for (width, height) in [(2, 2), (5, 7), (12, 12)] {
                let options = BarriersOptions { width, height, touch };
                let rules = ruleset(&options).expect("valid");
                assert_eq!(super::super::spec(&rules), RulesetSpec::Barriers(options));
            }
        }
        for (width, height) in [(1, 5), (5, 13), (0, 0)] {
            assert!(ruleset(&BarriersOptions { width, height, ..BarriersOptions::default() }).is_err());
        }
    }
}
