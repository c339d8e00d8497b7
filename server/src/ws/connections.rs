//! Open connections by account, so that account-wide notices (a challenge, a new game) reach every device.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use kartka_protocol::ServerFrame;
use uuid::Uuid;

use crate::cluster::relay::{LocalDelivery, Relay};
use crate::outbox::{encode, Outbox, Revoked};
use crate::store::StoreError;

/// What runs when an account's last connection closes.
type LastClosedHook = Box<dyn Fn(Uuid) + Send + Sync>;

/// A registered connection: its queue, and the session (token hash) it authenticated with.
struct Registered {
    outbox: Outbox,
    session: String,
}

/// Open WebSocket connections by account, on this node; with a [`Relay`], notices reach the account's
/// connections on the other nodes too. Cheap to clone.
#[derive(Clone, Default)]
pub struct Connections {
    by_account: Arc<Mutex<HashMap<Uuid, HashMap<u64, Registered>>>>,
    last_closed: Arc<OnceLock<LastClosedHook>>,
    relay: Arc<OnceLock<Relay>>,
}

impl Connections {
    /// Registers a connection authenticated by the session whose token hashes to `session`.
    pub fn add(&self, account: Uuid, connection: u64, session: String, outbox: Outbox) {
        let registered = Registered { outbox, session };
        let first = {
            let mut by_account = self.by_account.lock().expect("connections lock");
            let connections = by_account.entry(account).or_default();
            connections.insert(connection, registered);
            connections.len() == 1
        };
        if let Some(relay) = self.relay.get().filter(|_| first) {
            relay.presence(account, true);
        }
    }

    /// Forgets a connection; runs the [`Connections::on_last_closed`] hook when it was the account's last.
    pub fn remove(&self, account: Uuid, connection: u64) {
        let was_last = {
            let mut by_account = self.by_account.lock().expect("connections lock");
            let Some(connections) = by_account.get_mut(&account) else { return };
            connections.remove(&connection);
            let was_last = connections.is_empty();
            if was_last {
                by_account.remove(&account);
            }
            was_last
        };
        if !was_last {
            return;
        }
        if let Some(relay) = self.relay.get() {
            relay.presence(account, false);
        }
        if let Some(hook) = self.last_closed.get() {
            hook(account);
        }
    }

    /// Sets what runs (outside the registry's lock) whenever an account's last connection closes: the lobby
    /// takes the player out of its pools and closes their seeks. Only the first hook set is kept.
    pub fn on_last_closed(&self, hook: impl Fn(Uuid) + Send + Sync + 'static) {
        if self.last_closed.set(Box::new(hook)).is_err() {
            tracing::warn!("a last-connection hook was already set; ignoring another");
        }
    }

    /// Closes every connection of an account (it was banned), on this node and every other; each closes with
    /// [`kartka_protocol::BANNED_CLOSE_CODE`].
    pub fn disconnect(&self, account: Uuid) {
        if let Some(relay) = self.relay.get() {
            relay.close_connections(account, None);
        }
        self.close(account, None);
    }

    /// Closes every connection an ended session (logout) opened, on this node and every other; each closes with
    /// 1008. Other sessions of the account stay.
    pub fn end_session(&self, account: Uuid, session: &str) {
        if let Some(relay) = self.relay.get() {
            relay.close_connections(account, Some(session));
        }
        self.close(account, Some(session));
    }

    /// Whether an account has an open connection.
    #[must_use]
    pub fn is_connected(&self, account: Uuid) -> bool {
        self.by_account.lock().expect("connections lock").contains_key(&account)
    }

    /// Records every account connected here in the presence table again: this node was taken for dead and
    /// registered anew, and its presence rows went with its old row.
    pub fn record_presence_again(&self) {
        let Some(relay) = self.relay.get() else { return };
        // Under the lock: an account's last connection closes under it too, and only then tells the relay, so
        // its `false` is written after this `true`.
        let by_account = self.by_account.lock().expect("connections lock");
        for account in by_account.keys() {
            relay.presence(*account, true);
        }
    }

    /// Every account with an open connection on this node.
    pub fn accounts(&self) -> Vec<Uuid> {
        self.by_account.lock().expect("connections lock").keys().copied().collect()
    }

    /// Every account with an open connection on any node: in a cluster, this node's and those the presence
    /// table names on the other live nodes.
    pub async fn online(&self) -> Result<Vec<Uuid>, StoreError> {
        let mut accounts = self.accounts();
        if let Some(relay) = self.relay.get() {
            accounts.extend(relay.online_accounts().await?);
            accounts.sort_unstable();
            accounts.dedup();
        }
        Ok(accounts)
    }

    /// Sends notices through `relay` to the other nodes from now on (several nodes on PostgreSQL). Only the
    /// first relay set is kept.
    pub fn join_cluster(&self, relay: Relay) {
        if self.relay.set(relay).is_err() {
            tracing::warn!("connections already had a cluster relay; ignoring another");
        }
    }

    /// Whether notices cross to other nodes now: this node is in a cluster and another node is alive.
    #[must_use]
    pub fn has_company(&self) -> bool {
        self.relay.get().is_some_and(Relay::has_company)
    }

    /// Pushes a frame to every connection of an account, on this node and, in a cluster, on every other.
    pub fn notify(&self, account: Uuid, frame: &ServerFrame) {
        let text = encode(frame);
        if let Some(relay) = self.relay.get() {
            relay.account_frame(account, &text);
        }
        self.deliver(account, text);
    }
}

impl LocalDelivery for Connections {
    fn deliver(&self, account: Uuid, frame: Arc<str>) {
        if let Some(connections) = self.by_account.lock().expect("connections lock").get(&account) {
            for registered in connections.values() {
                registered.outbox.push(frame.clone());
            }
        }
    }

    fn close(&self, account: Uuid, session: Option<&str>) {
        if let Some(connections) = self.by_account.lock().expect("connections lock").get(&account) {
            let opened_with = |registered: &&Registered| session.is_none_or(|session| registered.session == session);
            // Every session's connections closing together is a ban; one session's, a sign-out.
            let why = if session.is_none() { Revoked::Banned } else { Revoked::SignedOut };
            for registered in connections.values().filter(opened_with) {
                registered.outbox.revoke(why);
            }
        }
    }
}
