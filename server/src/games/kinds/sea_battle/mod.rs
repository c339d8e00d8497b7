//! Sea Battle in the server: the rules from a client's options (the fleet, and `touching` and `shoot_again`
//! where they differ from its defaults), the record of a game that is over (the shared record of the kinds with
//! secrets, [`super::hidden`], with the rules tags), and `kartka replay` by the engine's verification.
//!
//! Record files of Sea Battle are not imported (the import refuses every kind with secrets); there is no perft
//! (setup's fleets cannot be listed) and no solver.

use kartka_engine::sea_battle::{FleetKind, SeaBattleRecord, SeaBattleRules, Touching};
use kartka_engine::{EndReason, GameKind, Ruleset};
use kartka_protocol::kinds::sea_battle::{SeaBattleFleet, SeaBattleOptions, SeaBattleTouching};
use kartka_protocol::RulesetSpec;

use super::{hidden, Kind, RulesetError};
use crate::games::records::{ExportError, ReadGames, RecordParts};
use crate::games::tools::{Setup, Tally, ToolError};

/// Turns per player in a typical game: a classic fleet takes some 50 shots to sink, a hit shooting again, so
/// about 30 turns a player, besides the fleet.
const TYPICAL_TURNS_PER_PLAYER: u64 = 30;

/// Sea Battle, as the registry lists it.
pub struct SeaBattle;

/// The rules of a client's options: every combination is a game, so none is refused.
#[must_use]
pub fn rules(options: &SeaBattleOptions) -> SeaBattleRules {
    let fleet = match options.fleet {
        SeaBattleFleet::Classic => FleetKind::Classic,
        SeaBattleFleet::Hasbro => FleetKind::Hasbro,
    };
    let mut rules = SeaBattleRules::of_fleet(fleet);
    if let Some(touching) = options.touching {
        rules = rules.with_touching(match touching {
            SeaBattleTouching::None => Touching::None,
            SeaBattleTouching::Sides => Touching::Sides,
            SeaBattleTouching::Any => Touching::Any,
        });
    }
    if let Some(shoot_again) = options.shoot_again {
        rules = rules.with_shoot_again(shoot_again);
    }
    rules
}

/// The rules of a client's options ([`rules`]).
pub fn ruleset(options: &SeaBattleOptions) -> Result<Ruleset, RulesetError> {
    Ok(Ruleset::SeaBattle(rules(options)))
}

/// The protocol's ruleset of Sea Battle's rules (the registry's `spec` hands them over): `touching` and
/// `shoot_again` only where they differ from the fleet's defaults, so the spec of a ruleset is one.
pub fn spec(rules: &SeaBattleRules) -> RulesetSpec {
    let defaults = SeaBattleRules::of_fleet(rules.fleet());
    let fleet = match rules.fleet() {
        FleetKind::Classic => SeaBattleFleet::Classic,
        FleetKind::Hasbro => SeaBattleFleet::Hasbro,
    };
    let touching = (rules.touching() != defaults.touching()).then_some(match rules.touching() {
        Touching::None => SeaBattleTouching::None,
        Touching::Sides => SeaBattleTouching::Sides,
        Touching::Any => SeaBattleTouching::Any,
    });
    let shoot_again = (rules.shoot_again() != defaults.shoot_again()).then_some(rules.shoot_again());
    RulesetSpec::SeaBattle(SeaBattleOptions { fleet, touching, shoot_again })
}

impl Kind for SeaBattle {
    fn kind(&self) -> GameKind {
        GameKind::SeaBattle
    }

    fn display_name(&self) -> &'static str {
        "Sea Battle"
    }

    fn typical_turns_per_player(&self) -> u64 {
        TYPICAL_TURNS_PER_PLAYER
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        let Ruleset::SeaBattle(rules) =
            super::ruleset(&game.ruleset).map_err(|error| ExportError::Ruleset(error.to_string()))?
        else {
            return Err(ExportError::Ruleset(format!("{:?} is not a Sea Battle ruleset", game.ruleset)));
        };
        Ok(SeaBattleRecord { rules, record: hidden::record(game)? }.write())
    }

    fn read_records(&self, text: &str) -> ReadGames {
        hidden::not_imported(text)
    }

    fn perft(&self, _setup: &Setup, _depth: usize) -> Result<Vec<u64>, ToolError> {
        Err(ToolError("--game: sea-battle has no perft: the fleets of its setup cannot be listed".to_owned()))
    }

    fn replay(&self, file: &str, text: &str) -> Tally {
        hidden::replay(file, text, SeaBattleRecord::read, SeaBattleRecord::verify, |reason| match reason {
            EndReason::FleetSunk => "fleet sunk",
            _ => "other",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_options_are_the_engines_default_rules() {
        assert_eq!(ruleset(&SeaBattleOptions::default()).expect("valid"), GameKind::SeaBattle.default_ruleset());
        assert_eq!(
            super::super::default_spec(GameKind::SeaBattle),
            RulesetSpec::SeaBattle(SeaBattleOptions::default())
        );
    }

    #[test]
    fn options_left_out_are_the_fleets_defaults_and_the_spec_names_only_what_differs() {
        let hasbro = SeaBattleOptions { fleet: SeaBattleFleet::Hasbro, touching: None, shoot_again: None };
        assert_eq!(rules(&hasbro), SeaBattleRules::hasbro());
        let close = SeaBattleOptions { touching: Some(SeaBattleTouching::Sides), shoot_again: Some(false), ..hasbro };
        let rules = rules(&close);
        assert_eq!((rules.touching(), rules.shoot_again()), (Touching::Sides, false));
        assert_eq!(spec(&rules), RulesetSpec::SeaBattle(SeaBattleOptions { shoot_again: None, ..close }));
        let restated = SeaBattleOptions { touching: Some(SeaBattleTouching::Any), ..hasbro };
        assert_eq!(spec(&self::rules(&restated)), RulesetSpec::SeaBattle(hasbro), "a default is not written");
    }
}
