//! [`ChatStore`] over both backends.

use async_trait::async_trait;
use uuid::Uuid;

use super::dialect::ReadColumn;
use super::{Dialect, SqlStore};
use crate::store::chat::{ChannelName, ChatRow, ChatStore, LobbyMute};
use crate::store::{AuditRow, StoreError};

const INSERT_CHAT: &str = "INSERT INTO chat_messages (game_id, channel, account_id, body, at) \
    VALUES ($1, $2, $3, $4, $5) RETURNING id";
macro_rules! chat_select {
    () => {
        "SELECT m.id, m.game_id, m.channel, m.account_id, a.name, m.body, m.at \
         FROM chat_messages m JOIN accounts a ON a.id = m.account_id "
    };
}
const LOBBY_HISTORY: &str =
    concat!(chat_select!(), "WHERE m.game_id IS NULL AND m.channel = $1 ORDER BY m.id DESC LIMIT $2");
const GAME_HISTORY: &str =
    concat!(chat_select!(), "WHERE m.game_id = $1 AND m.channel = $2 ORDER BY m.id DESC LIMIT $3");
const CHAT_MESSAGE: &str = concat!(chat_select!(), "WHERE m.id = $1");
const GAME_CHAT: &str = concat!(chat_select!(), "WHERE m.game_id = $1 ORDER BY m.id");
const MUTE_OPPONENT: &str =
    "INSERT INTO chat_mutes (game_id, account_id) VALUES ($1, $2) ON CONFLICT (game_id, account_id) DO NOTHING";
const UNMUTE_OPPONENT: &str = "DELETE FROM chat_mutes WHERE game_id = $1 AND account_id = $2";
const OPPONENT_MUTES: &str = "SELECT account_id FROM chat_mutes WHERE game_id = $1";
const LOBBY_MUTES: &str = "SELECT m.muted_id, a.name FROM lobby_chat_mutes m JOIN accounts a ON a.id = m.muted_id \
    WHERE m.account_id = $1 ORDER BY a.name";
/// Adds the mute only while the player has fewer than `$3` (one statement, so that no other write comes between
/// the count and the insert on SQLite; on PostgreSQL two concurrent mutes of one player may both pass).
const MUTE_IN_LOBBY: &str = "INSERT INTO lobby_chat_mutes (account_id, muted_id) \
    SELECT player.id, muted.id FROM accounts player, accounts muted WHERE player.id = $1 AND muted.id = $2 \
    AND (SELECT COUNT(*) FROM lobby_chat_mutes WHERE account_id = $1) < $3 \
    ON CONFLICT (account_id, muted_id) DO NOTHING";
const IS_MUTED_IN_LOBBY: &str = "SELECT 1 AS one FROM lobby_chat_mutes WHERE account_id = $1 AND muted_id = $2";
const UNMUTE_IN_LOBBY: &str = "DELETE FROM lobby_chat_mutes WHERE account_id = $1 AND muted_id = $2";
const SET_CHAT_MUTED: &str = "UPDATE accounts SET chat_muted = $2 WHERE id = $1 AND chat_muted <> $2";

impl<DB: Dialect> SqlStore<DB> {
    fn chat_from_row(row: &DB::Row) -> Result<ChatRow, sqlx::Error> {
        Ok(ChatRow {
            id: row.read("id")?,
            game_id: Self::optional_uuid(row, "game_id")?,
            channel: row.read("channel")?,
            account_id: Self::uuid(row, "account_id")?,
            name: row.read("name")?,
            body: row.read("body")?,
            at: row.read("at")?,
        })
    }
}

#[async_trait]
impl<DB: Dialect> ChatStore for SqlStore<DB> {
    async fn insert_chat(&self, message: &ChatRow) -> Result<i64, StoreError> {
        let row = DB::statement(INSERT_CHAT)
            .bind(message.game_id.map(DB::to_id))
            .bind(message.channel.as_str())
            .bind(DB::to_id(message.account_id))
            .bind(message.body.as_str())
            .bind(message.at)
            .fetch_one(&self.writer)
            .await?;
        Ok(row.read("id")?)
    }

    async fn chat_history(
        &self,
        game_id: Option<Uuid>,
        channel: ChannelName,
        limit: u32,
    ) -> Result<Vec<ChatRow>, StoreError> {
        let rows = match game_id {
            None => DB::statement(LOBBY_HISTORY).bind(channel).bind(i64::from(limit)).fetch_all(&self.pool).await?,
            Some(game_id) => {
                DB::statement(GAME_HISTORY)
                    .bind(DB::to_id(game_id))
                    .bind(channel)
                    .bind(i64::from(limit))
                    .fetch_all(&self.pool)
                    .await?
            }
        };
        let mut messages = rows.iter().map(Self::chat_from_row).collect::<Result<Vec<_>, _>>()?;
        messages.reverse();
        Ok(messages)
    }

    async fn game_chat(&self, game_id: Uuid) -> Result<Vec<ChatRow>, StoreError> {
        let rows = DB::statement(GAME_CHAT).bind(DB::to_id(game_id)).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::chat_from_row).collect::<Result<_, _>>()?)
    }

    async fn set_opponent_muted(&self, game_id: Uuid, account_id: Uuid, muted: bool) -> Result<(), StoreError> {
        let sql = if muted { MUTE_OPPONENT } else { UNMUTE_OPPONENT };
        DB::statement(sql).bind(DB::to_id(game_id)).bind(DB::to_id(account_id)).execute(&self.writer).await?;
        Ok(())
    }

    async fn chat_message(&self, id: i64) -> Result<Option<ChatRow>, StoreError> {
        let row = DB::statement(CHAT_MESSAGE).bind(id).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(Self::chat_from_row).transpose()?)
    }

    async fn opponent_mutes(&self, game_id: Uuid) -> Result<Vec<Uuid>, StoreError> {
        let rows = DB::statement(OPPONENT_MUTES).bind(DB::to_id(game_id)).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(|row| Self::uuid(row, "account_id")).collect::<Result<_, _>>()?)
    }

    async fn lobby_mutes(&self, account_id: Uuid) -> Result<Vec<(Uuid, String)>, StoreError> {
        let rows = DB::statement(LOBBY_MUTES).bind(DB::to_id(account_id)).fetch_all(&self.pool).await?;
        let muted = |row: &DB::Row| Ok::<_, sqlx::Error>((Self::uuid(row, "muted_id")?, row.read("name")?));
        Ok(rows.iter().map(muted).collect::<Result<_, _>>()?)
    }

    async fn mute_in_lobby(&self, account_id: Uuid, muted_id: Uuid, limit: usize) -> Result<LobbyMute, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        DB::statement(MUTE_IN_LOBBY)
            .bind(DB::to_id(account_id))
            .bind(DB::to_id(muted_id))
            .bind(limit)
            .execute(&self.writer)
            .await?;
        let stored = DB::statement(IS_MUTED_IN_LOBBY)
            .bind(DB::to_id(account_id))
            .bind(DB::to_id(muted_id))
            .fetch_optional(&self.writer)
            .await?;
        Ok(if stored.is_some() { LobbyMute::Muted } else { LobbyMute::Full })
    }

    async fn unmute_in_lobby(&self, account_id: Uuid, muted_id: Uuid) -> Result<(), StoreError> {
        DB::statement(UNMUTE_IN_LOBBY)
            .bind(DB::to_id(account_id))
            .bind(DB::to_id(muted_id))
            .execute(&self.writer)
            .await?;
        Ok(())
    }

    async fn set_chat_muted(&self, account_id: Uuid, muted: bool, entry: &AuditRow) -> Result<bool, StoreError> {
        self.change_account_flag(SET_CHAT_MUTED, account_id, muted, entry).await
    }
}
