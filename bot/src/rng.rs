//! A small deterministic random source (SplitMix64), seeded by the caller: the bot's only randomness, so that
//! a fixed seed gives the same play everywhere.

/// SplitMix64 (Steele, Lea and Flood): one add and a mix per number, good enough to sample a few root choices.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A source that starts from `seed`.
    pub(crate) fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `[0, 1)` with 53 random bits.
    pub(crate) fn next_unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers_and_another_seed_others() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        let mut c = SplitMix64::new(8);
        let from_a: Vec<u64> = (0..4).map(|_| a.next_u64()).collect();
        let from_b: Vec<u64> = (0..4).map(|_| b.next_u64()).collect();
        let from_c: Vec<u64> = (0..4).map(|_| c.next_u64()).collect();
        assert_eq!(from_a, from_b);
        assert_ne!(from_a, from_c);
    }

    #[test]
    fn units_lie_in_zero_to_one() {
        let mut rng = SplitMix64::new(1);
        for _ in 0..1000 {
            let unit = rng.next_unit();
            assert!((0.0..1.0).contains(&unit));
        }
    }
}
