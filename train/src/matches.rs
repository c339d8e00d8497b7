//! Two sets of weights against each other at a fixed node budget: how a self-play generation is measured
//! before it replaces the last (`kartka-train soccer-match`). A match at a node budget, unlike one at a time
//! per turn, gives the same games on every machine and whatever else the machine is doing, and plays both
//! networks at equal search effort (their inference costs the same: the shape is fixed).
//!
//! Pair `i` plays self-play's opening `i` of the seed twice, the candidate first in one game and second in the
//! other, so that an opening that favours a seat favours both networks once.

use kartka_bot::soccer_net::SoccerNetEvaluation;
use kartka_engine::Seat;

use crate::parallel;
use crate::self_play::{self, SelfPlayOptions};

/// A match's games from the candidate's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchTally {
    /// Games the candidate won.
    pub wins: u32,
    /// Games the candidate lost.
    pub losses: u32,
    /// Games given up at the turn limit, counted as half a point each.
    pub unfinished: u32,
}

impl MatchTally {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.unfinished
    }

    /// The candidate's share of the points, 0 to 1 (an unfinished game half a point).
    #[must_use]
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.unfinished) / 2.0) / f64::from(self.games().max(1))
    }

    /// The Elo difference the score stands for, with its 95 % interval from the games' spread (normal
    /// approximation); infinite at a score of 0 or 1.
    #[must_use]
    pub fn elo(&self) -> (f64, f64, f64) {
        let games = f64::from(self.games().max(1));
        let score = self.score();
        let points = [(1.0, self.wins), (0.5, self.unfinished), (0.0, self.losses)];
        let variance = points.iter().map(|&(value, count)| f64::from(count) * (value - score).powi(2)).sum::<f64>()
            / games
            / games;
        let margin = 1.96 * variance.sqrt();
        (elo_of(score), elo_of(score - margin), elo_of(score + margin))
    }
}

/// The Elo difference of a score: 400 · log10(score / (1 − score)).
fn elo_of(score: f64) -> f64 {
    let score = score.clamp(0.0, 1.0);
    400.0 * (score / (1.0 - score)).log10()
}

/// Plays `pairs` pairs of games of `candidate` against `reference` (see the module's documentation), each turn
/// searched at `options.nodes`; game order and results are the same whatever `options.threads`.
pub fn play_match(
    options: SelfPlayOptions,
    pairs: usize,
    candidate: SoccerNetEvaluation<'_>,
    reference: SoccerNetEvaluation<'_>,
) -> anyhow::Result<MatchTally> {
    let outcomes = parallel::in_order(0..2 * pairs, options.threads, |game| {
        let candidate_seat = if game % 2 == 0 { Seat::FIRST } else { Seat::SECOND };
        let by_seat = if candidate_seat == Seat::FIRST { [candidate, reference] } else { [reference, candidate] };
        let played = self_play::play_game(options, game / 2, by_seat)?;
        Ok(Some(played.winner.map(|winner| winner == candidate_seat)))
    })?;
    let mut tally = MatchTally::default();
    for outcome in outcomes {
        match outcome {
            Some(true) => tally.wins += 1,
            Some(false) => tally.losses += 1,
            None => tally.unfinished += 1,
        }
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_network_against_itself_wins_each_opening_once_from_each_seat_or_the_same_seat_twice() {
        let options = SelfPlayOptions { nodes: 300, opening_steps: 4, max_turns: 300, seed: 3, threads: 2 };
        let embedded = SoccerNetEvaluation::embedded();
        let tally = play_match(options, 3, embedded, embedded).expect("a match");
        assert_eq!(tally.games(), 6);
        // The same weights on both sides play the same game from an opening whichever side is called the
        // candidate, so the seat that wins it wins it twice: the candidate wins one game of each pair.
        assert_eq!((tally.wins, tally.losses, tally.unfinished), (3, 3, 0), "{tally:?}");
        let again = play_match(SelfPlayOptions { threads: 1, ..options }, 3, embedded, embedded).expect("a match");
        assert_eq!(again, tally, "the threads changed the result");
    }

    #[test]
    fn the_score_and_elo_count_unfinished_games_as_half_a_point() {
        let tally = MatchTally { wins: 6, losses: 2, unfinished: 2 };
        assert!((tally.score() - 0.7).abs() < 1e-12);
        let (elo, low, high) = tally.elo();
        assert!((elo - 147.2).abs() < 0.1, "{elo}");
        assert!(low < elo && elo < high, "{low} {elo} {high}");
        let even = MatchTally { wins: 5, losses: 5, unfinished: 0 };
        assert_eq!(even.elo().0, 0.0);
        assert_eq!(MatchTally { wins: 4, losses: 0, unfinished: 0 }.elo().0, f64::INFINITY);
    }
}
