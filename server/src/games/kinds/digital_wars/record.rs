//! A Digital Wars game as a record of its own format: the rules tags, then the turns in order.

use kartka_engine::digital_wars::{parse_actions, DigitalWarsRecord, RecordResult};
use kartka_engine::soccer::Tag;
use kartka_engine::Ruleset;
use kartka_protocol::GameStatus;

use crate::games::convert::seat;
use crate::games::kinds;
use crate::games::records::{player_tags, ExportError, RecordParts};

/// The record of a Digital Wars game; the first seat is `White` (the result is in the chess order).
pub fn record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.to_string()))? {
        Ruleset::DigitalWars(rules) => rules,
        other => return Err(ExportError::Ruleset(format!("{other:?} is not a Digital Wars ruleset"))),
    };
    let actions = parse_actions(&game.moves.join(" ")).map_err(|e| ExportError::Moves(e.to_string()))?;
    let result = match (game.status, game.result.as_ref()) {
        (GameStatus::Finished, Some(result)) => RecordResult::of_winner(result.winner.map(seat)),
        _ => RecordResult::Unknown,
    };
    let tags = player_tags(game).into_iter().map(|(name, value)| Tag { name, value }).collect();
    let record = DigitalWarsRecord { rules, tags, actions, result };
    // Every move the server stored was legal; a record that does not replay is a damaged game.
    record.replay().map_err(|e| ExportError::Moves(e.to_string()))?;
    Ok(record.write())
}
