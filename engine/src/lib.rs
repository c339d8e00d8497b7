//! The rules of every kartka game.
//!
//! This crate is pure: it does no I/O, never reads a clock or a random number generator (time and seeds are
//! passed in), and never allocates while checking or applying a step. It knows nothing of wire formats, the
//! server or the database.
//!
//! Every game kind is a module of `kinds/` implementing [`Game`], with one line in the registry
//! (`kinds/mod.rs`), from which [`GameKind`], [`Ruleset`] and [`AnyGame`] are generated; the kinds' modules are
//! public at the crate's root. The server handles games generically through
//! [`AnyGame`], which takes and gives moves in each game's own notation.

mod any;
pub mod commitment;
mod data_name;
pub mod dictionary;
#[doc(hidden)]
pub mod fuzzing;
mod game;
mod kinds;
mod outcome;
pub mod perft;
mod position_key;
mod seat;
mod splitmix;
pub mod tag_pairs;
mod view;

pub use any::{write_actions, GameVisitor, MoveError, Played};
pub use game::{Game, NotationError, Progress, TimedWindow, TimeoutPolicy};
pub use kinds::*;
pub use outcome::{EndReason, Outcome};
pub use position_key::PositionKey;
pub use seat::{BySeat, Seat};
pub use view::{Disclosure, SeatSet, Viewer};
