//! Reading files of Barriers records: each game replayed through the engine, its result checked against the
//! rules.

use kartka_engine::barriers::{write_bar, BarriersRecord, RecordResult};
use kartka_engine::Seat;

use super::spec;
use crate::games::convert;
use crate::games::records::{split_records, unrecorded_ending, ReadGame, ReadGames, ReadMove};

/// Every game of a file of Barriers records (each starts at its `Game` tag), replayed and checked; the refused
/// ones with the reason.
pub fn read_games(text: &str) -> ReadGames {
    let records =
        split_records(text).into_iter().map(|text| BarriersRecord::read(&text).map_err(|e| format!("malformed, {e}")));
    ReadGames::of_records(records, checked)
}

/// A record replayed through the engine, with its result: the rules' outcome when they ended the game, else
/// the recorded winner (a resignation or a fallen flag: the record does not say which).
fn checked(index: u64, record: &BarriersRecord) -> Result<ReadGame, String> {
    let position = record.replay().map_err(|e| format!("illegal: {e}"))?;
    let result = match (position.outcome(), record.result) {
        (Some(outcome), _) => Some(convert::game_result(outcome)),
        (None, RecordResult::Unknown) => None,
        (None, recorded) => Some(unrecorded_ending(recorded.winner())),
    };
    let moves = record
        .moves
        .iter()
        .enumerate()
        .map(|(index, &bar)| {
            let mut notation = String::new();
            write_bar(bar, &mut notation);
            ReadMove {
                seat: if index % 2 == 0 { Seat::FIRST } else { Seat::SECOND },
                notation,
                actions: 1,
                turn_ended: true,
            }
        })
        .collect();
    ReadGame::of_tags(index, |name| record.tag(name), spec(&record.rules), moves, result)
}

#[cfg(test)]
mod tests {
    use kartka_protocol::{EndReasonName, SeatName};

    use super::*;

    const GAME: &str = "[Game \"barriers\"]\n[Board \"3x2\"]\n[Touch \"cells\"]\n[White \"Ala\"]\n[Black \"Ola\"]\n\
        [Result \"1-0\"]\n\n1. a1a2 b1c1 2. b2c2 1-0\n";

    #[test]
    fn reads_every_record_of_a_file_and_refuses_illegal_ones() {
        let illegal = GAME.replace("2. b2c2", "2. b1b2");
        let file = format!("{GAME}\n{illegal}\n{GAME}");
        let read = read_games(&file);
        assert_eq!((read.count, read.games.len()), (3, 2));
        assert_eq!(read.rejections[0].0, 2);
        let game = &read.games[0];
        assert_eq!(game.names, ["Ala".to_owned(), "Ola".to_owned()]);
        assert_eq!(game.moves.len(), 3);
        let result = game.result.clone().expect("over by the rules");
        assert_eq!((result.winner, result.reason), (Some(SeatName::First), EndReasonName::Stuck));
    }
}
