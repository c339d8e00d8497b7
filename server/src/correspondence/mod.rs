//! Correspondence play: games over days that nobody needs to stay connected for.
//!
//! - [`sweeper`]: finds overdue games and ending vacations, after any restart too.
//! - [`vacation`]: the yearly bank, pausing and resuming clocks.
//! - [`notify`]: "your turn" and reminder notifications in a persistent outbox, published to the account's
//!   WebSockets and NDJSON streams; [`webhook`] delivers them to the account's webhook.
//! - [`conditional`]: "if they play X, I reply Y".
//!
//! Correspondence seeks are a REST resource of their own (`api::seeks`), stored so that they outlive their
//! creator's session.

pub mod conditional;
pub mod notify;
pub mod sweeper;
pub mod vacation;
pub mod webhook;

use std::sync::Arc;

use tokio::sync::Notify;

use crate::state::AppState;

/// Wakes the background workers when there is work for them now, rather than at their next poll.
#[derive(Clone, Default)]
pub struct Wakers {
    /// A notification may be due.
    pub notifications: Arc<Notify>,
    /// A webhook delivery may be due.
    pub webhooks: Arc<Notify>,
}

/// Starts the heartbeat, the sweeper, the notifier and the webhook sender; they stop at shutdown.
pub fn spawn_workers(state: &AppState) {
    let settings = &state.settings.correspondence;
    state.tasks.spawn(crate::downtime::heartbeat(
        state.store.clone(),
        settings.heartbeat_interval,
        state.shutdown.clone(),
    ));
    state.tasks.spawn(sweeper::run(state.clone()));
    state.tasks.spawn(notify::publish(state.clone()));
    state.tasks.spawn(webhook::deliver(state.clone()));
}
