//! Correspondence play: games over days that nobody needs to stay connected for.
//!
//! - [`sweeper`]: finds overdue games and ending vacations, after any restart too.
//! - [`vacation`]: the yearly bank, pausing and resuming clocks.
//! - [`notify`]: "your turn" and reminder notifications, scheduled in a persistent outbox; [`publisher`]
//!   publishes them to the account's WebSockets and NDJSON streams; [`webhook`] delivers them to the
//!   account's webhook. [`wakers`] wakes these workers when there is work now. [`texts`] writes each
//!   notification's text in the account's language.
//! - [`conditional`]: "if they play X, I reply Y".
//!
//! Correspondence seeks are a REST resource of their own (`api::seeks`), stored so that they outlive their
//! creator's session.

pub mod conditional;
pub mod notify;
pub mod publisher;
pub mod sweeper;
pub mod texts;
pub mod vacation;
pub mod wakers;
pub mod webhook;

use crate::state::AppState;

/// Starts the heartbeat, the sweeper, the notifier and the webhook sender; they stop at shutdown.
pub fn spawn_workers(state: &AppState) {
    let settings = &state.settings.correspondence;
    state.tasks.spawn(crate::downtime::heartbeat(
        state.store.clone(),
        settings.heartbeat_interval,
        state.shutdown.clone(),
    ));
    state.tasks.spawn(sweeper::run(state.clone()));
    state.tasks.spawn(publisher::publish(state.clone()));
    state.tasks.spawn(webhook::deliver(state.clone()));
}
