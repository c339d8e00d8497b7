//! A game as the rules' tagged record (engine `balda::write_record`): the options, the list by name and hash,
//! the seed and the start word, kartka's player tags, the finished game's `Ranks` (one per seat, first seat
//! first), then the moves.

use kartka_engine::balda::{parse_moves, write_record, BaldaRecord, BaldaRules};
use kartka_engine::Ruleset;

use crate::games::kinds;
use crate::games::kinds::ranked_records;
use crate::games::records::{ExportError, RecordParts};

/// The rules of a stored game's ruleset.
fn rules_of(game: &RecordParts<'_>) -> Result<BaldaRules, ExportError> {
    match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.to_string()))? {
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
    record.tags = ranked_records::tags(game);
    // Every move the server stored was legal; one that does not replay is a damaged game.
    record.replay().map_err(|e| ExportError::Moves(e.to_string()))?;
    Ok(write_record(&record))
}
