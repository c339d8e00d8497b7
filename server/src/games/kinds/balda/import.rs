//! Reading files of Balda records: each game replayed through the engine by the list its record names by hash
//! (refused when this server lacks it), its result the rules' when they ended it, else the recorded `Ranks` (a
//! resignation or a fallen flag: the record does not say which).

use kartka_engine::balda::{read_record, write_move, BaldaRecord, Position};
use kartka_engine::{Game, Seat};
use kartka_protocol::{EndReasonName, GameResult};

use super::record::RANKS_TAG;
use super::spec;
use crate::games::convert::{self, seat_name};
use crate::games::records::{split_records, ReadGame, ReadGames, ReadMove};

/// Every game of a file of Balda records (each starts at its first tag), replayed and checked; the refused ones
/// with the reason.
pub fn read_games(text: &str) -> ReadGames {
    let records = split_records(text).into_iter().map(|text| read_record(&text).map_err(|e| format!("malformed, {e}")));
    ReadGames::of_records(records, checked_game)
}

/// The value of a record's other tag `name`.
fn tag<'a>(record: &'a BaldaRecord, name: &str) -> Option<&'a str> {
    record.tags.iter().find(|tag| tag.name == name).map(|tag| tag.value.as_str())
}

/// The result a record's `Ranks` tag gives, if it has one.
pub(super) fn recorded_result(record: &BaldaRecord) -> Result<Option<GameResult>, String> {
    let Some(value) = tag(record, RANKS_TAG) else { return Ok(None) };
    let ranks: Vec<u8> = value
        .split(' ')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| format!("the {RANKS_TAG} tag {value:?} is not numbers separated by spaces"))?;
    if ranks.len() != usize::from(record.players) || ranks.iter().any(|&rank| rank == 0 || rank > record.players) {
        return Err(format!("the {RANKS_TAG} tag {value:?} is not one rank from 1 to {} per player", record.players));
    }
    let mut first = ranks.iter().enumerate().filter(|&(_, &rank)| rank == 1).map(|(index, _)| index);
    let winner = match (first.next(), first.next()) {
        (Some(index), None) => Seat::new(index).map(seat_name),
        _ => None,
    };
    Ok(Some(GameResult { ranks, winner, reason: EndReasonName::Unknown, scores: None, half_points: false }))
}

/// A record replayed through the engine: each move with the seat that played it, and its result.
fn checked_game(index: u64, record: &BaldaRecord) -> Result<ReadGame, String> {
    if u32::try_from(record.seed).is_err() {
        return Err(format!("the seed {} is beyond the 32 bits the server plays", record.seed));
    }
    let rules = record.rules().map_err(|e| e.to_string())?;
    let mut game = Position::new(rules);
    let mut moves = Vec::with_capacity(record.moves.len());
    for (played, &action) in record.moves.iter().enumerate() {
        let seat = game.to_act().ok_or_else(|| format!("illegal: move {} comes after the end", played + 1))?;
        game.play(action).map_err(|e| format!("illegal: move {}: {e}", played + 1))?;
        let mut notation = String::new();
        write_move(action, &mut notation);
        moves.push(ReadMove { seat, notation, actions: 1, turn_ended: true });
    }
    let result = match game.outcome() {
        Some(outcome) => Some(convert::game_result(outcome)),
        None => recorded_result(record)?,
    };
    ReadGame::of_tags(index, |name| tag(record, name), spec(&rules), moves, result)
}
