//! Closing In (Domykanie) in the server: the board size from a client's ruleset, and the game's own record
//! files out and in.

mod import;
mod record;
mod tools;

use kartka_engine::closing_in::BoardSize;
use kartka_engine::{GameKind, Ruleset};
use kartka_protocol::kinds::closing_in::ClosingInOptions;
use kartka_protocol::RulesetSpec;

use super::{Kind, RulesetError};
use crate::games::records::{ExportError, ReadGames, RecordParts};
use crate::games::tools::{Setup, Solved, Tally, ToolError};

/// Turns per player in a typical game: the seed's sample game ends after 7 moves each, and a 6×6 board holds
/// at most 18 per player.
const TYPICAL_TURNS_PER_PLAYER: u64 = 10;

/// Closing In, as the registry lists it.
pub struct ClosingIn;

/// The rules of a board from a client, validated.
pub fn ruleset(options: &ClosingInOptions) -> Result<Ruleset, RulesetError> {
    let size = BoardSize::new(options.size).map_err(RulesetError::invalid)?;
    Ok(Ruleset::ClosingIn(size))
}

/// The protocol's ruleset of a board.
pub fn spec(size: &BoardSize) -> RulesetSpec {
    spec_of(*size)
}

/// The protocol's ruleset of a board size.
fn spec_of(size: BoardSize) -> RulesetSpec {
    RulesetSpec::ClosingIn(ClosingInOptions { size: size.get() })
}

impl Kind for ClosingIn {
    fn kind(&self) -> GameKind {
        GameKind::ClosingIn
    }

    fn display_name(&self) -> &'static str {
        "Closing In"
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
        ruleset(&ClosingInOptions { size }).map_err(|error| ToolError(format!("--size: {error}")))
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
