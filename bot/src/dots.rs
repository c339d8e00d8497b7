//! What the bot knows of Dots: captured dots decide the game, and an enemy dot hemmed in by ours is a capture
//! on its way.

use kartka_engine::dots::{Cell, Position};
use kartka_engine::Seat;

use crate::evaluate::{Evaluate, EVALUATION_LIMIT, UNIT};

/// Dots' evaluation, for the seat to act:
/// - **captures**: two units for every enemy dot the seat holds captured more than the opponent does (the
///   counts decide the game);
/// - **pressure**: for every live enemy dot, a sixteenth of a unit for the square of the number of its four
///   neighbours that are the seat's live dots, and the same against the seat for its own dots hemmed in by the
///   opponent. Three or four sides closed is nearly an enclosure, so it counts far more than one.
///
/// One walk over the field, a few neighbours per dot: cheap enough for every leaf.
#[derive(Clone, Copy, Debug, Default)]
pub struct DotsEvaluation;

impl Evaluate<Position> for DotsEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        let seat = position.to_move();
        let counts = position.counts();
        let captured = |seat: Seat| i32::try_from(counts[seat.index()]).unwrap_or(i32::MAX / 4);
        let mut score = (captured(seat) - captured(seat.other())) * 2 * UNIT;
        let size = position.rules().size;
        for point in size.points() {
            let Cell::Live(owner) = position.cell(point) else { continue };
            let hemmed =
                size.neighbours(point).filter(|&next| position.cell(next) == Cell::Live(owner.other())).count();
            let pressure = (hemmed * hemmed) as i32 * UNIT / 16;
            score += if owner == seat { -pressure } else { pressure };
        }
        score.clamp(-EVALUATION_LIMIT + 1, EVALUATION_LIMIT - 1)
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::dots::{DotsRules, FieldSize, Point, Start};

    use super::*;

    fn position(dots: &[(Seat, u8, u8)]) -> Position {
        let rules =
            DotsRules { size: FieldSize::new(8, 8).expect("a size"), start: Start::Custom, ..DotsRules::default() };
        Position::with_dots(rules, dots.iter().map(|&(seat, x, y)| (seat, Point::new(x, y)))).expect("a setup")
    }

    #[test]
    fn hemming_in_an_enemy_dot_counts_for_the_side_that_does_it() {
        let (first, second) = (Seat::FIRST, Seat::SECOND);
        let open = position(&[(second, 3, 3), (first, 3, 2)]);
        let hemmed = position(&[(second, 3, 3), (first, 3, 2), (first, 2, 3), (first, 4, 3)]);
        assert_eq!(open.to_move(), first);
        assert!(DotsEvaluation.evaluate(&hemmed) > DotsEvaluation.evaluate(&open), "three sides beat one");
        assert_eq!(DotsEvaluation.evaluate(&position(&[])), 0, "an empty field is even");
    }
}
