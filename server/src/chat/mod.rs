//! Chat: what a message may be, how a stored one reads on the wire, and why one is refused. The lobby's
//! channel is delivered by the lobby task, a game's two channels by the game's actor; `requests.rs` takes a
//! connection's chat frames to them.
//!
//! Messages are plain text and stay exactly as sent: the server never interprets them, and clients show them
//! as text (the browser with `textContent`), so markup in a message is only ever shown, never run.

mod requests;

use kartka_protocol::{ChatChannel, ChatMessage, ErrorCode, MAX_CHAT_CHARS};
use uuid::Uuid;

pub use requests::{answer, lobby_history, mute_opponent};

use crate::games::GameError;
use crate::store::{ChannelName, ChatRow, StoreError};

/// How many of a channel's latest messages a newcomer gets.
pub const HISTORY_LENGTH: u32 = 50;

/// Why a chat request was refused. Nothing was said.
#[derive(Debug, thiserror::Error)]
pub enum ChatError {
    /// The message has no visible text.
    #[error("a chat message needs some text")]
    Empty,
    /// The message is too long.
    #[error("chat messages are limited to {MAX_CHAT_CHARS} characters")]
    TooLong,
    /// The sender has said too much just now.
    #[error("too many chat messages; wait a little")]
    TooFast,
    /// An admin muted the sender.
    #[error("your chat is muted")]
    Muted,
    /// The game refused it (not a player, a player in the spectators' channel, no such game, …).
    #[error(transparent)]
    Game(#[from] GameError),
    /// The store failed.
    #[error("the message could not be saved; retrying is safe")]
    Store(#[from] StoreError),
}

impl ChatError {
    /// The stable protocol code.
    #[must_use]
    pub fn code(&self) -> ErrorCode {
        match self {
            ChatError::Empty => ErrorCode::InvalidRequest,
            ChatError::TooLong => ErrorCode::ChatTooLong,
            ChatError::TooFast => ErrorCode::ChatTooFast,
            ChatError::Muted => ErrorCode::Muted,
            ChatError::Game(error) => error.code(),
            ChatError::Store(_) => ErrorCode::Internal,
        }
    }
}

/// Checks a message's text: some visible text, at most [`MAX_CHAT_CHARS`] characters. (Control characters other
/// than tabs and line breaks never get this far: the connection refuses any frame that holds one.)
pub fn check_text(text: &str) -> Result<(), ChatError> {
    if text.trim().is_empty() {
        return Err(ChatError::Empty);
    }
    if text.chars().count() > MAX_CHAT_CHARS {
        return Err(ChatError::TooLong);
    }
    Ok(())
}

/// The stored name of a channel.
#[must_use]
pub fn channel_name(channel: ChatChannel) -> ChannelName {
    match channel {
        ChatChannel::Lobby => "lobby",
        ChatChannel::Players { .. } => "players",
        ChatChannel::Spectators { .. } => "spectators",
    }
}

/// A message about to be stored.
#[must_use]
pub fn new_row(channel: ChatChannel, account_id: Uuid, name: &str, text: String, at: i64) -> ChatRow {
    ChatRow {
        id: 0,
        game_id: channel.game_id(),
        channel: channel_name(channel).to_owned(),
        account_id,
        name: name.to_owned(),
        body: text,
        at,
    }
}

/// A stored message as the protocol shows it; `None` for a row whose channel and game do not fit together
/// (the schema's CHECK keeps them from being stored).
#[must_use]
pub fn message(row: &ChatRow) -> Option<ChatMessage> {
    let channel = match (row.channel.as_str(), row.game_id) {
        ("lobby", None) => ChatChannel::Lobby,
        ("players", Some(game_id)) => ChatChannel::Players { game_id },
        ("spectators", Some(game_id)) => ChatChannel::Spectators { game_id },
        _ => return None,
    };
    Some(ChatMessage {
        id: row.id,
        channel,
        account_id: row.account_id,
        name: row.name.clone(),
        text: row.body.clone(),
        at_ms: row.at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_must_be_visible_and_short_enough() {
        assert!(matches!(check_text("  \u{3000} "), Err(ChatError::Empty)));
        assert!(check_text("dobra gra").is_ok());
        assert!(check_text(&"ż".repeat(MAX_CHAT_CHARS)).is_ok(), "the limit counts characters, not bytes");
        assert!(matches!(check_text(&"a".repeat(MAX_CHAT_CHARS + 1)), Err(ChatError::TooLong)));
    }

    #[test]
    fn stored_rows_read_back_as_their_channel() {
        let game_id = Uuid::new_v4();
        let players = ChatChannel::Players { game_id };
        let mut row = new_row(players, Uuid::new_v4(), "Ala", "<b>hi</b>".into(), 5);
        row.id = 3;
        let read = message(&row).expect("a valid row");
        assert_eq!((read.channel, read.text.as_str(), read.id), (players, "<b>hi</b>", 3));
        row.game_id = None;
        assert_eq!(message(&row), None, "a game channel without a game");
    }
}
