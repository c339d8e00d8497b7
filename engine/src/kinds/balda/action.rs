//! A move of Balda: a letter placed and the word traced through it, or a pass.

use super::geometry::{Cell, Path};

/// One letter placed in an empty cell and the word it makes, traced cell by cell (rules 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The empty cell the letter goes in.
    pub cell: Cell,
    /// The letter, in the game's normalised alphabet.
    pub letter: char,
    /// The cells the word is read along, the new cell among them.
    pub path: Path,
}

/// A move: a placement, or a pass (rules 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A letter placed and a word named.
    Place(Placement),
    /// The seat passes its turn.
    Pass,
}
