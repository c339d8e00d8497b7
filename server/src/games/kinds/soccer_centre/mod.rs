//! Paper Soccer played as a match of points (`classic+centre`, rules §4) in the server: its pitch from a
//! client's ruleset, records with the `Variant` and `Score` headers out and in, and the command-line tools.

mod import;
mod record;
mod tools;

use kartka_engine::soccer::Pitch;
use kartka_engine::soccer_centre::{CentreRecord, CentreRules};
use kartka_engine::{GameKind, Ruleset};
use kartka_protocol::kinds::paper_soccer::PaperSoccerOptions;
use kartka_protocol::RulesetSpec;

use super::{scored, Kind, RulesetError};
use crate::games::records::{ExportError, ForeignFormat, ReadGames, RecordParts};
use crate::games::tools::{Setup, Tally, ToolError};

/// Turns per player in a typical match: a match plays on after each point until the centre is full, longer
/// than a classic game (about 20 per player); 28 is the most the speed classes allow (a bullet game of 180 s
/// with 6 s increments must stay bullet), and no corpus of matches exists to measure.
const TYPICAL_TURNS_PER_PLAYER: u64 = 28;

/// Paper Soccer as a match of points, as the registry lists it.
pub struct SoccerCentre;

/// The rules of a pitch from a client, validated as a classic pitch.
pub fn ruleset(options: &PaperSoccerOptions) -> Result<Ruleset, RulesetError> {
    let PaperSoccerOptions { width, height, goal } = *options;
    let pitch = Pitch::new(width, height, goal).map_err(RulesetError::invalid)?;
    Ok(Ruleset::PaperSoccerCentre(CentreRules { pitch }))
}

/// The protocol's ruleset of a pitch.
pub fn spec(rules: &CentreRules) -> RulesetSpec {
    spec_of(rules.pitch)
}

/// The protocol's ruleset of a pitch.
fn spec_of(pitch: Pitch) -> RulesetSpec {
    RulesetSpec::PaperSoccerCentre(PaperSoccerOptions {
        width: pitch.width(),
        height: pitch.height(),
        goal: pitch.goal_width(),
    })
}

impl Kind for SoccerCentre {
    fn kind(&self) -> GameKind {
        GameKind::PaperSoccerCentre
    }

    fn display_name(&self) -> &'static str {
        "Paper Soccer (points)"
    }

    fn typical_turns_per_player(&self) -> u64 {
        TYPICAL_TURNS_PER_PLAYER
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        record::record(game)
    }

    fn foreign_formats(&self) -> &'static [ForeignFormat] {
        record::FORMATS
    }

    fn read_records(&self, text: &str) -> ReadGames {
        scored::read_games::<CentreRecord>(text)
    }

    fn perft(&self, setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
        tools::perft(setup, depth)
    }

    fn replay(&self, file: &str, text: &str) -> Tally {
        tools::replay(file, text)
    }
}
