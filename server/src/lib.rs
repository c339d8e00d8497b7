//! The kartka game server.

pub mod cli;
pub mod store;
