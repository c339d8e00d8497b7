//! Reading files of `classic+centre` records: each match replayed through the engine, its score and winner
//! checked against the rules.

use kartka_engine::soccer_centre::{CentreRecord, CentreToken, RecordWinner};
use kartka_engine::Seat;

use super::spec_of;
use crate::games::convert;
use crate::games::records::{
    initial_seconds_of, moment_of, player_name, split_at_tag, unrecorded_ending, ReadGame, ReadGames, ReadMove,
};

/// Every match of a file of records (each starts at its `Variant` tag), replayed and checked; the refused
/// ones with the reason.
pub fn read_games(text: &str) -> ReadGames {
    let mut read = ReadGames::default();
    for (at, text) in split_at_tag(text, "Variant").into_iter().enumerate() {
        let index = at as u64 + 1;
        read.count += 1;
        match CentreRecord::read(&text).map_err(|e| format!("malformed, {e}")).and_then(|r| checked(index, &r)) {
            Ok(game) => read.games.push(game),
            Err(reason) => read.rejections.push((index, reason)),
        }
    }
    read
}

/// A record replayed through the engine, with its result: the rules' outcome when they ended the match, else
/// the recorded winner (a resignation or a fallen flag: the record does not say which).
fn checked(index: u64, record: &CentreRecord) -> Result<ReadGame, String> {
    let position = record.replay().map_err(|e| format!("illegal: {e}"))?;
    let result = match (position.outcome(), record.winner) {
        (Some(outcome), _) => Some(convert::game_result(outcome)),
        (None, None) => None,
        (None, Some(RecordWinner::First)) => Some(unrecorded_ending(Some(Seat::First))),
        (None, Some(RecordWinner::Second)) => Some(unrecorded_ending(Some(Seat::Second))),
        (None, Some(RecordWinner::Draw)) => Some(unrecorded_ending(None)),
    };
    // Tokens alternate strictly from the first seat; a `-` is a slot in which nothing was played.
    let last = record.tokens.len().saturating_sub(1);
    let moves = record
        .tokens
        .iter()
        .enumerate()
        .filter_map(|(at, token)| match token {
            CentreToken::Pass => None,
            CentreToken::Turn(steps) => Some(ReadMove {
                seat: if at % 2 == 0 { Seat::First } else { Seat::Second },
                notation: steps.iter().map(|step| step.digit()).collect(),
                actions: steps.len() as u32,
                turn_ended: !(at == last && position.must_continue()),
            }),
        })
        .collect();
    let name = |tag: &str| player_name(record.tag(tag));
    Ok(ReadGame {
        index,
        names: [name("White"), name("Black")],
        created_at: moment_of(record.tag("Date"), record.tag("Time"))?,
        ruleset: spec_of(record.pitch),
        initial_seconds: initial_seconds_of(record.tag("TimeControl")),
        rated: false,
        moves,
        result,
    })
}

#[cfg(test)]
mod tests {
    use kartka_protocol::SeatName;

    use super::*;

    const MATCH: &str = "[Variant \"classic+centre\"]\n[Board \"8x10\"]\n[White \"A\"]\n[Black \"B\"]\n\
        [Score \"1-0\"]\n\n1. 0 0 2. 0 0 3. 17 3\n";

    #[test]
    fn reads_points_and_refuses_a_score_the_rules_do_not_give() {
        let read = read_games(MATCH);
        assert_eq!((read.count, read.games.len()), (1, 1), "{:?}", read.rejections);
        let game = &read.games[0];
        assert_eq!(game.moves.len(), 6);
        assert_eq!(game.moves[5].seat, Seat::Second, "the second seat kicks off after the point");
        assert!(game.result.is_none(), "the match goes on");
        let wrong = MATCH.replace("1-0", "0-1");
        assert!(read_games(&wrong).rejections[0].1.starts_with("illegal"), "{:?}", read_games(&wrong).rejections);
        let resigned = MATCH.replace("[Score", "[Winner \"P2\"]\n[Score");
        let result = read_games(&resigned).games[0].result.expect("a recorded winner");
        assert_eq!(result.winner, Some(SeatName::Second));
    }
}
