//! What the bot knows of xrsoccer: the points scored, how far the ball is from each goal counted in lines of
//! three steps, and how many segments at the ball are still free (a ball with none left is carried on).

use kartka_engine::soccer::{Direction, Point};
use kartka_engine::xrsoccer::{Position, XrRules};
use kartka_engine::Seat;

use crate::evaluate::{Evaluate, EVALUATION_LIMIT, UNIT};

/// What one point of the score is worth: more than any position of the ball, since after a point the ball is
/// back on the centre.
const POINT: i32 = 15 * UNIT;

/// xrsoccer's evaluation, for the seat to act:
/// - **points**: [`POINT`] for each point it leads by;
/// - **distance to goal**: half a unit for every step the ball is nearer the goal the seat attacks than its own,
///   plus a bonus within one line (three steps) of a goal and a smaller one within two;
/// - **room**: the field has no walls, so the only traps are drawn segments: a twentieth of a unit for each
///   segment at the ball that is already drawn (or leaves the field).
#[derive(Clone, Copy, Debug, Default)]
pub struct XrsoccerEvaluation;

impl Evaluate<Position> for XrsoccerEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        let seat = position.to_move();
        let [first, second] = position.scores().map(|points| i32::try_from(points).unwrap_or(i32::MAX / 2));
        let lead = match seat {
            Seat::FIRST => first - second,
            _ => second - first,
        };
        let (rules, ball) = (position.rules(), position.ball());
        let attack = goal_distance(rules, ball, seat);
        let defence = goal_distance(rules, ball, seat.other());
        let used = Direction::ALL
            .into_iter()
            .filter(|&direction| !rules.contains(ball.step(direction)) || position.is_drawn(ball, direction))
            .count() as i32;
        let ball_score = (defence - attack) * UNIT / 2 + urgency(attack) - urgency(defence) - used * UNIT / 20;
        lead.saturating_mul(POINT).saturating_add(ball_score).clamp(-(EVALUATION_LIMIT - 1), EVALUATION_LIMIT - 1)
    }
}

/// Steps from `ball` to the goal `scorer` attacks (the north one, `y` = 0, for the first seat): the rows to the
/// end line, or the columns to the three-point mouth when those are more.
fn goal_distance(rules: XrRules, ball: Point, scorer: Seat) -> i32 {
    let rows = match scorer {
        Seat::FIRST => i32::from(ball.y),
        _ => i32::from(rules.length()) - i32::from(ball.y),
    };
    let columns = ((i32::from(ball.x) - i32::from(rules.width() / 2)).abs() - 1).max(0);
    rows.max(columns)
}

/// The extra worth of the ball `distance` steps from a goal: within one line of three steps it is nearly a
/// point, within two a threat.
fn urgency(distance: i32) -> i32 {
    match distance {
        ..=3 => 6 * UNIT,
        4..=6 => 2 * UNIT,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::Game;

    use super::*;

    #[test]
    fn the_start_is_even_but_for_the_field_edge() {
        // No segment is drawn at the centre and none leaves the field there.
        assert_eq!(XrsoccerEvaluation.evaluate(&Position::default()), 0);
    }

    #[test]
    fn a_line_forward_favours_its_mover() {
        let mut position = Position::default();
        for _ in 0..3 {
            position.apply(Direction::from_digit('0').expect("north")).expect("a legal step");
        }
        assert_eq!(position.to_move(), Seat::SECOND);
        assert!(XrsoccerEvaluation.evaluate(&position) < 0);
    }

    #[test]
    fn distance_counts_rows_or_columns_to_the_mouth() {
        let rules = XrRules::STANDARD;
        assert_eq!(goal_distance(rules, rules.centre(), Seat::FIRST), 9);
        assert_eq!(goal_distance(rules, rules.centre(), Seat::SECOND), 9);
        assert_eq!(goal_distance(rules, Point::new(0, 1), Seat::FIRST), 5, "columns to the mouth");
        assert_eq!(goal_distance(rules, Point::new(7, 17), Seat::SECOND), 1);
    }

    #[test]
    fn a_lead_in_points_outweighs_the_ball() {
        let mut position = Position::default();
        let mut steps = 0;
        while position.scores() == [0, 0] {
            position.apply(Direction::from_digit('0').expect("north")).expect("a legal step north");
            steps += 1;
            assert!(steps < 10, "the ball reaches the north goal");
        }
        assert_eq!(position.to_move(), Seat::SECOND);
        assert!(XrsoccerEvaluation.evaluate(&position) < -POINT / 2);
    }
}
