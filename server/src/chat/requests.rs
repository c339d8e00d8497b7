//! Chat frames from a connection: checked (text, the admins' mute, the rate limit), stored and delivered by
//! the channel's owner (the lobby task, or the game's actor), and answered.

use kartka_protocol::{ChatChannel, MutedAccount, ServerFrame};
use uuid::Uuid;

use super::{channel_name, check_text, message, new_row, ChatError, HISTORY_LENGTH};
use crate::outbox::Outbox;
use crate::state::AppState;
use crate::store::{AccountRow, ChatRow, LobbyMute, StoreError};
use crate::time::now_ms;

/// Says `text` in `channel` as `account`; the answer is an `ack`.
pub async fn answer(
    state: &AppState,
    account: &AccountRow,
    request_id: Option<u64>,
    channel: ChatChannel,
    text: String,
) -> Result<ServerFrame, ChatError> {
    check_text(&text)?;
    // Read afresh: an admin may have muted the account since this connection said hello.
    let current = state.store.account_by_id(account.id).await?;
    if current.is_none_or(|current| current.chat_muted) {
        return Err(ChatError::Muted);
    }
    state.abuse.chat(account.id).map_err(|_| ChatError::TooFast)?;
    let row = new_row(channel, account.id, &account.name, text, now_ms());
    match channel {
        ChatChannel::Lobby => {
            let id = state.store.insert_chat(&row).await?;
            if let Some(said) = message(&ChatRow { id, ..row }) {
                state.lobby.chat(said).await;
            }
        }
        ChatChannel::Players { game_id } | ChatChannel::Spectators { game_id } => {
            state.games.chat(game_id, row).await?;
        }
    }
    Ok(ServerFrame::Ack { id: request_id, game_id: channel.game_id(), seq: None })
}

/// A player mutes or unmutes chat: their opponent's in a game (`game_id`), or an account's in the lobby
/// (`account_id`); the answer is an `ack`.
pub async fn mute(
    state: &AppState,
    account: &AccountRow,
    request_id: Option<u64>,
    game_id: Option<Uuid>,
    account_id: Option<Uuid>,
    muted: bool,
) -> Result<ServerFrame, ChatError> {
    match (game_id, account_id) {
        (Some(game_id), None) => state.games.mute_opponent(game_id, account.id, muted).await?,
        (None, Some(author)) => mute_in_lobby(state, account, author, muted).await?,
        _ => return Err(ChatError::MuteTarget),
    }
    Ok(ServerFrame::Ack { id: request_id, game_id, seq: None })
}

/// Stores a player's mute of `author` in the lobby, then has every node's lobby apply it to the player's
/// connections.
async fn mute_in_lobby(state: &AppState, account: &AccountRow, author: Uuid, muted: bool) -> Result<(), ChatError> {
    if author == account.id {
        return Err(ChatError::MuteSelf);
    }
    if muted {
        if state.store.account_by_id(author).await?.is_none() {
            return Err(ChatError::UnknownAccount);
        }
        if state.store.mute_in_lobby(account.id, author, state.settings.limits.lobby_chat_mutes).await?
            == LobbyMute::Full
        {
            return Err(ChatError::TooManyMutes);
        }
    } else {
        state.store.unmute_in_lobby(account.id, author).await?;
    }
    state.lobby.mute(account.id, author, muted).await;
    Ok(())
}

/// The accounts `account` muted in the lobby, as the lobby's history lists them to that player.
pub async fn lobby_mutes(state: &AppState, account: Uuid) -> Result<Vec<MutedAccount>, StoreError> {
    let muted = state.store.lobby_mutes(account).await?;
    Ok(muted.into_iter().map(|(account_id, name)| MutedAccount { account_id, name }).collect())
}

/// Sends a connection that just subscribed to the lobby the lobby channel's latest messages, but for those of the
/// accounts its player muted (`muted`, which the history lists).
pub async fn lobby_history(state: &AppState, outbox: &Outbox, muted: Vec<MutedAccount>) -> Result<(), StoreError> {
    let channel = ChatChannel::Lobby;
    let rows = state.store.chat_history(None, channel_name(channel), HISTORY_LENGTH).await?;
    let shown = |row: &&ChatRow| !muted.iter().any(|account| account.account_id == row.account_id);
    let messages = rows.iter().filter(shown).filter_map(message).collect();
    for frame in crate::long_lists::chat_history_frames(channel, messages, false, muted) {
        outbox.push_frame(&frame);
    }
    Ok(())
}
