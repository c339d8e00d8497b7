//! Open connections by account, so that account-wide notices (a challenge, a new game) reach every device.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use kartka_protocol::ServerFrame;
use uuid::Uuid;

use crate::outbox::{encode, Outbox};

/// Open WebSocket connections by account. Cheap to clone.
#[derive(Clone, Default)]
pub struct Connections {
    by_account: Arc<Mutex<HashMap<Uuid, HashMap<u64, Outbox>>>>,
}

impl Connections {
    /// Registers an authenticated connection.
    pub fn add(&self, account: Uuid, connection: u64, outbox: Outbox) {
        self.by_account.lock().expect("connections lock").entry(account).or_default().insert(connection, outbox);
    }

    /// Forgets a connection.
    pub fn remove(&self, account: Uuid, connection: u64) {
        let mut by_account = self.by_account.lock().expect("connections lock");
        if let Some(connections) = by_account.get_mut(&account) {
            connections.remove(&connection);
            if connections.is_empty() {
                by_account.remove(&account);
            }
        }
    }

    /// Closes every connection of an account (it was banned); each closes with 1008.
    pub fn disconnect(&self, account: Uuid) {
        if let Some(connections) = self.by_account.lock().expect("connections lock").get(&account) {
            for outbox in connections.values() {
                outbox.revoke();
            }
        }
    }

    /// Pushes a frame to every connection of an account.
    pub fn notify(&self, account: Uuid, frame: &ServerFrame) {
        let text = encode(frame);
        if let Some(connections) = self.by_account.lock().expect("connections lock").get(&account) {
            for outbox in connections.values() {
                outbox.push(text.clone());
            }
        }
    }
}
