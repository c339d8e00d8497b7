//! What the bot knows of `line` Paper Soccer (and, through [`line_model_score`], of `russian`, which shares the
//! model): how far the ball is from each goal counted in lines of three steps, whether a kick is owed, and how
//! hemmed in the ball is, since a player left without a full move hands the opponent a kick.

use kartka_engine::line_soccer::{north_delta, Drawing, Field, LineGame, Point};
use kartka_engine::soccer::Direction;
use kartka_engine::{Game, Seat};

use crate::evaluate::{Evaluate, EVALUATION_LIMIT, UNIT};

/// `line` Paper Soccer's evaluation ([`line_model_score`]), for the seat to act.
#[derive(Clone, Copy, Debug, Default)]
pub struct LineSoccerEvaluation;

impl Evaluate<LineGame> for LineSoccerEvaluation {
    fn evaluate(&self, game: &LineGame) -> i32 {
        let seat = game.to_act().unwrap_or(Seat::FIRST);
        line_model_score(game.field(), game.drawing(), game.ball(), seat, game.kick_due().is_some())
    }
}

/// The evaluation of a position of the common model (§1 of the variants' rules) for `seat`, the seat to act:
/// - **distance to goal**: half a unit for every step the ball is nearer the goal `seat` attacks than its own,
///   plus a bonus once the ball is within one line (three steps) of a goal and a smaller one within two: a
///   line or a kick from there usually scores;
/// - **kick owed**: the seat to act owes a kick only because it closed its opponent, and it chooses the kick's
///   direction across drawn lines: worth two units;
/// - **traps**: the ball's free neighbours (neither drawn nor on the out-line) are the room the seat to act has
///   for its line; a tenth of a unit for each of the eight that is not free, and a ball with one free
///   neighbour or none, nearly closed, costs a unit more (a closed seat gives the opponent a kick).
pub(crate) fn line_model_score(field: Field, drawing: &Drawing, ball: Point, seat: Seat, kick_owed: bool) -> i32 {
    let attack = goal_distance(field, ball, seat);
    let defence = goal_distance(field, ball, seat.other());
    let mut score = (defence - attack) * UNIT / 2 + urgency(attack) - urgency(defence);
    if kick_owed {
        score += 2 * UNIT;
    } else {
        let free = free_neighbours(field, drawing, ball);
        score -= (8 - free) * UNIT / 10;
        if free <= 1 {
            score -= UNIT;
        }
    }
    score.clamp(-(EVALUATION_LIMIT - 1), EVALUATION_LIMIT - 1)
}

/// Steps from `ball` to the goal `scorer` attacks (the north one for the first seat), ignoring drawn lines: the
/// rows to the end line, or the columns to the mouth when those are more.
fn goal_distance(field: Field, ball: Point, scorer: Seat) -> i32 {
    let half_length = i32::from(field.length() / 2);
    let rows = match scorer {
        Seat::FIRST => half_length - i32::from(ball.y),
        _ => half_length + i32::from(ball.y),
    };
    let columns = (i32::from(ball.x).abs() - i32::from(field.mouth())).max(0);
    rows.max(columns)
}

/// The extra worth of the ball `distance` steps from a goal: within one line of three steps it is nearly a
/// goal, within two a threat.
fn urgency(distance: i32) -> i32 {
    match distance {
        ..=3 => 6 * UNIT,
        4..=6 => 2 * UNIT,
        _ => 0,
    }
}

/// How many of the ball's neighbours a step could reach: on the field, not forbidden, not drawn (crossed
/// diagonals are not counted: this is a cheap bound, the search sees the rest).
fn free_neighbours(field: Field, drawing: &Drawing, ball: Point) -> i32 {
    Direction::ALL
        .into_iter()
        .filter(|&direction| {
            let (dx, dy) = north_delta(direction);
            let next = Point { x: ball.x + dx, y: ball.y + dy };
            field.contains(next) && !field.is_forbidden(next) && !drawing.has_point(next)
        })
        .count() as i32
}

#[cfg(test)]
mod tests {
    use kartka_engine::line_soccer::{Action, LineRules};

    use super::*;

    fn after(digits: &str) -> LineGame {
        let mut game = LineGame::start(LineRules::default());
        for digit in digits.chars() {
            let direction = Direction::from_digit(digit).expect("a digit");
            game.apply(Action::Step(direction)).expect("a legal step");
        }
        game
    }

    #[test]
    fn the_start_is_even() {
        assert_eq!(LineSoccerEvaluation.evaluate(&LineGame::start(LineRules::default())), 0);
    }

    #[test]
    fn a_line_towards_the_goal_the_mover_attacks_leaves_the_opponent_worse_off() {
        // The first seat draws three steps north; the second seat acts, three rows nearer its own goal.
        let north = after("000");
        assert_eq!(north.to_act(), Some(Seat::SECOND));
        assert!(LineSoccerEvaluation.evaluate(&north) < 0);
        let south = after("444");
        assert!(LineSoccerEvaluation.evaluate(&south) > 0);
    }

    #[test]
    fn distance_counts_rows_or_columns_to_the_mouth_and_urgency_grows_near_a_goal() {
        let field = LineRules::default().field();
        let half_length = i32::from(field.length() / 2);
        assert_eq!(goal_distance(field, Point::CENTRE, Seat::FIRST), half_length);
        assert_eq!(goal_distance(field, Point { x: 0, y: 13 }, Seat::FIRST), half_length - 13);
        assert_eq!(goal_distance(field, Point { x: 9, y: 14 }, Seat::FIRST), 7, "columns to the mouth");
        assert!(urgency(2) > urgency(5) && urgency(5) > urgency(9));
    }

    #[test]
    fn a_hemmed_in_ball_is_a_trap_and_an_owed_kick_an_asset() {
        let field = LineRules::default().field();
        let mut drawing = Drawing::default();
        let open = line_model_score(field, &drawing, Point { x: 3, y: 0 }, Seat::FIRST, false);
        for direction in Direction::ALL.into_iter().take(7) {
            let (dx, dy) = north_delta(direction);
            drawing.draw_segment(Point { x: 3 + dx, y: dy }, Direction::from_digit('0').expect("north"));
        }
        let hemmed = line_model_score(field, &drawing, Point { x: 3, y: 0 }, Seat::FIRST, false);
        assert!(hemmed + UNIT < open, "{hemmed} {open}");
        assert!(line_model_score(field, &drawing, Point { x: 3, y: 0 }, Seat::FIRST, true) > open);
    }
}
