//! Whether some word holds a fragment anywhere (Superghost): an index of the automaton's states by the byte that
//! leads into them, built once per list the first time it is asked.
//!
//! Every state of a checked word set is reached from the root by some prefix and ends some word (the file check
//! refuses dead states), so a fragment is inside a word exactly when its bytes can be read from some state. The
//! index lists, for each byte, the states a transition on that byte enters; a fragment is looked for from each
//! state its first byte enters, reading the rest. That is a short walk per state, with no second copy of the
//! words: on the Polish list the index holds one `u32` per distinct (byte, state) pair (docs/dictionaries.md
//! records its size and build time).

use fst::raw::Fst;

use super::file::follow;
use super::walk::each_state;

/// For each byte, the states entered by a transition on it, in address order without repeats.
pub(super) struct FragmentIndex {
    entered_by: Vec<Vec<u32>>,
}

impl FragmentIndex {
    /// The index of a checked automaton (acyclic, every state ending some word; addresses below 4 GiB).
    pub(super) fn build(fst: &Fst<Vec<u8>>) -> FragmentIndex {
        let mut entered_by = vec![Vec::new(); 256];
        // The file check walked the same automaton without finding it malformed.
        let walked = each_state(fst, |node| {
            for transition in node.transitions() {
                let state = u32::try_from(transition.addr).unwrap_or_else(|_| unreachable!("addresses fit u32"));
                entered_by[usize::from(transition.inp)].push(state);
            }
        });
        debug_assert!(walked.is_ok(), "a checked automaton walks");
        for states in &mut entered_by {
            states.sort_unstable();
            states.dedup();
            states.shrink_to_fit();
        }
        FragmentIndex { entered_by }
    }

    /// Whether some word of `fst` holds `fragment` (a non-empty byte string) anywhere.
    pub(super) fn holds(&self, fst: &Fst<Vec<u8>>, fragment: &[u8]) -> bool {
        let Some((&first, rest)) = fragment.split_first() else {
            return true;
        };
        self.entered_by[usize::from(first)].iter().any(|&state| follow(fst, state as usize, rest).is_some())
    }
}
