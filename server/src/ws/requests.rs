//! What a connection answers: frames decoded, checked and handed to the games, the lobby and the chat, with
//! the state a connection keeps between them (its account, the games and lobby it watches, its rate limit).

use std::collections::HashSet;
use std::num::NonZeroU32;

use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use kartka_protocol::{
    ClientFrame, ErrorCode, ServerFrame, MAX_FRAME_BYTES, OLDEST_PROTOCOL_VERSION, PROTOCOL_VERSION,
};
use uuid::Uuid;

use super::addresses::SocketPlace;
use crate::accounts::{authenticate, info, AuthError};
use crate::api::plain_json;
use crate::auth::token_hash;
use crate::chat::{self, ChatError};
use crate::games::{Action, GameError, Subscriber};
use crate::lobby::{self, LobbyError, LobbyRequest};
use crate::outbox::Outbox;
use crate::state::AppState;
use crate::store::AccountRow;
use crate::telemetry;
use crate::time::now_ms;

/// The account a connection that has not said hello watches as: no account has it, so it is never a player.
const ANONYMOUS: Uuid = Uuid::nil();

/// A text message as a frame, or the refusal to answer it with (and the request id it carried, if readable).
///
/// A frame decodes straight from its text when it can break no rule there: a known frame, and text with no
/// escape and no control character, so that none of its strings can hold one. Any other goes through a JSON
/// value, whose checks decide the answer: the same frame, or the refusal, as if every frame went that way. The
/// straight way spares a move the value's allocations.
fn decode(text: &str) -> Result<ClientFrame, (Option<u64>, Refusal)> {
    if text.len() > MAX_FRAME_BYTES {
        let message = format!("frames are limited to {MAX_FRAME_BYTES} bytes");
        return Err((None, Refusal::new(ErrorCode::FrameTooLarge, message)));
    }
    if !escaped_or_controlled(text) {
        if let Ok(frame) = serde_json::from_str::<ClientFrame>(text) {
            return Ok(frame);
        }
    }
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|_| (None, Refusal::new(ErrorCode::MalformedFrame, "the frame is not valid JSON")))?;
    let request_id = value.get("id").and_then(serde_json::Value::as_u64);
    if plain_json(&value).is_err() {
        let message = "text may not contain control characters such as NUL";
        return Err((request_id, Refusal::new(ErrorCode::InvalidRequest, message)));
    }
    serde_json::from_value::<ClientFrame>(value)
        .map_err(|error| (request_id, Refusal::new(ErrorCode::UnknownFrame, error.to_string())))
}

/// Whether the text holds a backslash or a control character other than tab, line feed and carriage return:
/// what asking each `char` for `is_control` finds, asked of the bytes, since it runs on every frame. C0 controls
/// and DEL are bytes of their own in UTF-8, and the C1 controls (U+0080 to U+009F) are 0xC2 followed by 0x80 to
/// 0x9F, a pair no other character's encoding holds.
fn escaped_or_controlled(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.iter().enumerate().any(|(at, &byte)| match byte {
        b'\t' | b'\n' | b'\r' => false,
        b'\\' | 0x00..=0x1f | 0x7f => true,
        0xc2 => matches!(bytes.get(at + 1), Some(0x80..=0x9f)),
        _ => false,
    })
}

/// A request that failed: the error frame to answer with.
#[derive(Debug)]
struct Refusal {
    code: ErrorCode,
    message: String,
    game_id: Option<Uuid>,
}

impl Refusal {
    fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal { code, message: message.into(), game_id: None }
    }

    fn game(game_id: Uuid, error: &GameError) -> Refusal {
        if let GameError::Store(cause) = error {
            tracing::error!(game = %game_id, %cause, "store failure during a game action");
        }
        Refusal { code: error.code(), message: error.to_string(), game_id: Some(game_id) }
    }

    fn chat(error: ChatError) -> Refusal {
        if let ChatError::Store(cause) | ChatError::Game(GameError::Store(cause)) = &error {
            tracing::error!(%cause, "store failure during a chat request");
        }
        Refusal::new(error.code(), error.to_string())
    }

    fn lobby(error: &LobbyError) -> Refusal {
        if let LobbyError::Store(_) | LobbyError::Game(_) = error {
            tracing::error!(error = ?error, "failure during a lobby request");
        }
        Refusal::new(error.code(), error.to_string())
    }
}

impl From<AuthError> for Refusal {
    fn from(error: AuthError) -> Refusal {
        match error {
            AuthError::InvalidToken => Refusal::new(ErrorCode::InvalidToken, error.to_string()),
            AuthError::Banned => Refusal::new(ErrorCode::AccountBanned, error.to_string()),
            AuthError::Store(cause) => {
                tracing::error!(%cause, "store failure during authentication");
                Refusal::new(ErrorCode::Internal, "the server could not check the token; retry")
            }
        }
    }
}

/// A connection's state between the frames it answers.
pub(super) struct Connection {
    id: u64,
    pub(super) state: AppState,
    outbox: Outbox,
    account: Option<AccountRow>,
    subscriptions: HashSet<Uuid>,
    /// Whether the connection receives lobby changes.
    in_lobby: bool,
    limiter: DefaultDirectRateLimiter,
    /// The connection's place among its client address's sockets; given up once a bot account says hello.
    place: Option<SocketPlace>,
    /// The session hash of a welcome not yet queued: the connection joins its account's connections only once
    /// its welcome is in the outbox, so that no notification to the account can come ahead of the welcome.
    awaiting_welcome: Option<String>,
}

impl Connection {
    /// A connection that has not said hello, whose frames go to `outbox`. The rate limit allows the configured
    /// messages a second, in bursts of twice that.
    pub(super) fn new(state: AppState, outbox: Outbox, place: Option<SocketPlace>) -> Connection {
        let per_second = NonZeroU32::new(state.settings.ws_messages_per_second).unwrap_or(NonZeroU32::MIN);
        let burst = per_second.saturating_mul(NonZeroU32::new(2).unwrap_or(NonZeroU32::MIN));
        Connection {
            id: state.next_connection_id(),
            state,
            outbox,
            account: None,
            subscriptions: HashSet::new(),
            in_lobby: false,
            limiter: RateLimiter::direct(Quota::per_second(per_second).allow_burst(burst)),
            place,
            awaiting_welcome: None,
        }
    }

    /// Counts a message against the rate limit. When it is over, answers `rate_limited` and returns false.
    pub(super) fn within_rate(&self) -> bool {
        if self.limiter.check().is_ok() {
            return true;
        }
        self.refuse(None, Refusal::new(ErrorCode::RateLimited, "too many messages"));
        false
    }

    /// Answers a binary message: frames are text.
    pub(super) fn refuse_binary(&self) {
        self.refuse(None, Refusal::new(ErrorCode::MalformedFrame, "frames are JSON text messages"));
    }

    /// Whether the connection is closed unless it says hello in time: it is not authenticated, and watches
    /// neither a game nor the lobby.
    pub(super) fn awaiting_hello(&self) -> bool {
        self.account.is_none() && self.subscriptions.is_empty() && !self.in_lobby
    }

    /// Answers a text message.
    pub(super) async fn on_text(&mut self, text: &str) {
        match decode(text) {
            Ok(frame) => self.on_frame(frame).await,
            Err((request_id, refusal)) => self.refuse(request_id, refusal),
        }
    }

    /// Answers a decoded frame. Moves are what a connection answers most: every other request's handling is
    /// boxed, so that a move's future holds (and is copied with) the state of the move's path alone.
    async fn on_frame(&mut self, frame: ClientFrame) {
        let request_id = frame.request_id();
        let reply = match frame {
            ClientFrame::Hello { protocol, token, .. } => Box::pin(self.hello(request_id, protocol, &token)).await,
            ClientFrame::Ping { .. } => Ok(ServerFrame::Pong { id: request_id, server_time_ms: now_ms() }),
            frame => match &self.account {
                None => Box::pin(self.on_anonymous_frame(frame)).await,
                Some(account) => match LobbyRequest::from_frame(frame) {
                    Ok(request) => {
                        let account = account.clone();
                        Box::pin(self.on_lobby_request(&account, request_id, request)).await
                    }
                    Err(ClientFrame::ChatSend { channel, text, .. }) => {
                        Box::pin(chat::answer(&self.state, account, request_id, channel, text))
                            .await
                            .map_err(Refusal::chat)
                    }
                    Err(ClientFrame::ChatMute { game_id, account_id, muted, .. }) => {
                        Box::pin(chat::mute(&self.state, account, request_id, game_id, account_id, muted))
                            .await
                            .map_err(Refusal::chat)
                    }
                    Err(frame) => {
                        let account = account.id;
                        self.on_game_frame(account, frame).await
                    }
                },
            },
        };
        match reply {
            Ok(frame) => {
                self.outbox.push_frame(&frame);
                self.join_account();
            }
            Err(refusal) => self.refuse(request_id, refusal),
        }
    }

    /// Adds the connection to its account's connections once its welcome is queued: from then on notifications
    /// to the account reach it, always after the welcome.
    fn join_account(&mut self) {
        if let (Some(session), Some(account)) = (self.awaiting_welcome.take(), self.account.as_ref()) {
            self.state.connections.add(account.id, self.id, session, self.outbox.clone());
        }
    }

    /// A frame from a connection that has not said hello: it may watch games and the lobby, and nothing more.
    async fn on_anonymous_frame(&mut self, frame: ClientFrame) -> Result<ServerFrame, Refusal> {
        let request_id = frame.request_id();
        match frame {
            ClientFrame::Subscribe { .. } | ClientFrame::Unsubscribe { .. } => {
                self.on_game_frame(ANONYMOUS, frame).await
            }
            ClientFrame::LobbySubscribe { chat, .. } => {
                lobby::subscribe(&self.state, self.id, &self.outbox, chat, None)
                    .await
                    .map_err(|e| Refusal::lobby(&e))?;
                self.in_lobby = true;
                Ok(ServerFrame::Ack { id: request_id, game_id: None, seq: None })
            }
            ClientFrame::LobbyUnsubscribe { .. } => {
                self.state.lobby.unsubscribe(self.id).await;
                self.in_lobby = false;
                Ok(ServerFrame::Ack { id: request_id, game_id: None, seq: None })
            }
            _ => Err(Refusal::new(ErrorCode::Unauthenticated, "send hello with a token first")),
        }
    }

    async fn hello(&mut self, request_id: Option<u64>, protocol: u32, token: &str) -> Result<ServerFrame, Refusal> {
        if !(OLDEST_PROTOCOL_VERSION..=PROTOCOL_VERSION).contains(&protocol) {
            let message = format!("this server speaks protocols {OLDEST_PROTOCOL_VERSION} to {PROTOCOL_VERSION}");
            return Err(Refusal::new(ErrorCode::UnsupportedProtocol, message));
        }
        if self.account.is_some() {
            return Err(Refusal::new(ErrorCode::NotAllowed, "this connection is already authenticated"));
        }
        let account = authenticate(&*self.state.store, token).await?;
        Ok(self.welcome_frame(request_id, account, token_hash(token)))
    }

    /// Welcomes an account the upgrade request authenticated, with its session's token hash.
    pub(super) fn welcome(&mut self, request_id: Option<u64>, account: AccountRow, session: String) {
        let frame = self.welcome_frame(request_id, account, session);
        self.outbox.push_frame(&frame);
        self.join_account();
    }

    /// The welcome for `account`; the connection joins the account's connections once it is queued
    /// ([`Connection::join_account`]).
    fn welcome_frame(&mut self, request_id: Option<u64>, account: AccountRow, session: String) -> ServerFrame {
        self.awaiting_welcome = Some(session);
        // A bot plays from wherever its owner runs it, as many games as it takes: an admin marked it as one.
        if account.is_bot {
            self.place = None;
        }
        let frame = ServerFrame::Welcome {
            id: request_id,
            protocol: PROTOCOL_VERSION,
            account: info(&account),
            server_time_ms: now_ms(),
        };
        self.account = Some(account);
        frame
    }

    async fn on_game_frame(&mut self, account: Uuid, frame: ClientFrame) -> Result<ServerFrame, Refusal> {
        let request_id = frame.request_id();
        let games = &self.state.games;
        let (game_id, result) = match frame {
            ClientFrame::Subscribe { game_id, after_seq, chat, viewers, rematch, .. } => {
                if !self.may_watch_another(game_id) {
                    let message = "this connection watches as many games as it may; unsubscribe from one first";
                    return Err(Refusal {
                        game_id: Some(game_id),
                        ..Refusal::new(ErrorCode::TooManySubscriptions, message)
                    });
                }
                let outbox = self.outbox.clone();
                let subscriber =
                    Subscriber { connection: self.id, account, outbox, chat, viewers, rematch, relayed_by: None };
                // Boxed, like every request but a move's (see `on_frame`).
                let result = Box::pin(games.subscribe(game_id, subscriber, after_seq)).await;
                if result.is_ok() {
                    self.subscriptions.insert(game_id);
                }
                (game_id, result)
            }
            ClientFrame::Unsubscribe { game_id, .. } => {
                if !self.subscriptions.remove(&game_id) {
                    return Err(Refusal::new(ErrorCode::NotAllowed, "not subscribed to that game"));
                }
                Box::pin(games.unsubscribe(game_id, self.id, None)).await;
                return Ok(ServerFrame::Ack { id: request_id, game_id: Some(game_id), seq: None });
            }
            ClientFrame::Move { game_id, ply, client_move_id, notation, .. } => {
                (game_id, games.act(game_id, account, Action::Move { ply, client_move_id, notation }).await)
            }
            ClientFrame::Resign { game_id, .. } => (game_id, games.act(game_id, account, Action::Resign).await),
            ClientFrame::Draw { game_id, action, .. } => {
                (game_id, games.act(game_id, account, Action::Draw(action)).await)
            }
            ClientFrame::AgreedEnd { game_id, action, .. } => {
                (game_id, games.act(game_id, account, Action::AgreedEnd(action)).await)
            }
            ClientFrame::Abort { game_id, .. } => (game_id, games.act(game_id, account, Action::Abort).await),
            ClientFrame::ClaimVictory { game_id, .. } => {
                (game_id, games.act(game_id, account, Action::ClaimVictory).await)
            }
            ClientFrame::Hello { .. }
            | ClientFrame::Ping { .. }
            | ClientFrame::PoolJoin { .. }
            | ClientFrame::PoolLeave { .. }
            | ClientFrame::SeekCreate { .. }
            | ClientFrame::SeekCancel { .. }
            | ClientFrame::SeekAccept { .. }
            | ClientFrame::LobbySubscribe { .. }
            | ClientFrame::LobbyUnsubscribe { .. }
            | ClientFrame::ChatSend { .. }
            | ClientFrame::ChatMute { .. } => {
                unreachable!(
                    "hello and ping are answered before authentication is required, lobby frames by the lobby, \
                     chat frames by the chat"
                )
            }
        };
        match result {
            Ok(seq) => {
                games.before_ack(game_id, self.id, seq).await;
                Ok(ServerFrame::Ack { id: request_id, game_id: Some(game_id), seq: Some(seq) })
            }
            Err(error) => Err(Refusal::game(game_id, &error)),
        }
    }

    /// Whether the connection may subscribe to `game_id`: it watches it already (a subscription anew), watches
    /// fewer games than one connection may, or is a bot's, which follows every game it plays on one socket.
    fn may_watch_another(&self, game_id: Uuid) -> bool {
        self.subscriptions.contains(&game_id)
            || self.subscriptions.len() < self.state.settings.limits.subscriptions_per_socket
            || self.account.as_ref().is_some_and(|account| account.is_bot)
    }

    async fn on_lobby_request(
        &mut self,
        account: &AccountRow,
        request_id: Option<u64>,
        request: LobbyRequest,
    ) -> Result<ServerFrame, Refusal> {
        let subscribing = match request {
            LobbyRequest::Subscribe { .. } => Some(true),
            LobbyRequest::Unsubscribe => Some(false),
            _ => None,
        };
        let reply = lobby::answer(&self.state, self.id, &self.outbox, account, request_id, request)
            .await
            .map_err(|error| Refusal::lobby(&error))?;
        if let Some(subscribed) = subscribing {
            self.in_lobby = subscribed;
        }
        Ok(reply)
    }

    fn refuse(&self, request_id: Option<u64>, refusal: Refusal) {
        telemetry::error_answered(refusal.code);
        self.outbox.push_frame(&ServerFrame::Error {
            id: request_id,
            code: refusal.code,
            message: refusal.message,
            game_id: refusal.game_id,
        });
    }

    /// Leaves every game, the lobby and the account registry; `closed_because` is set when the server closed the
    /// connection for breaking its rules.
    pub(super) async fn leave(&mut self, closed_because: Option<&'static str>) {
        for game_id in self.subscriptions.drain() {
            self.state.games.unsubscribe(game_id, self.id, closed_because).await;
        }
        if self.in_lobby {
            self.state.lobby.unsubscribe(self.id).await;
        }
        if let Some(account) = &self.account {
            self.state.connections.remove(account.id, self.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use kartka_protocol::{ClientFrame, ErrorCode};
    use uuid::Uuid;

    use super::{decode, escaped_or_controlled};

    const GAME: &str = "6f1c2b9e-3d4a-4f5b-8c7d-0e1f2a3b4c5d";

    fn move_frame(client_move_id: &str, notation: &str) -> String {
        format!(
            r#"{{"type":"move","id":7,"game_id":"{GAME}","ply":3,"client_move_id":"{client_move_id}","notation":"{notation}"}}"#
        )
    }

    fn refusal(text: &str) -> (Option<u64>, ErrorCode) {
        match decode(text) {
            Ok(frame) => panic!("{text} decoded to {frame:?}"),
            Err((request_id, refusal)) => (request_id, refusal.code),
        }
    }

    #[test]
    fn a_plain_move_decodes_with_every_field() {
        let frame = decode(&move_frame("m-1", "123")).expect("a plain move decodes");
        let expected = ClientFrame::Move {
            id: Some(7),
            game_id: Uuid::parse_str(GAME).expect("a uuid"),
            ply: 3,
            client_move_id: "m-1".into(),
            notation: "123".into(),
        };
        assert_eq!(frame, expected);
    }

    #[test]
    fn escaped_text_decodes_to_what_it_stands_for() {
        let frame = decode(&move_frame(r#"m-\"1\"\u00e9"#, "123")).expect("escapes of plain text decode");
        assert!(matches!(frame, ClientFrame::Move { client_move_id, .. } if client_move_id == "m-\"1\"é"));
    }

    #[test]
    fn control_characters_are_refused_escaped_or_not() {
        for (client_move_id, notation) in
            [(r"m-\u0000", "123"), ("m-1", r"12\b3"), ("m-1", "12\u{7f}3"), ("m-\u{85}", "1")]
        {
            assert_eq!(refusal(&move_frame(client_move_id, notation)), (Some(7), ErrorCode::InvalidRequest));
        }
        let tab = decode(&move_frame(r"m-\t", "123")).expect("an escaped tab is plain text");
        assert!(matches!(tab, ClientFrame::Move { client_move_id, .. } if client_move_id == "m-\t"));
    }

    #[test]
    fn the_byte_scan_finds_what_asking_each_char_finds() {
        let by_char =
            |text: &str| text.chars().any(|c| c == '\\' || (c.is_control() && !matches!(c, '\t' | '\n' | '\r')));
        for c in (0..=0x10_ffff).filter_map(char::from_u32) {
            for text in [format!("{c}"), format!("a{c}b"), format!("{c}\u{a0}\u{bf}")] {
                assert_eq!(escaped_or_controlled(&text), by_char(&text), "{text:?}");
            }
        }
    }

    #[test]
    fn unreadable_and_unknown_frames_are_refused_as_before() {
        assert_eq!(refusal(r#"{"type":"move","#), (None, ErrorCode::MalformedFrame));
        assert_eq!(refusal(r#"{"type":"teleport","id":9}"#), (Some(9), ErrorCode::UnknownFrame));
        let duplicated = format!(r#"{{"type":"move","id":7,"ply":1,{}"#, &move_frame("m-1", "123")[15..]);
        assert!(
            matches!(decode(&duplicated), Ok(ClientFrame::Move { ply: 3, .. })),
            "the last of a repeated key counts"
        );
    }
}
