//! Who plays whom in a pairing wave: pure, so that the rules are tested exactly.
//!
//! Each waiting player has a rating window that widens the longer they wait, and becomes unbounded at the
//! widening limit. Two players may be paired when their rating difference fits the wider of their two windows
//! (the window of whoever has waited longer). Longest waiters choose first, each taking the closest-rated
//! partner they may be paired with, so nobody compatible waits past the widening limit plus one wave.

use std::time::Duration;

/// How rating windows widen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Windows {
    /// The window of a player who has just joined, in rating points either way.
    pub base: f64,
    /// How much the window widens per second of waiting.
    pub growth_per_second: f64,
    /// From this wait on, the window is unbounded: anyone in the pool will do.
    pub widening_limit: Duration,
}

impl Windows {
    /// The window of a player who has waited `waited_ms`.
    #[must_use]
    pub fn window(&self, waited_ms: i64) -> f64 {
        let waited_ms = waited_ms.max(0);
        if waited_ms as u128 >= self.widening_limit.as_millis() {
            return f64::INFINITY;
        }
        (waited_ms as f64 / 1000.0).mul_add(self.growth_per_second, self.base)
    }

    /// Whether two waiting players may be paired now.
    #[must_use]
    pub fn compatible(&self, a: &Candidate, b: &Candidate) -> bool {
        (a.rating - b.rating).abs() <= self.window(a.waited_ms).max(self.window(b.waited_ms))
    }
}

/// A waiting player as pairing sees them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// The player's rating for the pool's kind and speed class.
    pub rating: f64,
    /// How long they have waited in this pool, in milliseconds.
    pub waited_ms: i64,
}

/// The pairs of a wave, as indices into `candidates`; each candidate is in at most one pair.
#[must_use]
pub fn pair(candidates: &[Candidate], windows: &Windows) -> Vec<(usize, usize)> {
    let mut by_wait: Vec<usize> = (0..candidates.len()).collect();
    by_wait.sort_by(|&a, &b| candidates[b].waited_ms.cmp(&candidates[a].waited_ms).then(a.cmp(&b)));
    let mut taken = vec![false; candidates.len()];
    let mut pairs = Vec::new();
    for &chooser in &by_wait {
        if taken[chooser] {
            continue;
        }
        let me = &candidates[chooser];
        let partner = by_wait
            .iter()
            .copied()
            .filter(|&other| other != chooser && !taken[other] && windows.compatible(me, &candidates[other]))
            .min_by(|&a, &b| {
                let distance = |i: usize| (candidates[i].rating - me.rating).abs();
                distance(a).total_cmp(&distance(b))
            });
        if let Some(partner) = partner {
            taken[chooser] = true;
            taken[partner] = true;
            pairs.push((chooser, partner));
        }
    }
    pairs
}

/// The tables of a wave for a game of `seats` players, as indices into `candidates`, each candidate at one
/// table at most. Two seats are [`pair`]ed. For more, longest waiters choose first, each gathering the
/// `seats - 1` closest-rated waiters they may be paired with; a table is only set when it fills.
#[must_use]
pub fn gather(candidates: &[Candidate], windows: &Windows, seats: usize) -> Vec<Vec<usize>> {
    if seats <= 2 {
        return pair(candidates, windows).into_iter().map(|(a, b)| vec![a, b]).collect();
    }
    let mut by_wait: Vec<usize> = (0..candidates.len()).collect();
    by_wait.sort_by(|&a, &b| candidates[b].waited_ms.cmp(&candidates[a].waited_ms).then(a.cmp(&b)));
    let mut taken = vec![false; candidates.len()];
    let mut tables = Vec::new();
    for &chooser in &by_wait {
        if taken[chooser] {
            continue;
        }
        let me = &candidates[chooser];
        let mut others: Vec<usize> = by_wait
            .iter()
            .copied()
            .filter(|&other| other != chooser && !taken[other] && windows.compatible(me, &candidates[other]))
            .collect();
        if others.len() < seats - 1 {
            continue;
        }
        others.sort_by(|&a, &b| {
            let distance = |i: usize| (candidates[i].rating - me.rating).abs();
            distance(a).total_cmp(&distance(b))
        });
        let table: Vec<usize> = std::iter::once(chooser).chain(others.into_iter().take(seats - 1)).collect();
        for &seated in &table {
            taken[seated] = true;
        }
        tables.push(table);
    }
    tables
}

#[cfg(test)]
mod tests {
    use super::*;

    const WINDOWS: Windows = Windows { base: 100.0, growth_per_second: 50.0, widening_limit: Duration::from_secs(10) };

    fn candidate(rating: f64, waited_ms: i64) -> Candidate {
        Candidate { rating, waited_ms }
    }

    #[test]
    fn windows_widen_with_waiting_and_open_fully_at_the_limit() {
        assert_eq!(WINDOWS.window(0), 100.0);
        assert_eq!(WINDOWS.window(2_000), 200.0);
        assert_eq!(WINDOWS.window(9_000), 550.0);
        assert_eq!(WINDOWS.window(10_000), f64::INFINITY);
        assert_eq!(WINDOWS.window(-5), 100.0, "a clock step backwards is no wait");
    }

    #[test]
    fn close_ratings_are_preferred() {
        let pairs = pair(
            &[candidate(1500.0, 3_000), candidate(1900.0, 0), candidate(1520.0, 0), candidate(1890.0, 0)],
            &WINDOWS,
        );
        assert_eq!(pairs, [(0, 2), (1, 3)]);
    }

    #[test]
    fn players_outside_every_window_wait() {
        assert!(pair(&[candidate(1500.0, 0), candidate(1700.0, 1_000)], &WINDOWS).is_empty());
        assert_eq!(pair(&[candidate(1500.0, 0), candidate(1700.0, 2_000)], &WINDOWS), [(1, 0)]);
    }

    #[test]
    fn anyone_will_do_past_the_widening_limit() {
        assert_eq!(pair(&[candidate(800.0, 0), candidate(2800.0, 10_000)], &WINDOWS), [(1, 0)]);
    }

    #[test]
    fn the_longest_waiter_chooses_first() {
        // 1600 has waited longest and takes 1650, the closest; 1700 is left with nobody in its window.
        let pairs = pair(&[candidate(1700.0, 0), candidate(1650.0, 0), candidate(1600.0, 4_000)], &WINDOWS);
        assert_eq!(pairs, [(2, 1)]);
    }

    #[test]
    fn tables_of_three_fill_with_the_closest_ratings_or_wait() {
        let candidates = [candidate(1500.0, 3_000), candidate(1900.0, 0), candidate(1520.0, 0), candidate(1540.0, 0)];
        assert_eq!(gather(&candidates, &WINDOWS, 3), [vec![0, 2, 3]], "1900 is outside every window");
        assert!(gather(&candidates[..2], &WINDOWS, 3).is_empty(), "two players do not fill a table of three");
        assert_eq!(gather(&candidates, &WINDOWS, 2), [vec![0, 2]], "two seats are pairs");
    }

    #[test]
    fn every_pair_fits_a_window_and_nobody_is_paired_twice() {
        // A deterministic spread of ratings and waits.
        let candidates: Vec<Candidate> = (0..200)
            .map(|i| candidate(1000.0 + f64::from((i * 7919) % 1200), i64::from((i * 104_729) % 12_000)))
            .collect();
        let pairs = pair(&candidates, &WINDOWS);
        let mut seen = vec![false; candidates.len()];
        for &(a, b) in &pairs {
            assert!(a != b && !seen[a] && !seen[b], "paired twice: {a} {b}");
            seen[a] = true;
            seen[b] = true;
            assert!(WINDOWS.compatible(&candidates[a], &candidates[b]));
        }
        let waiting_past_limit: Vec<usize> =
            (0..candidates.len()).filter(|&i| !seen[i] && candidates[i].waited_ms >= 10_000).collect();
        assert!(waiting_past_limit.len() <= 1, "past the limit, at most one odd player waits: {waiting_past_limit:?}");
    }
}
