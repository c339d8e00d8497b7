//! Reading files of Dots and Boxes records: each game replayed through the engine, its departures at their
//! points, its result the rules' when they (or a departure) ended it, else the recorded `Ranks` (a resignation
//! or a fallen flag: the record does not say which).

use kartka_engine::dots_and_boxes::{DepartureReason, DotsAndBoxesRecord};
use kartka_engine::Seat;
use kartka_protocol::kinds::dots_and_boxes::DotsAndBoxesOptions;
use kartka_protocol::{EndReasonName, GameResult};

use super::record::{RANKS_TAG, SCORES_TAG};
use super::{checked, spec};
use crate::games::convert::{self, seat_name};
use crate::games::records::{split_records, ReadGame, ReadGames, ReadMove};
use crate::games::replay::Left;

/// Every game of a file of Dots and Boxes records (each starts at its first tag), replayed and checked; the
/// refused ones with the reason.
pub fn read_games(text: &str) -> ReadGames {
    let records = split_records(text)
        .into_iter()
        .map(|text| DotsAndBoxesRecord::read(&text).map_err(|e| format!("malformed, {e}")));
    ReadGames::of_records(records, checked_game)
}

/// One number per seat from a tag written by the record (`1 2`), or why not.
pub(super) fn per_seat(record: &DotsAndBoxesRecord, name: &str) -> Result<Option<Vec<u32>>, String> {
    let Some(value) = record.tag(name) else { return Ok(None) };
    let numbers: Vec<u32> = value
        .split(' ')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| format!("the {name} tag {value:?} is not numbers separated by spaces"))?;
    if numbers.len() != usize::from(record.rules.players()) {
        return Err(format!("the {name} tag {value:?} does not have one number per player"));
    }
    Ok(Some(numbers))
}

/// The result a record's `Ranks` and `Scores` tags give, if it has ranks.
pub(super) fn recorded_result(record: &DotsAndBoxesRecord) -> Result<Option<GameResult>, String> {
    let Some(ranks) = per_seat(record, RANKS_TAG)? else { return Ok(None) };
    let players = ranks.len() as u32;
    if ranks.iter().any(|&rank| rank == 0 || rank > players) {
        return Err(format!("the {RANKS_TAG} tag has a rank outside 1 to {players}"));
    }
    let mut first = ranks.iter().enumerate().filter(|&(_, &rank)| rank == 1).map(|(index, _)| index);
    let winner = match (first.next(), first.next()) {
        (Some(index), None) => Seat::new(index).map(seat_name),
        _ => None,
    };
    Ok(Some(GameResult {
        // Ranks are at most the number of players, four.
        ranks: ranks.iter().map(|&rank| rank as u8).collect(),
        winner,
        reason: EndReasonName::Unknown,
        scores: per_seat(record, SCORES_TAG)?,
        half_points: false,
    }))
}

/// A record replayed through the engine: its turns as moves, each with the seat that played it (the departures
/// decide whose turn it is), its departures, and its result.
fn checked_game(index: u64, record: &DotsAndBoxesRecord) -> Result<ReadGame, String> {
    let rules = record.rules;
    checked(&DotsAndBoxesOptions { rows: rules.rows(), cols: rules.cols(), players: rules.players() })
        .map_err(|e| e.to_string())?;
    let (position, turns) = record.replay_turns().map_err(|e| format!("illegal: {e}"))?;
    let result = match position.outcome() {
        Some(outcome) => Some(convert::game_result(outcome)),
        None => recorded_result(record)?,
    };
    let moves = record
        .turns
        .iter()
        .zip(&turns)
        .map(|(edges, turn)| ReadMove {
            seat: turn.seat,
            notation: edges.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "),
            // A turn holds at most every edge of the largest field, 180.
            actions: edges.len() as u32,
            turn_ended: turn.ended,
        })
        .collect();
    // A departure that ended the game (the last one listed) is the game's result, as the server records it
    // (`ended`); the others are `seat_left` events, after which the game played on.
    let ended_by_departure = position.outcome().is_some_and(|outcome| DepartureReason::of(outcome.reason).is_some());
    let played_on = record.departures.len().saturating_sub(usize::from(ended_by_departure));
    let mut game = ReadGame::of_tags(index, |name| record.tag(name), spec(&rules), moves, result)?;
    game.departures = record.departures[..played_on]
        .iter()
        .map(|departure| Left { ply: departure.after, seat: departure.seat, reason: departure.reason.end_reason() })
        .collect();
    Ok(game)
}

#[cfg(test)]
mod tests {
    use kartka_protocol::SeatName;

    use super::*;

    const RESIGNED: &str = "[Game \"dots-and-boxes\"]\n[Boxes \"1x2\"]\n[Players \"2\"]\n[White \"A\"]\n\
        [Black \"B\"]\n[Ranks \"2 1\"]\n\na1h\na2h\n";
    const FINISHED: &str = "[Game \"dots-and-boxes\"]\n[Boxes \"1x2\"]\n[Players \"2\"]\n[White \"A\"]\n\
        [Black \"B\"]\n\na1h\na2h\na1v\nc1v\nb1h\nb1v b2h\n";

    #[test]
    fn reads_every_record_of_a_file_and_refuses_illegal_ones() {
        let illegal = FINISHED.replace("c1v\n", "a1v\n");
        let five = FINISHED.replace("[Players \"2\"]", "[Players \"5\"]");
        let read = read_games(&format!("{FINISHED}\n{illegal}\n{RESIGNED}\n{five}"));
        assert_eq!((read.count, read.games.len()), (4, 2), "{:?}", read.rejections);
        assert_eq!(read.rejections[0].0, 2);
        assert!(read.rejections[1].1.contains("the Players tag \"5\" is not 2, 3 or 4"), "{:?}", read.rejections);
        let finished = &read.games[0];
        assert_eq!(finished.moves.len(), 6);
        let last = &finished.moves[5];
        assert_eq!((last.seat, last.notation.as_str(), last.actions), (Seat::SECOND, "b1v b2h", 2));
        let result = finished.result.clone().expect("the rules ended it");
        assert_eq!((result.ranks, result.scores, result.reason), (vec![2, 1], Some(vec![0, 2]), EndReasonName::Score));
        let resigned = read.games[1].result.clone().expect("the recorded ranks");
        assert_eq!((resigned.winner, resigned.reason), (Some(SeatName::Second), EndReasonName::Unknown));
    }

    #[test]
    fn ranks_and_scores_are_one_number_per_player() {
        for bad in ["2", "2 x", "0 1", "3 1"] {
            let text = RESIGNED.replace("[Ranks \"2 1\"]", &format!("[Ranks \"{bad}\"]"));
            let read = read_games(&text);
            assert_eq!(read.games.len(), 0, "{bad:?} is refused");
        }
    }
}
