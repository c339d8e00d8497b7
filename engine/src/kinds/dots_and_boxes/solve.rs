//! The exact two-player solver: the margin of the first player's boxes over the second's with perfect play.
//!
//! What is still to come in a position does not depend on the boxes already taken, so the value of a position
//! is the best net number of boxes the player to move can still gain (its future boxes minus the opponent's):
//! an edge that completes `c` boxes is worth `c` plus the value after it (the same player moves again); any
//! other edge is worth minus the value after it (the opponent moves). The value of the empty field is the
//! margin. Every set of drawn edges is a position, so the table has one `i8` per subset of the field's edges,
//! filled from the full field down: each edge set's successors have more edges, so a larger number.

use super::rules::DotsAndBoxesRules;

/// The most edges the solver takes: 2^24 positions, 16 MiB of table (3×3 boxes has 24 edges).
pub const MAX_SOLVED_EDGES: usize = 24;

/// Rules the solver does not take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// A margin is a two-player question.
    #[error("the solver takes two players, not {0}")]
    NotTwoPlayers(u8),
    /// The field has more edges than [`MAX_SOLVED_EDGES`].
    #[error("the field has {0} edges; the solver takes at most {MAX_SOLVED_EDGES}")]
    TooLarge(usize),
}

/// The first player's boxes minus the second's when both play perfectly on the field of `rules`.
pub fn solve(rules: DotsAndBoxesRules) -> Result<i32, SolveError> {
    if rules.players() != 2 {
        return Err(SolveError::NotTwoPlayers(rules.players()));
    }
    let edges = rules.edge_count();
    if edges > MAX_SOLVED_EDGES {
        return Err(SolveError::TooLarge(edges));
    }
    // For each edge, the masks of the (at most two) boxes beside it, as bits of edge numbers.
    let boxes_beside: Vec<[u32; 2]> = rules
        .edges()
        .map(|edge| {
            rules.boxes_beside(edge).map(|side| {
                side.map_or(0, |(column, row)| {
                    rules.box_edges(column, row).iter().fold(0, |mask, &index| mask | 1 << index)
                })
            })
        })
        .collect();
    let full = (1u32 << edges) - 1;
    let mut value = vec![0i8; 1 << edges];
    for drawn in (0..full).rev() {
        let mut best = i8::MIN;
        let mut free = !drawn & full;
        while free != 0 {
            let edge = free.trailing_zeros() as usize;
            free &= free - 1;
            let after = drawn | 1 << edge;
            let completed = boxes_beside[edge].iter().filter(|&&mask| mask != 0 && after & mask == mask).count();
            // At most 9 boxes on a field the solver takes, so values fit an i8.
            let worth = if completed > 0 { completed as i8 + value[after as usize] } else { -value[after as usize] };
            best = best.max(worth);
        }
        value[drawn as usize] = best;
    }
    Ok(i32::from(value[0]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_than_two_players_or_too_many_edges_are_refused() {
        let three = DotsAndBoxesRules::new(1, 1, 3).expect("valid");
        assert_eq!(solve(three), Err(SolveError::NotTwoPlayers(3)));
        let large = DotsAndBoxesRules::new(3, 4, 2).expect("valid");
        assert_eq!(solve(large), Err(SolveError::TooLarge(31)));
    }
}
