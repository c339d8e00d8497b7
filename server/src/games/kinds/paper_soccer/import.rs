//! Reading kurnik record files: every game replayed through the engine, its result checked against the rules.

use kartka_engine::soccer::{read_records, KurnikRecord, Pitch, RecordResult};
use kartka_engine::Seat;

use super::spec_of;
use crate::games::convert;
use crate::games::records::{moment_of, player_name, unrecorded_ending, ReadGame, ReadGames, ReadMove};

/// Every game of a kurnik record file, each replayed and checked; the refused ones with the reason.
pub fn read_games(text: &str) -> ReadGames {
    let records = read_records(text)
        .map(|record| record.map_err(|error| format!("malformed, line {}: {}", error.line, error.kind)));
    ReadGames::of_records(records, checked)
}

/// A record replayed through the engine, with its result: the rules' outcome when they ended the game, else
/// the recorded winner (the record does not say whether by time or by resignation).
fn checked(index: u64, record: &KurnikRecord) -> Result<ReadGame, String> {
    let pitch = pitch_of(record)?;
    let replay = record.replay(pitch);
    if let Some(fault) = replay.fault {
        return Err(format!("illegal: {fault}"));
    }
    let recorded = record.recorded_result().filter(|result| *result != RecordResult::Unknown);
    let result = match (replay.outcome(), recorded) {
        (Some(outcome), Some(recorded)) if RecordResult::from_outcome(&outcome) != recorded => {
            return Err(format!(
                "the record says {recorded} but the rules give {}",
                RecordResult::from_outcome(&outcome)
            ));
        }
        (Some(outcome), _) => Some(convert::game_result(outcome)),
        (None, Some(RecordResult::WhiteWon)) => Some(unrecorded_ending(Some(Seat::FIRST))),
        (None, Some(RecordResult::BlackWon)) => Some(unrecorded_ending(Some(Seat::SECOND))),
        (None, Some(RecordResult::Draw)) => Some(unrecorded_ending(None)),
        (None, _) => None,
    };
    // kurnik writes a clock's starting seconds, kartka's own records `initial+increment` (read as kartka reads
    // other kinds' records: the starting seconds).
    let initial_seconds = match record.tag("TimeControl") {
        Some(value) => {
            let (initial, increment) = value.trim().split_once('+').unwrap_or((value.trim(), "0"));
            let whole = |text: &str| text.parse::<u32>().ok();
            whole(initial)
                .filter(|_| whole(increment).is_some())
                .ok_or_else(|| format!("TimeControl {value:?} is not whole seconds, or seconds+increment"))?
        }
        None => 0,
    };
    let name = |tag: &str| player_name(record.tag(tag));
    // kurnik's turns alternate from White; only the last may stop on a bounce (a game lost on time or resigned).
    let last = record.turns.len().saturating_sub(1);
    let moves = record
        .turns
        .iter()
        .enumerate()
        .map(|(turn, digits)| ReadMove {
            seat: if turn % 2 == 0 { Seat::FIRST } else { Seat::SECOND },
            notation: digits.clone(),
            actions: digits.len() as u32,
            turn_ended: !(turn == last && replay.ends_mid_turn()),
        })
        .collect();
    Ok(ReadGame {
        index,
        names: vec![name("White"), name("Black")],
        created_at: moment_of(record.tag("Date"), record.tag("Time"))?,
        ruleset: spec_of(pitch),
        initial_seconds,
        rated: record.tag("WhiteElo").is_some() || record.tag("BlackElo").is_some(),
        moves,
        result,
        departures: Vec::new(),
    })
}

/// The pitch: kurnik's, unless the record names another with the `Board` (`WxH`) and `Mouth` tags kartka
/// writes for other pitches.
fn pitch_of(record: &KurnikRecord) -> Result<Pitch, String> {
    let Some(board) = record.tag("Board") else {
        return Ok(Pitch::STANDARD);
    };
    let bad = || format!("Board {board:?} is not WIDTHxHEIGHT");
    let (width, height) = board.split_once('x').ok_or_else(bad)?;
    let goal = record.tag("Mouth").unwrap_or("2");
    let pitch = Pitch::new(
        width.trim().parse().map_err(|_| bad())?,
        height.trim().parse().map_err(|_| bad())?,
        goal.trim().parse().map_err(|_| format!("Mouth {goal:?} is not a number"))?,
    );
    pitch.map_err(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    use kartka_protocol::EndReasonName;

    use super::*;

    const GAME: &str = "[Event \"?\"]\n[Site \"kurnik\"]\n[Date \"2014.09.22\"]\n[Time \"01:02:03\"]\n\
        [Black \"Bob\"]\n[White \"Alice\"]\n[Result \"1-0\"]\n[TimeControl \"60\"]\n\n1. 0 3 2. 6 1-0\n";

    #[test]
    fn reads_dates_results_and_mid_turn_endings() {
        let read = read_games(GAME);
        assert_eq!((read.count, read.games.len()), (1, 1));
        let game = &read.games[0];
        assert_eq!(game.created_at, 1_411_344_000_000 + 3_723_000);
        assert_eq!(game.names, ["Alice".to_owned(), "Bob".to_owned()]);
        let ended: Vec<bool> = game.moves.iter().map(|m| m.turn_ended).collect();
        assert_eq!(ended, [true, true, false], "the last turn stops on a bounce");
        let result = game.result.clone().expect("Black won on the record");
        assert_eq!((result.winner, result.reason), (Some(kartka_protocol::SeatName::Second), EndReasonName::Unknown));
    }

    #[test]
    fn reads_kurniks_seconds_and_kartkas_seconds_with_increment() {
        for (tag, seconds) in [("60", Some(60)), ("180+2", Some(180)), ("180+x", None), ("+2", None), ("fast", None)] {
            let read = read_games(&GAME.replace("[TimeControl \"60\"]", &format!("[TimeControl \"{tag}\"]")));
            assert_eq!(read.games.first().map(|game| game.initial_seconds), seconds, "{tag}: {:?}", read.rejections);
        }
    }

    #[test]
    fn refuses_illegal_games_and_contradicted_results() {
        let illegal = GAME.replace("1. 0 3 2. 6 1-0", "1. 0 4 *").replace("1-0", "*");
        assert!(read_games(&illegal).rejections[0].1.starts_with("illegal"));
        let goal = "[Result \"1-0\"]\n\n1. 0 0 2. 0 0 3. 17 1-0\n";
        let read = read_games(goal);
        assert_eq!(read.games.len() + read.rejections.len(), 1);
        assert!(read.rejections[0].1.contains("the rules give 0-1"), "{:?}", read.rejections[0]);
    }

    #[test]
    fn the_rules_outcome_wins_over_an_unknown_result() {
        let read = read_games("1. 0 0 2. 0 0 3. 17 *\n");
        let result = read.games[0].result.clone().expect("a goal");
        assert_eq!(result.reason, EndReasonName::Goal);
    }
}
