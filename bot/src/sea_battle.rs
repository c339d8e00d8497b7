//! The Sea Battle bot (through [`SeatView`](crate::SeatView) on the server): a fleet kept among a few legal ones
//! drawn from a seed for the cells a density shooter reaches last, and shots by probability density: for every unshot cell, the number of placements of the ships still
//! afloat that agree with every answer seen, restricted after a hit to the placements covering an unsunk hit.
//!
//! It plays from [`SeaBattleView`], what its seat sees of the other's grid: the public answers to its own shots.
//! The other seat's fleet is no input of any function here, so the bot cannot read it.

use kartka_engine::sea_battle::{
    parse_answered_shots, random_fleet, Answer, Cell, Fleet, SeaBattleRules, Ship, Touching, SIZE,
};
use kartka_engine::Seat;

use crate::rng::SplitMix64;

/// What one seat of a Sea Battle game knows of the other's grid: its misses, its unsunk hits, the ships it sank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeaBattleView {
    rules: SeaBattleRules,
    seat: Seat,
    misses: u128,
    hits: u128,
    sunk: Vec<Ship>,
}

/// A public text the view cannot take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ViewError {
    /// Not `F` nor answered shots (`E5.`, `E5x`, `E5#E3-E6`).
    #[error("{0:?} is not a public text of Sea Battle")]
    Unreadable(String),
}

impl SeaBattleView {
    /// The view of `seat` before any shot.
    #[must_use]
    pub fn new(rules: SeaBattleRules, seat: Seat) -> SeaBattleView {
        SeaBattleView { rules, seat, misses: 0, hits: 0, sunk: Vec::new() }
    }

    /// Takes one move as everyone saw it: the seat that played it and its public text. Only the seat's own
    /// shots tell it about the other's grid; a fleet placed (`F`) and the other's shots change nothing.
    pub fn observe(&mut self, mover: Seat, public: &str) -> Result<(), ViewError> {
        if public == "F" {
            return Ok(());
        }
        let shots = parse_answered_shots(public).ok_or_else(|| ViewError::Unreadable(public.to_owned()))?;
        if mover != self.seat {
            return Ok(());
        }
        for (cell, answer) in shots {
            match answer {
                Answer::Miss => self.misses |= cell.mask(),
                Answer::Hit => self.hits |= cell.mask(),
                Answer::Sunk(ship) => {
                    self.hits &= !ship.mask();
                    self.sunk.push(ship);
                }
            }
        }
        Ok(())
    }

    /// The cells shot at so far.
    fn shot(&self) -> u128 {
        self.sunk.iter().fold(self.misses | self.hits, |mask, ship| mask | ship.mask())
    }

    /// The lengths of the ships still afloat: the fleet's, less one of each length sunk.
    fn afloat(&self) -> Vec<u8> {
        let mut lengths = self.rules.fleet().lengths().to_vec();
        for ship in &self.sunk {
            if let Some(at) = lengths.iter().position(|&length| length == ship.length()) {
                lengths.remove(at);
            }
        }
        lengths
    }

    /// For every cell, the number of placements of the ships afloat that agree with the answers seen: not on a
    /// miss, not within a sunk ship's reach, and (while some hit is unsunk) covering one, with no other hit in
    /// its reach. Shot cells count zero.
    #[must_use]
    pub fn density(&self) -> [u32; 100] {
        let touching = self.rules.touching();
        let sunk_reach = self.sunk.iter().fold(0, |mask, ship| mask | reach(ship.mask(), touching));
        let blocked = self.misses | sunk_reach;
        let shot = self.shot();
        let mut density = [0u32; 100];
        // Each ship afloat counts its own placements: two ships of a length make that length twice as likely.
        for length in self.afloat() {
            for placement in placements(length) {
                if placement & blocked != 0 {
                    continue;
                }
                if self.hits != 0 {
                    let others_near = (reach(placement, touching) & !placement) & self.hits != 0;
                    if placement & self.hits == 0 || (touching != Touching::Any && others_near) {
                        continue;
                    }
                }
                for (index, count) in density.iter_mut().enumerate() {
                    if placement >> index & 1 == 1 && shot >> index & 1 == 0 {
                        *count += 1;
                    }
                }
            }
        }
        density
    }

    /// The bot's next shot: the densest unshot cell, the first such in reading order; `None` when every cell
    /// was shot.
    #[must_use]
    pub fn next_shot(&self) -> Option<Cell> {
        let shot = self.shot();
        let density = self.density();
        (0..100u8)
            .filter(|&index| shot >> index & 1 == 0)
            .max_by_key(|&index| (density[usize::from(index)], std::cmp::Reverse(index)))
            .and_then(|index| Cell::new(index % SIZE, index / SIZE))
    }
}

/// How many legal fleets [`choose_fleet`] draws to keep one: its whole cost is this many of the engine's uniform
/// draws (the draw the server makes for a seat whose setup time ran out) and one density map of the empty grid
/// (every placement of each ship, at most 180 per ship), a fixed bound whatever the game.
pub const FLEET_CANDIDATES: u64 = 16;

/// The bot's fleet, chosen by `seed`: of [`FLEET_CANDIDATES`] legal fleets drawn uniformly (the engine's
/// generator, each from a seed of its own drawn from `seed`), the one whose cells have the least prior density,
/// the sum over its cells of the empty grid's [`SeaBattleView::density`]; the first such on ties. Those are the
/// cells the density shooter reaches last before its first hit (edges and corners, which fewer placements cover),
/// so its hunt lasts longer. Every candidate is legal, so the kept one is; the same seed keeps the same fleet.
#[must_use]
pub fn choose_fleet(rules: SeaBattleRules, seed: u64) -> Fleet {
    let prior = SeaBattleView::new(rules, Seat::FIRST).density();
    let mut rng = SplitMix64::new(seed);
    let candidates = (0..FLEET_CANDIDATES).map(|_| random_fleet(rules, rng.next_u64()));
    candidates.min_by_key(|fleet| prior_density(&prior, fleet.mask())).expect("at least one candidate")
}

/// The sum of `density` over the cells of `mask`.
fn prior_density(density: &[u32; 100], mask: u128) -> u64 {
    density.iter().enumerate().filter(|&(index, _)| mask >> index & 1 == 1).map(|(_, &count)| u64::from(count)).sum()
}

/// Every placement of a ship of `length` on the grid, as masks.
fn placements(length: u8) -> Vec<u128> {
    let mut masks = Vec::new();
    for row in 0..SIZE {
        for column in 0..SIZE {
            for (end_column, end_row) in [(column + length - 1, row), (column, row + length - 1)] {
                let ship = Cell::new(column, row).zip(Cell::new(end_column, end_row));
                if let Some(ship) = ship.and_then(|(start, end)| Ship::between(start, end)) {
                    if !masks.contains(&ship.mask()) {
                        masks.push(ship.mask());
                    }
                }
            }
        }
    }
    masks
}

/// `mask` and the cells around it another ship may not take under `touching`.
fn reach(mask: u128, touching: Touching) -> u128 {
    let neighbours: &[(i8, i8)] = match touching {
        Touching::Any => return mask,
        Touching::Sides => &[(-1, 0), (1, 0), (0, -1), (0, 1)],
        Touching::None => &[(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)],
    };
    let side = SIZE as i8;
    let mut out = mask;
    for index in 0..side * side {
        if mask >> index & 1 == 0 {
            continue;
        }
        for &(d_row, d_column) in neighbours {
            let (row, column) = (index / side + d_row, index % side + d_column);
            if (0..side).contains(&row) && (0..side).contains(&column) {
                out |= 1 << (row * side + column);
            }
        }
    }
    out
}

/// The shots the density shooter needs to sink a whole fleet, over the fleets `place` gives for `seeds`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShotStatistics {
    /// The mean number of shots.
    pub mean: f64,
    /// Their standard deviation (over the fleets, not of the mean).
    pub deviation: f64,
}

/// The shots the bot's density shooter needs to sink each fleet `place` gives for a seed of `seeds` (the answers
/// given as the rules give them): their mean and deviation.
#[must_use]
pub fn shot_statistics(
    rules: SeaBattleRules,
    seeds: std::ops::Range<u64>,
    place: impl Fn(SeaBattleRules, u64) -> Fleet,
) -> ShotStatistics {
    let shots: Vec<f64> = seeds.map(|seed| shots_to_sink(rules, &place(rules, seed)) as f64).collect();
    let games = shots.len().max(1) as f64;
    let mean = shots.iter().sum::<f64>() / games;
    let variance = shots.iter().map(|&count| (count - mean).powi(2)).sum::<f64>() / games;
    ShotStatistics { mean, deviation: variance.sqrt() }
}

/// The shots the bot fires at `fleet` until every ship is sunk.
fn shots_to_sink(rules: SeaBattleRules, fleet: &Fleet) -> u64 {
    let mut view = SeaBattleView::new(rules, Seat::FIRST);
    let mut hit = 0u128;
    let mut shots = 0;
    while hit != fleet.mask() {
        let Some(cell) = view.next_shot() else { break };
        shots += 1;
        let answer = match fleet.ship_at(cell) {
            None => Answer::Miss,
            Some(ship) => {
                hit |= cell.mask();
                if hit & ship.mask() == ship.mask() {
                    Answer::Sunk(ship)
                } else {
                    Answer::Hit
                }
            }
        };
        let mut public = String::new();
        kartka_engine::sea_battle::write_answered_shot(cell, answer, &mut public);
        view.observe(Seat::FIRST, &public).expect("the engine's own notation");
    }
    shots
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_keeps_its_own_answers_only() {
        let rules = SeaBattleRules::default();
        let mut view = SeaBattleView::new(rules, Seat::SECOND);
        view.observe(Seat::FIRST, "F").expect("a fleet");
        view.observe(Seat::FIRST, "A1x A2#A1-A2").expect("the other's shots");
        assert_eq!(view, SeaBattleView::new(rules, Seat::SECOND));
        view.observe(Seat::SECOND, "E5x").expect("its own shot");
        assert_eq!(view.observe(Seat::SECOND, "F:A1-A4"), Err(ViewError::Unreadable("F:A1-A4".into())));
        // After a hit the bot shoots next to it, on a side (a ship is straight).
        let next = view.next_shot().expect("a cell");
        assert!(["E4", "E6", "D5", "F5"].contains(&next.to_string().as_str()), "{next}");
    }

    /// Every fleet kind under every touching rule and either shooting rule.
    fn every_rules() -> Vec<SeaBattleRules> {
        let mut every = Vec::new();
        for fleet in [SeaBattleRules::default(), SeaBattleRules::hasbro()] {
            for touching in [Touching::None, Touching::Sides, Touching::Any] {
                for shoot_again in [false, true] {
                    every.push(fleet.with_touching(touching).with_shoot_again(shoot_again));
                }
            }
        }
        every
    }

    #[test]
    fn the_fleet_is_legal_under_every_rule_and_follows_its_seed() {
        for rules in every_rules() {
            for seed in 0..40 {
                let fleet = choose_fleet(rules, seed);
                assert_eq!(fleet.check(rules), Ok(()), "{rules}: seed {seed}");
                assert_eq!(fleet, choose_fleet(rules, seed), "{rules}: seed {seed}");
            }
            let fleets: Vec<Fleet> = (0..4).map(|seed| choose_fleet(rules, seed)).collect();
            assert!(fleets.windows(2).any(|pair| pair[0] != pair[1]), "{rules}");
        }
    }

    #[test]
    fn the_kept_fleet_has_the_least_prior_density_of_its_candidates() {
        for rules in every_rules() {
            let prior = SeaBattleView::new(rules, Seat::FIRST).density();
            for seed in 0..20 {
                let kept = prior_density(&prior, choose_fleet(rules, seed).mask());
                let mut rng = SplitMix64::new(seed);
                let least = (0..FLEET_CANDIDATES)
                    .map(|_| prior_density(&prior, random_fleet(rules, rng.next_u64()).mask()))
                    .min()
                    .expect("candidates");
                assert_eq!(kept, least, "{rules}: seed {seed}");
            }
        }
    }

    /// The measurement of docs/bot.md on a few fleets: far better than random shooting's ~95 shots.
    #[test]
    fn density_targeting_sinks_a_fleet_in_far_fewer_shots_than_random() {
        let statistics = shot_statistics(SeaBattleRules::default(), 0..20, random_fleet);
        println!("{statistics:?} over 20 fleets");
        assert!(statistics.mean < 60.0, "{statistics:?}");
    }

    /// The measurement of docs/bot.md: the density shooter against 2,000 fleets of each fleet kind, drawn
    /// uniformly and chosen by [`choose_fleet`], from the same seeds.
    #[test]
    #[ignore = "a measurement, about two minutes: run with --ignored --nocapture"]
    fn measure_shots_against_uniform_and_chosen_fleets() {
        for rules in [SeaBattleRules::default(), SeaBattleRules::hasbro()] {
            for (name, place) in [
                ("uniform", random_fleet as fn(SeaBattleRules, u64) -> Fleet),
                ("chosen", choose_fleet as fn(SeaBattleRules, u64) -> Fleet),
            ] {
                let ShotStatistics { mean, deviation } = shot_statistics(rules, 0..2000, place);
                println!("{rules}, {name} fleets: mean {mean:.2} shots, deviation {deviation:.2}, over 2000 fleets");
            }
        }
    }
}
