//! End-to-end test support: fresh databases, servers on free ports, REST and WebSocket clients, headless
//! browsers.

pub mod browser;
pub mod client;
pub mod db;
pub mod server;
pub mod webhook;
