//! Reading files of Racetrack records: each race replayed through the engine on the track its record names by
//! hash (refused when this server lacks it), its departures at their points, its result the rules' when they (or
//! a departure) ended it, else the recorded `Ranks` (a resignation or a fallen flag: the record does not say
//! which).

use kartka_engine::dots_and_boxes::DepartureReason;
use kartka_engine::racetrack::{read_record, write_move, Position, RacetrackRecord};
use kartka_engine::Game;
use kartka_protocol::GameResult;

use super::spec;
use crate::games::convert;
use crate::games::kinds::ranked_records::{self, RANKS_TAG};
use crate::games::records::{split_records, ReadGame, ReadGames, ReadMove};
use crate::games::replay::Left;

/// Every race of a file of Racetrack records (each starts at its first tag), replayed and checked; the refused
/// ones with the reason.
pub fn read_games(text: &str) -> ReadGames {
    let records = split_records(text).into_iter().map(|text| read_record(&text).map_err(|e| format!("malformed, {e}")));
    ReadGames::of_records(records, checked_game)
}

/// The value of a record's other tag `name`.
fn tag<'a>(record: &'a RacetrackRecord, name: &str) -> Option<&'a str> {
    record.tags.iter().find(|tag| tag.name == name).map(|tag| tag.value.as_str())
}

/// The result a record's `Ranks` tag gives, if it has one.
pub(super) fn recorded_result(record: &RacetrackRecord) -> Result<Option<GameResult>, String> {
    ranked_records::recorded_result(tag(record, RANKS_TAG), record.players)
}

/// A record replayed through the engine: each move with the seat that played it (crashes and departures decide
/// whose turn it is), its departures, and its result.
fn checked_game(index: u64, record: &RacetrackRecord) -> Result<ReadGame, String> {
    let rules = record.rules().map_err(|e| e.to_string())?;
    let mut race = Position::new(rules);
    let mut departures = record.departures.iter().peekable();
    let mut leave = |race: &mut Position, played: usize| -> Result<(), String> {
        while let Some(left) = departures.next_if(|left| left.after as usize == played) {
            race.leave(left.seat, left.reason.end_reason()).ok_or_else(|| {
                format!("illegal: the departure of seat {} after {played} moves", left.seat.index() + 1)
            })?;
        }
        Ok(())
    };
    let mut moves = Vec::with_capacity(record.moves.len());
    for (played, &action) in record.moves.iter().enumerate() {
        leave(&mut race, played)?;
        let seat = race.to_act().ok_or_else(|| format!("illegal: move {} comes after the end", played + 1))?;
        race.play(action).map_err(|e| format!("illegal: move {}: {e}", played + 1))?;
        let mut notation = String::new();
        write_move(action, &mut notation);
        moves.push(ReadMove { seat, notation, actions: 1, turn_ended: true });
    }
    leave(&mut race, record.moves.len())?;
    if departures.peek().is_some() {
        return Err("illegal: a departure after the moves".to_owned());
    }
    let result = match race.outcome() {
        Some(outcome) => Some(convert::game_result(outcome)),
        None => recorded_result(record)?,
    };
    // A departure that ended the race (the last one listed) is the game's result, as the server records it
    // (`ended`); the others are `seat_left` events, after which the race went on.
    let ended_by_departure = race.outcome().is_some_and(|outcome| DepartureReason::of(outcome.reason).is_some());
    let played_on = record.departures.len().saturating_sub(usize::from(ended_by_departure));
    let mut game = ReadGame::of_tags(index, |name| tag(record, name), spec(&rules), moves, result)?;
    game.departures = record.departures[..played_on]
        .iter()
        .map(|departure| Left { ply: departure.after, seat: departure.seat, reason: departure.reason.end_reason() })
        .collect();
    Ok(game)
}
