//! Paper Soccer played as a match of points (`classic+centre`, rules §4) in the server: its pitch from a
//! client's ruleset, the admin's view and picture (the classic ones with the score), records with the
//! `Variant` and `Score` headers out and in, and the command-line tools.

mod import;
mod record;
mod svg;
mod tools;
mod view;

use kartka_engine::soccer::Pitch;
use kartka_engine::soccer_centre::{CentreRecord, CentreRules, Position};
use kartka_engine::{AnyGame, GameKind, Ruleset};
use kartka_protocol::kinds::PositionView;
use kartka_protocol::RulesetSpec;

use super::{scored, Kind, RulesetError};
use crate::games::records::{ExportError, ReadGames, RecordParts};
use crate::games::tools::{Setup, Tally, ToolError};

/// Turns per player in a typical match: a match plays on after each point until the centre is full, longer
/// than a classic game (about 20 per player); 28 is the most the speed classes allow (a bullet game of 180 s
/// with 6 s increments must stay bullet), and no corpus of matches exists to measure.
const TYPICAL_TURNS_PER_PLAYER: u64 = 28;

/// Paper Soccer as a match of points, as the registry lists it.
pub struct SoccerCentre;

/// The rules of a pitch from a client, validated as a classic pitch.
pub fn ruleset(width: u8, height: u8, goal: u8) -> Result<Ruleset, RulesetError> {
    let pitch = Pitch::new(width, height, goal).map_err(|error| RulesetError(error.to_string()))?;
    Ok(Ruleset::PaperSoccerCentre(CentreRules { pitch }))
}

/// The protocol's ruleset of a pitch.
fn spec_of(pitch: Pitch) -> RulesetSpec {
    RulesetSpec::PaperSoccerCentre { width: pitch.width(), height: pitch.height(), goal: pitch.goal_width() }
}

/// The match inside `game`; the registry hands this module only its own games.
fn position(game: &AnyGame) -> &Position {
    match game {
        AnyGame::PaperSoccerCentre(position) => position,
        other => unreachable!("the registry handed a {} game to Paper Soccer (centre)", other.kind()),
    }
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

    fn spec(&self, ruleset: &Ruleset) -> RulesetSpec {
        match ruleset {
            Ruleset::PaperSoccerCentre(rules) => spec_of(rules.pitch),
            other => unreachable!("the registry handed {other:?} to Paper Soccer (centre)"),
        }
    }

    fn view(&self, game: &AnyGame, ply: u32) -> PositionView {
        PositionView::PaperSoccerCentre(view::view(position(game), ply))
    }

    fn picture(&self, game: &AnyGame, title: &str) -> String {
        svg::render(position(game), title)
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        record::record(game)
    }

    fn kurnik_record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        record::kurnik_record(game)
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
