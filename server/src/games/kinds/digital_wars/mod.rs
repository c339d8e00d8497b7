//! Digital Wars (Digital Deletions) in the server: the length, start and ending from a client's ruleset (a drawn
//! string's seed settled when the game is created, as Dots' random start), and the game's own record files out
//! and in.

mod import;
mod record;
mod tools;

use kartka_engine::digital_wars::{DigitalWarsRules, Ending, Start};
use kartka_engine::{GameKind, Ruleset};
use kartka_protocol::kinds::digital_wars::{DigitalWarsEnding, DigitalWarsOptions};
use kartka_protocol::RulesetSpec;

use super::{Kind, RulesetError};
use crate::games::records::{ExportError, ReadGames, RecordParts};
use crate::games::tools::{Setup, Solved, Tally, ToolError};

/// Moves per player in a typical game: a string of 20 digits is lowered and cut down in about a dozen each.
const TYPICAL_TURNS_PER_PLAYER: u64 = 12;

/// Digital Wars, as the registry lists it.
pub struct DigitalWars;

/// The rules of a game from a client, validated: a seed only for a drawn string.
pub fn ruleset(options: &DigitalWarsOptions) -> Result<Ruleset, RulesetError> {
    let start = match (options.pie, options.seed) {
        (true, Some(_)) => return Err(RulesetError::Invalid("a seed is only for a drawn string, not with pie".into())),
        (true, None) => Start::Pie,
        (false, seed) => Start::Random { seed: seed.map_or(0, u64::from) },
    };
    let ending = match options.ending {
        DigitalWarsEnding::Misere => Ending::Misere,
        DigitalWarsEnding::Normal => Ending::Normal,
    };
    let rules = DigitalWarsRules::new(options.length, start, ending).map_err(RulesetError::invalid)?;
    Ok(Ruleset::DigitalWars(rules))
}

/// The protocol's ruleset of a game's rules. The server draws 32-bit seeds, and the import refuses a record whose
/// seed is larger (`import::checked`), so every seed here fits the wire's.
pub fn spec(rules: &DigitalWarsRules) -> RulesetSpec {
    let (pie, seed) = match rules.start() {
        Start::Pie => (true, None),
        Start::Random { seed } => (false, Some(seed as u32)),
    };
    let ending = match rules.ending() {
        Ending::Misere => DigitalWarsEnding::Misere,
        Ending::Normal => DigitalWarsEnding::Normal,
    };
    RulesetSpec::DigitalWars(DigitalWarsOptions { length: rules.length(), pie, ending, seed })
}

impl Kind for DigitalWars {
    fn kind(&self) -> GameKind {
        GameKind::DigitalWars
    }

    fn display_name(&self) -> &'static str {
        "Digital Wars"
    }

    fn typical_turns_per_player(&self) -> u64 {
        TYPICAL_TURNS_PER_PLAYER
    }

    fn settle(&self, mut spec: RulesetSpec, draw: u32) -> RulesetSpec {
        if let RulesetSpec::DigitalWars(DigitalWarsOptions { pie: false, seed, .. }) = &mut spec {
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
        for ending in [DigitalWarsEnding::Misere, DigitalWarsEnding::Normal] {
            for (pie, seed) in [(true, None), (false, Some(0)), (false, Some(u32::MAX))] {
                let options = DigitalWarsOptions { length: 5, pie, ending, seed };
                let rules = ruleset(&options).expect("valid");
                assert_eq!(super::super::spec(&rules), RulesetSpec::DigitalWars(options));
            }
        }
        let pie_with_seed = DigitalWarsOptions { pie: true, seed: Some(3), ..DigitalWarsOptions::default() };
        assert!(ruleset(&pie_with_seed).is_err());
        assert!(ruleset(&DigitalWarsOptions { length: 31, ..DigitalWarsOptions::default() }).is_err());
    }

    #[test]
    fn a_new_game_settles_a_drawn_strings_seed_and_nothing_else() {
        let drawn = RulesetSpec::DigitalWars(DigitalWarsOptions::default());
        assert!(matches!(
            DigitalWars.settle(drawn, 99),
            RulesetSpec::DigitalWars(DigitalWarsOptions { seed: Some(99), .. })
        ));
        let pie = RulesetSpec::DigitalWars(DigitalWarsOptions { pie: true, ..DigitalWarsOptions::default() });
        assert_eq!(DigitalWars.settle(pie, 99), pie);
    }
}
