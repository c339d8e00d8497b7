//! Reading files of Balda records: each game replayed through the engine by the list its record names by hash
//! (refused when this server lacks it), its result the rules' when they ended it, else the recorded `Ranks` (a
//! resignation or a fallen flag: the record does not say which).

use kartka_engine::balda::{read_record, write_move, BaldaRecord, Position};
use kartka_engine::Game;
use kartka_protocol::GameResult;

use super::spec;
use crate::games::convert;
use crate::games::kinds::ranked_records::{self, RANKS_TAG};
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
    ranked_records::recorded_result(tag(record, RANKS_TAG), record.players)
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
