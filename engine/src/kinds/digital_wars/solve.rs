//! The exact solver: a memoised win/loss search over strings of digits. A position of play is its digits
//! alone (the rules' ending decides the empty string), so the table is keyed by them, packed four bits a digit.

use std::collections::HashMap;

use super::position::{Action, Phase, Position};
use super::rules::Ending;
use crate::Seat;

/// A proven result: the winner with perfect play and a game that shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The seat that wins with perfect play.
    pub winner: Seat,
    /// A whole game from the position to its end, the winner's moves each leaving the opponent lost.
    pub line: Vec<Action>,
}

/// What the solver found within its budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The position is solved.
    Proven(Solution),
    /// The budget of strings ran out first, or the position is still being written (the pie rule).
    Unproven,
}

/// The solver for one ending, with its table and a budget of strings to evaluate.
#[derive(Debug)]
pub struct Solver {
    ending: Ending,
    budget: u64,
    nodes: u64,
    table: HashMap<u128, bool>,
}

/// The digits packed four bits each below their count: one key per string of up to 30 digits.
fn key(digits: &[u8]) -> u128 {
    digits.iter().fold(0, |key, &digit| (key << 4) | u128::from(digit)) | (digits.len() as u128) << 120
}

impl Solver {
    /// A solver for `ending` that evaluates at most `budget` strings.
    #[must_use]
    pub fn new(ending: Ending, budget: u64) -> Solver {
        Solver { ending, budget, nodes: 0, table: HashMap::new() }
    }

    /// The strings evaluated so far (a string found in the table is not counted again).
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the player to move on `digits` wins with perfect play, or `None` when the budget ran out. On the
    /// empty string the player to move has just seen the last digit erased: a win in misère play, a loss in
    /// normal play.
    pub fn wins(&mut self, digits: &[u8]) -> Option<bool> {
        if digits.is_empty() {
            return Some(self.ending == Ending::Misere);
        }
        let key = key(digits);
        if let Some(&known) = self.table.get(&key) {
            return Some(known);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let mut after = digits.to_vec();
        let mut result = false;
        'places: for at in 0..digits.len() {
            let from = digits[at];
            if from == 0 && !self.wins(&digits[..at])? {
                result = true;
                break;
            }
            for to in 0..from {
                after[at] = to;
                if !self.wins(&after)? {
                    result = true;
                    break 'places;
                }
            }
            after[at] = from;
        }
        self.table.insert(key, result);
        Some(result)
    }

    /// The action the seat to act should play in `position`: with `true` one that wins, with `false` (a lost
    /// position) the first legal one. `None` when the game is over, the string is still being written, or the
    /// budget ran out.
    pub fn best_action(&mut self, position: &Position) -> Option<(bool, Action)> {
        match position.phase() {
            Phase::Writing => None,
            Phase::Choosing => {
                let mover_wins = self.wins(position.digits())?;
                let chooser = position.to_move();
                Some((true, Action::Choose { first: if mover_wins { chooser } else { chooser.other() } }))
            }
            Phase::Playing => {
                let mut actions = Vec::new();
                position.for_each_legal_action(|action| actions.push(action));
                for &action in &actions {
                    let mut after = *position;
                    after.play(action).expect("a listed action is legal");
                    let opponent_wins = match after.outcome() {
                        Some(outcome) => outcome.winner() != Some(position.to_move()),
                        None => self.wins(after.digits())?,
                    };
                    if !opponent_wins {
                        return Some((true, action));
                    }
                }
                actions.first().map(|&action| (false, action))
            }
        }
    }

    /// Solves `position` (being chosen or played): who wins with perfect play, and a game to the end.
    pub fn solve(&mut self, position: &Position) -> Verdict {
        let Some((wins, _)) = self.best_action(position) else { return Verdict::Unproven };
        let winner = if wins { position.to_move() } else { position.to_move().other() };
        let mut line = Vec::new();
        let mut after = *position;
        while !after.is_over() {
            let Some((_, action)) = self.best_action(&after) else { return Verdict::Unproven };
            after.play(action).expect("the solver plays only legal actions");
            line.push(action);
        }
        Verdict::Proven(Solution { winner, line })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_digits_by_hand() {
        let mut misere = Solver::new(Ending::Misere, u64::MAX);
        assert_eq!(misere.wins(&[0]), Some(false), "erasing the only digit loses");
        assert_eq!(misere.wins(&[1]), Some(true), "1 to 0 leaves the opponent the last erasure");
        let mut normal = Solver::new(Ending::Normal, u64::MAX);
        assert_eq!(normal.wins(&[0]), Some(true));
        assert_eq!(normal.wins(&[1]), Some(false));
        assert_eq!(normal.wins(&[2]), Some(true));
        assert_ne!(key(&[0, 5]), key(&[5]), "a leading zero counts");
        let mut starved = Solver::new(Ending::Misere, 2);
        assert_eq!(starved.wins(&[9, 9, 9, 9, 9]), None);
    }
}
