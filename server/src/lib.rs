//! The kartka game server.

pub mod cli;
