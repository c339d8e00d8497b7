//! A race as the rules' tagged record (engine `racetrack::write_record`): the track by name and hash, the
//! options, kartka's player tags, the seats that left while the race went on as `Departures` (each after its
//! number of moves), the finished race's `Ranks` (one per seat, first seat first), then the moves.

use kartka_engine::dots_and_boxes::{Departure, DepartureReason};
use kartka_engine::racetrack::{parse_moves, write_record, RacetrackRecord, RacetrackRules};
use kartka_engine::soccer::Tag;
use kartka_engine::Ruleset;
use kartka_protocol::GameStatus;

use crate::games::records::{player_tags, ExportError, RecordParts};
use crate::games::{convert, kinds};

/// The tag of a finished race's ranks, one per seat separated by spaces (`1 2`; cars that tie share a rank).
pub(super) const RANKS_TAG: &str = "Ranks";

/// The rules of a stored game's ruleset.
fn rules_of(game: &RecordParts<'_>) -> Result<RacetrackRules, ExportError> {
    match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.0))? {
        Ruleset::Racetrack(rules) => Ok(rules),
        other => Err(ExportError::Ruleset(format!("{other:?} is not a Racetrack ruleset"))),
    }
}

/// The departures of a stored game as the record's: a ply is the moves played when the seat left.
fn departures_of(game: &RecordParts<'_>) -> Result<Vec<Departure>, ExportError> {
    game.departed
        .iter()
        .map(|departure| {
            let reason = convert::departure_reason(departure.reason)
                .and_then(DepartureReason::of)
                .ok_or_else(|| ExportError::Moves(format!("{:?} is no departure", departure.reason)))?;
            Ok(Departure { seat: convert::seat(departure.seat), after: departure.ply, reason })
        })
        .collect()
}

/// The record of a race: the first seat is `White`, the second `Black`, then `Player3` to `Player6`.
pub fn record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = rules_of(game)?;
    let mut moves = Vec::with_capacity(game.moves.len());
    for text in &game.moves {
        moves.extend(parse_moves(text).map_err(|e| ExportError::Moves(e.to_string()))?);
    }
    let mut record = RacetrackRecord::of(rules, departures_of(game)?, moves);
    record.tags = player_tags(game).into_iter().map(|(name, value)| Tag { name, value }).collect();
    if let (GameStatus::Finished, Some(result)) = (game.status, game.result.as_ref()) {
        let ranks = result.ranks.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
        record.tags.push(Tag { name: RANKS_TAG.to_owned(), value: ranks });
    }
    // Every move the server stored was legal; one that does not replay is a damaged game.
    record.replay().map_err(|e| ExportError::Moves(e.to_string()))?;
    Ok(write_record(&record))
}
