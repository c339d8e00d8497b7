//! A game as the rules' tagged record (engine `balda::write_record`): the options, the list by name and hash,
//! the seed and the start word, kartka's player tags, the finished game's `Ranks` (one per seat, first seat
//! first), then the moves.

use kartka_engine::balda::{parse_moves, write_record, BaldaRecord, BaldaRules};
use kartka_engine::soccer::Tag;
use kartka_engine::Ruleset;
use kartka_protocol::GameStatus;

use crate::games::kinds;
use crate::games::records::{player_tags, ExportError, RecordParts};

/// The tag of a finished game's ranks, one per seat separated by spaces (`1 2`; equal scores share a rank).
pub(super) const RANKS_TAG: &str = "Ranks";

/// The rules of a stored game's ruleset.
fn rules_of(game: &RecordParts<'_>) -> Result<BaldaRules, ExportError> {
    match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.0))? {
        Ruleset::Balda(rules) => Ok(rules),
        other => Err(ExportError::Ruleset(format!("{other:?} is not a Balda ruleset"))),
    }
}

/// The record of a game: the first seat is `White`, the second `Black`, then `Player3` and `Player4`.
pub fn record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = rules_of(game)?;
    let mut moves = Vec::with_capacity(game.moves.len());
    for text in &game.moves {
        moves.extend(parse_moves(text).map_err(|e| ExportError::Moves(e.to_string()))?);
    }
    let mut record = BaldaRecord::of(rules, moves);
    record.tags = player_tags(game).into_iter().map(|(name, value)| Tag { name, value }).collect();
    if let (GameStatus::Finished, Some(result)) = (game.status, game.result.as_ref()) {
        let ranks = result.ranks.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
        record.tags.push(Tag { name: RANKS_TAG.to_owned(), value: ranks });
    }
    // Every move the server stored was legal; one that does not replay is a damaged game.
    record.replay().map_err(|e| ExportError::Moves(e.to_string()))?;
    Ok(write_record(&record))
}
