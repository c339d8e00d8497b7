//! Perft over turn tokens: the number of sequences of `d` tokens from a match position. Every legal line is a
//! token of its own: two lines that draw the same segments (a triangle run either way) are written
//! differently, so they are different tokens. A relocation is part of the token it precedes, and a due `-` is
//! a token of its own, the only one possible there. A line that ends the match is counted at its depth and
//! not followed.

use super::position::{Position, XrStep};

/// perft(1), …, perft(`depth`) from `position`, in one walk of the tree: element `d − 1` is perft(d).
/// From a position in the middle of a line, depth 1 counts the ways to finish that line.
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

/// Adds the tokens from `position` to `counts[0]`, and recursively those after each token that does not end
/// the match to the later counts.
fn count_into(position: &Position, counts: &mut [u64]) {
    let Some((here, deeper)) = counts.split_first_mut() else {
        return;
    };
    if position.is_over() {
        return;
    }
    if position.pass_due() {
        *here += 1;
        let mut after = *position;
        after.take_pass();
        count_into(&after, deeper);
        return;
    }
    for_each_line_end(position, &mut |after| {
        *here += 1;
        if !deeper.is_empty() {
            count_into(after, deeper);
        }
    });
}

/// Calls `visit` with the position after every way to finish the current line.
fn for_each_line_end(position: &Position, visit: &mut impl FnMut(&Position)) {
    for direction in position.legal_directions() {
        let mut next = *position;
        match next.step(direction) {
            Ok(XrStep::LineContinues) => for_each_line_end(&next, visit),
            Ok(_) => visit(&next),
            Err(_) => unreachable!("only legal directions are tried"),
        }
    }
}
