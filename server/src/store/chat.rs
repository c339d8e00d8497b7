//! What the store keeps of chat: the messages of the lobby and of each game's channels, the mutes players set
//! on their opponents and on other accounts in the lobby, and the admins' chat mute of an account.

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

/// What [`ChatStore::mute_in_lobby`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyMute {
    /// The account is muted (now, or already was).
    Muted,
    /// Nothing changed: the player has muted as many accounts as the limit allows.
    Full,
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
    /// The message with this id, in any channel.
    async fn chat_message(&self, id: i64) -> Result<Option<ChatRow>, StoreError>;
    /// The players of a game who muted their opponent there.
    async fn opponent_mutes(&self, game_id: Uuid) -> Result<Vec<Uuid>, StoreError>;
    /// The accounts `account_id` muted in the lobby's chat, with their names, by name.
    async fn lobby_mutes(&self, account_id: Uuid) -> Result<Vec<(Uuid, String)>, StoreError>;
    /// Records that `account_id` muted `muted_id` in the lobby's chat, unless it has muted `limit` accounts
    /// there already. Muting an account muted already changes nothing and is no error.
    async fn mute_in_lobby(&self, account_id: Uuid, muted_id: Uuid, limit: usize) -> Result<LobbyMute, StoreError>;
    /// Records that `account_id` no longer mutes `muted_id` in the lobby's chat (nothing when it did not).
    async fn unmute_in_lobby(&self, account_id: Uuid, muted_id: Uuid) -> Result<(), StoreError>;
    /// Mutes or unmutes an account's chat, with its audit entry. False (and nothing written) when the account
    /// does not exist or already was so.
    async fn set_chat_muted(&self, account_id: Uuid, muted: bool, entry: &AuditRow) -> Result<bool, StoreError>;
}
