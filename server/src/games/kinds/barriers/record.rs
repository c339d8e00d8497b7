//! A Barriers game as a record of its own format: tags, then `1. e2e3 f5g5 2. …`.

use kartka_engine::barriers::{parse_bars, BarriersRecord, RecordResult};
use kartka_engine::soccer::Tag;
use kartka_engine::Ruleset;
use kartka_protocol::GameStatus;

use crate::games::convert::seat;
use crate::games::kinds;
use crate::games::records::{player_tags, ExportError, RecordParts};

/// The record of a Barriers game; the first seat is `White` (the result is in the chess order).
pub fn record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.to_string()))? {
        Ruleset::Barriers(rules) => rules,
        other => return Err(ExportError::Ruleset(format!("{other:?} is not a Barriers ruleset"))),
    };
    let moves = parse_bars(&game.moves.concat()).map_err(|e| ExportError::Moves(e.to_string()))?;
    let result = match (game.status, game.result.as_ref()) {
        (GameStatus::Finished, Some(result)) => RecordResult::of_winner(result.winner.map(seat)),
        _ => RecordResult::Unknown,
    };
    let tags = player_tags(game).into_iter().map(|(name, value)| Tag { name, value }).collect();
    let record = BarriersRecord { rules, tags, moves, result };
    // Every move the server stored was legal; a record that does not replay is a damaged game.
    record.replay().map_err(|e| ExportError::Moves(e.to_string()))?;
    Ok(record.write())
}
