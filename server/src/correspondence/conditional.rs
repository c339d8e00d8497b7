//! Conditional moves: a player stores, on the opponent's turn, replies to that turn. When the turn ends the
//! game's actor plays the reply whose condition is exactly the turn played, as an ordinary move; lines that
//! did not match can never match again and are dropped.

use std::collections::HashSet;

use kartka_engine::{AnyGame, MoveError, Progress};
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
}

/// Checks lines against `game`, where the opponent is to act and has played `played` of their turn so far:
/// each condition must be a whole legal turn from the start of that turn, and each reply a whole legal turn
/// after it.
pub fn validate(game: &AnyGame, played: &str, lines: &[ConditionalLine]) -> Result<(), LineError> {
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
        if after.to_act().is_none() {
            return Err(LineError::Invalid("a condition that ends the game needs no reply"));
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
            let (condition, after) = first_turn(&game);
            let (reply, _) = first_turn(&after);
            assert!(validate(&game, "", &[line(&condition, &reply)]).is_ok(), "{kind}");
            let twice = [line(&condition, &reply), line(&condition, &reply)];
            assert!(matches!(validate(&game, "", &twice), Err(LineError::Invalid(_))), "{kind}: one line a condition");
            assert!(matches!(validate(&game, "", &[line("?", &reply)]), Err(LineError::Notation(_))), "{kind}");
            let refused = game.legal_actions().into_iter().find(|action| after.clone().play(action).is_err());
            let refused = refused.expect("some action of the start is illegal after a turn");
            assert!(
                matches!(validate(&game, "", &[line(&condition, &refused)]), Err(LineError::Illegal(_))),
                "{kind}: a reply illegal after its condition"
            );
            let other = game.legal_actions().into_iter().find(|action| !condition.starts_with(action.as_str()));
            let other = other.expect("the seat to act has another action");
            assert!(
                matches!(validate(&game, &other, &[line(&condition, &reply)]), Err(LineError::Invalid(_))),
                "{kind}: a condition begins with what was played of the turn"
            );
        }
    }

    #[test]
    fn only_the_exact_turn_gets_its_reply() {
        let rows = [ConditionalRow { account_id: Uuid::nil(), if_turn: "0".into(), reply_turn: "1".into() }];
        assert_eq!(reply_to(&rows, "0").as_deref(), Some("1"));
        assert_eq!(reply_to(&rows, "01"), None);
    }
}
