//! Reading files of Digital Wars records: each game replayed through the engine, turn by turn (the pie rule's
//! written string is one turn of several actions), its result checked against the rules.

use kartka_engine::digital_wars::{write_action, DigitalWarsRecord, Position, RecordResult, Start};
use kartka_engine::{Game, Progress};

use super::spec;
use crate::games::convert;
use crate::games::records::{split_records, unrecorded_ending, ReadGame, ReadGames, ReadMove};

/// Every game of a file of Digital Wars records (each starts at its `Game` tag), replayed and checked; the
/// refused ones with the reason.
pub fn read_games(text: &str) -> ReadGames {
    let records = split_records(text)
        .into_iter()
        .map(|text| DigitalWarsRecord::read(&text).map_err(|e| format!("malformed, {e}")));
    ReadGames::of_records(records, checked)
}

/// A record replayed through the engine, with its result: the rules' outcome when they ended the game, else
/// the recorded winner (a resignation or a fallen flag: the record does not say which).
fn checked(index: u64, record: &DigitalWarsRecord) -> Result<ReadGame, String> {
    if let Start::Random { seed } = record.rules.start() {
        u32::try_from(seed).map_err(|_| format!("the seed {seed} is beyond the 32 bits the server plays"))?;
    }
    let position = record.replay().map_err(|e| format!("illegal: {e}"))?;
    let result = match (position.outcome(), record.result) {
        (Some(outcome), _) => Some(convert::game_result(outcome)),
        (None, RecordResult::Unknown) => None,
        (None, recorded) => Some(unrecorded_ending(recorded.winner())),
    };
    let mut moves: Vec<ReadMove> = Vec::new();
    let mut game = Position::new(record.rules);
    let mut turn: Option<ReadMove> = None;
    for &action in &record.actions {
        let seat = game.to_move();
        let progress = game.apply(action).expect("the record replayed");
        let mut text = String::new();
        write_action(action, &mut text);
        let read = turn.get_or_insert(ReadMove { seat, notation: String::new(), actions: 0, turn_ended: true });
        if read.actions > 0 {
            read.notation.push(' ');
        }
        read.notation.push_str(&text);
        read.actions += 1;
        if progress != Progress::TurnContinues {
            moves.extend(turn.take());
        }
    }
    if let Some(mut unfinished) = turn {
        unfinished.turn_ended = false;
        moves.push(unfinished);
    }
    ReadGame::of_tags(index, |name| record.tag(name), spec(&record.rules), moves, result)
}

#[cfg(test)]
mod tests {
    use kartka_protocol::{EndReasonName, SeatName};

    use super::*;

    const GAME: &str = "[Game \"digital-wars\"]\n[Length \"5\"]\n[Start \"pie\"]\n[Ending \"normal\"]\n\
        [White \"Ala\"]\n[Black \"Ola\"]\n[Result \"0-1\"]\n\n=10200 second 4:x 1:1>0 1:x 0-1\n";

    #[test]
    fn reads_every_record_of_a_file_turn_by_turn_and_refuses_illegal_ones() {
        let illegal = GAME.replace("4:x", "3:x");
        let file = format!("{GAME}\n{illegal}");
        let read = read_games(&file);
        assert_eq!((read.count, read.games.len()), (2, 1));
        assert_eq!(read.rejections[0].0, 2);
        let game = &read.games[0];
        let turns: Vec<(SeatName, &str, u32)> =
            game.moves.iter().map(|m| (convert::seat_name(m.seat), m.notation.as_str(), m.actions)).collect();
        assert_eq!(
            turns,
            [
                (SeatName::First, "=1 =0 =2 =0 =0", 5),
                (SeatName::Second, "second", 1),
                (SeatName::Second, "4:x", 1),
                (SeatName::First, "1:1>0", 1),
                (SeatName::Second, "1:x", 1),
            ]
        );
        let result = game.result.clone().expect("over by the rules");
        assert_eq!((result.winner, result.reason), (Some(SeatName::Second), EndReasonName::Stuck));
    }
}
