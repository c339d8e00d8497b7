//! A Points and segments game as a record of its own format: tags, then `1. 3-11 4-5 2. …`.

use kartka_engine::points_and_segments::{parse_segments, PointsRecord};
use kartka_engine::soccer::Tag;
use kartka_engine::Ruleset;
use kartka_protocol::GameStatus;

use crate::games::convert::seat;
use crate::games::kinds;
use crate::games::records::{player_tags, ExportError, RecordParts};

/// The record of a Points and segments game; the first seat is `White` (the result is in the chess order).
pub fn record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.to_string()))? {
        Ruleset::PointsAndSegments(rules) => rules,
        other => return Err(ExportError::Ruleset(format!("{other:?} is not a Points and segments ruleset"))),
    };
    let mut moves = Vec::with_capacity(game.moves.len());
    for text in &game.moves {
        moves.extend(parse_segments(text).map_err(|e| ExportError::Moves(e.to_string()))?);
    }
    let winner = match (game.status, game.result.as_ref()) {
        (GameStatus::Finished, Some(result)) => result.winner.map(seat),
        _ => None,
    };
    let tags = player_tags(game).into_iter().map(|(name, value)| Tag { name, value }).collect();
    let record = PointsRecord { rules, tags, moves, winner };
    // Every move the server stored was legal; a record that does not replay is a damaged game.
    record.replay().map_err(|e| ExportError::Moves(e.to_string()))?;
    Ok(record.write())
}
