//! Perft: counting sequences of edges, the standard check of a move generator (the engine's generic
//! [`crate::perft`] over single actions, an edge being one).

use super::position::Position;

/// perft(1), …, perft(`depth`) from `position`, in one walk of the tree: element `d − 1` is the number of
/// sequences of `d` legal edges. A game that ends earlier contributes nothing beyond its end.
#[must_use]
pub fn counts_by_depth(position: &Position, depth: usize) -> Vec<u64> {
    crate::perft::counts_by_depth(position, depth)
}

/// perft(`depth`) from `position`; perft(0) is 1.
#[must_use]
pub fn perft(position: &Position, depth: usize) -> u64 {
    crate::perft::perft(position, depth)
}
