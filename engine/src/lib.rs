//! The rules of every kartka game.
//!
//! This crate is pure: it does no I/O, never reads a clock or a random number generator (time and seeds are
//! passed in), and never allocates while checking or applying a step. It knows nothing of wire formats, the
//! server or the database.
//!
//! Every game kind implements [`Game`] and has one line in the registry (`registry.rs`), from which
//! [`GameKind`], [`Ruleset`] and [`AnyGame`] are generated. The server handles games generically through
//! [`AnyGame`], which takes and gives moves in each game's own notation.

mod any;
pub mod closing_in;
mod game;
mod outcome;
mod registry;
pub mod soccer;

pub use any::{MoveError, Played};
pub use game::{Game, NotationError, Progress, TimeoutPolicy};
pub use outcome::{EndReason, Outcome, Seat};
pub use registry::{AnyGame, GameKind, Ruleset};
