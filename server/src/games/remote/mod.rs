//! Games across nodes: a game runs on the one node holding its lease, and every other node forwards to it.
//!
//! - Commands (a player's action, an admin's, chat, mutes, snapshots) go to the owner as one HTTP request each,
//!   on the owner's cluster listener (`--cluster-listen`, its URL in `nodes.cluster_url`), answered with the
//!   typed result ([`wire::WireGameError`] for a refusal), so the client is answered as the owner would answer.
//! - A subscription goes to the owner as one streamed HTTP response: the owner's actor keeps a subscriber for it
//!   like any other (so presence, spectators, chat channels and every per-subscriber filter apply unchanged) and
//!   its frames are written to the stream, one a line; this node copies them into the client's queue. The
//!   stream ending — the owner stopped or crashed, the game moved — closes the client's socket with
//!   [`kartka_protocol::RESUBSCRIBE_CLOSE_CODE`]: the client subscribes again, anywhere, with `after_seq`. The
//!   connection to the owner ending — this node stopped or crashed, or the client left — unsubscribes on the
//!   owner, which counts the player as gone as for a closed socket.
//!
//! Every request carries the shared secret (`--cluster-secret`), compared in constant time (`callee.rs`).

mod callee;
mod client;
mod lines;
mod relay;
pub mod wire;

use std::time::Duration;

pub use callee::{router, serve};
pub(super) use client::Forwarded;
pub use client::Remote;
pub use lines::Lines;
pub use relay::{Owner, Relays};

/// The header carrying the shared secret.
pub const SECRET_HEADER: &str = "x-kartka-cluster-secret";

/// How often an owner writes an empty line to a quiet subscription's stream, so that both ends find out when
/// the other is gone even when no frame is due.
const KEEPALIVE: Duration = Duration::from_secs(5);

/// How long a subscription's stream may stay silent before the relaying node takes the owner for gone.
const SILENCE_LIMIT: Duration = Duration::from_secs(15);
