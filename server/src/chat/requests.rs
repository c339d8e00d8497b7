//! Chat frames from a connection: checked (text, the admins' mute, the rate limit), stored and delivered by
//! the channel's owner (the lobby task, or the game's actor), and answered.

use kartka_protocol::{ChatChannel, ServerFrame};
use uuid::Uuid;

use super::{channel_name, check_text, message, new_row, ChatError, HISTORY_LENGTH};
use crate::outbox::Outbox;
use crate::state::AppState;
use crate::store::{AccountRow, ChatRow, StoreError};
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

/// A player mutes or unmutes their opponent's chat in a game; the answer is an `ack`.
pub async fn mute_opponent(
    state: &AppState,
    account: &AccountRow,
    request_id: Option<u64>,
    game_id: Uuid,
    muted: bool,
) -> Result<ServerFrame, ChatError> {
    state.games.mute_opponent(game_id, account.id, muted).await?;
    Ok(ServerFrame::Ack { id: request_id, game_id: Some(game_id), seq: None })
}

/// Sends a connection that just subscribed to the lobby the lobby channel's latest messages.
pub async fn lobby_history(state: &AppState, outbox: &Outbox) -> Result<(), StoreError> {
    let channel = ChatChannel::Lobby;
    let rows = state.store.chat_history(None, channel_name(channel), HISTORY_LENGTH).await?;
    let messages = rows.iter().filter_map(message).collect();
    for frame in crate::long_lists::chat_history_frames(channel, messages, false) {
        outbox.push_frame(&frame);
    }
    Ok(())
}
