//! Ships and fleets: a ship is a straight run of cells, a fleet the ships of one seat in canonical order (longest
//! first, then by the top-left cell), `Copy` and allocation-free, and the check that a fleet is the one the rules
//! ask for and that its ships keep their distance (rules 1.2, 1.3 and §4).

use std::fmt;

use super::grid::{reach, run_mask, Cell, SIZE};
use super::rules::SeaBattleRules;

/// The most ships a fleet holds (the classic fleet's ten).
pub const MAX_SHIPS: usize = 10;

/// One ship: `length` cells from `start` (its top-left cell) rightwards, or downwards when `vertical`. A ship of
/// one cell is never vertical, so every ship has one form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ship {
    start: Cell,
    length: u8,
    vertical: bool,
}

impl Ship {
    /// The ship between the end cells `a` and `b` (in either order), when they share a row or a column.
    #[must_use]
    pub fn between(a: Cell, b: Cell) -> Option<Ship> {
        let (start, end) = if a <= b { (a, b) } else { (b, a) };
        if start.row() == end.row() {
            Some(Ship { start, length: end.column() - start.column() + 1, vertical: false })
        } else if start.column() == end.column() {
            Some(Ship { start, length: end.row() - start.row() + 1, vertical: true })
        } else {
            None
        }
    }

    /// The top-left cell.
    #[must_use]
    pub const fn start(self) -> Cell {
        self.start
    }

    /// The other end: the bottom or right cell (the start itself for a ship of one cell).
    #[must_use]
    pub fn end(self) -> Cell {
        let last = self.length - 1;
        let (column, row) = if self.vertical {
            (self.start.column(), self.start.row() + last)
        } else {
            (self.start.column() + last, self.start.row())
        };
        Cell::new(column, row).expect("a ship built between two cells ends on the grid")
    }

    /// How many cells the ship has.
    #[must_use]
    pub const fn length(self) -> u8 {
        self.length
    }

    /// The ship's cells as a mask of the 10 × 10 grid.
    #[must_use]
    pub fn mask(self) -> u128 {
        run_mask(SIZE, self.start.column(), self.start.row(), self.length, self.vertical)
            .expect("a ship built between two cells lies on the grid")
    }

    /// Longest first, then by the top-left cell: the canonical order of a fleet's ships.
    fn canonical_key(self) -> (std::cmp::Reverse<u8>, Cell) {
        (std::cmp::Reverse(self.length), self.start)
    }
}

impl fmt::Display for Ship {
    /// The ship in the notation: its end cells, top-left first (`A1-A4`), or its one cell (`C7`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.start)?;
        if self.length > 1 {
            write!(f, "-{}", self.end())?;
        }
        Ok(())
    }
}

/// The ships of one seat, in canonical order. Slots past the ship count hold a placeholder that takes part in
/// no comparison, because the constructor is the only way in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fleet {
    ships: [Ship; MAX_SHIPS],
    count: u8,
}

/// The placeholder of an empty slot.
const NO_SHIP: Ship = Ship { start: Cell::TOP_LEFT, length: 0, vertical: false };

/// Why the rules refuse a fleet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FleetError {
    /// The ships' lengths are not the fleet the rules ask for.
    #[error("the ships are not the fleet the rules ask for")]
    WrongShips,
    /// Two ships share a cell.
    #[error("ships {0} and {1} overlap")]
    Overlap(Ship, Ship),
    /// Two ships stand closer than the rules allow (at a corner with no touching, side by side unless any
    /// touching is allowed).
    #[error("ships {0} and {1} touch")]
    Touch(Ship, Ship),
}

impl Fleet {
    /// The fleet of `ships`, put in canonical order; `None` for more than [`MAX_SHIPS`] ships.
    #[must_use]
    pub fn new(ships: &[Ship]) -> Option<Fleet> {
        if ships.len() > MAX_SHIPS {
            return None;
        }
        let mut fleet = Fleet { ships: [NO_SHIP; MAX_SHIPS], count: ships.len() as u8 };
        fleet.ships[..ships.len()].copy_from_slice(ships);
        fleet.ships[..ships.len()].sort_unstable_by_key(|ship| ship.canonical_key());
        Some(fleet)
    }

    /// The ships, longest first, then by their top-left cells.
    #[must_use]
    pub fn ships(&self) -> &[Ship] {
        &self.ships[..usize::from(self.count)]
    }

    /// Every cell of every ship.
    #[must_use]
    pub fn mask(&self) -> u128 {
        self.ships().iter().fold(0, |mask, ship| mask | ship.mask())
    }

    /// Whether the rules allow this fleet: the fleet they ask for, no ship on another, none closer than allowed.
    pub fn check(&self, rules: SeaBattleRules) -> Result<(), FleetError> {
        let wanted = rules.fleet().lengths();
        let ships = self.ships();
        if ships.len() != wanted.len() || ships.iter().zip(wanted).any(|(ship, &length)| ship.length != length) {
            return Err(FleetError::WrongShips);
        }
        for (index, &first) in ships.iter().enumerate() {
            for &second in &ships[index + 1..] {
                if first.mask() & second.mask() != 0 {
                    return Err(FleetError::Overlap(first, second));
                }
                if reach(SIZE, first.mask(), rules.touching()) & second.mask() != 0 {
                    return Err(FleetError::Touch(first, second));
                }
            }
        }
        Ok(())
    }

    /// The ship with a cell in `cell`, if any.
    #[must_use]
    pub fn ship_at(&self, cell: Cell) -> Option<Ship> {
        self.ships().iter().copied().find(|ship| ship.mask() & cell.mask() != 0)
    }
}

impl fmt::Display for Fleet {
    /// The fleet action's text: `F:` and the ships in canonical order, separated by commas.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("F:")?;
        for (index, ship) in self.ships().iter().enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            write!(f, "{ship}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::Touching;
    use super::*;

    fn ship(a: (u8, u8), b: (u8, u8)) -> Ship {
        Ship::between(Cell::new(a.0, a.1).expect("on the grid"), Cell::new(b.0, b.1).expect("on the grid"))
            .expect("straight")
    }

    #[test]
    fn a_ship_is_straight_and_has_one_form() {
        assert_eq!(ship((0, 3), (0, 0)), ship((0, 0), (0, 3)));
        assert_eq!(ship((0, 0), (0, 3)).to_string(), "A1-A4");
        assert_eq!(ship((2, 6), (2, 6)).to_string(), "C7");
        assert_eq!(ship((2, 6), (2, 6)), ship((2, 6), (2, 6)));
        assert_eq!(Ship::between(Cell::new(0, 0).expect("A1"), Cell::new(1, 1).expect("B2")), None);
    }

    #[test]
    fn ships_keep_their_distance_as_the_touching_option_says() {
        let hasbro = SeaBattleRules::hasbro();
        let ships = [
            ship((0, 0), (4, 0)),
            ship((0, 1), (3, 1)),
            ship((0, 2), (2, 2)),
            ship((0, 3), (2, 3)),
            ship((0, 4), (1, 4)),
        ];
        let fleet = Fleet::new(&ships).expect("five ships");
        assert_eq!(fleet.check(hasbro), Ok(()), "Hasbro ships may touch");
        assert!(matches!(fleet.check(hasbro.with_touching(Touching::Sides)), Err(FleetError::Touch(..))));
        let corner = [
            ship((0, 0), (4, 0)),
            ship((5, 1), (8, 1)),
            ship((0, 4), (2, 4)),
            ship((0, 6), (2, 6)),
            ship((0, 8), (1, 8)),
        ];
        let corner = Fleet::new(&corner).expect("five ships");
        assert_eq!(corner.check(hasbro.with_touching(Touching::Sides)), Ok(()), "a corner is allowed with sides");
        assert!(matches!(corner.check(hasbro.with_touching(Touching::None)), Err(FleetError::Touch(..))));
        let overlap = [
            ship((0, 0), (4, 0)),
            ship((0, 0), (0, 3)),
            ship((0, 4), (2, 4)),
            ship((0, 6), (2, 6)),
            ship((0, 8), (1, 8)),
        ];
        assert!(matches!(Fleet::new(&overlap).expect("five").check(hasbro), Err(FleetError::Overlap(..))));
        assert_eq!(Fleet::new(&ships[..4]).expect("four").check(hasbro), Err(FleetError::WrongShips));
        assert_eq!(fleet.check(SeaBattleRules::default()), Err(FleetError::WrongShips));
    }

    #[test]
    fn a_fleet_is_canonical_whatever_the_order_of_its_ships() {
        let a = [ship((0, 9), (1, 9)), ship((0, 0), (4, 0)), ship((9, 2), (9, 4))];
        let b = [ship((9, 4), (9, 2)), ship((1, 9), (0, 9)), ship((4, 0), (0, 0))];
        assert_eq!(Fleet::new(&a), Fleet::new(&b));
        assert_eq!(Fleet::new(&a).expect("three").to_string(), "F:A1-E1,J3-J5,A10-B10");
    }
}
