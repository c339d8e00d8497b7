//! What the bot knows of Points and segments: the game is impartial, so what matters is whether an odd number of
//! moves is left; the exact solver answers once the position is small enough, and always on a convex start.

use kartka_engine::points_and_segments::{Position, Segment, Solver, Start, Verdict};

use crate::evaluate::{Evaluate, Proof, UNIT};

/// The solver is asked only when at most this many segments are drawable on a lattice: the default game's 15
/// points from their first move (105 segments, proved in 17,000 to 45,000 nodes over five seeds, within the
/// quarter of a turn's budget the solver gets at level 7). A convex start is solved by its arcs at any size.
const SOLVE_DRAWABLE_SEGMENTS: usize = 105;

/// Points and segments' evaluation: an estimate of the moves left, half the unused points that can still be
/// joined to some other point, in favour of the seat to act when it is odd (that seat would then make the last
/// move); and the exact solver from `points_and_segments::Solver` once the position is small.
#[derive(Clone, Copy, Debug, Default)]
pub struct PointsAndSegmentsEvaluation;

impl Evaluate<Position> for PointsAndSegmentsEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        let mut live = 0u32;
        position.for_each_legal_move(|segment| {
            let (low, high) = segment.ends();
            live |= 1 << low | 1 << high;
        });
        if (live.count_ones() / 2) % 2 == 1 {
            UNIT
        } else {
            -UNIT
        }
    }

    fn solve(&self, position: &Position, node_budget: u64) -> Option<Proof<Segment>> {
        if position.rules().start() != Start::Convex && position.mobility() > SOLVE_DRAWABLE_SEGMENTS {
            return None;
        }
        let mut solver = Solver::new(node_budget);
        let Verdict::Proven(solution) = solver.solve(position) else {
            return None;
        };
        let action = *solution.line.first()?;
        Some(Proof { wins: solution.winner == position.to_move(), action, nodes: solver.nodes() })
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::points_and_segments::PointsRules;

    use super::*;

    fn convex(points: u8) -> Position {
        Position::new(PointsRules::new(points, Start::Convex).expect("valid"))
    }

    #[test]
    fn the_solver_plays_the_theorys_winning_move_on_a_convex_start() {
        // 16 points: a win for the first player; its move must leave a position the opponent loses.
        let position = convex(16);
        let proof = PointsAndSegmentsEvaluation.solve(&position, 100_000).expect("convex starts are solved");
        assert!(proof.wins);
        let mut after = position;
        after.play(proof.action).expect("legal");
        let reply = PointsAndSegmentsEvaluation.solve(&after, 100_000).expect("solved");
        assert!(!reply.wins, "the opponent is left in a lost position");
        assert!(!PointsAndSegmentsEvaluation.solve(&convex(15), 100_000).expect("solved").wins, "15 loses");
    }

    #[test]
    fn the_default_game_is_solved_from_its_first_move_at_level_sevens_budget() {
        let position = Position::default();
        let proof = PointsAndSegmentsEvaluation.solve(&position, 250_000).expect("15 points are within reach");
        let mut after = position;
        after.play(proof.action).expect("legal");
        let reply = PointsAndSegmentsEvaluation.solve(&after, 250_000).expect("solved");
        assert_eq!(reply.wins, !proof.wins, "the solver agrees with itself one move later");
    }

    #[test]
    fn a_large_lattice_is_left_to_the_search() {
        let position = Position::new(PointsRules::new(30, Start::Lattice { seed: 1 }).expect("valid"));
        assert!(PointsAndSegmentsEvaluation.solve(&position, 100_000).is_none());
        assert_eq!(
            PointsAndSegmentsEvaluation.evaluate(&convex(6)),
            UNIT,
            "six live points: three moves, the last the seat to act's"
        );
        let mut after = convex(6);
        after.play(Segment::new(0, 1)).expect("legal");
        assert_eq!(PointsAndSegmentsEvaluation.evaluate(&after), -UNIT, "four live points: two moves");
    }
}
