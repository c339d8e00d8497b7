//! Everything that crosses kartka's wire, as serde types: WebSocket frames ([`ClientFrame`], [`ServerFrame`]),
//! game events ([`GameEvent`]), chat ([`ChatMessage`]), REST bodies ([`rest`], [`correspondence`], [`analysis`], and [`admin`] for the admin API) and
//! stable error codes ([`ErrorCode`]).
//!
//! Architecture invariant: only this crate defines what crosses the wire. The server converts engine and
//! storage types to these at its boundary, so a change here is a change of the protocol and needs a new
//! [`PROTOCOL_VERSION`] when it is not backwards compatible.

pub mod admin;
pub mod analysis;
mod chat;
pub mod correspondence;
mod error;
mod frames;
#[doc(hidden)]
pub mod fuzzing;
mod game;
pub mod kinds;
mod lobby;
pub mod report;
pub mod rest;
mod seat;
mod snapshot_parts;

pub use chat::{ChatChannel, ChatMessage, MutedAccount, MAX_CHAT_CHARS};
pub use error::ErrorCode;
pub use frames::{ClientFrame, ServerFrame};
pub use game::{
    AbortReason, Clocks, Departure, DrawAction, EndReasonName, EventEnvelope, GameEvent, GameResult, GameSnapshot,
    GameStatus, MoveRecord, OnTimeout, PlayerInfo, RatingChange, SpeedClass, TimeControl, MAX_INCREMENT_SECONDS,
    MAX_INITIAL_SECONDS, MAX_MOVE_SECONDS, MAX_RESERVE_SECONDS, MIN_INITIAL_SECONDS, MIN_MOVE_SECONDS,
};
pub use kinds::{GameKindName, RulesetSpec};
pub use lobby::{PoolSpec, PoolStatus, RatingRange, Seek};
pub use seat::SeatName;
pub use snapshot_parts::{MissingMoves, SnapshotParts};

/// The protocol version this build speaks. A client names the version it speaks in its `hello` frame.
///
/// Version 2 lists seats (`players`, `clocks.ms`, `result.ranks`, `result.scores`, seat names up to `sixth`)
/// for games of more than two players; it keeps version 1's two-seat fields (`clocks.first_ms` and
/// `second_ms`, `result.winner`) as aliases, so a version-1 client of a two-seat game reads every frame as
/// before.
pub const PROTOCOL_VERSION: u32 = 2;

/// The oldest protocol version a `hello` may name: the server speaks every version from this one to
/// [`PROTOCOL_VERSION`] (the later ones only add to the earlier).
pub const OLDEST_PROTOCOL_VERSION: u32 = 1;

/// The largest WebSocket message the server accepts, in bytes.
pub const MAX_FRAME_BYTES: usize = 4 * 1024;

/// The largest WebSocket message the server sends, in bytes. Lists that can grow past it (a long game's events or
/// moves, a chat history, the lobby's seeks) come in several frames, each documented with its frame type.
pub const MAX_SERVER_FRAME_BYTES: usize = 64 * 1024;

/// The WebSocket close code the server sends when a game this connection watched moved between server nodes (its
/// node stopped or crashed): nothing is wrong with the client, which connects again (to any node) and subscribes
/// to its games again with `after_seq` set to the last event it has, missing nothing.
pub const RESUBSCRIBE_CLOSE_CODE: u16 = 4000;

/// The WebSocket close code the server sends to every open connection of an account an admin has just banned:
/// unlike a sign-out (1008), it tells the client to say that the account is banned rather than that its session
/// ended. Connecting again is refused (`account_banned`, or `invalid_token`, since a ban ends every session).
pub const BANNED_CLOSE_CODE: u16 = 4003;
