//! A race as the rules' tagged record (engine `racetrack::write_record`): the track by name and hash, the
//! options, kartka's player tags, the seats that left while the race went on as `Departures` (each after its
//! number of moves), the finished race's `Ranks` (one per seat, first seat first), then the moves.

use kartka_engine::racetrack::{parse_moves, write_record, RacetrackRecord, RacetrackRules};
use kartka_engine::Ruleset;

use crate::games::kinds;
use crate::games::kinds::ranked_records;
use crate::games::records::{ExportError, RecordParts};

/// The rules of a stored game's ruleset.
fn rules_of(game: &RecordParts<'_>) -> Result<RacetrackRules, ExportError> {
    match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.to_string()))? {
        Ruleset::Racetrack(rules) => Ok(rules),
        other => Err(ExportError::Ruleset(format!("{other:?} is not a Racetrack ruleset"))),
    }
}

/// The record of a race: the first seat is `White`, the second `Black`, then `Player3` to `Player6`.
pub fn record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = rules_of(game)?;
    let mut moves = Vec::with_capacity(game.moves.len());
    for text in &game.moves {
        moves.extend(parse_moves(text).map_err(|e| ExportError::Moves(e.to_string()))?);
    }
    let mut record = RacetrackRecord::of(rules, ranked_records::departures(game)?, moves);
    record.tags = ranked_records::tags(game);
    // Every move the server stored was legal; one that does not replay is a damaged game.
    record.replay().map_err(|e| ExportError::Moves(e.to_string()))?;
    Ok(write_record(&record))
}
