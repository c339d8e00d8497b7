//! Chat: the lobby's channel, and two channels per game (its players', its spectators'). Messages are plain
//! text: clients show them as text, never as markup.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// The longest chat message the server accepts, in characters (Unicode scalar values).
pub const MAX_CHAT_CHARS: usize = 300;

/// Where a chat message is said.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ChatChannel {
    /// The lobby: read by every connection subscribed to the lobby, written by any signed-in account.
    Lobby,
    /// A game's two players: read and written by them alone.
    Players {
        /// The game.
        game_id: Uuid,
    },
    /// A game's spectators: read and written by everyone but its players.
    Spectators {
        /// The game.
        game_id: Uuid,
    },
}

impl ChatChannel {
    /// The game whose channel this is; `None` for the lobby.
    #[must_use]
    pub fn game_id(self) -> Option<Uuid> {
        match self {
            ChatChannel::Lobby => None,
            ChatChannel::Players { game_id } | ChatChannel::Spectators { game_id } => Some(game_id),
        }
    }
}

/// One chat message as stored and delivered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ChatMessage {
    /// Its number: later messages have larger numbers, so a client that gets a message twice (live and in a
    /// history) keeps it once.
    pub id: i64,
    /// Where it was said.
    pub channel: ChatChannel,
    /// The sender's account.
    pub account_id: Uuid,
    /// The sender's name.
    pub name: String,
    /// The text, exactly as sent: plain text, to be shown as text.
    pub text: String,
    /// When the server received it, in milliseconds since the Unix epoch.
    pub at_ms: i64,
}

/// An account a player muted in the lobby chat, as the lobby's `chat_history` lists it to that player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MutedAccount {
    /// The muted account.
    pub account_id: Uuid,
    /// Its name.
    pub name: String,
}
