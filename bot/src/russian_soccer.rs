//! What the bot knows of `russian` Paper Soccer: the model it shares with `line` (see
//! [`line_model_score`]); a clamped or self-clamped mover hands a penalty to the other seat, which the
//! evaluation reads as the kick owed.

use kartka_engine::line_soccer::RussianGame;
use kartka_engine::{Game, Seat};

use crate::evaluate::Evaluate;
use crate::line_soccer::line_model_score;

/// `russian` Paper Soccer's evaluation, for the seat to act: distance to goal in lines of three steps, a
/// penalty owed, and a hemmed-in ball (see [`line_model_score`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct RussianSoccerEvaluation;

impl Evaluate<RussianGame> for RussianSoccerEvaluation {
    fn evaluate(&self, game: &RussianGame) -> i32 {
        let seat = game.to_act().unwrap_or(Seat::FIRST);
        line_model_score(game.field(), game.drawing(), game.ball(), seat, game.kick_due().is_some())
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::line_soccer::{Action, RussianRules};
    use kartka_engine::soccer::Direction;

    use super::*;

    #[test]
    fn the_start_is_even_and_a_line_forward_favours_its_mover() {
        let mut game = RussianGame::start(RussianRules::default());
        assert_eq!(RussianSoccerEvaluation.evaluate(&game), 0);
        for _ in 0..3 {
            game.apply(Action::Step(Direction::from_digit('0').expect("north"))).expect("a legal step");
        }
        assert_eq!(game.to_act(), Some(Seat::SECOND));
        assert!(RussianSoccerEvaluation.evaluate(&game) < 0);
    }
}
