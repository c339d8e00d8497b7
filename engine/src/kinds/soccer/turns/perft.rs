//! Perft: counting sequences of distinct complete turns, the standard check of a move generator.

use super::TurnEnumerator;
use crate::soccer::position::Position;

/// Counts distinct-turn sequences to a depth: perft(d) is the number of sequences of `d` distinct complete
/// turns from a position, where a turn that ends the game (a goal or a stuck player) is counted at its depth
/// and not followed further.
///
/// It keeps one [`TurnEnumerator`] per depth, so once warmed up a count allocates nothing but the vector of
/// counts it returns.
#[derive(Debug, Default)]
pub struct Perft {
    levels: Vec<TurnEnumerator>,
}

impl Perft {
    /// A counter with no scratch memory yet.
    #[must_use]
    pub fn new() -> Perft {
        Perft::default()
    }

    /// perft(1), …, perft(`depth`) from `position`, in one walk of the tree: element `d − 1` is perft(d).
    /// From a position in the middle of a turn, depth 1 counts the ways to finish that turn.
    pub fn counts_by_depth(&mut self, position: &Position, depth: usize) -> Vec<u64> {
        if self.levels.len() < depth {
            self.levels.resize_with(depth, TurnEnumerator::new);
        }
        let mut counts = vec![0; depth];
        count_into(&mut self.levels[..depth], position, &mut counts);
        counts
    }

    /// perft(`depth`) from `position`; perft(0) is 1.
    pub fn count(&mut self, position: &Position, depth: usize) -> u64 {
        self.counts_by_depth(position, depth).last().copied().unwrap_or(1)
    }

    /// Partial states expanded by all depths since this counter was created (see
    /// [`TurnEnumerator::partial_states_expanded`]).
    #[must_use]
    pub fn partial_states_expanded(&self) -> u64 {
        self.levels.iter().map(TurnEnumerator::partial_states_expanded).sum()
    }
}

/// perft(`depth`) from `position` with a fresh counter; perft(0) is 1.
#[must_use]
pub fn perft(position: &Position, depth: usize) -> u64 {
    Perft::new().count(position, depth)
}

/// Adds the turns from `position` to `counts[0]`, and recursively those after each non-final turn to the
/// later counts; `levels` holds one enumerator per remaining depth.
fn count_into(levels: &mut [TurnEnumerator], position: &Position, counts: &mut [u64]) {
    let (Some((enumerator, deeper_levels)), Some((here, deeper_counts))) =
        (levels.split_first_mut(), counts.split_first_mut())
    else {
        return;
    };
    *here += enumerator.for_each_distinct_turn(position, |_, after| {
        if !deeper_counts.is_empty() && !after.is_over() {
            count_into(deeper_levels, after, deeper_counts);
        }
    });
}
