//! Reading files of §5 records of `line`, `line/opcja1` and `russian` games: each game replayed through the
//! engine by the ruleset its `[Variant]` header names, its `[Winner]` checked against the rules.

use kartka_engine::line_soccer::{parse_token, read_variant_records, Token, VariantGame, VariantRecord};
use kartka_engine::Seat;

use super::spec_of;
use crate::games::convert;
use crate::games::records::{unrecorded_ending, ReadGame, ReadGames, ReadMove};

/// Every game of a record file, replayed and checked; the refused ones with the reason.
pub fn read_games(text: &str) -> ReadGames {
    ReadGames::of_records(
        read_variant_records(text).map(|record| record.map_err(|e| format!("malformed, {e}"))),
        checked,
    )
}

/// Whether the replayed game stops in the middle of a turn (a game lost on time or resigned).
fn ends_mid_turn(game: &VariantGame) -> bool {
    match game {
        VariantGame::Line(tokens) => kartka_engine::Game::mid_turn(tokens.game()),
        VariantGame::Russian(tokens) => kartka_engine::Game::mid_turn(tokens.game()),
    }
}

/// A record replayed through the engine, with its result: the rules' outcome when they ended the game, else
/// the `[Winner]` (a resignation or a fallen flag: the record does not say which).
fn checked(index: u64, record: &VariantRecord) -> Result<ReadGame, String> {
    let rules = record.rules().map_err(|e| format!("malformed, {e}"))?;
    let game = record.replay().map_err(|e| format!("illegal: {e}"))?;
    let result = match (game.outcome(), record.tag("Winner")) {
        (Some(outcome), _) => Some(convert::game_result(outcome)),
        (None, Some("P1")) => Some(unrecorded_ending(Some(Seat::FIRST))),
        (None, Some("P2")) => Some(unrecorded_ending(Some(Seat::SECOND))),
        (None, Some(_)) => Some(unrecorded_ending(None)),
        (None, None) => None,
    };
    let last = record.tokens.len().saturating_sub(1);
    let mid_turn = ends_mid_turn(&game);
    // Tokens alternate from P1; a `-` draws nothing and is no move.
    let moves = record
        .tokens
        .iter()
        .enumerate()
        .filter_map(|(at, token)| {
            // The replay read every token, so each is a `-` (skipped) or a turn.
            let Ok(Token::Turn(actions)) = parse_token(token) else { return None };
            Some(ReadMove {
                seat: if at % 2 == 0 { Seat::FIRST } else { Seat::SECOND },
                notation: token.clone(),
                actions: actions.len() as u32,
                turn_ended: !(at == last && mid_turn),
            })
        })
        .collect();
    ReadGame::of_tags(index, |name| record.tag(name), spec_of(rules), moves, result)
}

#[cfg(test)]
mod tests {
    use kartka_protocol::kinds::line_soccer::RussianSoccerOptions;
    use kartka_protocol::{EndReasonName, RulesetSpec, SeatName};

    use super::*;

    const GAME: &str = "[White \"A\"]\n[Black \"B\"]\n[Variant \"russian\"]\n[Board \"10x12\"]\n[Winner \"P2\"]\n\n\
        1. 000 222\n";

    #[test]
    fn reads_the_variant_the_players_and_a_winner_the_rules_did_not_decide() {
        let read = read_games(&format!("{GAME}\n{}", GAME.replace("222", "2222")));
        assert_eq!((read.count, read.games.len()), (2, 1));
        assert_eq!(read.rejections[0].0, 2);
        assert!(read.rejections[0].1.starts_with("illegal"), "{:?}", read.rejections[0]);
        let game = &read.games[0];
        assert_eq!(game.ruleset, RulesetSpec::RussianSoccer(RussianSoccerOptions { width: 10, length: 12 }));
        assert_eq!(game.names, ["A".to_owned(), "B".to_owned()]);
        assert_eq!(game.moves.iter().map(|m| m.actions).sum::<u32>(), 6);
        let result = game.result.clone().expect("P2 won on the record");
        assert_eq!((result.winner, result.reason), (Some(SeatName::Second), EndReasonName::Unknown));
    }

    #[test]
    fn a_variant_no_kind_plays_is_malformed() {
        let read = read_games(&GAME.replace("russian", "chess"));
        assert!(read.rejections[0].1.starts_with("malformed"), "{:?}", read.rejections[0]);
    }
}
