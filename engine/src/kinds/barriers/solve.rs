//! The exact solver: Barriers is an impartial game (both players have the same moves), so a position is the
//! sum of its independent regions and the Sprague–Grundy theorem applies. The cells a new bar may use split
//! into regions no bar can join (orthogonally connected; under `touch: corners` diagonally too, since a bar
//! there shadows the cells at its corners); the position's Grundy value is the exclusive or of its regions',
//! and the seat to move wins exactly when it is not zero. Each region's value is the least value none of its
//! moves leads to, remembered by the region's shape up to moving it, mirroring it and turning it.

use std::collections::HashMap;

use super::cells::{Cell, CellSet};
use super::position::{any_bar_within, for_each_bar_within, shadow, Bar, Position};
use super::rules::Touch;
use crate::Seat;

/// A proven result: the winner with perfect play and a game that shows it, the winner's moves each keeping the
/// Grundy value at zero for the opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The seat that wins with perfect play.
    pub winner: Seat,
    /// A whole game from the position, the seat to move first, to its end.
    pub line: Vec<Bar>,
}

/// What the solver found within its budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The position is solved.
    Proven(Solution),
    /// The budget of regions ran out first.
    OutOfBudget,
}

/// The Grundy-value solver, with its table of regions and a budget of regions to evaluate.
#[derive(Debug)]
pub struct Solver {
    touch: Touch,
    budget: u64,
    nodes: u64,
    table: HashMap<CellSet, u16>,
}

impl Solver {
    /// A solver for the touch rule `touch` that evaluates at most `budget` regions.
    #[must_use]
    pub fn new(touch: Touch, budget: u64) -> Solver {
        Solver { touch, budget, nodes: 0, table: HashMap::new() }
    }

    /// The regions evaluated so far (a region found in the table is not counted again).
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The Grundy value of the cells `free` (those a new bar may use), or `None` when the budget ran out.
    pub fn grundy(&mut self, free: CellSet) -> Option<u16> {
        let mut value = 0;
        for region in regions(free, self.touch) {
            value ^= self.region_grundy(region)?;
        }
        Some(value)
    }

    /// The bar the seat to move of `position` should play: with `true` a bar that wins, with `false` (a lost
    /// position) the first legal bar. `None` when the game is over or the budget ran out.
    pub fn best_bar(&mut self, position: &Position) -> Option<(bool, Bar)> {
        let mut bars = Vec::new();
        position.for_each_legal_bar(|bar| bars.push(bar));
        let touch = position.rules().touch();
        for &bar in &bars {
            if self.grundy(position.free().without(shadow(bar, touch)))? == 0 {
                return Some((true, bar));
            }
        }
        bars.first().map(|&bar| (false, bar))
    }

    /// Solves `position`: who wins with perfect play, and a game to the end that shows it.
    pub fn solve(&mut self, position: &Position) -> Verdict {
        let Some(value) = self.grundy(position.free()) else { return Verdict::OutOfBudget };
        let winner = if value != 0 { position.to_move() } else { position.to_move().other() };
        let mut line = Vec::new();
        let mut after = *position;
        while !after.is_over() {
            let Some((_, bar)) = self.best_bar(&after) else { return Verdict::OutOfBudget };
            after.play(bar).expect("the solver plays only legal bars");
            line.push(bar);
        }
        Verdict::Proven(Solution { winner, line })
    }

    fn region_grundy(&mut self, region: CellSet) -> Option<u16> {
        if !any_bar_within(region) {
            return Some(0);
        }
        let key = canonical(region);
        if let Some(&value) = self.table.get(&key) {
            return Some(value);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let mut bars = Vec::new();
        for_each_bar_within(region, |bar| bars.push(bar));
        let mut reached = vec![false; bars.len() + 1];
        for bar in bars {
            let value = usize::from(self.grundy(region.without(shadow(bar, self.touch)))?);
            if let Some(slot) = reached.get_mut(value) {
                *slot = true;
            }
        }
        let value = reached.iter().position(|&seen| !seen).expect("more slots than moves") as u16;
        self.table.insert(key, value);
        Some(value)
    }
}

/// The independent regions of `free`: its cells joined by shared sides, and by shared corners too under
/// `touch: corners`.
fn regions(free: CellSet, touch: Touch) -> Vec<CellSet> {
    let steps: &[(i8, i8)] = match touch {
        Touch::Cells | Touch::Sides => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
        Touch::Corners => &[(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)],
    };
    let mut left = free;
    let mut regions = Vec::new();
    while let Some(start) = left.first() {
        let mut region = CellSet::EMPTY;
        let mut stack = vec![start];
        left.remove(start);
        while let Some(cell) = stack.pop() {
            region.insert(cell);
            for &(columns, rows) in steps {
                if let Some(near) = cell.shifted(columns, rows).filter(|&near| left.contains(near)) {
                    left.remove(near);
                    stack.push(near);
                }
            }
        }
        regions.push(region);
    }
    regions
}

/// The least of the region's eight images under mirroring and turning, each moved to the corner a1: regions
/// of one shape share a table entry.
fn canonical(region: CellSet) -> CellSet {
    let cells: Vec<Cell> = region.iter().collect();
    let (mut least_column, mut least_row, mut most_column, mut most_row) = (u8::MAX, u8::MAX, 0, 0);
    for cell in &cells {
        least_column = least_column.min(cell.column);
        least_row = least_row.min(cell.row);
        most_column = most_column.max(cell.column);
        most_row = most_row.max(cell.row);
    }
    let (width, height) = (most_column - least_column, most_row - least_row);
    (0..8u8)
        .map(|symmetry| {
            let mut image = CellSet::EMPTY;
            for cell in &cells {
                let (mut column, mut row) = (cell.column - least_column, cell.row - least_row);
                if symmetry & 1 != 0 {
                    column = width - column;
                }
                if symmetry & 2 != 0 {
                    row = height - row;
                }
                if symmetry & 4 != 0 {
                    (column, row) = (row, column);
                }
                image.insert(Cell::new(column, row));
            }
            image
        })
        .min()
        .expect("eight images")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::barriers::BarriersRules;

    #[test]
    fn regions_split_by_sides_or_also_by_corners() {
        let mut free = CellSet::EMPTY;
        for (column, row) in [(0, 0), (1, 0), (2, 1), (3, 1), (5, 5)] {
            free.insert(Cell::new(column, row));
        }
        assert_eq!(regions(free, Touch::Cells).len(), 3);
        assert_eq!(regions(free, Touch::Sides).len(), 3);
        assert_eq!(regions(free, Touch::Corners).len(), 2, "b1 and c2 meet at a corner");
    }

    #[test]
    fn mirrored_and_turned_regions_share_their_key() {
        let shape = |cells: &[(u8, u8)]| {
            let mut set = CellSet::EMPTY;
            for &(column, row) in cells {
                set.insert(Cell::new(column, row));
            }
            set
        };
        let ell = shape(&[(3, 3), (3, 4), (3, 5), (4, 3)]);
        let turned = shape(&[(7, 1), (8, 1), (9, 1), (9, 2)]);
        assert_eq!(canonical(ell), canonical(turned));
        assert_ne!(canonical(ell), canonical(shape(&[(0, 0), (1, 0), (2, 0), (3, 0)])));
    }

    #[test]
    fn small_values_and_a_budget_that_runs_out() {
        let mut solver = Solver::new(Touch::Cells, u64::MAX);
        let board = |width, height| CellSet::board(BarriersRules::new(width, height, Touch::Cells).expect("valid"));
        assert_eq!(solver.grundy(board(2, 2)), Some(0), "the second bar always fits: a second-player win");
        assert_eq!(solver.grundy(board(2, 3)).map(|value| value != 0), Some(true));
        let mut starved = Solver::new(Touch::Cells, 3);
        assert_eq!(
            starved.solve(&Position::new(BarriersRules::new(4, 4, Touch::Cells).expect("valid"))),
            Verdict::OutOfBudget
        );
    }
}
