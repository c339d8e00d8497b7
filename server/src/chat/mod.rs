//! Chat: what a message may be, how a stored one reads on the wire, and why one is refused. The lobby's
//! channel is delivered by the lobby task, a game's two channels by the game's actor; `requests.rs` takes a
//! connection's chat frames to them.
//!
//! Messages are plain text and stay exactly as sent: the server never interprets them, and clients show them
//! as text (the browser with `textContent`), so markup in a message is only ever shown, never run. For the same
//! reason a message that would mislead as shown is refused rather than altered: one with no visible character
//! (an empty line in the channel, a way to look like someone else's continuation), and one with a bidi
//! embedding, override or isolate, which reorders the text shown after it, the sender's name and later
//! messages included where a client does not isolate each message.

mod requests;

use kartka_protocol::{ChatChannel, ChatMessage, ErrorCode, MAX_CHAT_CHARS};
use uuid::Uuid;

pub use requests::{answer, lobby_history, lobby_mutes, mute};

use crate::games::GameError;
use crate::store::{ChannelName, ChatRow, StoreError};

/// How many of a channel's latest messages a newcomer gets.
pub const HISTORY_LENGTH: u32 = 50;

/// Why a chat request was refused. Nothing was said.
#[derive(Debug, thiserror::Error)]
pub enum ChatError {
    /// The message has no visible character: it is empty, or only spaces and characters that show nothing.
    #[error("a chat message needs some visible text")]
    NoVisibleText,
    /// The message holds a bidi embedding, override or isolate (U+202A–U+202E, U+2066–U+2069).
    #[error("a chat message may not hold the bidi control character U+{:04X}", u32::from(*.0))]
    BidiControl(char),
    /// The message is too long.
    #[error("chat messages are limited to {MAX_CHAT_CHARS} characters")]
    TooLong,
    /// The sender has said too much just now.
    #[error("too many chat messages; wait a little")]
    TooFast,
    /// An admin muted the sender.
    #[error("your chat is muted")]
    Muted,
    /// A `chat_mute` names both a game and an account, or neither.
    #[error("chat_mute takes either game_id (the opponent in a game) or account_id (an account in the lobby)")]
    MuteTarget,
    /// A player tried to mute themselves in the lobby.
    #[error("you cannot mute yourself")]
    MuteSelf,
    /// No account has the id a `chat_mute` names.
    #[error("no such account")]
    UnknownAccount,
    /// The player has muted as many accounts in the lobby as one may.
    #[error("you have muted as many accounts as one may; unmute one first")]
    TooManyMutes,
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
            ChatError::NoVisibleText => ErrorCode::ChatNoVisibleText,
            ChatError::BidiControl(_) => ErrorCode::ChatBidiControl,
            ChatError::TooLong => ErrorCode::ChatTooLong,
            ChatError::TooFast => ErrorCode::ChatTooFast,
            ChatError::Muted => ErrorCode::Muted,
            ChatError::MuteTarget => ErrorCode::InvalidRequest,
            ChatError::MuteSelf => ErrorCode::NotAllowed,
            ChatError::UnknownAccount => ErrorCode::UnknownPlayer,
            ChatError::TooManyMutes => ErrorCode::TooManyMutes,
            ChatError::Game(error) => error.code(),
            ChatError::Store(_) => ErrorCode::Internal,
        }
    }
}

/// Checks a message's text: no bidi embedding, override or isolate, some visible character, at most
/// [`MAX_CHAT_CHARS`] characters. (Control characters other than tabs and line breaks never get this far: the
/// connection refuses any frame that holds one.)
pub fn check_text(text: &str) -> Result<(), ChatError> {
    if let Some(control) = text.chars().find(|&c| is_bidi_control(c)) {
        return Err(ChatError::BidiControl(control));
    }
    if !text.chars().any(is_visible) {
        return Err(ChatError::NoVisibleText);
    }
    if text.chars().count() > MAX_CHAT_CHARS {
        return Err(ChatError::TooLong);
    }
    Ok(())
}

/// The bidi embeddings, overrides and their end (LRE, RLE, PDF, LRO, RLO) and the isolates (LRI, RLI, FSI,
/// PDI): they reorder what follows them. The marks LRM, RLM and ALM only set the direction of neutral
/// characters next to them, which right-to-left writing needs, and are allowed.
const fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` shows something: not white space, not a character fonts draw as nothing (Unicode's
/// Default_Ignorable_Code_Point: zero-width spaces and joiners, the Hangul fillers, variation selectors, tags
/// and the like), and not the blank braille pattern, which is drawn as an empty cell.
fn is_visible(c: char) -> bool {
    !c.is_whitespace() && !is_default_ignorable(c) && c != '\u{2800}'
}

/// Unicode's Default_Ignorable_Code_Point property (DerivedCoreProperties.txt, Unicode 15.1).
const fn is_default_ignorable(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
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
        assert!(matches!(check_text("  \u{3000} "), Err(ChatError::NoVisibleText)));
        assert!(check_text("dobra gra").is_ok());
        assert!(check_text(&"ż".repeat(MAX_CHAT_CHARS)).is_ok(), "the limit counts characters, not bytes");
        assert!(matches!(check_text(&"a".repeat(MAX_CHAT_CHARS + 1)), Err(ChatError::TooLong)));
    }

    #[test]
    fn text_of_characters_that_show_nothing_is_refused() {
        let invisible = [
            ("zero-width space, non-joiner and joiner", "\u{200B}\u{200C}\u{200D}"),
            ("word joiner and byte order mark", "\u{2060}\u{FEFF}"),
            ("soft hyphen and combining grapheme joiner", "\u{00AD}\u{034F}"),
            ("Hangul fillers", "\u{3164}\u{115F}\u{1160}\u{FFA0}"),
            ("braille blank", "\u{2800}\u{2800}"),
            ("direction marks", "\u{200E}\u{200F}\u{061C}"),
            ("variation selectors and tags", "\u{FE0F}\u{E0020}\u{E007F}"),
            ("spaces among them", " \u{200B}\u{3000}\u{3164} \u{2800}\n"),
        ];
        for (what, text) in invisible {
            assert!(matches!(check_text(text), Err(ChatError::NoVisibleText)), "{what}");
            assert_eq!(ChatError::NoVisibleText.code(), ErrorCode::ChatNoVisibleText);
        }
        for visible in ["ok\u{200B}", "\u{3164}ㅋ", "⠁", "👍\u{FE0F}", "שלום\u{200F}!", "\u{2800}."] {
            assert!(check_text(visible).is_ok(), "{visible:?} shows something");
        }
    }

    #[test]
    fn bidi_embeddings_overrides_and_isolates_are_refused() {
        for control in ('\u{202A}'..='\u{202E}').chain('\u{2066}'..='\u{2069}') {
            let text = format!("gg {control}wp");
            let refused = check_text(&text).expect_err("a bidi control");
            assert!(matches!(refused, ChatError::BidiControl(found) if found == control), "{refused}");
            assert_eq!(refused.code(), ErrorCode::ChatBidiControl);
            assert!(refused.to_string().contains(&format!("U+{:04X}", u32::from(control))), "{refused}");
        }
        assert!(matches!(check_text("\u{202E}"), Err(ChatError::BidiControl('\u{202E}'))), "before the blank check");
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
