//! What the bot knows of Paper Soccer with the `centre` option: the classic evaluation of the pitch underneath
//! (a goal or a block there is a point here), and the points already scored, which decide the match.

use kartka_engine::soccer_centre::Position;
use kartka_engine::Seat;

use crate::evaluate::{Evaluate, EVALUATION_LIMIT, UNIT};
use crate::soccer::SoccerEvaluation;

/// What one point of the score is worth: more than any position of the ball short of a goal (the classic
/// evaluation's bonus next to the mouth is eight units), since after a point the ball is back on the centre.
const POINT: i32 = 15 * UNIT;

/// Paper Soccer `centre`'s evaluation, for the seat to act: [`POINT`] for each point it leads by, plus the
/// classic [`SoccerEvaluation`] of the ball on the pitch (distance to goal, urgency, mobility in a bounce,
/// wall traps), which holds unchanged because every classic ending is a point here. It is blind to the drawn
/// lines ([`SoccerEvaluation::ROWS_ONLY`]): a goal closed here is open again after the next point's kick-off,
/// so a cut-off is worth a point, not a game, and that weighting is not measured yet.
#[derive(Clone, Copy, Debug, Default)]
pub struct SoccerCentreEvaluation;

impl Evaluate<Position> for SoccerCentreEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        let [first, second] = position.scores().map(|points| i32::try_from(points).unwrap_or(i32::MAX / 2));
        let lead = match position.to_move() {
            Seat::FIRST => first - second,
            _ => second - first,
        };
        let ball = SoccerEvaluation::ROWS_ONLY.evaluate(position.board());
        lead.saturating_mul(POINT).saturating_add(ball).clamp(-(EVALUATION_LIMIT - 1), EVALUATION_LIMIT - 1)
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::soccer::Direction;
    use kartka_engine::Game;

    use super::*;

    #[test]
    fn the_start_is_even_and_a_point_outweighs_the_ball() {
        assert_eq!(SoccerCentreEvaluation.evaluate(&Position::default()), 0);
        // The first seat runs the ball north into the goal it attacks: a point, and the second seat kicks off.
        let mut position = Position::default();
        let mut steps = 0;
        while position.scores() == [0, 0] {
            let direction = Direction::from_digit('0').expect("north");
            position.apply(direction).expect("a legal step north");
            steps += 1;
            assert!(steps < 10, "the ball reaches the north goal");
        }
        assert_eq!(position.scores(), [1, 0]);
        assert_eq!(position.to_move(), Seat::SECOND);
        assert!(SoccerCentreEvaluation.evaluate(&position) <= -POINT + 2 * UNIT);
    }
}
