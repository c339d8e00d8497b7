//! Hand-made positions for every rule of the goal mouth, the ends of a game, bounces and drawn segments.
//!
//! Each position is reached from the start by a kurnik digit string, so it is built by the engine's own steps.
//! The standard pitch's top goal mouth is (3,0)–(4,0)–(5,0) with goal points (3,−1), (4,−1), (5,−1); the ball
//! starts at (4,5) and the first seat attacks the top goal.

use kartka_engine::soccer::{Direction, IllegalStep, Pitch, Point, Position, StepResult};
use kartka_engine::{EndReason, Outcome, Seat};

/// The position after `digits` from the start of `pitch`, every step checked to be legal.
fn after_on(pitch: Pitch, digits: &str) -> Position {
    let mut position = Position::new(pitch);
    for (index, digit) in digits.chars().enumerate() {
        let direction = Direction::from_digit(digit).expect("a digit 0-7");
        if let Err(illegal) = position.step(direction) {
            panic!("step {index} ({digit}) of {digits} is illegal: {illegal}");
        }
    }
    position
}

fn after(digits: &str) -> Position {
    after_on(Pitch::STANDARD, digits)
}

/// What one more step does to a copy of `position`, and the copy after it.
fn try_step(position: &Position, digit: char) -> (Result<StepResult, IllegalStep>, Position) {
    let mut next = *position;
    let result = next.step(Direction::from_digit(digit).expect("a digit 0-7"));
    (result, next)
}

fn won(winner: Seat, reason: EndReason) -> Result<StepResult, IllegalStep> {
    Ok(StepResult::GameOver(Outcome::win(2, winner, reason)))
}

/// Asserts that `digit` is refused for `reason` and leaves the position exactly as it was.
fn assert_refused(position: &Position, digit: char, reason: IllegalStep) {
    let (result, next) = try_step(position, digit);
    assert_eq!(result, Err(reason), "step {digit} from {:?}", position.ball());
    assert_eq!(&next, position, "a refused step changes nothing");
}

fn legal_digits(position: &Position) -> String {
    let mut digits = String::new();
    for direction in position.legal_directions() {
        digits.push(direction.digit());
    }
    digits
}

/// Four one-step turns up the centre line: the ball on (4,1), the first seat to move.
const UP_TO_4_1: &str = "0000";

#[test]
fn from_a_post_only_the_diagonal_into_the_middle_goal_point() {
    // (4,1) → (3,0): the post always bounces.
    let (result, at_post) = try_step(&after(UP_TO_4_1), '7');
    assert_eq!(result, Ok(StepResult::Bounce));
    assert_eq!(at_post.ball(), Point::new(3, 0));
    assert_eq!(at_post.to_move(), Seat::FIRST);
    assert_eq!(legal_digits(&at_post), "1245");
    assert_refused(&at_post, '0', IllegalStep::Wall);
    assert_refused(&at_post, '7', IllegalStep::Wall);
    assert_refused(&at_post, '6', IllegalStep::Wall);
    // The first seat attacks the top goal.
    let (result, scored) = try_step(&at_post, '1');
    assert_eq!(result, won(Seat::FIRST, EndReason::Goal));
    assert_eq!(scored.ball(), Point::new(4, -1));
}

#[test]
fn from_the_middle_of_the_mouth_into_each_of_the_three_goal_points() {
    // (4,1) → (4,0) by the first seat: the middle of the mouth is untouched, so the ball stops there.
    let (result, at_mouth) = try_step(&after(UP_TO_4_1), '0');
    assert_eq!(at_mouth.ball(), Point::new(4, 0));
    assert_eq!(result, Ok(StepResult::TurnOver));
    assert_eq!(at_mouth.to_move(), Seat::SECOND);
    // The second seat defends the top goal: any of its goal points is an own goal.
    for (digit, goal_point) in [('7', Point::new(3, -1)), ('0', Point::new(4, -1)), ('1', Point::new(5, -1))] {
        let (result, scored) = try_step(&at_mouth, digit);
        assert_eq!(result, won(Seat::FIRST, EndReason::OwnGoal), "into {goal_point}");
        assert_eq!(scored.ball(), goal_point);
        assert!(scored.legal_directions().is_empty(), "nothing leaves a goal point");
    }
}

#[test]
fn goals_and_own_goals_at_the_bottom_end() {
    // Down the centre line in one-step turns: the first seat stops on the untouched middle (4,10).
    let at_mouth = after("44444");
    assert_eq!(at_mouth.ball(), Point::new(4, 10));
    assert_eq!(at_mouth.to_move(), Seat::SECOND);
    let (result, scored) = try_step(&at_mouth, '4');
    assert_eq!(result, won(Seat::SECOND, EndReason::Goal));
    assert_eq!(scored.ball(), Point::new(4, 11));
    // The first seat bounces off the post (5,10) and puts the ball into its own goal.
    let at_post = after("44443");
    assert_eq!(at_post.ball(), Point::new(5, 10));
    assert_eq!(at_post.to_move(), Seat::FIRST);
    let (result, own_goal) = try_step(&at_post, '5');
    assert_eq!(own_goal.ball(), Point::new(4, 11));
    assert_eq!(result, won(Seat::SECOND, EndReason::OwnGoal));
}

#[test]
fn along_the_mouth_the_middle_stops_the_ball_when_untouched_and_bounces_when_touched() {
    // The first seat bounces off the post (3,0) and goes along the mouth to the untouched middle: turn over.
    let at_post = after("00007");
    assert_eq!(at_post.ball(), Point::new(3, 0));
    let (result, at_middle) = try_step(&at_post, '2');
    assert_eq!(result, Ok(StepResult::TurnOver));
    assert_eq!(at_middle.ball(), Point::new(4, 0));
    assert!(!at_middle.must_continue());
    // The second seat goes on along the mouth to the other post (a bounce) and down to the fresh (5,1).
    let (result, at_other_post) = try_step(&at_middle, '2');
    assert_eq!(result, Ok(StepResult::Bounce));
    assert_eq!(at_other_post.ball(), Point::new(5, 0));
    let below = after("00007224");
    assert_eq!(below.ball(), Point::new(5, 1));
    assert_eq!(below.to_move(), Seat::FIRST);
    // The first seat comes back to the middle, which is touched now: it bounces.
    let (result, back_at_middle) = try_step(&below, '7');
    assert_eq!(result, Ok(StepResult::Bounce));
    assert_eq!(back_at_middle.ball(), Point::new(4, 0));
    assert!(back_at_middle.must_continue());
    // Along the mouth is allowed, along the end line beside it is a wall.
    assert_refused(&at_post, '6', IllegalStep::Wall);
    assert_refused(&at_other_post, '2', IllegalStep::Wall);
}

#[test]
fn entering_the_goal_from_beside_the_mouth_is_refused() {
    // (4,1) → (3,1) → (2,1) in two turns, then the first seat bounces off the end line at (2,0).
    let beside = after("000066");
    assert_eq!(beside.ball(), Point::new(2, 1));
    assert_eq!(legal_digits(&beside), "0134567");
    let (result, on_end_line) = try_step(&beside, '0');
    assert_eq!(result, Ok(StepResult::Bounce));
    assert_eq!(on_end_line.ball(), Point::new(2, 0));
    // NE would enter the goal point (3,-1) from outside the mouth; E runs along the end line.
    assert_refused(&on_end_line, '1', IllegalStep::Wall);
    assert_refused(&on_end_line, '2', IllegalStep::Wall);
}

#[test]
fn a_corner_is_suicide() {
    // Three turns NW to (1,2), one N to (1,1); then the first seat steps into the corner (0,0), where every
    // segment is a wall or just drawn.
    let near_corner = after("7770");
    assert_eq!(near_corner.ball(), Point::new(1, 1));
    assert_eq!(near_corner.to_move(), Seat::FIRST);
    let (result, in_corner) = try_step(&near_corner, '7');
    assert_eq!(in_corner.ball(), Point::new(0, 0));
    assert_eq!(result, won(Seat::SECOND, EndReason::Stuck));
    assert!(in_corner.legal_directions().is_empty());
    assert_refused(&in_corner, '3', IllegalStep::GameOver);
}

#[test]
fn stuck_in_the_middle_of_the_pitch_mid_turn() {
    // A real kurnik game (2014-09-23): the first seat's last turn `101` bounces twice and ends on the centre
    // spot with every segment there drawn.
    let turn_start = after("0522477430145257244723614531665725072");
    assert_eq!(turn_start.to_move(), Seat::FIRST);
    assert!(!turn_start.must_continue());
    let mid_turn = after("052247743014525724472361453166572507210");
    assert_eq!(mid_turn.to_move(), Seat::FIRST);
    assert!(mid_turn.must_continue());
    let (result, stuck) = try_step(&mid_turn, '1');
    assert_eq!(stuck.ball(), Point::new(4, 5));
    assert_eq!(result, won(Seat::SECOND, EndReason::Stuck));
    assert!(stuck.legal_directions().is_empty());
    for direction in Direction::ALL {
        assert!(stuck.is_drawn(stuck.ball(), direction), "{direction} is drawn at the centre");
    }
    assert_refused(&stuck, '0', IllegalStep::GameOver);
}

#[test]
fn stepping_into_a_dead_end_is_stuck() {
    // A real kurnik game (2014-09-23): the first seat, at (3,4) at the start of its turn, steps back to the
    // centre spot, where every other segment is drawn. The centre bounces, and there is no step left.
    let before_last = after("3064105503630216300665206");
    assert_eq!(before_last.ball(), Point::new(3, 4));
    assert_eq!(before_last.to_move(), Seat::FIRST);
    assert!(!before_last.must_continue());
    let (result, stuck) = try_step(&before_last, '3');
    assert_eq!(stuck.ball(), Point::new(4, 5));
    assert_eq!(result, won(Seat::SECOND, EndReason::Stuck));
}

#[test]
fn the_border_bounces() {
    // Westwards from the centre: (3,5), (2,5), (1,5) are fresh, (0,5) is on the touch line.
    let (result, on_border) = try_step(&after("666"), '6');
    assert_eq!(on_border.ball(), Point::new(0, 5));
    assert_eq!(result, Ok(StepResult::Bounce));
    assert_eq!(on_border.to_move(), Seat::SECOND);
    assert_eq!(legal_digits(&on_border), "13");
    assert_refused(&on_border, '0', IllegalStep::Wall);
    assert_refused(&on_border, '4', IllegalStep::Wall);
    assert_refused(&on_border, '5', IllegalStep::Wall);
}

#[test]
fn a_diagonal_may_cross_a_drawn_diagonal() {
    // (4,5) → (5,4), then (5,4) → (5,5); now (5,5) → (4,4) crosses the first diagonal.
    let (result, crossed) = try_step(&after("14"), '7');
    assert_eq!(result, Ok(StepResult::TurnOver), "(4,4) is untouched: diagonals cross between points");
    assert!(crossed.is_drawn(Point::new(4, 5), Direction::NorthEast));
    assert!(crossed.is_drawn(Point::new(5, 5), Direction::NorthWest));
}

#[test]
fn a_segment_cannot_be_drawn_twice() {
    assert_refused(&after("1"), '5', IllegalStep::AlreadyDrawn);
    // Nor later in the game from its other end: (5,5) → (4,5) bounces, and NE and E from there are drawn.
    let (result, back) = try_step(&after("14"), '6');
    assert_eq!(result, Ok(StepResult::Bounce));
    assert_refused(&back, '1', IllegalStep::AlreadyDrawn);
    assert_refused(&back, '2', IllegalStep::AlreadyDrawn);
}

#[test]
fn a_wider_pitch_has_a_wider_mouth() {
    // 10 × 12 cells with a goal 4 wide: posts at x = 3 and x = 7, goal points (3..=7, -1), centre (5,6).
    let pitch = Pitch::new(10, 12, 4).expect("a valid pitch");
    assert_eq!(Position::new(pitch).ball(), Point::new(5, 6));
    // Six one-step turns up the centre line: the second seat stops on the untouched mouth point (5,0).
    let at_mouth = after_on(pitch, "000000");
    assert_eq!(at_mouth.ball(), Point::new(5, 0));
    assert_eq!(at_mouth.to_move(), Seat::FIRST);
    for (digit, goal_point) in [('7', Point::new(4, -1)), ('0', Point::new(5, -1)), ('1', Point::new(6, -1))] {
        let (result, scored) = try_step(&at_mouth, digit);
        assert_eq!(result, won(Seat::FIRST, EndReason::Goal), "into {goal_point}");
        assert_eq!(scored.ball(), goal_point);
    }
    // The inner mouth point (4,0) reaches the corner goal point (3,-1) and runs along the mouth both ways.
    let at_inner = after_on(pitch, "000007");
    assert_eq!(at_inner.ball(), Point::new(4, 0));
    assert_eq!(at_inner.to_move(), Seat::FIRST);
    assert_eq!(legal_digits(&at_inner), "0124567");
    let (result, corner_goal) = try_step(&at_inner, '7');
    assert_eq!(corner_goal.ball(), Point::new(3, -1));
    assert_eq!(result, won(Seat::FIRST, EndReason::Goal));
    // The post (3,0) only reaches into the goal diagonally inwards.
    let (result, at_post) = try_step(&at_inner, '6');
    assert_eq!(result, Ok(StepResult::Bounce));
    assert_eq!(legal_digits(&at_post), "1345");
    // Down to the bottom mouth (5,12) with the first seat to move: its own goal.
    let at_bottom_mouth = after_on(pitch, "444444");
    assert_eq!(at_bottom_mouth.ball(), Point::new(5, 12));
    assert_eq!(at_bottom_mouth.to_move(), Seat::FIRST);
    let (result, own_goal) = try_step(&at_bottom_mouth, '5');
    assert_eq!(own_goal.ball(), Point::new(4, 13));
    assert_eq!(result, won(Seat::SECOND, EndReason::OwnGoal));
}
