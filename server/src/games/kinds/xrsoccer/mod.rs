//! xrsoccer (rules §4a) in the server: its field and target from a client's ruleset, records with the
//! `Variant`, `Target` and `Score` headers out and in, and the command-line tools.

mod import;
mod record;
mod tools;

use kartka_engine::xrsoccer::{XrRecord, XrRules};
use kartka_engine::{GameKind, Ruleset};
use kartka_protocol::kinds::xrsoccer::XrsoccerOptions;
use kartka_protocol::RulesetSpec;

use super::{scored, Kind, RulesetError};
use crate::games::records::{ExportError, ReadGames, RecordParts};
use crate::games::tools::{Setup, Tally, ToolError};

/// Turns per player in a typical match to 5: a point takes a few lines of 3 steps on a 12 × 18 field, about
/// five lines each; an estimate, as no corpus of matches exists.
const TYPICAL_TURNS_PER_PLAYER: u64 = 25;

/// xrsoccer, as the registry lists it.
pub struct Xrsoccer;

/// The rules of a field and target from a client, validated.
pub fn ruleset(options: &XrsoccerOptions) -> Result<Ruleset, RulesetError> {
    let XrsoccerOptions { width, length, target } = *options;
    let rules = XrRules::new(width, length, target).map_err(RulesetError::invalid)?;
    Ok(Ruleset::Xrsoccer(rules))
}

/// The protocol's ruleset of a field and target.
pub fn spec(rules: &XrRules) -> RulesetSpec {
    spec_of(*rules)
}

/// The protocol's ruleset of a match's rules.
fn spec_of(rules: XrRules) -> RulesetSpec {
    RulesetSpec::Xrsoccer(XrsoccerOptions { width: rules.width(), length: rules.length(), target: rules.target() })
}

impl Kind for Xrsoccer {
    fn kind(&self) -> GameKind {
        GameKind::Xrsoccer
    }

    fn display_name(&self) -> &'static str {
        "xrsoccer"
    }

    fn typical_turns_per_player(&self) -> u64 {
        TYPICAL_TURNS_PER_PLAYER
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        record::record(game)
    }

    fn read_records(&self, text: &str) -> ReadGames {
        scored::read_games::<XrRecord>(text)
    }

    fn perft(&self, setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
        tools::perft(setup, depth)
    }

    fn replay(&self, file: &str, text: &str) -> Tally {
        tools::replay(file, text)
    }
}
