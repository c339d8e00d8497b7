//! The presence writer: which accounts have sockets on this node, written to the presence table off the sockets'
//! path. Changes wait in a map with one entry per account, the latest, so the queue is bounded by the accounts
//! connected here however long the store is out; a write the store refused is kept (unless a newer change
//! replaced it) and tried again after [`RETRY_AFTER`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use super::Node;
use crate::store::Store;

/// How long the writer waits after a round in which the store refused a write.
const RETRY_AFTER: Duration = Duration::from_secs(1);

/// The presence changes not yet written: each account's latest (`true`: its first socket here opened; `false`:
/// its last closed).
#[derive(Default)]
pub(super) struct PresenceChanges {
    latest: Mutex<HashMap<Uuid, bool>>,
    arrived: Notify,
}

impl PresenceChanges {
    /// Records an account's new presence, replacing a change of it not yet written.
    pub(super) fn mark(&self, account: Uuid, present: bool) {
        self.latest.lock().expect("presence lock").insert(account, present);
        self.arrived.notify_one();
    }

    /// Every change not yet written.
    fn take(&self) -> Vec<(Uuid, bool)> {
        self.latest.lock().expect("presence lock").drain().collect()
    }

    /// Puts back a change the store refused, unless a newer one of the account arrived meanwhile.
    fn put_back(&self, account: Uuid, present: bool) {
        self.latest.lock().expect("presence lock").entry(account).or_insert(present);
    }

    /// How many accounts have a change waiting.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.latest.lock().expect("presence lock").len()
    }
}

/// Writes the presence changes until shutdown: per account in the order they came, the latest of a burst only.
pub(super) async fn write_presence(
    store: Arc<dyn Store>,
    node: Node,
    changes: Arc<PresenceChanges>,
    shutdown: CancellationToken,
) {
    loop {
        tokio::select! {
            () = shutdown.cancelled() => return,
            () = changes.arrived.notified() => {}
        }
        let mut refused = 0_usize;
        for (account, present) in changes.take() {
            if let Err(error) = store.set_presence(node.id(), account, present).await {
                if refused == 0 {
                    tracing::warn!(%account, present, %error, "could not record whether a player is connected here");
                }
                refused += 1;
                changes.put_back(account, present);
            }
        }
        if refused > 0 {
            tracing::warn!(refused, "presence changes wait for the store");
            tokio::select! {
                () = shutdown.cancelled() => return,
                () = tokio::time::sleep(RETRY_AFTER) => changes.arrived.notify_one(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_wait_once_per_account_with_the_latest_presence() {
        let changes = PresenceChanges::default();
        let (ada, bolek) = (Uuid::new_v4(), Uuid::new_v4());
        for _ in 0..1_000 {
            changes.mark(ada, true);
            changes.mark(ada, false);
        }
        changes.mark(bolek, true);

        assert_eq!(changes.len(), 2, "a thousand comings and goings hold one entry");
        let mut taken = changes.take();
        taken.sort();
        let mut expected = vec![(ada, false), (bolek, true)];
        expected.sort();
        assert_eq!(taken, expected);
        assert_eq!(changes.len(), 0);
    }

    #[test]
    fn a_refused_write_is_put_back_unless_a_newer_change_came() {
        let changes = PresenceChanges::default();
        let (ada, bolek) = (Uuid::new_v4(), Uuid::new_v4());
        changes.mark(ada, true);
        changes.put_back(ada, false);
        changes.put_back(bolek, true);

        let mut taken = changes.take();
        taken.sort();
        let mut expected = vec![(ada, true), (bolek, true)];
        expected.sort();
        assert_eq!(taken, expected, "ada's newer change stands; bolek's refused one waits again");
    }
}
