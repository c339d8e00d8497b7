//! Points and segments in the server: the rules from a client's ruleset (the lattice's seed drawn when a game
//! is created), and the game's own record files out and in.

mod import;
mod record;
mod tools;

use kartka_engine::points_and_segments::{PointsRules, Start};
use kartka_engine::{GameKind, Ruleset};
use kartka_protocol::kinds::points_and_segments::{PointsAndSegmentsOptions, PointsStart};
use kartka_protocol::RulesetSpec;

use super::{Kind, RulesetError};
use crate::games::records::{ExportError, ReadGames, RecordParts};
use crate::games::tools::{Setup, Solved, Tally, ToolError};

/// Turns per player in a typical game: 15 points make at most 7 segments, 3 or 4 each.
const TYPICAL_TURNS_PER_PLAYER: u64 = 4;

/// Points and segments, as the registry lists it.
pub struct PointsAndSegments;

/// The rules of a game from a client, validated: a lattice without a seed yet (a request's, before the server
/// draws one) is seed 0; a convex start takes none.
pub fn ruleset(options: &PointsAndSegmentsOptions) -> Result<Ruleset, RulesetError> {
    let start = match (options.start, options.seed) {
        (PointsStart::Lattice, seed) => Start::Lattice { seed: seed.unwrap_or_default() },
        (PointsStart::Convex, None) => Start::Convex,
        (PointsStart::Convex, Some(_)) => return Err(RulesetError::Invalid("a convex start has no seed".to_owned())),
    };
    PointsRules::new(options.points, start).map(Ruleset::PointsAndSegments).map_err(RulesetError::invalid)
}

/// The protocol's ruleset of the engine's rules.
pub fn spec(rules: &PointsRules) -> RulesetSpec {
    let (start, seed) = match rules.start() {
        Start::Lattice { seed } => (PointsStart::Lattice, Some(seed)),
        Start::Convex => (PointsStart::Convex, None),
    };
    RulesetSpec::PointsAndSegments(PointsAndSegmentsOptions { points: rules.points(), start, seed })
}

impl Kind for PointsAndSegments {
    fn kind(&self) -> GameKind {
        GameKind::PointsAndSegments
    }

    fn display_name(&self) -> &'static str {
        "Points and segments"
    }

    fn typical_turns_per_player(&self) -> u64 {
        TYPICAL_TURNS_PER_PLAYER
    }

    fn settle(&self, mut spec: RulesetSpec, draw: u32) -> RulesetSpec {
        if let RulesetSpec::PointsAndSegments(PointsAndSegmentsOptions { start: PointsStart::Lattice, seed, .. }) =
            &mut spec
        {
            *seed = Some(draw);
        }
        spec
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        record::record(game)
    }

    fn read_records(&self, text: &str) -> ReadGames {
        import::read_games(text)
    }

    fn sized_ruleset(&self, points: u8) -> Result<Ruleset, ToolError> {
        PointsRules::new(points, Start::Lattice { seed: 0 })
            .map(Ruleset::PointsAndSegments)
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

    fn options(start: PointsStart, seed: Option<u32>) -> PointsAndSegmentsOptions {
        PointsAndSegmentsOptions { points: 15, start, seed }
    }

    #[test]
    fn a_lattice_gets_the_drawn_seed_and_a_convex_start_none() {
        let lattice = RulesetSpec::PointsAndSegments(options(PointsStart::Lattice, Some(5)));
        assert_eq!(
            PointsAndSegments.settle(lattice, 99),
            RulesetSpec::PointsAndSegments(options(PointsStart::Lattice, Some(99)))
        );
        let convex = RulesetSpec::PointsAndSegments(options(PointsStart::Convex, None));
        assert_eq!(PointsAndSegments.settle(convex, 99), convex);
        assert!(ruleset(&options(PointsStart::Convex, Some(3))).is_err(), "a convex start with a seed is refused");
        assert!(ruleset(&PointsAndSegmentsOptions { points: 31, ..options(PointsStart::Convex, None) }).is_err());
        let settled = ruleset(&options(PointsStart::Lattice, Some(99))).expect("valid");
        let Ruleset::PointsAndSegments(rules) = settled else { panic!("{settled:?}") };
        assert_eq!(spec(&rules), RulesetSpec::PointsAndSegments(options(PointsStart::Lattice, Some(99))));
    }
}
