//! Paper Soccer (Piłkarzyki) in the server: its pitch from a client's ruleset, and kurnik record files out
//! (its own record, and the foreign format `kurnik`) and in.

mod import;
pub(super) mod record;
mod tools;

use kartka_engine::soccer::{Pitch, SoccerRules};
use kartka_engine::{GameKind, Ruleset};
use kartka_protocol::kinds::paper_soccer::PaperSoccerOptions;
use kartka_protocol::RulesetSpec;

use super::{Kind, RulesetError};
use crate::games::records::{ExportError, ForeignFormat, ReadGames, RecordParts};
use crate::games::tools::{Setup, Tally, ToolError};

/// Turns per player in a typical game: the kurnik corpus has a median of 41 turns per game (see
/// docs/first-player-advantage.md), so each player's clock sees about 20 increments.
const TYPICAL_TURNS_PER_PLAYER: u64 = 20;

/// Paper Soccer, as the registry lists it.
pub struct PaperSoccer;

/// The rules of a pitch from a client, validated.
pub fn ruleset(options: &PaperSoccerOptions) -> Result<Ruleset, RulesetError> {
    let PaperSoccerOptions { width, height, goal } = *options;
    let pitch = Pitch::new(width, height, goal).map_err(RulesetError::invalid)?;
    Ok(Ruleset::PaperSoccer(SoccerRules { pitch }))
}

/// The protocol's ruleset of Paper Soccer's rules (the registry's `spec` hands them over).
pub fn spec(rules: &SoccerRules) -> RulesetSpec {
    spec_of(rules.pitch)
}

/// The protocol's ruleset of a pitch.
fn spec_of(pitch: Pitch) -> RulesetSpec {
    RulesetSpec::PaperSoccer(PaperSoccerOptions {
        width: pitch.width(),
        height: pitch.height(),
        goal: pitch.goal_width(),
    })
}

impl Kind for PaperSoccer {
    fn kind(&self) -> GameKind {
        GameKind::PaperSoccer
    }

    fn display_name(&self) -> &'static str {
        "Paper Soccer"
    }

    fn typical_turns_per_player(&self) -> u64 {
        TYPICAL_TURNS_PER_PLAYER
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        record::own_record(game)
    }

    fn foreign_formats(&self) -> &'static [ForeignFormat] {
        record::FORMATS
    }

    fn read_records(&self, text: &str) -> ReadGames {
        import::read_games(text)
    }

    fn perft(&self, setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
        tools::perft(setup, depth)
    }

    fn replay(&self, file: &str, text: &str) -> Tally {
        tools::replay(file, text)
    }
}

#[cfg(test)]
mod tests {
    use kartka_protocol::{SpeedClass, TimeControl};

    use super::*;
    use crate::ratings::speed::speed_class;

    fn class(initial_seconds: u32, increment_seconds: u32) -> SpeedClass {
        let kurnik = spec_of(Pitch::STANDARD);
        speed_class(&kurnik, &TimeControl::Fischer { initial_seconds, increment_seconds })
    }

    #[test]
    fn kurnik_time_controls_fall_into_the_expected_classes() {
        assert_eq!(class(60, 0), SpeedClass::Bullet);
        assert_eq!(class(120, 0), SpeedClass::Bullet);
        assert_eq!(class(180, 0), SpeedClass::Blitz);
        assert_eq!(class(300, 0), SpeedClass::Blitz);
        assert_eq!(class(420, 0), SpeedClass::Blitz);
        assert_eq!(class(600, 0), SpeedClass::Rapid);
        assert_eq!(class(900, 0), SpeedClass::Rapid);
        assert_eq!(class(1500, 0), SpeedClass::Classical);
        assert_eq!(class(60, 6), SpeedClass::Blitz, "increments count: 60 + 20 × 6 = 180 s");
    }
}
