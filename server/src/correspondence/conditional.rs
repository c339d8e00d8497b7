//! Conditional moves: a player stores, on the turn before their own (the opponent's, in a game of two), replies
//! to that turn. When the turn ends the game's actor plays the reply whose condition is exactly the turn played,
//! as an ordinary move; lines that did not match can never match again and are dropped. In a game of more seats
//! a condition must hand the turn to the player who stored it: a reply is played only when its owner is to act.

use std::collections::HashSet;

use kartka_engine::{AnyGame, MoveError, Progress, Seat};
use kartka_protocol::correspondence::{ConditionalLine, MAX_CONDITIONAL_LINES};

use crate::store::ConditionalRow;

/// Why a set of conditional moves is refused.
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    /// A turn is not in the game's notation.
    #[error("{0}")]
    Notation(String),
    /// A turn is illegal where it would be played.
    #[error("{0}")]
    Illegal(String),
    /// The lines do not make sense (not whole turns, repeated conditions, too many).
    #[error("{0}")]
    Invalid(&'static str),
    /// The game's kind keeps secrets: conditional moves are off for it (a condition would name the other seat's
    /// hidden move, which the player cannot see).
    #[error("conditional moves are off for a game with secrets")]
    HiddenInformation,
}

/// Checks the lines of the player of `seat` against `game`, where another seat is to act and has played `played`
/// of its turn so far: each condition must be a whole legal turn from the start of that turn after which `seat`
/// is to act, and each reply a whole legal turn after it.
pub fn validate(game: &AnyGame, seat: Seat, played: &str, lines: &[ConditionalLine]) -> Result<(), LineError> {
    if game.kind().hidden_information() {
        return Err(LineError::HiddenInformation);
    }
    if lines.len() > MAX_CONDITIONAL_LINES {
        return Err(LineError::Invalid("at most 32 conditional lines per game"));
    }
    let mut conditions = HashSet::new();
    for line in lines {
        if !conditions.insert(line.condition.as_str()) {
            return Err(LineError::Invalid("one line per condition"));
        }
        let rest = line
            .condition
            .strip_prefix(played)
            .ok_or(LineError::Invalid("a condition begins with the steps already played this turn"))?;
        let mut after = game.clone();
        let progress = play(&mut after, rest)?;
        if progress == Progress::TurnContinues {
            return Err(LineError::Invalid("a condition is the opponent's whole turn"));
        }
        match after.to_act() {
            None => return Err(LineError::Invalid("a condition that ends the game needs no reply")),
            Some(next) if next != seat => {
                return Err(LineError::Invalid("a condition is a turn after which you are to act"))
            }
            Some(_) => {}
        }
        if play(&mut after, &line.reply)? == Progress::TurnContinues {
            return Err(LineError::Invalid("a reply is a whole turn"));
        }
    }
    Ok(())
}

/// The reply stored for exactly the turn `played`, if any.
#[must_use]
pub fn reply_to(lines: &[ConditionalRow], played: &str) -> Option<String> {
    lines.iter().find(|line| line.if_turn == played).map(|line| line.reply_turn.clone())
}

fn play(game: &mut AnyGame, text: &str) -> Result<Progress, LineError> {
    game.play(text).map(|played| played.progress).map_err(|error| match error {
        MoveError::Notation(_) | MoveError::Empty => LineError::Notation(error.to_string()),
        MoveError::GameOver
        | MoveError::NotToAct { .. }
        | MoveError::PastTurnEnd { .. }
        | MoveError::Illegal { .. }
        | MoveError::Forbidden { .. } => LineError::Illegal(error.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use kartka_engine::{GameKind, Progress};
    use uuid::Uuid;

    use super::*;

    fn line(condition: &str, reply: &str) -> ConditionalLine {
        ConditionalLine { condition: condition.into(), reply: reply.into() }
    }

    /// A whole turn of the seat to act in `game`, made of its first legal actions written with the game's
    /// separator, and the game after it.
    fn first_turn(game: &AnyGame) -> (String, AnyGame) {
        let mut after = game.clone();
        let mut turn = String::new();
        loop {
            let action = after.legal_actions().swap_remove(0);
            if !turn.is_empty() {
                turn.push_str(game.kind().action_separator());
            }
            turn.push_str(&action);
            if after.play(&action).expect("a legal action").progress != Progress::TurnContinues {
                return (turn, after);
            }
        }
    }

    #[test]
    fn conditions_and_replies_are_whole_legal_turns_in_every_game() {
        for &kind in GameKind::ALL {
            let game = AnyGame::new(&kind.default_ruleset());
            if kind.hidden_information() {
                let refused = validate(&game, Seat::SECOND, "", &[]);
                assert!(matches!(refused, Err(LineError::HiddenInformation)), "{kind}: conditional moves are off");
                continue;
            }
            let (condition, after) = first_turn(&game);
            let storer = after.to_act().expect("the game goes on");
            let (reply, _) = first_turn(&after);
            assert!(validate(&game, storer, "", &[line(&condition, &reply)]).is_ok(), "{kind}");
            let twice = [line(&condition, &reply), line(&condition, &reply)];
            assert!(
                matches!(validate(&game, storer, "", &twice), Err(LineError::Invalid(_))),
                "{kind}: one line a condition"
            );
            // No kind writes `¿` (Superghost's challenge is `?`).
            assert!(matches!(validate(&game, storer, "", &[line("¿", &reply)]), Err(LineError::Notation(_))), "{kind}");
            let refused = game.legal_actions().into_iter().find(|action| after.clone().play(action).is_err());
            // A kind whose start actions all stay legal (Superghost's letters): a reply past the end of its turn.
            let refused = refused.unwrap_or_else(|| [reply.as_str(), &reply].join(kind.action_separator()));
            assert!(
                matches!(validate(&game, storer, "", &[line(&condition, &refused)]), Err(LineError::Illegal(_))),
                "{kind}: a reply illegal after its condition"
            );
            let other = game.legal_actions().into_iter().find(|action| !condition.starts_with(action.as_str()));
            let other = other.expect("the seat to act has another action");
            assert!(
                matches!(validate(&game, storer, &other, &[line(&condition, &reply)]), Err(LineError::Invalid(_))),
                "{kind}: a condition begins with what was played of the turn"
            );
        }
    }

    #[test]
    fn in_a_game_of_three_a_condition_hands_the_turn_to_the_player_who_stored_it() {
        let rules = kartka_engine::dots_and_boxes::DotsAndBoxesRules::new(2, 2, 3).expect("a valid field");
        let game = AnyGame::new(&kartka_engine::Ruleset::DotsAndBoxes(rules));
        let (condition, after) = first_turn(&game);
        let (reply, _) = first_turn(&after);
        let second = after.to_act().expect("the game goes on");
        assert_eq!(second, Seat::SECOND, "no box in the first turn");
        assert!(validate(&game, second, "", &[line(&condition, &reply)]).is_ok());
        let third = Seat::new(2).expect("a third seat");
        let refused = validate(&game, third, "", &[line(&condition, &reply)]);
        assert!(matches!(refused, Err(LineError::Invalid(_))), "the third seat does not act after it: {refused:?}");
    }

    #[test]
    fn only_the_exact_turn_gets_its_reply() {
        let rows = [ConditionalRow { account_id: Uuid::nil(), if_turn: "0".into(), reply_turn: "1".into() }];
        assert_eq!(reply_to(&rows, "0").as_deref(), Some("1"));
        assert_eq!(reply_to(&rows, "01"), None);
    }
}
