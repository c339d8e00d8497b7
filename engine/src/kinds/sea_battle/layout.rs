//! Legal layouts of a fleet: counting them (rules §6's references) and drawing one uniformly at random (the fleet
//! the server places for a seat whose setup time ran out, rule 1.4).
//!
//! Ships of equal length are not told apart, as in §6. The count walks the ships longest first, each ship of a
//! run of equal lengths at a later placement than the one before it, so each layout is counted once. The draw is
//! whole-layout rejection sampling: every ship takes a placement uniformly at random among all of its length's,
//! and the whole draw starts again as soon as a ship overlaps or comes too close to one before it. Every ordered
//! tuple of placements is equally likely, and each legal layout is the same number of tuples (the orders of its
//! equal ships), so every legal layout is equally likely.

use super::fleet::{Fleet, Ship};
use super::grid::{reach, run_mask, Cell, MAX_SIDE, SIZE};
use super::rules::{SeaBattleRules, Touching};
use crate::splitmix::SplitMix64;

/// One place a ship of some length can take: its cells, what it keeps other ships out of, and where it lies.
#[derive(Clone, Copy, Debug)]
struct Placement {
    cells: u128,
    reach: u128,
    column: u8,
    row: u8,
    vertical: bool,
}

/// Every placement of a ship of `length` on a grid of side `side`; a ship of one cell once, not in both
/// directions.
fn placements(side: u8, length: u8, touching: Touching) -> Vec<Placement> {
    let directions: &[bool] = if length == 1 { &[false] } else { &[false, true] };
    let mut out = Vec::new();
    for &vertical in directions {
        for row in 0..side {
            for column in 0..side {
                if let Some(cells) = run_mask(side, column, row, length, vertical) {
                    out.push(Placement { cells, reach: reach(side, cells, touching), column, row, vertical });
                }
            }
        }
    }
    out
}

/// The placements of each ship of `lengths` (sorted longest first), one list per ship.
fn placements_per_ship(side: u8, lengths: &[u8], touching: Touching) -> Vec<Vec<Placement>> {
    lengths.iter().map(|&length| placements(side, length, touching)).collect()
}

/// The number of legal layouts of ships of `lengths` on a grid of side `side` (at most [`MAX_SIDE`]) under
/// `touching`, ships of equal length not told apart. A backtracking count: quick for the small boards of the
/// rules' references (6 × 6, 8 × 8), far too slow for the classic fleet on 10 × 10 (about 1.9 · 10¹⁵ layouts), which
/// [`count_apart_by_rows`](super::count_apart_by_rows) counts when no ship may touch another.
#[must_use]
pub fn count_layouts(side: u8, lengths: &[u8], touching: Touching) -> u64 {
    if side > MAX_SIDE || lengths.contains(&0) {
        return 0;
    }
    let mut sorted = lengths.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let per_ship = placements_per_ship(side, &sorted, touching);
    count_from(&sorted, &per_ship, 0, 0, 0)
}

/// The layouts of ships `ship..` given what the ships before keep out (`blocked`), the ship before having taken
/// placement `previous` (a ship of the same length takes a later one).
fn count_from(lengths: &[u8], per_ship: &[Vec<Placement>], ship: usize, blocked: u128, previous: usize) -> u64 {
    let Some(options) = per_ship.get(ship) else { return 1 };
    let first = if ship > 0 && lengths[ship] == lengths[ship - 1] { previous + 1 } else { 0 };
    options
        .iter()
        .enumerate()
        .skip(first)
        .filter(|(_, placement)| placement.cells & blocked == 0)
        .map(|(index, placement)| count_from(lengths, per_ship, ship + 1, blocked | placement.reach, index))
        .sum()
}

/// A legal layout of ships of `lengths` on a grid of side `side`, every layout equally likely, drawn from `rng`:
/// each ship's (column, row, vertical), in the order of `lengths`. Loops forever when no layout exists, so it is
/// only called for fleets that fit (every fleet of the rules does, many times over).
fn random_layout(side: u8, lengths: &[u8], touching: Touching, rng: &mut SplitMix64) -> Vec<(u8, u8, bool)> {
    let per_ship = placements_per_ship(side, lengths, touching);
    'draw: loop {
        let mut blocked = 0;
        let mut layout = Vec::with_capacity(lengths.len());
        for options in &per_ship {
            let placement = options[rng.below(options.len() as u64) as usize];
            if placement.cells & blocked != 0 {
                continue 'draw;
            }
            blocked |= placement.reach;
            layout.push((placement.column, placement.row, placement.vertical));
        }
        return layout;
    }
}

/// A legal fleet of `rules`, every legal fleet equally likely, chosen by `seed` (the same seed, the same fleet).
#[must_use]
pub fn random_fleet(rules: SeaBattleRules, seed: u64) -> Fleet {
    let lengths = rules.fleet().lengths();
    let layout = random_layout(SIZE, lengths, rules.touching(), &mut SplitMix64::new(seed));
    let ships: Vec<Ship> = layout
        .iter()
        .zip(lengths)
        .map(|(&(column, row, vertical), &length)| {
            let start = Cell::new(column, row).expect("a placement on the grid");
            let (end_column, end_row) = if vertical { (column, row + length - 1) } else { (column + length - 1, row) };
            Ship::between(start, Cell::new(end_column, end_row).expect("a placement on the grid"))
                .expect("a placement is straight")
        })
        .collect();
    Fleet::new(&ships).expect("a rules fleet has at most ten ships")
}

/// Draws `draws` layouts of `lengths` on a grid of side `side` from `seed` and counts how often each came, keyed
/// by the set of cells and which ships stand where: what the uniformity test compares with [`count_layouts`].
#[cfg(test)]
fn layout_frequencies(
    side: u8,
    lengths: &[u8],
    touching: Touching,
    seed: u64,
    draws: usize,
) -> std::collections::HashMap<Vec<(u8, u8, u8, bool)>, u64> {
    let mut rng = SplitMix64::new(seed);
    let mut seen = std::collections::HashMap::new();
    for _ in 0..draws {
        let mut key: Vec<(u8, u8, u8, bool)> = random_layout(side, lengths, touching, &mut rng)
            .into_iter()
            .zip(lengths)
            .map(|((column, row, vertical), &length)| (length, row, column, vertical))
            .collect();
        key.sort_unstable();
        *seen.entry(key).or_insert(0) += 1;
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_counts_on_six_by_six_hold() {
        // Rules §6: ships 3, 2, 2, 1, 1, 1 on 6 × 6.
        assert_eq!(count_layouts(6, &[3, 2, 2, 1, 1, 1], Touching::None), 894_296);
        assert_eq!(count_layouts(6, &[3, 2, 2, 1, 1, 1], Touching::Sides), 6_801_560);
    }

    #[test]
    fn small_counts_agree_with_hand_counts() {
        // One ship of two on 2 × 2: two rows and two columns.
        assert_eq!(count_layouts(2, &[2], Touching::None), 4);
        // Two single cells on 2 × 2: any two of four cells when touching is allowed, none otherwise (every two
        // cells of 2 × 2 touch at a side or a corner), the two diagonals with sides.
        assert_eq!(count_layouts(2, &[1, 1], Touching::Any), 6);
        assert_eq!(count_layouts(2, &[1, 1], Touching::Sides), 2);
        assert_eq!(count_layouts(2, &[1, 1], Touching::None), 0);
    }

    #[test]
    fn the_random_layout_is_uniform_over_the_legal_ones() {
        // Ships 2, 1, 1 on 4 × 4, without touching and with corners allowed: the draw's frequencies against a
        // uniform distribution over every legal layout, by Pearson's chi-square. With k layouts the statistic has
        // k − 1 degrees of freedom (mean k − 1, deviation √(2(k − 1))); a fixed seed keeps the test from flaking,
        // and six deviations catch a generator biased towards some layouts (placing ships one by one, retrying
        // only the clashing ship, scores tens of thousands against a bound of 544 without touching).
        let (side, lengths) = (4, [2, 1, 1]);
        for (touching, seed) in [(Touching::None, 42), (Touching::Sides, 43)] {
            let layouts = count_layouts(side, &lengths, touching);
            let per_layout = 100;
            let draws = usize::try_from(layouts).expect("small") * per_layout;
            let seen = layout_frequencies(side, &lengths, touching, seed, draws);
            assert_eq!(seen.len() as u64, layouts, "{touching:?}: every legal layout is drawn, and nothing else");
            let expected = per_layout as f64;
            let chi_square: f64 = seen.values().map(|&count| (count as f64 - expected).powi(2) / expected).sum();
            let freedom = (layouts - 1) as f64;
            let bound = freedom + 6.0 * (2.0 * freedom).sqrt();
            assert!(chi_square < bound, "{touching:?}: chi-square {chi_square} with {freedom} degrees");
        }
    }

    #[test]
    fn a_random_fleet_is_legal_and_follows_its_seed() {
        for rules in [
            SeaBattleRules::default(),
            SeaBattleRules::hasbro(),
            SeaBattleRules::default().with_touching(Touching::Sides),
        ] {
            for seed in 0..20 {
                let fleet = random_fleet(rules, seed);
                assert_eq!(fleet.check(rules), Ok(()), "{rules}: seed {seed}");
                assert_eq!(fleet, random_fleet(rules, seed));
            }
        }
        assert_ne!(random_fleet(SeaBattleRules::default(), 1), random_fleet(SeaBattleRules::default(), 2));
    }
}
