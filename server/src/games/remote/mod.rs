//! Games across nodes: a game runs on the one node holding its lease, and every other node forwards to it.
//!
//! - Commands (a player's action, an admin's, chat, mutes, snapshots) go to the owner as one HTTP request each,
//!   on the owner's cluster listener (`--cluster-listen`, its URL in `nodes.cluster_url`), answered with the
//!   typed result ([`wire::WireGameError`] for a refusal), so the client is answered as the owner would answer.
//! - A subscription goes to the owner as one request too: the owner's actor keeps a subscriber for it like any
//!   other (so presence, spectators, chat channels and every per-subscriber filter apply unchanged), and answers
//!   with the frames pushed while subscribing. Later, the game's stored events reach this node through the
//!   cluster bus's `GamesAdvanced` and are read here from the store; its other frames for the subscriber come
//!   addressed to it on the bus (`watchers.rs` on the owner, `relay.rs` here). The owner gone or the game moved
//!   (seen by this node's heartbeat) closes the client's socket with [`kartka_protocol::RESUBSCRIBE_CLOSE_CODE`]:
//!   the client subscribes again, anywhere, with `after_seq`. This node dead (seen by the owner's heartbeat), or
//!   the client gone (told by a command), unsubscribes on the owner, which counts the player as gone as for a
//!   closed socket.
//!
//! Every request carries the shared secret (`--cluster-secret`), compared in constant time (`callee.rs`).

mod callee;
mod client;
mod relay;
mod repeats;
mod stalled;
mod watchers;
pub mod wire;

pub use callee::{router, serve};
pub(super) use client::Forwarded;
pub use client::Remote;
pub use relay::{Owner, Relays};
pub(super) use repeats::{Repeats, REPEAT_LOG_INTERVAL};
pub use stalled::Stalled;
pub use watchers::{drop_dead, RemoteConnection, Watchers};

/// The header carrying the shared secret.
pub const SECRET_HEADER: &str = "x-kartka-cluster-secret";
