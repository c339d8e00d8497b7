//! Several nodes on one database: every `kartka serve` process is a node ([`Node`]), registered in the database
//! with a heartbeat; each game runs on the one node holding its lease ([`Leases`]); and every node sweeps for
//! live games whose node died, so that their clocks keep running elsewhere (`failover.rs`, through the
//! [`GameHost`] that runs games here).
//!
//! Liveness is judged by the database's clock alone (a node is alive while its last heartbeat is younger than
//! the node TTL), so clock skew between machines cannot give a game two owners. The lease is not the only
//! guard: a stale owner's commit is refused by the game's sequence check (`store/sql/batch.rs`).
//!
//! SQLite serves one node: a start takes the database's lock file (`store/sole_node.rs`), and is refused at once
//! while another process holds it.

pub mod bus;
mod failover;
mod heartbeat;
mod lease;
mod node;
mod presence;
pub mod relay;

pub use failover::GameHost;
pub use heartbeat::{announce_url, heartbeat};
pub use lease::Leases;
pub use node::{Node, NodeError};
pub use relay::Relay;
