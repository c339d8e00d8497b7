//! What the bot knows of Closing In: the side with more queen moves is better off, and small boards are
//! solved exactly by the engine's solver.

use kartka_engine::closing_in::{BoardSize, Position, Solver, Square, SquareSet, Verdict};

use crate::evaluate::{Evaluate, Proof, UNIT};

/// The solver is asked only when at most this many squares are free: a 6x6 board after a dozen moves, or
/// 5x5 from its second move. Larger boards rarely finish within a turn's budget, and a solver that runs out
/// wastes what it spent.
const SOLVE_FREE_SQUARES: u32 = 22;
/// log2 of the solver's table: 2^16 entries of 48 bytes, 3 MiB, enough for the positions it is asked.
const SOLVER_TABLE_BITS: u32 = 16;

/// Closing In's evaluation: a unit for every queen move the seat to act has more than the opponent (the side
/// left without a move loses, so room to move is what the game is about), and the exact solver from
/// `closing_in::solve` once few squares are free.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClosingInEvaluation;

impl Evaluate<Position> for ClosingInEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        let seat = position.to_move();
        let (Some(mine), Some(theirs)) = (position.marker(seat), position.marker(seat.other())) else {
            return 0;
        };
        let (size, removed) = (position.size(), position.removed());
        let my_moves = queen_moves(size, removed, mine, theirs);
        let their_moves = queen_moves(size, removed, theirs, mine);
        (my_moves - their_moves) * UNIT
    }

    fn solve(&self, position: &Position, node_budget: u64) -> Option<Proof<Square>> {
        let seat = position.to_move();
        position.marker(seat)?;
        position.marker(seat.other())?;
        let squares = u32::from(position.size().get()).pow(2);
        if squares.saturating_sub(position.removed().len() + 2) > SOLVE_FREE_SQUARES {
            return None;
        }
        let mut solver = Solver::with_table_bits(node_budget, SOLVER_TABLE_BITS);
        let Verdict::Proven(solution) = solver.solve(position) else {
            return None;
        };
        let action = *solution.line.first()?;
        Some(Proof { wins: solution.winner == seat, action, nodes: solver.nodes() })
    }
}

/// The queen moves of a marker on `from`, with the other marker on `other`.
fn queen_moves(size: BoardSize, removed: SquareSet, from: Square, other: Square) -> i32 {
    const STEPS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
    let mut moves = 0;
    for (columns, rows) in STEPS {
        let mut at = from;
        while let (Some(column), Some(row)) = (at.column.checked_add_signed(columns), at.row.checked_add_signed(rows)) {
            at = Square::new(column, row);
            if !size.contains(at) || removed.contains(at) || at == other {
                break;
            }
            moves += 1;
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use kartka_engine::closing_in::parse_squares;

    use super::*;

    fn after(size: u8, moves: &str) -> Position {
        let mut position = Position::new(BoardSize::new(size).expect("a size"));
        for square in parse_squares(moves).expect("squares") {
            position.play(square).expect("a legal move");
        }
        position
    }

    #[test]
    fn queen_moves_agree_with_the_engines_mobility() {
        let position = after(6, "A1 F6 B2 E5 C2");
        let seat = position.to_move();
        let (mine, theirs) = (position.marker(seat).expect("placed"), position.marker(seat.other()).expect("placed"));
        assert_eq!(queen_moves(position.size(), position.removed(), mine, theirs), position.mobility() as i32);
    }

    #[test]
    fn more_room_than_the_opponent_scores_higher() {
        // B (to act) in a corner, A in the centre.
        let position = after(6, "C3 A1");
        let score = ClosingInEvaluation.evaluate(&position);
        assert!(score > 0, "A has the centre and is to act: {score}");
        assert_eq!(ClosingInEvaluation.evaluate(&after(6, "")), 0, "nothing placed yet");
    }

    #[test]
    fn the_solver_answers_on_a_small_board_and_its_winning_move_is_legal() {
        let position = after(4, "A1 D4");
        let proof = ClosingInEvaluation.solve(&position, 10_000_000).expect("4x4 is small");
        assert!(position.check(proof.action).is_ok());
        let mut after_move = position;
        after_move.play(proof.action).expect("legal");
        let reply = ClosingInEvaluation.solve(&after_move, 10_000_000);
        if let Some(reply) = reply.filter(|_| !after_move.is_over()) {
            assert_eq!(reply.wins, !proof.wins, "the solver agrees with itself one move later");
        }
        assert!(ClosingInEvaluation.solve(&after(12, "A1 L12"), 1_000).is_none(), "a large board is not asked");
    }
}
