//! The transposition table: what the search learnt about a position, found again by the position's key when
//! the same position is reached by another order of steps or in a later turn.

/// How a stored score relates to the position's true score at the stored depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (the search stopped at a move as good as the window's top).
    Lower,
    /// The true score is at most this (no move reached the window's bottom).
    Upper,
}

/// One remembered search result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<A> {
    /// The full key, to tell this position from others in the same slot.
    pub(crate) key: u64,
    /// The depth searched, in the search's depth units.
    pub(crate) depth: i32,
    /// The score, with decided scores stored relative to this position (see `search::to_table`).
    pub(crate) score: i32,
    /// What `score` means.
    pub(crate) bound: Bound,
    /// The best action found, tried first when the position comes again.
    pub(crate) best: Option<A>,
}

/// A fixed-size table of 2^bits entries, one per slot; a new result replaces an old one of another position,
/// or of the same position searched no deeper.
#[derive(Clone, Debug)]
pub(crate) struct Table<A> {
    entries: Vec<Option<Entry<A>>>,
    mask: usize,
}

impl<A: Copy> Table<A> {
    /// A table of 2^`bits` entries (at least 2^4).
    pub(crate) fn new(bits: u32) -> Table<A> {
        let len = 1usize << bits.clamp(4, 30);
        Table { entries: vec![None; len], mask: len - 1 }
    }

    /// What the table holds for `key`, if anything.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry<A>> {
        self.entries[self.slot(key)].filter(|entry| entry.key == key)
    }

    /// Remembers `entry`, unless its slot holds a deeper result for the same position.
    pub(crate) fn store(&mut self, entry: Entry<A>) {
        let slot = self.slot(entry.key);
        let keep_old = self.entries[slot].is_some_and(|old| old.key == entry.key && old.depth > entry.depth);
        if !keep_old {
            self.entries[slot] = Some(entry);
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: i32, score: i32) -> Entry<u8> {
        Entry { key, depth, score, bound: Bound::Exact, best: Some(1) }
    }

    #[test]
    fn a_stored_entry_is_found_by_its_key_only() {
        let mut table = Table::new(4);
        table.store(entry(5, 3, 10));
        assert_eq!(table.probe(5).map(|found| found.score), Some(10));
        assert!(table.probe(5 + 16).is_none(), "another key in the same slot is not this entry");
    }

    #[test]
    fn a_deeper_result_of_the_same_position_stays_and_another_position_replaces_it() {
        let mut table = Table::new(4);
        table.store(entry(5, 8, 10));
        table.store(entry(5, 4, 20));
        assert_eq!(table.probe(5).map(|found| found.score), Some(10));
        table.store(entry(5 + 16, 1, 30));
        assert!(table.probe(5).is_none());
        assert_eq!(table.probe(5 + 16).map(|found| found.score), Some(30));
    }
}
