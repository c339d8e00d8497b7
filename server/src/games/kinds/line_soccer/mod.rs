//! The Paper Soccer variants on the lines-and-kicks model in the server: `line-soccer` (the `line` ruleset
//! and its parameter set `line/opcja1`) and `russian-soccer`. Both kinds share this module: the engine plays
//! them on one model (`kartka_engine::line_soccer`) and writes them in one record format (§5, the `[Variant]`
//! header naming the ruleset); they differ in their rules and their names.

mod import;
mod record;
mod tools;

use kartka_engine::line_soccer::{LinePreset, LineRules, RussianRules, VariantRules};
use kartka_engine::{GameKind, Ruleset};
use kartka_protocol::kinds::line_soccer::LinePresetName;
use kartka_protocol::kinds::{line_soccer::LineSoccerOptions, line_soccer::RussianSoccerOptions};
use kartka_protocol::RulesetSpec;

use super::{Kind, RulesetError};
use crate::games::records::{ExportError, ReadGames, RecordParts};
use crate::games::tools::{Setup, Tally, ToolError};

/// Turns per player in a typical `line` game: our estimate, as no corpus exists. A 20 × 30 field has 551 inner
/// points and a line takes three, but a goal ends a game long before the field fills.
const LINE_TURNS_PER_PLAYER: u64 = 25;
/// Turns per player in a typical `russian` game: our estimate, as for `line`. The field is larger, but
/// penalties of 6 carry the ball towards the goals.
const RUSSIAN_TURNS_PER_PLAYER: u64 = 28;

/// One of the two kinds on the lines-and-kicks model, as the registry lists it: they share every record file
/// and tool, and differ only in what is said here.
pub struct LineModelKind {
    kind: GameKind,
    display_name: &'static str,
    typical_turns_per_player: u64,
}

/// Line Soccer (`line`, `line/opcja1`).
pub static LINE_SOCCER: LineModelKind = LineModelKind {
    kind: GameKind::LineSoccer,
    display_name: "Line Soccer",
    typical_turns_per_player: LINE_TURNS_PER_PLAYER,
};

/// Russian Paper Soccer (`russian`).
pub static RUSSIAN_SOCCER: LineModelKind = LineModelKind {
    kind: GameKind::RussianSoccer,
    display_name: "Russian Paper Soccer",
    typical_turns_per_player: RUSSIAN_TURNS_PER_PLAYER,
};

/// The rules of a `line-soccer` game from a client, validated against the sizes the preset allows.
pub fn line_ruleset(options: &LineSoccerOptions) -> Result<Ruleset, RulesetError> {
    let LineSoccerOptions { preset, width, length } = *options;
    let preset = match preset {
        LinePresetName::Line => LinePreset::Line,
        LinePresetName::Opcja1 => LinePreset::Opcja1,
    };
    let rules = LineRules::new(preset, width, length).map_err(RulesetError::invalid)?;
    Ok(Ruleset::LineSoccer(rules))
}

/// The rules of a `russian-soccer` game from a client, validated against the sizes `russian` allows.
pub fn russian_ruleset(options: &RussianSoccerOptions) -> Result<Ruleset, RulesetError> {
    let RussianSoccerOptions { width, length } = *options;
    let rules = RussianRules::new(width, length).map_err(RulesetError::invalid)?;
    Ok(Ruleset::RussianSoccer(rules))
}

/// The protocol's ruleset of Line Soccer's rules (the registry's `spec` hands them over).
pub fn line_spec(rules: &LineRules) -> RulesetSpec {
    spec_of(VariantRules::Line(*rules))
}

/// The protocol's ruleset of Russian Paper Soccer's rules (the registry's `spec` hands them over).
pub fn russian_spec(rules: &RussianRules) -> RulesetSpec {
    spec_of(VariantRules::Russian(*rules))
}

/// The protocol's ruleset of a game's rules, whichever of the two kinds.
fn spec_of(rules: VariantRules) -> RulesetSpec {
    match rules {
        VariantRules::Line(rules) => {
            let field = rules.field();
            let preset = match rules.kind() {
                LinePreset::Line => LinePresetName::Line,
                LinePreset::Opcja1 => LinePresetName::Opcja1,
            };
            RulesetSpec::LineSoccer(LineSoccerOptions { preset, width: field.width(), length: field.length() })
        }
        VariantRules::Russian(rules) => {
            let field = rules.field();
            RulesetSpec::RussianSoccer(RussianSoccerOptions { width: field.width(), length: field.length() })
        }
    }
}

/// The engine's rules of a ruleset of either kind, or `None` for another kind's.
fn variant_rules(ruleset: &Ruleset) -> Option<VariantRules> {
    match ruleset {
        Ruleset::LineSoccer(rules) => Some(VariantRules::Line(*rules)),
        Ruleset::RussianSoccer(rules) => Some(VariantRules::Russian(*rules)),
        _ => None,
    }
}

impl Kind for LineModelKind {
    fn kind(&self) -> GameKind {
        self.kind
    }

    fn display_name(&self) -> &'static str {
        self.display_name
    }

    fn typical_turns_per_player(&self) -> u64 {
        self.typical_turns_per_player
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        record::record(game)
    }

    fn read_records(&self, text: &str) -> ReadGames {
        import::read_games(text)
    }

    fn perft(&self, setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
        tools::perft(self.kind, setup, depth)
    }

    fn replay(&self, file: &str, text: &str) -> Tally {
        tools::replay(file, text)
    }
}
