//! Reading files of Five in a row records: each game replayed through the engine, its result checked against
//! the rules.

use kartka_engine::five_in_a_row::{write_action, FiveInARowRecord, Position, RecordResult};
use kartka_engine::{Game, Progress};

use crate::games::convert;
use crate::games::kinds::spec;
use crate::games::records::{split_records, unrecorded_ending, ReadGame, ReadGames, ReadMove};

/// Every game of a file of Five in a row records (each starts at its tags), replayed and checked; the refused
/// ones with the reason.
pub fn read_games(text: &str) -> ReadGames {
    let records = split_records(text)
        .into_iter()
        .map(|text| FiveInARowRecord::read(&text).map_err(|e| format!("malformed, {e}")));
    ReadGames::of_records(records, checked)
}

/// A record replayed through the engine, one move per turn as the server stores it: the actions of one seat
/// until its turn ends (the swap openings give a seat several), written with spaces; its result is the rules'
/// when they ended the game, else the recorded one (a resignation or a fallen flag: the record does not say
/// which).
fn checked(index: u64, record: &FiveInARowRecord) -> Result<ReadGame, String> {
    let ended = record.replay().map_err(|e| format!("illegal: {e}"))?;
    let mut position = Position::new(record.rules);
    let mut moves: Vec<ReadMove> = Vec::with_capacity(record.actions.len());
    for &action in &record.actions {
        let seat = position.to_act().ok_or("an action after the end")?;
        let progress = position.play(action).map_err(|e| format!("illegal: {e}"))?;
        let turn_ended = progress != Progress::TurnContinues;
        let mut notation = String::new();
        write_action(action, &mut notation);
        match moves.last_mut().filter(|last| !last.turn_ended) {
            Some(turn) => {
                turn.notation.push(' ');
                turn.notation.push_str(&notation);
                turn.actions += 1;
                turn.turn_ended = turn_ended;
            }
            None => moves.push(ReadMove { seat, notation, actions: 1, turn_ended }),
        }
    }
    let result = match (Game::outcome(&ended), record.result) {
        (Some(outcome), _) => Some(convert::game_result(outcome)),
        (None, RecordResult::Unknown) => None,
        (None, RecordResult::Draw) => Some(unrecorded_ending(None)),
        (None, RecordResult::FirstWon) => Some(unrecorded_ending(Some(kartka_engine::Seat::FIRST))),
        (None, RecordResult::SecondWon) => Some(unrecorded_ending(Some(kartka_engine::Seat::SECOND))),
    };
    let ruleset = spec(&kartka_engine::Ruleset::FiveInARow(record.rules));
    ReadGame::of_tags(index, |name| record.tag(name), ruleset, moves, result)
}

#[cfg(test)]
mod tests {
    use kartka_protocol::{EndReasonName, SeatName};

    use super::*;

    const TIC_TAC_TOE: &str = "[Game \"five-in-a-row\"]\n[Board \"3x3\"]\n[Line \"3\"]\n[Win \"freestyle\"]\n\
        [Opening \"none\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. a1 b1 2. a2 b2 3. a3 1-0\n";

    const SWAP2: &str = "[Game \"five-in-a-row\"]\n[Board \"15x15\"]\n[Line \"5\"]\n[Win \"freestyle\"]\n\
        [Opening \"swap2\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. h8 i9 2. j10 =W 3. k11 *\n";

    #[test]
    fn reads_every_record_of_a_file_and_refuses_illegal_ones() {
        let illegal = TIC_TAC_TOE.replace("2. a2 b2", "2. a2 a2");
        let file = format!("{TIC_TAC_TOE}\n{illegal}\n{SWAP2}");
        let read = read_games(&file);
        assert_eq!((read.count, read.games.len()), (3, 2), "{:?}", read.rejections);
        assert_eq!(read.rejections[0].0, 2);
        let won = &read.games[0];
        assert_eq!(won.names, ["A".to_owned(), "B".to_owned()]);
        let result = won.result.clone().expect("a row of three");
        assert_eq!((result.winner, result.reason), (Some(SeatName::First), EndReasonName::Row));
    }

    #[test]
    fn a_seat_choosing_white_in_swap2_places_its_stone_in_the_same_turn() {
        let read = read_games(SWAP2);
        let moves = &read.games[0].moves;
        let turns: Vec<_> = moves.iter().map(|m| (m.seat.index(), m.notation.as_str(), m.actions)).collect();
        assert_eq!(turns, [(0, "h8 i9 j10", 3), (1, "=W k11", 2)], "three stones, then a choice and a stone");
        assert!(moves.iter().all(|m| m.turn_ended));
        assert_eq!(read.games[0].result, None);
    }
}
