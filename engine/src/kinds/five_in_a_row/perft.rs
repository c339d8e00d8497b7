//! Perft: counting action sequences, the standard check of a move generator.

use super::position::Position;

/// perft(1), …, perft(`depth`) from `position`, in one walk of the tree: element `d − 1` is the number of
/// sequences of `d` legal actions. A game that ends earlier contributes nothing beyond its end.
#[must_use]
pub fn counts_by_depth(position: &Position, depth: usize) -> Vec<u64> {
    let mut counts = vec![0; depth];
    count_into(position, &mut counts);
    counts
}

/// perft(`depth`) from `position`; perft(0) is 1.
#[must_use]
pub fn perft(position: &Position, depth: usize) -> u64 {
    counts_by_depth(position, depth).last().copied().unwrap_or(1)
}

/// Adds the actions from `position` to `counts[0]`, and recursively those after each action to the later
/// counts.
fn count_into(position: &Position, counts: &mut [u64]) {
    let Some((here, deeper)) = counts.split_first_mut() else {
        return;
    };
    position.for_each_legal_action(|action| {
        *here += 1;
        if !deeper.is_empty() {
            let mut after = position.clone();
            after.play(action).expect("a listed action is legal");
            count_into(&after, deeper);
        }
    });
}
