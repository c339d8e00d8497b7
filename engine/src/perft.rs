//! Perft over single actions for any [`Game`]: the number of sequences of `d` legal actions from a position, the
//! standard check of a move generator. For kinds whose action is a whole move (Closing In's square, Five in a
//! row's stone or colour choice, Dots and Boxes' edge) this is their perft; kinds that count distinct turns or
//! turn tokens (Paper Soccer and its variants) keep their own.

use crate::game::Game;

/// perft(1), …, perft(`depth`) from `game`, in one walk of the tree: element `d − 1` is the number of sequences
/// of `d` legal actions. A game that ends earlier contributes nothing beyond its end.
#[must_use]
pub fn counts_by_depth<G: Game>(game: &G, depth: usize) -> Vec<u64> {
    let mut counts = vec![0; depth];
    count_into(game, &mut counts);
    counts
}

/// perft(`depth`) from `game`; perft(0) is 1.
#[must_use]
pub fn perft<G: Game>(game: &G, depth: usize) -> u64 {
    counts_by_depth(game, depth).last().copied().unwrap_or(1)
}

/// Adds the actions from `game` to `counts[0]`, and recursively those after each action to the later counts.
/// Each action is played on a copy of the position: for a kind whose position is a plain value (every one but
/// Five in a row's endless board, whose stones are boxed) the walk allocates nothing beyond the counts.
fn count_into<G: Game>(game: &G, counts: &mut [u64]) {
    let Some((here, deeper)) = counts.split_first_mut() else {
        return;
    };
    game.for_each_legal_action(|action| {
        *here += 1;
        if !deeper.is_empty() {
            let mut after = game.clone();
            after.apply(action).expect("a listed action is legal");
            count_into(&after, deeper);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::five_in_a_row::{Position, Rules};

    #[test]
    fn each_depth_counts_the_sequences_of_that_length_and_ended_games_stop() {
        let start = Position::new(Rules::TIC_TAC_TOE);
        assert_eq!(perft(&start, 0), 1);
        // The rules document's counts (§5): up to depth 5 no game has ended, so they are 9 · 8 · …; at depth 6
        // the games X won with its third stone are not followed.
        assert_eq!(counts_by_depth(&start, 6), vec![9, 72, 504, 3024, 15120, 54720]);
        assert_eq!(perft(&start, 6), 54720);
    }
}
