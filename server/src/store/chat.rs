//! What the store keeps of chat: the messages of the lobby and of each game's channels, the mutes players set
//! on their opponents, and the admins' chat mute of an account.

use async_trait::async_trait;
use uuid::Uuid;

use super::{AuditRow, Millis, StoreError};

/// Which channel a message was said in, as stored: `lobby`, `players` or `spectators`.
pub type ChannelName = &'static str;

/// One stored chat message, with its sender's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatRow {
    /// Its number, in the order messages were stored (0 for a message not yet stored).
    pub id: i64,
    /// The game; `None` for the lobby.
    pub game_id: Option<Uuid>,
    /// `lobby`, `players` or `spectators`.
    pub channel: String,
    /// The sender.
    pub account_id: Uuid,
    /// The sender's name (read with the message; ignored when storing).
    pub name: String,
    /// The text as sent.
    pub body: String,
    /// When it was received.
    pub at: Millis,
}

/// The chat part of the [`Store`](super::Store).
#[async_trait]
pub trait ChatStore {
    /// Stores a message; returns its number.
    async fn insert_chat(&self, message: &ChatRow) -> Result<i64, StoreError>;
    /// The latest `limit` messages of a channel (`game_id` `None` for the lobby), oldest first.
    async fn chat_history(
        &self,
        game_id: Option<Uuid>,
        channel: ChannelName,
        limit: u32,
    ) -> Result<Vec<ChatRow>, StoreError>;
    /// Every message of a game, both channels, in the order they were stored.
    async fn game_chat(&self, game_id: Uuid) -> Result<Vec<ChatRow>, StoreError>;
    /// Records that a player of a game muted (or unmuted) their opponent's chat there.
    async fn set_opponent_muted(&self, game_id: Uuid, account_id: Uuid, muted: bool) -> Result<(), StoreError>;
    /// The players of a game who muted their opponent there.
    async fn opponent_mutes(&self, game_id: Uuid) -> Result<Vec<Uuid>, StoreError>;
    /// Mutes or unmutes an account's chat, with its audit entry. False (and nothing written) when the account
    /// does not exist or already was so.
    async fn set_chat_muted(&self, account_id: Uuid, muted: bool, entry: &AuditRow) -> Result<bool, StoreError>;
}
