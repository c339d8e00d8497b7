//! Perft over turn tokens: the number of sequences of `d` tokens from a match position, where a turn is
//! counted once per distinct set of segments it draws (as in classic perft, so two turns that draw the same
//! segments end on the same point and are one), and a due `-` is a token of its own, the only one possible
//! there. A turn that ends the match is counted at its depth and not followed.

use super::position::Position;
use crate::soccer::TurnEnumerator;

/// perft(1), …, perft(`depth`) from `position`, in one walk of the tree: element `d − 1` is perft(d).
/// From a position in the middle of a turn, depth 1 counts the ways to finish that turn.
#[must_use]
pub fn counts_by_depth(position: &Position, depth: usize) -> Vec<u64> {
    let mut levels: Vec<TurnEnumerator> = (0..depth).map(|_| TurnEnumerator::new()).collect();
    let mut counts = vec![0; depth];
    count_into(&mut levels, position, &mut counts);
    counts
}

/// perft(`depth`) from `position`; perft(0) is 1.
#[must_use]
pub fn perft(position: &Position, depth: usize) -> u64 {
    counts_by_depth(position, depth).last().copied().unwrap_or(1)
}

/// Adds the tokens from `position` to `counts[0]`, and recursively those after each token that does not end
/// the match to the later counts; `levels` holds one enumerator per remaining depth.
fn count_into(levels: &mut [TurnEnumerator], position: &Position, counts: &mut [u64]) {
    let (Some((enumerator, deeper_levels)), Some((here, deeper_counts))) =
        (levels.split_first_mut(), counts.split_first_mut())
    else {
        return;
    };
    if position.is_over() {
        return;
    }
    if position.pass_due() {
        *here += 1;
        let mut after = *position;
        after.take_pass();
        count_into(deeper_levels, &after, deeper_counts);
        return;
    }
    let mover = position.to_move();
    *here += enumerator.for_each_distinct_turn(position.board(), |_, board| {
        if !deeper_counts.is_empty() {
            count_into(deeper_levels, &position.after_turn(board, mover), deeper_counts);
        }
    });
}
