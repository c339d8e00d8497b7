//! Games in play: one actor task per game owns and mutates it; the registry finds or starts the actor.

mod actor;
pub mod audience;
pub mod clock;
pub mod convert;
pub mod data_files;
mod hooks;
pub mod kinds;
pub mod position;
pub mod records;
mod registry;
pub mod remote;
pub mod replay;
pub mod seats;
pub mod tools;

pub(crate) use actor::{event_kind, SEAT_LEFT_KIND};
pub use actor::{new_game, Action, ActorConfig, AdminAction, GameError, Subscribed, Subscriber};
pub use clock::ClockRules;
pub use hooks::{GameHooks, TurnState};
pub use registry::Games;
