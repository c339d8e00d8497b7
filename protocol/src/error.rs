//! Stable error codes: the part of an error a client may branch on.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Why the server refused a frame or a request. The codes are stable; the accompanying message is for
/// people and may change. A refused request changes nothing on the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The frame is not valid JSON, or not valid UTF-8 text.
    MalformedFrame,
    /// The frame's `type` is unknown, or its fields do not match it.
    UnknownFrame,
    /// The frame is larger than the server accepts.
    FrameTooLarge,
    /// The client speaks a protocol version the server does not.
    UnsupportedProtocol,
    /// No valid token was presented (or `hello` has not been sent yet).
    Unauthenticated,
    /// The token is unknown, expired or revoked.
    InvalidToken,
    /// The account may not do this (for example, an admin-only action); or, answering a move, the point is
    /// forbidden to the mover by the rules (renju: Black's overline, double four or double three). Either way
    /// nothing changed.
    Forbidden,
    /// The account is banned: it may not sign in, and its token no longer works (HTTP 403). Its open WebSockets
    /// were closed with [`crate::BANNED_CLOSE_CODE`].
    AccountBanned,
    /// A guest created from the client's address (IPv6: its /64) was banned a short while ago: no new guest is
    /// created from that address until the cool-down ends (HTTP 403).
    GuestBanned,
    /// No game with that id.
    UnknownGame,
    /// No challenge with that id, or it is no longer open.
    UnknownChallenge,
    /// No account with that name.
    UnknownPlayer,
    /// No open seek with that id: it was accepted, cancelled or expired, or (a live seek) its creator left.
    UnknownSeek,
    /// No Racetrack track with that hash is registered on this server (`GET /api/tracks/{hash}`), or a ruleset
    /// named a track (by name, or by name and hash) this server lacks (HTTP 404). Nothing was created.
    UnknownTrack,
    /// No word list of that language and hash is registered on this server: a ruleset of a word game named a
    /// `dictionary` this server lacks (HTTP 404). Nothing was created.
    UnknownDictionary,
    /// The sender is not a player of this game.
    NotAPlayer,
    /// It is the other seat's turn.
    NotYourTurn,
    /// The expected ply does not match the game's ply: another move came first.
    StalePly,
    /// The move text is not in the game's notation, or is empty.
    BadNotation,
    /// The engine refused a step, or the text runs past the end of the turn.
    IllegalMove,
    /// The game is over.
    GameOver,
    /// The action is not allowed in the game's current state (abort after both moved, claim too early, no
    /// draw offer to answer, ...).
    NotAllowed,
    /// The game's rules do not offer this (an agreed end scored by the rules, in a kind that scores none).
    UnsupportedByRules,
    /// The request body or parameters are invalid.
    InvalidRequest,
    /// The username is taken.
    NameTaken,
    /// Wrong username or password.
    BadCredentials,
    /// Too many messages; the connection is closed with code 1008.
    RateLimited,
    /// A chat message is longer than the server accepts (`MAX_CHAT_CHARS` characters).
    ChatTooLong,
    /// Too many chat messages in a short time; wait a little. Unlike `rate_limited`, the connection stays open.
    ChatTooFast,
    /// A chat message with no visible character: empty, or only spaces and characters that show nothing
    /// (zero-width characters, Hangul fillers, the blank braille pattern, …).
    ChatNoVisibleText,
    /// A chat message holding a bidi embedding, override or isolate (U+202A–U+202E, U+2066–U+2069).
    ChatBidiControl,
    /// The account's earlier analysis request (a bot suggestion) is still running: one at a time per account.
    AnalysisRunning,
    /// An admin muted this account: it may not chat.
    Muted,
    /// Only a registered account may do this (a guest asked for a rated game).
    RegistrationRequired,
    /// The lobby moved to another server node (the one running it stopped): pool entries and live seeks made
    /// before are gone. Sent unasked to the players who had entered the lobby; join or seek again.
    LobbyRestarted,
    /// The request's body did not arrive in time (REST, HTTP 408); the connection is closed.
    RequestTimeout,
    /// The request's URI (its path and query) is longer than the server accepts (HTTP 414).
    UriTooLong,
    /// Too many WebSockets are open from the client's address (refused at the upgrade with HTTP 429); close
    /// one first.
    TooManySockets,
    /// The connection watches as many games as one connection may; unsubscribe from one first.
    TooManySubscriptions,
    /// The server keeps as many finished games in memory for their spectators as it may; watching another
    /// finished game must wait until someone stops watching one. Its record is still readable over REST.
    TooManyWatchedGames,
    /// The player has muted as many accounts in the lobby chat as one may (a server setting): unmute one first.
    TooManyMutes,
    /// No chat message with that id, or none the asker could have read.
    UnknownMessage,
    /// No report with that id.
    UnknownReport,
    /// The server could not complete the request; nothing was changed. Retrying is safe.
    Internal,
}

impl ErrorCode {
    /// The code as it appears on the wire.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::MalformedFrame => "malformed_frame",
            ErrorCode::UnknownFrame => "unknown_frame",
            ErrorCode::FrameTooLarge => "frame_too_large",
            ErrorCode::UnsupportedProtocol => "unsupported_protocol",
            ErrorCode::Unauthenticated => "unauthenticated",
            ErrorCode::InvalidToken => "invalid_token",
            ErrorCode::Forbidden => "forbidden",
            ErrorCode::AccountBanned => "account_banned",
            ErrorCode::GuestBanned => "guest_banned",
            ErrorCode::UnknownGame => "unknown_game",
            ErrorCode::UnknownChallenge => "unknown_challenge",
            ErrorCode::UnknownPlayer => "unknown_player",
            ErrorCode::UnknownSeek => "unknown_seek",
            ErrorCode::UnknownTrack => "unknown_track",
            ErrorCode::UnknownDictionary => "unknown_dictionary",
            ErrorCode::NotAPlayer => "not_a_player",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::StalePly => "stale_ply",
            ErrorCode::BadNotation => "bad_notation",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::GameOver => "game_over",
            ErrorCode::NotAllowed => "not_allowed",
            ErrorCode::UnsupportedByRules => "unsupported_by_rules",
            ErrorCode::InvalidRequest => "invalid_request",
            ErrorCode::NameTaken => "name_taken",
            ErrorCode::BadCredentials => "bad_credentials",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::ChatTooLong => "chat_too_long",
            ErrorCode::ChatTooFast => "chat_too_fast",
            ErrorCode::ChatNoVisibleText => "chat_no_visible_text",
            ErrorCode::ChatBidiControl => "chat_bidi_control",
            ErrorCode::AnalysisRunning => "analysis_running",
            ErrorCode::LobbyRestarted => "lobby_restarted",
            ErrorCode::Muted => "muted",
            ErrorCode::RegistrationRequired => "registration_required",
            ErrorCode::RequestTimeout => "request_timeout",
            ErrorCode::UriTooLong => "uri_too_long",
            ErrorCode::TooManySockets => "too_many_sockets",
            ErrorCode::TooManySubscriptions => "too_many_subscriptions",
            ErrorCode::TooManyWatchedGames => "too_many_watched_games",
            ErrorCode::TooManyMutes => "too_many_mutes",
            ErrorCode::UnknownMessage => "unknown_message",
            ErrorCode::UnknownReport => "unknown_report",
            ErrorCode::Internal => "internal",
        }
    }
}
