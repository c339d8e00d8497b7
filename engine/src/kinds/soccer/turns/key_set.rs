//! A set of segment-set keys: open addressing with linear probing, indexed by the keys' own bits.
//!
//! The keys are uniformly random already, so a key's low bits pick its slot with no hashing at all. The table
//! is built for one enumeration after another on the same memory: each works on an active prefix of the buffer,
//! sized by the enumeration before (cache-friendly for the many small enumerations of a perft), that doubles as
//! it fills; clearing costs time in proportion to what the last enumeration used, and nothing when it stored
//! no key. Memory is only ever allocated when an enumeration needs more than any before it.

use super::segment_key::SegmentSetKey;

/// Slots of the active table at the start of each enumeration.
const INITIAL_SLOTS: usize = 64;

/// A set of [`SegmentSetKey`]s, cleared between enumerations without freeing its memory. Clear it before
/// first use.
#[derive(Debug, Default)]
pub(crate) struct KeySet {
    /// Key bits per slot, 0 for an empty slot; the active table is `slots[..=mask]`, and every slot past it
    /// is empty.
    slots: Vec<u128>,
    /// The active table's size minus one (a power of two minus one).
    mask: usize,
    /// Keys in the active table.
    len: usize,
    /// The active table's old contents while it doubles.
    regrow: Vec<u128>,
}

impl KeySet {
    /// Empties the set, keeping its memory, and sizes the active table for as many keys as it held: repeated
    /// enumerations of similar positions (one depth of a perft, a benchmark) then seldom double, and a small
    /// enumeration after a big one starts small again one enumeration later.
    pub(crate) fn clear(&mut self) {
        if self.len > 0 {
            self.slots[..=self.mask].fill(0);
        }
        let size = (2 * self.len).next_power_of_two().max(INITIAL_SLOTS);
        if self.slots.len() < size {
            self.slots.resize(size, 0);
        }
        self.mask = size - 1;
        self.len = 0;
    }

    /// Adds `key`; whether it was new. The empty set's key 0 counts as always present: the empty set is
    /// where every enumeration starts, and any other set with key 0 would be a key collision.
    #[inline]
    pub(crate) fn insert(&mut self, key: SegmentSetKey) -> bool {
        let bits = key.bits();
        if bits == 0 {
            return false;
        }
        let mut slot = bits as usize & self.mask;
        loop {
            match self.slots[slot] {
                0 => break,
                found if found == bits => return false,
                _ => slot = (slot + 1) & self.mask,
            }
        }
        self.slots[slot] = bits;
        self.len += 1;
        // Linear probing stays fast up to half full.
        if 2 * self.len > self.mask + 1 {
            self.double();
        }
        true
    }

    /// Doubles the active table and re-inserts its keys.
    fn double(&mut self) {
        let old_size = self.mask + 1;
        self.regrow.clear();
        self.regrow.extend_from_slice(&self.slots[..old_size]);
        if self.slots.len() < 2 * old_size {
            self.slots.resize(2 * old_size, 0);
        }
        self.slots[..old_size].fill(0);
        self.mask = 2 * old_size - 1;
        for &bits in self.regrow.iter().filter(|&&bits| bits != 0) {
            let mut slot = bits as usize & self.mask;
            while self.slots[slot] != 0 {
                slot = (slot + 1) & self.mask;
            }
            self.slots[slot] = bits;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::soccer::direction::Direction;

    fn key(segment: u16) -> SegmentSetKey {
        SegmentSetKey::default().toggled(segment, segment + 1, Direction::East)
    }

    #[test]
    fn inserts_once_across_growth_and_clears() {
        let mut set = KeySet::default();
        set.clear();
        for round in 0..2 {
            for segment in 0..500 {
                assert!(set.insert(key(segment)), "round {round}: {segment} is new");
            }
            for segment in 0..500 {
                assert!(!set.insert(key(segment)), "round {round}: {segment} is there");
            }
            set.clear();
        }
    }

    #[test]
    fn the_empty_set_is_always_present() {
        let mut set = KeySet::default();
        set.clear();
        assert!(!set.insert(SegmentSetKey::default()));
    }
}
