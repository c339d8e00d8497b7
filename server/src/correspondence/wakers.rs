//! Wakes the background workers when there is work for them now: held by the server's state, so it depends
//! on nothing of the workers.

use std::sync::Arc;

use tokio::sync::Notify;

/// Wakes the background workers when there is work for them now, rather than at their next poll.
#[derive(Clone, Default)]
pub struct Wakers {
    /// A notification may be due.
    pub notifications: Arc<Notify>,
    /// A webhook delivery may be due.
    pub webhooks: Arc<Notify>,
}
