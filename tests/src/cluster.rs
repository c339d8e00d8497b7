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

/// The live games' actors running in this process (its every node), by the metrics' gauge: each actor counts
/// itself while it runs, whether or not its registry still knows it.
#[must_use]
pub fn live_actors() -> usize {
    let page = kartka_server::telemetry::render(kartka_server::telemetry::PoolUse::default());
    let line = page.lines().find(|line| line.starts_with("kartka_games{class=\"live\"}")).expect("the live gauge");
    line.rsplit(' ').next().and_then(|value| value.parse().ok()).expect("a count")
}
