//! What the bot knows of Digital Wars: the engine's memoised exact search over strings plays perfectly wherever
//! it proves the position within the budget, and chooses the winning side under the pie rule; beyond it, the
//! search with a weak parity hint.

use kartka_engine::digital_wars::{Action, Ending, Phase, Position, Solver};

use crate::evaluate::{Evaluate, Proof, UNIT};

/// Digital Wars' evaluation. Were every later move the smallest (a digit lowered by one, a `0` erased only when
/// it is the last digit), the game would last the digits' sum plus their count; the parity of that says who
/// would make the last move, which wins in normal play and loses in misère. A hint only: the solver decides.
#[derive(Clone, Copy, Debug, Default)]
pub struct DigitalWarsEvaluation;

impl Evaluate<Position> for DigitalWarsEvaluation {
    fn evaluate(&self, position: &Position) -> i32 {
        if position.phase() != Phase::Playing {
            return 0;
        }
        let digits = position.digits();
        let longest = digits.iter().map(|&digit| u32::from(digit)).sum::<u32>() + digits.len() as u32;
        let mover_moves_last = longest % 2 == 1;
        let mover_wins = mover_moves_last == (position.rules().ending() == Ending::Normal);
        if mover_wins {
            UNIT / 2
        } else {
            -UNIT / 2
        }
    }

    fn solve(&self, position: &Position, node_budget: u64) -> Option<Proof<Action>> {
        if position.is_over() {
            return None;
        }
        let mut solver = Solver::new(position.rules().ending(), node_budget);
        let (wins, action) = solver.best_action(position)?;
        Some(Proof { wins, action, nodes: solver.nodes() })
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::digital_wars::{parse_actions, DigitalWarsRules, Start};
    use kartka_engine::{Game, Seat};

    use super::*;
    use crate::{Bot, Level, NoDeadline};

    #[test]
    fn the_bot_leaves_the_opponent_lost_and_wins_against_random_play() {
        for ending in [Ending::Misere, Ending::Normal] {
            let digits = [3, 0, 1, 2, 0, 4];
            let mut position = Position::of_digits(&digits, ending).expect("digits");
            let mut solver = Solver::new(ending, u64::MAX);
            let bot_seat = if solver.wins(&digits) == Some(true) { Seat::FIRST } else { Seat::SECOND };
            let mut choice = 0u64;
            while !position.is_over() {
                let action = if position.to_move() == bot_seat {
                    let turn = Bot::new(DigitalWarsEvaluation, Level::new(8).expect("a level"), 1)
                        .play_turn(&position, 1_000_000, &NoDeadline)
                        .expect("a move");
                    turn.actions[0]
                } else {
                    choice += 7;
                    position.pick_legal_action(choice).expect("a move")
                };
                position.play(action).expect("legal");
            }
            assert_eq!(position.outcome().and_then(|outcome| outcome.winner()), Some(bot_seat), "{ending:?}");
        }
    }

    #[test]
    fn the_chooser_takes_the_winning_side() {
        let rules = DigitalWarsRules::new(5, Start::Pie, Ending::Misere).expect("valid");
        let mut position = Position::new(rules);
        for action in parse_actions("=31415").expect("written") {
            position.play(action).expect("a digit");
        }
        let proof = DigitalWarsEvaluation.solve(&position, u64::MAX).expect("five digits are solved");
        assert!(proof.wins);
        let mut after = position;
        after.play(proof.action).expect("a choice");
        let mut solver = Solver::new(Ending::Misere, u64::MAX);
        let mover_wins = solver.wins(after.digits()) == Some(true);
        assert_eq!(after.to_move() == Seat::SECOND, mover_wins, "the chooser moves first exactly when that wins");
        assert!(DigitalWarsEvaluation.solve(&Position::new(rules), u64::MAX).is_none(), "no proof while writing");
    }
}
