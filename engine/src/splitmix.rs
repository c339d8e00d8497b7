//! SplitMix64: the deterministic generator a kind derives from a server-drawn seed when it must choose at random
//! (a fleet or a secret for a seat whose setup time ran out). The engine has no random source of its own; the
//! same seed always gives the same choice, so a replay reproduces it.

/// The generator's state: any seed, 0 included.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub(crate) const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `bound` (at least 1), every one equally likely: draws past the largest multiple of `bound`
    /// are drawn again, so the choice has no modulo bias.
    pub(crate) fn below(&mut self, bound: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % bound;
        loop {
            let draw = self.next_u64();
            if draw < zone {
                return draw % bound;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_is_the_reference_one() {
        // The first outputs of SplitMix64 seeded with 1234567 (Vigna's reference implementation).
        let mut rng = SplitMix64::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
    }

    #[test]
    fn a_bounded_draw_stays_below_its_bound_and_reaches_every_value() {
        let mut rng = SplitMix64::new(7);
        let mut seen = [false; 6];
        for _ in 0..200 {
            seen[usize::try_from(rng.below(6)).expect("below 6")] = true;
        }
        assert!(seen.iter().all(|&hit| hit));
    }
}
