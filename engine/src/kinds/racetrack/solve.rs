//! The fewest moves of a lone car round a track: breadth-first search over (position, velocity, lap state)
//! (Erickson 2009), counting moves that stay on the track, as the vector race's solvers do: a crash is a penalty
//! (a hit point and a skipped turn), not a way of driving, even where braking by crashing would save a round. The
//! lap state is the net count of line crossings and the touch points passed, which a finish needs.

use std::collections::{HashMap, VecDeque};

use super::drive::drive;
use super::geometry::Point;
use super::track::Track;

/// The most states [`fewest_moves`] visits before it gives up.
pub const DEFAULT_BUDGET: usize = 20_000_000;

/// A lone car's state between moves, as the search sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CarState {
    /// Where the car stands.
    pub position: Point,
    /// Its velocity.
    pub velocity: Point,
    /// Net crossings of the start/finish line, +1 in the racing direction.
    pub laps: i8,
    /// The touch points passed, as a mask.
    pub touched: u64,
}

impl CarState {
    /// A car standing still at `position`, before its first move.
    #[must_use]
    pub const fn at_start(position: Point) -> CarState {
        CarState { position, velocity: Point::ZERO, laps: 0, touched: 0 }
    }
}

/// The result of one move of a car: its state after, or that it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The car drove on.
    On(CarState),
    /// The car crossed the line in the racing direction after a full lap through every touch point.
    Finished,
}

/// Why the search found no line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// Every state reachable without crashing was visited and none finishes.
    #[error("no car can reach the finish")]
    Unreachable,
    /// The search visited its budget of states first.
    #[error("the search gave up after {0} states")]
    Budget(usize),
}

/// A fewest-moves line: its length and the points the car stops on, the start first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The fewest moves from the start to the finish.
    pub moves: u32,
    /// The points of one such line, from the start to the point the finishing move ends on.
    pub line: Vec<Point>,
}

/// The keypad's nine accelerations, 1 to 9: `a = (dx, dy)`, 7 8 9 the top row (towards smaller y).
#[must_use]
pub const fn acceleration_of_digit(digit: u8) -> Option<Point> {
    if digit < 1 || digit > 9 {
        return None;
    }
    let dx = (digit as i16 - 1) % 3 - 1;
    let dy = 1 - (digit as i16 - 1) / 3;
    Some(Point::new(dx, dy))
}

/// The keypad digit of an acceleration whose parts are each −1, 0 or 1.
#[must_use]
pub const fn digit_of_acceleration(acceleration: Point) -> Option<u8> {
    if acceleration.x < -1 || acceleration.x > 1 || acceleration.y < -1 || acceleration.y > 1 {
        return None;
    }
    Some(((1 - acceleration.y) * 3 + acceleration.x + 2) as u8)
}

/// One move of a lone car from `state` with `acceleration`, if it stays on the track (`None` if it crashes or
/// its velocity leaves the grid's range).
#[must_use]
pub fn step_alone(track: &Track, state: CarState, acceleration: Point) -> Option<Step> {
    let velocity = state.velocity.checked_add(acceleration)?;
    let to = state.position.checked_add(velocity)?;
    let driven = drive(track, state.position, to, |_| false);
    if driven.crash.is_some() {
        return None;
    }
    let laps = state.laps.saturating_add(driven.crossing);
    let touched = state.touched | driven.touched;
    if driven.crossing == 1 && laps >= 1 && touched == track.all_touched() {
        return Some(Step::Finished);
    }
    Some(Step::On(CarState { position: to, velocity, laps, touched }))
}

/// The fewest moves of a lone car from `start` to the finish, and one line that takes them; gives up after
/// `budget` states.
pub fn fewest_moves(track: &Track, start: CarState, budget: usize) -> Result<Solution, SolveError> {
    let mut parent: HashMap<CarState, Option<CarState>> = HashMap::new();
    let mut queue = VecDeque::new();
    parent.insert(start, None);
    queue.push_back((start, 0u32));
    while let Some((state, depth)) = queue.pop_front() {
        for digit in 1..=9 {
            let Some(acceleration) = acceleration_of_digit(digit) else { continue };
            match step_alone(track, state, acceleration) {
                None => {}
                Some(Step::Finished) => {
                    let mut line = vec![state.position + state.velocity + acceleration];
                    let mut at = Some(state);
                    while let Some(here) = at {
                        line.push(here.position);
                        at = parent[&here];
                    }
                    line.reverse();
                    return Ok(Solution { moves: depth + 1, line });
                }
                Some(Step::On(next)) if !parent.contains_key(&next) => {
                    if parent.len() >= budget {
                        return Err(SolveError::Budget(budget));
                    }
                    parent.insert(next, Some(state));
                    queue.push_back((next, depth + 1));
                }
                Some(Step::On(_)) => {}
            }
        }
    }
    Err(SolveError::Unreachable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keypad_digits_are_the_nine_accelerations() {
        assert_eq!(acceleration_of_digit(5), Some(Point::ZERO));
        assert_eq!(acceleration_of_digit(8), Some(Point::new(0, -1)));
        assert_eq!(acceleration_of_digit(1), Some(Point::new(-1, 1)));
        assert_eq!(acceleration_of_digit(9), Some(Point::new(1, -1)));
        assert_eq!(acceleration_of_digit(0), None);
        for digit in 1..=9 {
            let acceleration = acceleration_of_digit(digit).expect("a digit");
            assert_eq!(digit_of_acceleration(acceleration), Some(digit));
        }
        assert_eq!(digit_of_acceleration(Point::new(2, 0)), None);
    }
}
