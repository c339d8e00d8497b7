//! Ratings of games of more than two seats: Weng-Lin (the Bayesian ranking model behind OpenSkill), by the
//! `skillratings` crate, with each seat a team of one ranked by the game's outcome.
//!
//! Glicko-2 ([`super::glicko`]) compares two players; a game of three or four ranks them all at once, and
//! splitting it into pairwise games would count each result several times. Weng-Lin updates every seat from
//! one ranking, ties included. Its ratings live on their own leaderboards: a Weng-Lin 1500 and a Glicko-2
//! 1500 are different measures.
//!
//! The crate works on a skill scale where a newcomer is 25 ± 25/3; kartka shows the same numbers on the
//! Glicko scale players know (a newcomer 1500 ± 350), by one linear map ([`DISPLAY_POINTS_PER_SKILL`]).

use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

use crate::store::Millis;

/// A skill: value and uncertainty on the Weng-Lin scale.
pub type Skill = WengLinRating;

/// Where every player starts: 25 ± 25/3 on the skill scale, shown as 1500 ± 350.
pub const NEWCOMER: Skill = WengLinRating { rating: 25.0, uncertainty: 25.0 / 3.0 };

/// Shown points per skill point: a newcomer's uncertainty (25/3) shows as a Glicko newcomer's deviation (350).
pub const DISPLAY_POINTS_PER_SKILL: f64 = 350.0 / (25.0 / 3.0);

/// How much the uncertainty grows per idle rating period (a day), OpenSkill's τ = 25/300 per period.
const UNCERTAINTY_GROWTH: f64 = 25.0 / 300.0;

/// How long an idle rating period is, as for Glicko-2.
pub const RATING_PERIOD_MS: Millis = super::glicko::RATING_PERIOD_MS;

/// Why a ranking cannot be rated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RankingError {
    /// A game ranks from two to six seats.
    #[error("a rated ranking has from two to six seats, not {0}")]
    SeatCount(usize),
    /// Ranks run from 1 (best) to the number of seats.
    #[error("rank {rank} is outside 1 to {seats}")]
    Rank {
        /// The rank given.
        rank: u8,
        /// How many seats were ranked.
        seats: usize,
    },
}

/// Every seat's skill after one game that ranked them (1 is best; tied seats share a rank), in seat order.
pub fn rate(seats: &[(Skill, u8)]) -> Result<Vec<Skill>, RankingError> {
    if !(2..=kartka_engine::Seat::MAX_SEATS).contains(&seats.len()) {
        return Err(RankingError::SeatCount(seats.len()));
    }
    if let Some(&(_, rank)) = seats.iter().find(|(_, rank)| *rank == 0 || usize::from(*rank) > seats.len()) {
        return Err(RankingError::Rank { rank, seats: seats.len() });
    }
    let teams: Vec<[Skill; 1]> = seats.iter().map(|&(skill, _)| [skill]).collect();
    let ranked: Vec<(&[Skill], MultiTeamOutcome)> = teams
        .iter()
        .zip(seats)
        .map(|(team, &(_, rank))| (&team[..], MultiTeamOutcome::new(usize::from(rank))))
        .collect();
    let rated = weng_lin_multi_team(&ranked, &WengLinConfig::new());
    Ok(rated.into_iter().map(|team| team[0]).collect())
}

/// A skill whose uncertainty has grown for the idle time from `since` to `now`, σ' = √(σ² + t·τ²), capped at a
/// newcomer's.
#[must_use]
pub fn decayed(skill: Skill, since: Millis, now: Millis) -> Skill {
    let periods = (now - since).max(0) as f64 / RATING_PERIOD_MS as f64;
    let grown = periods.mul_add(UNCERTAINTY_GROWTH.powi(2), skill.uncertainty.powi(2)).sqrt();
    Skill { uncertainty: grown.min(NEWCOMER.uncertainty), ..skill }
}

/// A skill on the shown scale: (rating, deviation), a newcomer (1500, 350).
#[must_use]
pub fn shown(skill: Skill) -> (f64, f64) {
    let rating = 1500.0 + (skill.rating - NEWCOMER.rating) * DISPLAY_POINTS_PER_SKILL;
    (rating, skill.uncertainty * DISPLAY_POINTS_PER_SKILL)
}

#[cfg(test)]
mod tests {
    use skillratings::weng_lin::weng_lin;
    use skillratings::Outcomes;

    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    #[test]
    fn a_ranking_of_two_is_the_crates_two_player_game() {
        let strong = Skill { rating: 30.0, uncertainty: 4.0 };
        let rated = rate(&[(strong, 2), (NEWCOMER, 1)]).expect("two seats rate");
        let (first, second) = weng_lin(&strong, &NEWCOMER, &Outcomes::LOSS, &WengLinConfig::new());
        assert!(close(rated[0].rating, first.rating, 1e-9) && close(rated[1].rating, second.rating, 1e-9));
        assert!(close(rated[0].uncertainty, first.uncertainty, 1e-9));
    }

    #[test]
    fn newcomers_ranked_one_to_four_move_in_rank_order_and_symmetrically() {
        let rated = rate(&[(NEWCOMER, 3), (NEWCOMER, 1), (NEWCOMER, 4), (NEWCOMER, 2)]).expect("four seats rate");
        let by_rank = [rated[1].rating, rated[3].rating, rated[0].rating, rated[2].rating];
        assert!(by_rank.windows(2).all(|pair| pair[0] > pair[1]), "{rated:?}");
        assert!(by_rank[0] > NEWCOMER.rating && by_rank[3] < NEWCOMER.rating);
        let total: f64 = rated.iter().map(|skill| skill.rating - NEWCOMER.rating).sum();
        assert!(close(total, 0.0, 1e-9), "equal newcomers: what the winners gain the losers lose ({total})");
        assert!(rated.iter().all(|skill| skill.uncertainty < NEWCOMER.uncertainty), "every game teaches");
    }

    #[test]
    fn seats_that_tie_move_alike() {
        let rated = rate(&[(NEWCOMER, 1), (NEWCOMER, 1), (NEWCOMER, 3)]).expect("three seats rate");
        assert!(close(rated[0].rating, rated[1].rating, 1e-9), "{rated:?}");
        assert!(rated[2].rating < NEWCOMER.rating);
        let all_tied = rate(&[(NEWCOMER, 1), (NEWCOMER, 1), (NEWCOMER, 1)]).expect("a three-way tie rates");
        assert!(all_tied.iter().all(|skill| close(skill.rating, NEWCOMER.rating, 1e-9)), "{all_tied:?}");
    }

    #[test]
    fn bad_rankings_are_refused() {
        assert_eq!(rate(&[(NEWCOMER, 1)]), Err(RankingError::SeatCount(1)));
        assert_eq!(rate(&[(NEWCOMER, 1); 7]), Err(RankingError::SeatCount(7)));
        assert_eq!(rate(&[(NEWCOMER, 1), (NEWCOMER, 3)]), Err(RankingError::Rank { rank: 3, seats: 2 }));
        assert_eq!(rate(&[(NEWCOMER, 0), (NEWCOMER, 1)]), Err(RankingError::Rank { rank: 0, seats: 2 }));
    }

    #[test]
    fn uncertainty_grows_with_idle_days_up_to_a_newcomers() {
        let settled = Skill { rating: 31.0, uncertainty: 1.0 };
        assert_eq!(decayed(settled, 5, 5), settled);
        let hundred_days = decayed(settled, 0, 100 * RATING_PERIOD_MS);
        assert!(close(hundred_days.uncertainty, (1.0f64 + 100.0 * (25.0f64 / 300.0).powi(2)).sqrt(), 1e-9));
        assert_eq!(decayed(settled, 0, 1_000_000 * RATING_PERIOD_MS).uncertainty, NEWCOMER.uncertainty);
        assert_eq!(decayed(settled, 10, 0), settled, "a clock going backwards changes nothing");
    }

    #[test]
    fn a_newcomer_shows_as_1500_plus_minus_350() {
        let (rating, deviation) = shown(NEWCOMER);
        assert!(close(rating, 1500.0, 1e-9) && close(deviation, 350.0, 1e-9));
        assert!(close(shown(Skill { rating: 26.0, uncertainty: 1.0 }).0, 1542.0, 1e-9));
    }
}
