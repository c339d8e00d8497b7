//! The WebSocket endpoint: upgrade checks, the per-connection loop, and the registry of open connections.

mod addresses;
mod connection;
mod connections;
mod duplex;
mod requests;
mod upgrade;

pub use addresses::{SocketPlace, SocketsByAddress};
pub use connections::Connections;
pub use upgrade::websocket;
