//! Games in play: one actor task per game owns and mutates it; the registry finds or starts the actor.

mod actor;
pub mod clock;
pub mod convert;
pub mod export;
pub mod position;
mod registry;
pub mod svg;

pub(crate) use actor::event_kind;
pub use actor::{new_game, Action, AdminAction, GameError, Subscriber};
pub use registry::Games;
