//! xorshift64*: a small deterministic generator for the tests' random games, so the suite needs no RNG crate
//! and a failing game replays exactly from its seed.

/// The generator's state; any seed but 0.
pub struct Rng(pub u64);

impl Rng {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}
