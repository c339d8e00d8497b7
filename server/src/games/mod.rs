//! Games in play: one actor task per game owns and mutates it; the registry finds or starts the actor.

mod actor;
pub mod clock;
pub mod convert;
pub mod export;
mod registry;

pub use actor::{new_game, Action, GameError, Subscriber};
pub use registry::Games;
