//! A Barriers position: the cells the bars cover, the cells no new bar may use, whose move it is, and how the
//! game ended.

use super::cells::{Cell, CellSet};
use super::rules::{BarriersRules, Touch, MAX_SIDE};
use crate::game::Progress;
use crate::position_key::PositionKey;
use crate::{EndReason, Outcome, Seat};

/// Which way a bar lies from its first cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orientation {
    /// Its second cell is to the right of the first.
    Horizontal,
    /// Its second cell is above the first.
    Vertical,
}

/// A bar: two orthogonally adjacent cells, named by the lower-left one and the way it lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bar {
    /// The left cell of a horizontal bar, the lower of a vertical one.
    pub cell: Cell,
    /// Which way the bar lies.
    pub orientation: Orientation,
}

impl Bar {
    /// The bar on two cells, in either order, if they share a side.
    #[must_use]
    pub fn between(a: Cell, b: Cell) -> Option<Bar> {
        let (low, high) = if (a.row, a.column) <= (b.row, b.column) { (a, b) } else { (b, a) };
        let orientation = if low.row == high.row && low.column.checked_add(1) == Some(high.column) {
            Orientation::Horizontal
        } else if low.column == high.column && low.row.checked_add(1) == Some(high.row) {
            Orientation::Vertical
        } else {
            return None;
        };
        Some(Bar { cell: low, orientation })
    }

    /// The bar's second cell: right of or above [`Bar::cell`].
    #[must_use]
    pub fn second(self) -> Cell {
        match self.orientation {
            Orientation::Horizontal => Cell::new(self.cell.column.saturating_add(1), self.cell.row),
            Orientation::Vertical => Cell::new(self.cell.column, self.cell.row.saturating_add(1)),
        }
    }

    /// Both cells, the lower-left first.
    #[must_use]
    pub fn cells(self) -> [Cell; 2] {
        [self.cell, self.second()]
    }
}

/// Why a bar is refused. The position is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalBar {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// A cell of the bar is not on the board.
    #[error("the bar leaves the board")]
    OffBoard,
    /// A cell of the bar is covered by an earlier bar.
    #[error("a cell of the bar is already covered")]
    Covered,
    /// A cell of the bar touches an earlier bar where the touch rule forbids it (a side, or also a corner).
    #[error("the bar touches an earlier bar")]
    Touching,
}

/// The cells a bar takes from every later bar under `touch`: its own, and those next to them the rule keeps
/// free (sharing a side, or also a corner). Cells past the board may be among them; callers intersect.
#[must_use]
pub fn shadow(bar: Bar, touch: Touch) -> CellSet {
    let reach: &[(i8, i8)] = match touch {
        Touch::Cells => &[(0, 0)],
        Touch::Sides => &[(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)],
        Touch::Corners => &[(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)],
    };
    let mut set = CellSet::EMPTY;
    for cell in bar.cells() {
        for &(columns, rows) in reach {
            if let Some(near) = cell.shifted(columns, rows).filter(|near| near.column < MAX_SIDE && near.row < MAX_SIDE)
            {
                set.insert(near);
            }
        }
    }
    set
}

/// Calls `visit` with every bar both of whose cells are in `free`, in a fixed order: by the lower-left cell in
/// board order, a horizontal bar before a vertical one.
pub fn for_each_bar_within(free: CellSet, mut visit: impl FnMut(Bar)) {
    for cell in free.iter() {
        for orientation in [Orientation::Horizontal, Orientation::Vertical] {
            let bar = Bar { cell, orientation };
            if free.contains(bar.second()) {
                visit(bar);
            }
        }
    }
}

/// Whether some bar fits within `free`.
#[must_use]
pub fn any_bar_within(free: CellSet) -> bool {
    free.iter().any(|cell| {
        free.contains(Cell::new(cell.column + 1, cell.row)) || free.contains(Cell::new(cell.column, cell.row + 1))
    })
}

/// A Barriers position. It is `Copy` and fixed-size, so checking and playing a bar never allocate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    rules: BarriersRules,
    covered: CellSet,
    free: CellSet,
    to_move: Seat,
    outcome: Option<Outcome>,
}

impl Default for Position {
    fn default() -> Position {
        Position::new(BarriersRules::default())
    }
}

impl Position {
    /// The empty board of `rules`, the first seat to move.
    #[must_use]
    pub fn new(rules: BarriersRules) -> Position {
        let free = CellSet::board(rules);
        Position { rules, covered: CellSet::EMPTY, free, to_move: Seat::FIRST, outcome: None }
    }

    /// The rules of the game.
    #[must_use]
    pub const fn rules(&self) -> BarriersRules {
        self.rules
    }

    /// The cells the bars cover.
    #[must_use]
    pub const fn covered(&self) -> CellSet {
        self.covered
    }

    /// The cells a new bar may still use: on the board, not covered, and not kept free by the touch rule.
    #[must_use]
    pub const fn free(&self) -> CellSet {
        self.free
    }

    /// The seat whose move it is (after the end: the seat that could not move).
    #[must_use]
    pub const fn to_move(&self) -> Seat {
        self.to_move
    }

    /// How the game ended, once the seat to move could not place a bar.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Writes the position's canonical bytes: format 1, the seat to move, whether the game is over, then the
    /// column and row of every covered cell in board order (a1, b1, …, a2, …). The covered cells decide every
    /// later move under each touch rule, so two bar orders covering them alike meet. The rules are left out.
    pub fn write_key(&self, key: &mut PositionKey) {
        key.byte(1).seat(self.to_move).flag(self.is_over());
        for cell in self.covered.iter() {
            key.byte(cell.column).byte(cell.row);
        }
    }

    /// Whether the seat to move may place `bar`, and if not, why.
    pub fn check(&self, bar: Bar) -> Result<(), IllegalBar> {
        if self.is_over() {
            return Err(IllegalBar::GameOver);
        }
        let on_board = |cell: Cell| cell.column < self.rules.width() && cell.row < self.rules.height();
        if !bar.cells().into_iter().all(on_board) {
            return Err(IllegalBar::OffBoard);
        }
        if bar.cells().into_iter().any(|cell| self.covered.contains(cell)) {
            return Err(IllegalBar::Covered);
        }
        if !bar.cells().into_iter().all(|cell| self.free.contains(cell)) {
            return Err(IllegalBar::Touching);
        }
        Ok(())
    }

    /// Places `bar` for the seat to move. The turn always passes; the game ends when the next seat has no
    /// bar to place, the mover winning. On error the position is unchanged.
    pub fn play(&mut self, bar: Bar) -> Result<Progress, IllegalBar> {
        self.check(bar)?;
        for cell in bar.cells() {
            self.covered.insert(cell);
        }
        self.free = self.free.without(shadow(bar, self.rules.touch()));
        let mover = self.to_move;
        self.to_move = mover.other();
        if any_bar_within(self.free) {
            Ok(Progress::TurnEnded)
        } else {
            let outcome = Outcome::win(2, mover, EndReason::Stuck);
            self.outcome = Some(outcome);
            Ok(Progress::GameOver(outcome))
        }
    }

    /// Calls `visit` with every legal bar, by the lower-left cell in board order, horizontal before vertical.
    pub fn for_each_legal_bar(&self, visit: impl FnMut(Bar)) {
        if !self.is_over() {
            for_each_bar_within(self.free, visit);
        }
    }

    /// The number of legal bars.
    #[must_use]
    pub fn mobility(&self) -> usize {
        let mut count = 0;
        self.for_each_legal_bar(|_| count += 1);
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(a: (u8, u8), b: (u8, u8)) -> Bar {
        Bar::between(Cell::new(a.0, a.1), Cell::new(b.0, b.1)).expect("adjacent cells")
    }

    #[test]
    fn a_bar_is_named_by_its_lower_left_cell_whatever_the_order() {
        assert_eq!(bar((4, 2), (4, 1)), Bar { cell: Cell::new(4, 1), orientation: Orientation::Vertical });
        assert_eq!(bar((5, 1), (4, 1)), Bar { cell: Cell::new(4, 1), orientation: Orientation::Horizontal });
        assert_eq!(Bar::between(Cell::new(0, 0), Cell::new(1, 1)), None, "diagonal");
        assert_eq!(Bar::between(Cell::new(0, 0), Cell::new(0, 2)), None, "apart");
        assert_eq!(Bar::between(Cell::new(0, 0), Cell::new(0, 0)), None, "one cell");
    }

    #[test]
    fn each_touch_rule_refuses_what_it_forbids_and_nothing_changes() {
        let cases = [
            (Touch::Cells, [Err(IllegalBar::Covered), Ok(()), Ok(())]),
            (Touch::Sides, [Err(IllegalBar::Covered), Err(IllegalBar::Touching), Ok(())]),
            (Touch::Corners, [Err(IllegalBar::Covered), Err(IllegalBar::Touching), Err(IllegalBar::Touching)]),
        ];
        for (touch, expected) in cases {
            let mut position = Position::new(BarriersRules::new(5, 5, touch).expect("valid"));
            position.play(bar((1, 1), (2, 1))).expect("the first bar");
            let tries = [bar((2, 1), (2, 2)), bar((1, 2), (1, 3)), bar((3, 2), (3, 3))];
            for (attempt, reason) in tries.into_iter().zip(expected) {
                let before = position;
                assert_eq!(position.check(attempt), reason, "{touch}: {attempt:?}");
                if let Err(refused) = reason {
                    assert_eq!(position.play(attempt), Err(refused));
                    assert_eq!(position, before, "a refused bar changes nothing");
                }
            }
            assert_eq!(position.check(bar((4, 4), (4, 5))), Err(IllegalBar::OffBoard));
        }
    }

    #[test]
    fn the_seat_that_cannot_place_a_bar_loses() {
        let mut position = Position::new(BarriersRules::new(2, 2, Touch::Cells).expect("valid"));
        assert_eq!(position.mobility(), 4);
        assert_eq!(position.play(bar((0, 0), (1, 0))), Ok(Progress::TurnEnded));
        assert_eq!(position.mobility(), 1);
        let won = Outcome::win(2, Seat::SECOND, EndReason::Stuck);
        assert_eq!(position.play(bar((0, 1), (1, 1))), Ok(Progress::GameOver(won)));
        assert_eq!(position.to_move(), Seat::FIRST, "the seat left without a bar");
        assert_eq!(position.check(bar((0, 0), (0, 1))), Err(IllegalBar::GameOver));
        let mut corners = Position::new(BarriersRules::new(2, 3, Touch::Corners).expect("valid"));
        assert_eq!(
            corners.play(bar((0, 1), (1, 1))),
            Ok(Progress::GameOver(Outcome::win(2, Seat::FIRST, EndReason::Stuck)))
        );
    }
}
