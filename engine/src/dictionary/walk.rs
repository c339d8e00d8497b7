//! Visiting every state of a word set's automaton once, depth first, without recursion: the file check and the
//! fragment index both need every state, and the automaton shares states, so a walk of its words would visit
//! them many times over.

use fst::raw::{CompiledAddr, Fst, Node};

/// Why the walk stopped: the automaton is not a finite set's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Malformed {
    /// A state reaches itself.
    Cycle,
    /// A transition leads outside the automaton's bytes.
    OutOfBounds,
}

/// One bit per byte of the automaton, so per possible state address.
struct AddressBits(Vec<u64>);

impl AddressBits {
    fn new(addresses: usize) -> AddressBits {
        AddressBits(vec![0; addresses / 64 + 1])
    }

    fn get(&self, address: CompiledAddr) -> bool {
        self.0[address / 64] & (1 << (address % 64)) != 0
    }

    fn set(&mut self, address: CompiledAddr, on: bool) {
        let bit = 1 << (address % 64);
        if on {
            self.0[address / 64] |= bit;
        } else {
            self.0[address / 64] &= !bit;
        }
    }
}

/// Calls `visit` once on every state reachable from the root, or answers why the automaton is malformed.
pub(super) fn each_state(fst: &Fst<Vec<u8>>, mut visit: impl FnMut(&Node<'_>)) -> Result<(), Malformed> {
    let addresses = fst.as_bytes().len() + 1;
    // Seen: visited or being visited; open: on the current path, so meeting it again closes a cycle.
    let mut seen = AddressBits::new(addresses);
    let mut open = AddressBits::new(addresses);
    let root = fst.root();
    visit(&root);
    seen.set(root.addr(), true);
    open.set(root.addr(), true);
    let mut path: Vec<(CompiledAddr, usize)> = vec![(root.addr(), 0)];
    while let Some(&mut (address, ref mut next)) = path.last_mut() {
        let node = fst.node(address);
        if *next == node.len() {
            open.set(address, false);
            path.pop();
            continue;
        }
        let target = node.transition_addr(*next);
        *next += 1;
        if target >= fst.as_bytes().len() {
            return Err(Malformed::OutOfBounds);
        }
        if open.get(target) {
            return Err(Malformed::Cycle);
        }
        if !seen.get(target) {
            let child = fst.node(target);
            visit(&child);
            seen.set(target, true);
            open.set(target, true);
            path.push((target, 0));
        }
    }
    Ok(())
}
