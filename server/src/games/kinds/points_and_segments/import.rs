//! Reading files of Points and segments records: each game replayed through the engine, its result checked
//! against the rules.

use kartka_engine::points_and_segments::PointsRecord;
use kartka_engine::Seat;

use super::spec;
use crate::games::convert;
use crate::games::records::{split_records, unrecorded_ending, ReadGame, ReadGames, ReadMove};

/// Every game of a file of Points and segments records (each starts at its `Game` tag), replayed and checked;
/// the refused ones with the reason.
pub fn read_games(text: &str) -> ReadGames {
    let records =
        split_records(text).into_iter().map(|text| PointsRecord::read(&text).map_err(|e| format!("malformed, {e}")));
    ReadGames::of_records(records, checked)
}

/// A record replayed through the engine, with its result: the rules' outcome when they ended the game, else
/// the recorded winner (a resignation or a fallen flag: the record does not say which).
fn checked(index: u64, record: &PointsRecord) -> Result<ReadGame, String> {
    let position = record.replay().map_err(|e| format!("illegal: {e}"))?;
    let result = match (position.outcome(), record.winner) {
        (Some(outcome), _) => Some(convert::game_result(outcome)),
        (None, None) => None,
        (None, recorded) => Some(unrecorded_ending(recorded)),
    };
    let moves = record
        .moves
        .iter()
        .enumerate()
        .map(|(index, segment)| ReadMove {
            seat: if index % 2 == 0 { Seat::FIRST } else { Seat::SECOND },
            notation: segment.to_string(),
            actions: 1,
            turn_ended: true,
        })
        .collect();
    ReadGame::of_tags(index, |name| record.tag(name), spec(&record.rules), moves, result)
}

#[cfg(test)]
mod tests {
    use kartka_protocol::EndReasonName;

    use super::*;

    const GAME: &str = "[Game \"points-and-segments\"]\n[Points \"6\"]\n[Start \"convex\"]\n[White \"A\"]\n\
        [Black \"B\"]\n[Result \"0-1\"]\n[Winner \"second\"]\n\n1. 1-2 3-4 0-1\n";

    #[test]
    fn reads_every_record_of_a_file_and_refuses_illegal_ones() {
        let illegal = GAME.replace("3-4", "2-4");
        let file = format!("{GAME}\n{illegal}\n{GAME}");
        let read = read_games(&file);
        assert_eq!((read.count, read.games.len()), (3, 2));
        assert_eq!(read.rejections[0].0, 2);
        let game = &read.games[0];
        assert_eq!(game.names, ["A".to_owned(), "B".to_owned()]);
        assert_eq!(game.moves.len(), 2);
        let result = game.result.clone().expect("B won by A's resignation");
        assert_eq!((result.winner, result.reason), (Some(kartka_protocol::SeatName::Second), EndReasonName::Unknown));
    }
}
