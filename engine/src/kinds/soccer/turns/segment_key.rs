//! 128-bit Zobrist-style keys for sets of segments.
//!
//! Each segment gets a fixed pseudo-random 128-bit key; a set of segments is keyed by the XOR of its members'
//! keys, so drawing or erasing one segment updates the key in one XOR. The keys come from splitmix64, a pure
//! mixing function evaluated at compile time: no random number generator, the same keys on every run.
//!
//! Collision bound: treating the keys as independent uniform 128-bit values, two different sets have the same
//! key with probability 2⁻¹²⁸ (the XOR over their non-empty symmetric difference is uniform). Over the `n` sets
//! one enumeration meets, a union bound gives at most n(n−1)/2 · 2⁻¹²⁸: below 10⁻²⁰ even for n = 10⁹.

use crate::soccer::direction::Direction;
use crate::soccer::pitch::MAX_POINTS;

/// Segments are numbered by their end nearer the top-left and the direction to the other end, normalised to
/// E, SE, S or SW, so each segment of the largest lattice has one number below this.
const SEGMENT_COUNT: usize = MAX_POINTS * 4;

/// The key of every segment, indexed by segment number.
static SEGMENT_KEYS: [u128; SEGMENT_COUNT] = segment_keys();

/// The key of a set of segments: the XOR of the keys of its members; the empty set has key 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SegmentSetKey(u128);

impl SegmentSetKey {
    /// The key's 128 bits.
    #[inline]
    pub(crate) fn bits(self) -> u128 {
        self.0
    }

    /// The key of the set with the segment between lattice indices `from` and `to` (one step in `direction`)
    /// toggled: added if absent, removed if present.
    #[inline]
    pub(crate) fn toggled(self, from: u16, to: u16, direction: Direction) -> SegmentSetKey {
        SegmentSetKey(self.0 ^ SEGMENT_KEYS[segment_number(from, to, direction)])
    }
}

/// The number of the segment from lattice index `from` one step in `direction` to lattice index `to`.
#[inline]
fn segment_number(from: u16, to: u16, direction: Direction) -> usize {
    // E, SE, S and SW (digits 2–5) already point away from the top-left end; the other four point towards it,
    // so the segment is numbered from its other end with the opposite direction.
    let index = direction.index();
    if (2..=5).contains(&index) {
        usize::from(from) * 4 + usize::from(index - 2)
    } else {
        usize::from(to) * 4 + usize::from(direction.opposite().index() - 2)
    }
}

/// The splitmix64 output mixing function applied to `state`.
const fn splitmix64(state: u64) -> u64 {
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Keys made of consecutive outputs of a splitmix64 generator started at 0: key `i` takes outputs 2i and
/// 2i + 1 as its high and low halves.
const fn segment_keys() -> [u128; SEGMENT_COUNT] {
    const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut keys = [0u128; SEGMENT_COUNT];
    let mut i = 0;
    while i < SEGMENT_COUNT {
        let high = splitmix64(GOLDEN_GAMMA.wrapping_mul(2 * i as u64 + 1));
        let low = splitmix64(GOLDEN_GAMMA.wrapping_mul(2 * i as u64 + 2));
        keys[i] = ((high as u128) << 64) | low as u128;
        i += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_has_the_same_number_from_either_end() {
        let stride = 9u16;
        let from = 5 * stride + 4;
        for direction in Direction::ALL {
            let (dx, dy) = direction.delta();
            let to = (i32::from(from) + i32::from(dy) * i32::from(stride) + i32::from(dx)) as u16;
            assert_eq!(segment_number(from, to, direction), segment_number(to, from, direction.opposite()));
        }
    }

    #[test]
    fn keys_are_distinct_and_non_zero() {
        let distinct: std::collections::HashSet<u128> = SEGMENT_KEYS.iter().copied().collect();
        assert_eq!(distinct.len(), SEGMENT_COUNT);
        assert!(!distinct.contains(&0));
    }

    #[test]
    fn drawing_then_erasing_restores_the_key() {
        let key = SegmentSetKey::default().toggled(40, 41, Direction::East);
        assert_ne!(key, SegmentSetKey::default());
        assert_eq!(key.toggled(41, 40, Direction::West), SegmentSetKey::default());
    }
}
