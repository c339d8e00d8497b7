//! What the tests of several nodes on one database share.

use std::time::Duration;

use kartka_server::store::Store;
use uuid::Uuid;

use crate::browser::eventually;

/// Longer than any wait for a node's death and a sweep, however loaded the machine is.
const LEASE_PATIENCE: Duration = Duration::from_secs(30);

/// Waits until `node` holds the game's lease; panics if it does not in time.
pub async fn until_held_by(store: &dyn Store, game: Uuid, node: Uuid) {
    let held =
        eventually(LEASE_PATIENCE, || async { (store.lease_holder(game).await.ok()? == Some(node)).then_some(()) })
            .await;
    assert!(held.is_some(), "node {node} takes game {game}'s lease");
}
