//! Paper Soccer positions for the tests of the evaluations: after given steps, and along seeded random games
//! (the same games on every machine).

use kartka_engine::soccer::{Direction, Pitch, Position};

/// Every position of the random game `seed` on `pitch`, from the start to the position that ends it, each step
/// drawn among the legal ones by a linear congruential generator seeded with `seed`.
pub(crate) fn random_game(pitch: Pitch, seed: u64) -> impl Iterator<Item = Position> {
    std::iter::successors(Some((Position::new(pitch), seed)), |&(position, state)| {
        if position.is_over() {
            return None;
        }
        let directions: Vec<Direction> = position.legal_directions().collect();
        let state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let mut next = position;
        next.step(directions[(state >> 33) as usize % directions.len()]).expect("a legal step");
        Some((next, state))
    })
    .map(|(position, _)| position)
}

/// The position after `digits`, kurnik's step digits from the start of kurnik's pitch.
pub(crate) fn after(digits: &str) -> Position {
    let mut position = Position::default();
    for digit in digits.chars() {
        position.step(Direction::from_digit(digit).expect("a digit")).expect("a legal step");
    }
    position
}
