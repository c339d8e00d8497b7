//! Open WebSockets per client address, so that one address cannot hold the server's sockets (and file
//! descriptors) for itself: every open socket costs a descriptor, a task and its buffers, and a game's
//! watchers each cost its actor a push per event.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// The open WebSockets of each client address. Cheap to clone.
#[derive(Clone, Default)]
pub struct SocketsByAddress {
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One open socket counted against its address; dropping it (the socket closed) frees its place.
pub struct SocketPlace {
    sockets: SocketsByAddress,
    address: IpAddr,
}

impl SocketsByAddress {
    /// Counts a new socket from `address`, unless the address already has `limit` open.
    pub fn open(&self, address: IpAddr, limit: usize) -> Option<SocketPlace> {
        let mut open = self.open.lock().expect("sockets by address lock");
        let count = open.entry(address).or_default();
        if *count >= limit {
            return None;
        }
        *count += 1;
        Some(SocketPlace { sockets: self.clone(), address })
    }

    /// How many sockets `address` has open.
    #[must_use]
    pub fn count(&self, address: IpAddr) -> usize {
        self.open.lock().expect("sockets by address lock").get(&address).copied().unwrap_or(0)
    }
}

impl Drop for SocketPlace {
    fn drop(&mut self) {
        let mut open = self.sockets.open.lock().expect("sockets by address lock");
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            // An address with no socket open is forgotten, so the map holds only the addresses connected now.
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_its_places_and_a_closed_socket_frees_one() {
        let sockets = SocketsByAddress::default();
        let home: IpAddr = "192.0.2.1".parse().unwrap();
        let away: IpAddr = "192.0.2.2".parse().unwrap();
        let first = sockets.open(home, 2).expect("a first place");
        let _second = sockets.open(home, 2).expect("a second place");
        assert!(sockets.open(home, 2).is_none(), "the third socket is over the limit");
        assert!(sockets.open(away, 2).is_some(), "other addresses are not affected");
        drop(first);
        assert_eq!(sockets.count(home), 1);
        assert!(sockets.open(home, 2).is_some(), "a closed socket frees its place");
    }

    #[test]
    fn an_address_without_sockets_is_forgotten() {
        let sockets = SocketsByAddress::default();
        let home: IpAddr = "192.0.2.1".parse().unwrap();
        drop(sockets.open(home, 1));
        assert!(sockets.open.lock().unwrap().is_empty());
    }
}
