//! What the bot knows of Barriers (Cram): an impartial game, solved exactly by the engine's Grundy-value solver
//! (the board splits into regions no bar joins, each valued once per shape) whenever it proves the position
//! within the budget; beyond it, the search with a parity evaluation.

use kartka_engine::barriers::{any_bar_within, shadow, Bar, CellSet, Position, Solver};

use crate::evaluate::{Evaluate, Proof, UNIT};

/// The solver is asked only when at most this many cells may still take a bar: an 8 × 8 board after a few
/// bars. Larger positions rarely finish within a turn's budget, and a solver that runs out wastes what it spent.
const SOLVE_FREE_CELLS: u32 = 40;

/// Barriers' evaluation: in a game where the last to move wins, what counts is who will move last. The bars
/// that still fit if both players packed them greedily (first fit, in the board's order) estimate the moves
/// left: an odd count favours the seat to act, an even one the other. Exact play comes from the solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct BarriersEvaluation;

impl Evaluate<Position> for BarriersEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        if greedy_bars(position.free(), position) % 2 == 1 {
            UNIT
        } else {
            -UNIT
        }
    }

    fn solve(&self, position: &Position, node_budget: u64) -> Option<Proof<Bar>> {
        if position.is_over() || position.free().len() > SOLVE_FREE_CELLS {
            return None;
        }
        let mut solver = Solver::new(position.rules().touch(), node_budget);
        let (wins, action) = solver.best_bar(position)?;
        Some(Proof { wins, action, nodes: solver.nodes() })
    }
}

/// How many bars fit in `free` placed one after another, each the first that fits in the board's order.
fn greedy_bars(mut free: CellSet, position: &Position) -> u32 {
    let touch = position.rules().touch();
    let mut bars = 0;
    while any_bar_within(free) {
        let mut first = None;
        kartka_engine::barriers::for_each_bar_within(free, |bar| {
            first.get_or_insert(bar);
        });
        let Some(bar) = first else { break };
        free = free.without(shadow(bar, touch));
        bars += 1;
    }
    bars
}

#[cfg(test)]
mod tests {
    use kartka_engine::barriers::{parse_bars, BarriersRules, Touch};
    use kartka_engine::{Game, Seat};

    use super::*;
    use crate::{Bot, Level, NoDeadline};

    fn after(width: u8, height: u8, touch: Touch, bars: &str) -> Position {
        let mut position = Position::new(BarriersRules::new(width, height, touch).expect("valid"));
        for bar in parse_bars(bars).expect("bars") {
            position.play(bar).expect("legal");
        }
        position
    }

    #[test]
    fn the_solver_finds_the_first_players_win_on_an_even_by_odd_board_and_keeps_it() {
        let mut position = after(4, 3, Touch::Cells, "");
        let proof = BarriersEvaluation.solve(&position, u64::MAX).expect("a small board");
        assert!(proof.wins, "4x3 is a first-player win");
        // The bot plays the first seat against a random opponent and wins every time.
        let mut choice = 0u64;
        while !position.is_over() {
            let action = if position.to_move() == Seat::FIRST {
                BarriersEvaluation.solve(&position, u64::MAX).expect("solved").action
            } else {
                choice += 5;
                position.pick_legal_action(choice).expect("a move")
            };
            position.play(action).expect("legal");
        }
        assert_eq!(position.outcome().and_then(|outcome| outcome.winner()), Some(Seat::FIRST));
    }

    #[test]
    fn the_bot_leaves_the_opponent_a_lost_position() {
        for touch in Touch::ALL {
            let position = after(4, 3, touch, "");
            let turn = Bot::new(BarriersEvaluation, Level::new(8).expect("a level"), 1)
                .play_turn(&position, 100_000, &NoDeadline)
                .expect("a move");
            let mut after_move = position;
            after_move.play(turn.actions[0]).expect("legal");
            let mut solver = Solver::new(touch, u64::MAX);
            let won = solver.grundy(position.free()) != Some(0);
            assert!(won || touch != Touch::Cells, "4x3 Cram is a first-player win");
            if won {
                assert_eq!(solver.grundy(after_move.free()), Some(0), "{touch}: the opponent is lost");
            }
        }
        assert!(
            BarriersEvaluation.solve(&after(12, 12, Touch::Cells, ""), 1_000).is_none(),
            "a large board is not asked"
        );
    }

    #[test]
    fn the_greedy_count_follows_the_touch_rule() {
        let cells = after(4, 4, Touch::Cells, "");
        assert_eq!(greedy_bars(cells.free(), &cells), 8);
        let corners = after(4, 4, Touch::Corners, "");
        assert_eq!(greedy_bars(corners.free(), &corners), 3, "a1b1, d1d2, a3b3");
    }
}
