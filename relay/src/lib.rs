//! The floor under a move's cost on the server (issue #39, docs/performance.md): a bare WebSocket relay that
//! carries a move's frames — one frame in; the event to both players and the ack out — with nothing else, and a
//! driver that plays moves through it over as many sockets as a load run and reads the relay's CPU per move.
//! `scripts/bench-load.sh` prints the server's CPU per move beside this one.

pub mod drive;
pub mod serve;

pub use drive::{drive, DriveError, DriveOptions, DriveReport};
