//! Superghost's records in the server: a game as the rules' tagged record (engine [`SuperghostRecord`]: the list
//! by name and hash, the players, kartka's player tags, the seats that left while the game went on as
//! `Departures`, the finished game's `Ranks`, then the actions); files of them read back, each game replayed
//! through the engine by the list its record names (refused when this server lacks it), its result the rules'
//! when they (or a departure) ended it, else the recorded `Ranks`; and `kartka replay` of such files.
//!
//! The stored moves a record is written from are the public texts every viewer saw (`?+`, `>s!`): the notation
//! reads them as their actions, and the record writes the bare actions.

use kartka_engine::dots_and_boxes::DepartureReason;
use kartka_engine::superghost::{parse_actions, write_action, Position, SuperghostRecord, SuperghostRules};
use kartka_engine::{Game, Ruleset};
use kartka_protocol::GameResult;

use super::spec;
use crate::games::convert;
use crate::games::kinds;
use crate::games::kinds::ranked_records::{self, RANKS_TAG};
use crate::games::records::{split_records, ExportError, ReadGame, ReadGames, ReadMove, RecordParts};
use crate::games::replay::Left;
use crate::games::tools::{Recorded, Replayed, Tally};

/// The rules of a stored game's ruleset.
fn rules_of(game: &RecordParts<'_>) -> Result<SuperghostRules, ExportError> {
    match kinds::ruleset(&game.ruleset).map_err(|e| ExportError::Ruleset(e.to_string()))? {
        Ruleset::Superghost(rules) => Ok(rules),
        other => Err(ExportError::Ruleset(format!("{other:?} is not a Superghost ruleset"))),
    }
}

/// The record of a game: the first seat is `White`, the second `Black`, then `Player3` and `Player4`.
pub fn record(game: &RecordParts<'_>) -> Result<String, ExportError> {
    let rules = rules_of(game)?;
    let mut actions = Vec::with_capacity(game.moves.len());
    for text in &game.moves {
        actions.extend(parse_actions(text).map_err(|e| ExportError::Moves(e.to_string()))?);
    }
    let mut record = SuperghostRecord::of(rules, ranked_records::departures(game)?, actions);
    record.tags = ranked_records::tags(game);
    // Every move the server stored was legal; one that does not replay is a damaged game.
    record.replay().map_err(|e| ExportError::Moves(e.to_string()))?;
    Ok(record.write())
}

/// Every game of a file of Superghost records (each starts at its first tag), replayed and checked; the refused
/// ones with the reason.
pub fn read_games(text: &str) -> ReadGames {
    let records = split_records(text)
        .into_iter()
        .map(|text| SuperghostRecord::read(&text).map_err(|e| format!("malformed, {e}")));
    ReadGames::of_records(records, checked_game)
}

/// The result a record's `Ranks` tag gives, if it has one.
fn recorded_result(record: &SuperghostRecord) -> Result<Option<GameResult>, String> {
    ranked_records::recorded_result(record.tag(RANKS_TAG), record.players)
}

/// A record replayed through the engine: each action with the seat that played it (lost rounds and departures
/// decide whose turn it is), its departures, and its result.
fn checked_game(index: u64, record: &SuperghostRecord) -> Result<ReadGame, String> {
    let rules = record.rules().map_err(|e| e.to_string())?;
    let mut game = Position::new(rules);
    let mut departures = record.departures.iter().peekable();
    let mut leave = |game: &mut Position, played: usize| -> Result<(), String> {
        while let Some(left) = departures.next_if(|left| left.after as usize == played) {
            game.seat_left(left.seat, left.reason.end_reason()).ok_or_else(|| {
                format!("illegal: the departure of seat {} after {played} actions", left.seat.index() + 1)
            })?;
        }
        Ok(())
    };
    let mut moves = Vec::with_capacity(record.actions.len());
    for (played, &action) in record.actions.iter().enumerate() {
        leave(&mut game, played)?;
        let seat = game.to_act().ok_or_else(|| format!("illegal: action {} comes after the end", played + 1))?;
        game.play(action).map_err(|e| format!("illegal: action {}: {e}", played + 1))?;
        let mut notation = String::new();
        write_action(action, &mut notation);
        moves.push(ReadMove { seat, notation, actions: 1, turn_ended: true });
    }
    leave(&mut game, record.actions.len())?;
    if departures.peek().is_some() {
        return Err("illegal: a departure after the actions".to_owned());
    }
    let result = match game.outcome() {
        Some(outcome) => Some(convert::game_result(outcome)),
        None => recorded_result(record)?,
    };
    // A departure that ended the game (the last one listed) is the game's result, as the server records it
    // (`ended`); the others are `seat_left` events, after which the game went on.
    let ended_by_departure = game.outcome().is_some_and(|outcome| DepartureReason::of(outcome.reason).is_some());
    let played_on = record.departures.len().saturating_sub(usize::from(ended_by_departure));
    let mut read = ReadGame::of_tags(index, |name| record.tag(name), spec(&rules), moves, result)?;
    read.departures = record.departures[..played_on]
        .iter()
        .map(|departure| Left { ply: departure.after, seat: departure.seat, reason: departure.reason.end_reason() })
        .collect();
    Ok(read)
}

/// Replays every record of a file, reporting the malformed and illegal ones on stderr.
pub fn replay(file: &str, text: &str) -> Tally {
    let records = split_records(text).into_iter().map(|text| {
        let record = SuperghostRecord::read(&text).map_err(|error| error.to_string())?;
        let recorded = recorded_result(&record)?;
        Ok::<_, String>((record, recorded))
    });
    Tally::of_records(file, records, |(record, recorded)| match record.replay() {
        Err(error) => Replayed::Illegal(error.to_string()),
        Ok(game) => match game.outcome() {
            Some(outcome) => {
                let ranks = convert::game_result(outcome).ranks;
                let recorded = match recorded {
                    Some(recorded) if recorded.ranks == ranks => Recorded::Agrees,
                    Some(recorded) => {
                        Recorded::Disagrees(format!("recorded ranks {:?}, the rules' {ranks:?}", recorded.ranks))
                    }
                    None => Recorded::Missing,
                };
                Replayed::Finished { ending: Some("score"), recorded }
            }
            None => Replayed::Unfinished { mid_turn: false },
        },
    })
}
