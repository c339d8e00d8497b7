//! One WebSocket connection: reads frames, answers them, and writes whatever is queued for it.
//!
//! The socket is split: this task reads and decides; a writer task drains the connection's bounded
//! [`Outbox`] queue. Everything sent to the client goes through that queue, so frames keep their order.

use std::collections::HashSet;
use std::future::Future;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use kartka_protocol::{ClientFrame, ErrorCode, ServerFrame, MAX_FRAME_BYTES, PROTOCOL_VERSION};
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant, MissedTickBehavior};
use uuid::Uuid;

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

/// Close codes (RFC 6455).
mod close_code {
    pub const NORMAL: u16 = 1000;
    pub const GOING_AWAY: u16 = 1001;
    pub const POLICY: u16 = 1008;
    pub const TOO_BIG: u16 = 1009;
}

/// Why the connection ends: the close frame to send, and whether frames still queued go out first (not for a
/// client that is too slow to read them).
struct Closing {
    code: u16,
    reason: &'static str,
    flush: bool,
}

impl Closing {
    const fn after_queued(code: u16, reason: &'static str) -> Closing {
        Closing { code, reason, flush: true }
    }

    /// The reason, when the server closes the connection for breaking its rules (close code 1008): the games
    /// it watched record it.
    fn policy_reason(&self) -> Option<&'static str> {
        (self.code == close_code::POLICY).then_some(self.reason)
    }
}

/// A request that failed: the error frame to answer with.
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
            AuthError::Banned => Refusal::new(ErrorCode::Forbidden, error.to_string()),
            AuthError::Store(cause) => {
                tracing::error!(%cause, "store failure during authentication");
                Refusal::new(ErrorCode::Internal, "the server could not check the token; retry")
            }
        }
    }
}

/// Serves one upgraded socket until it closes, the client misbehaves or falls silent, or the server shuts
/// down. `account` is the account the upgrade request authenticated, with its session's token hash.
///
/// Sets the connection up at once (its writer task starts here) and returns the future that reads it. A plain
/// function rather than an `async fn`: an async fn's future keeps room for its arguments (the whole socket
/// among them) for as long as it runs, and an idle connection runs for hours.
pub fn run(
    state: AppState,
    socket: WebSocket,
    account: Option<(AccountRow, String)>,
) -> impl Future<Output = ()> + Send + 'static {
    let open = telemetry::connection_opened();
    let (sink, stream) = socket.split();
    let (outbox, queue) = Outbox::new(state.settings.outbound_queue);
    let (close_sender, close_receiver) = oneshot::channel();
    let ping_interval = state.settings.limits.ws_ping_interval;
    let writer = tokio::spawn(write_frames(sink, queue, close_receiver, ping_interval));
    let per_second = NonZeroU32::new(state.settings.ws_messages_per_second).unwrap_or(NonZeroU32::MIN);
    let burst = per_second.saturating_mul(NonZeroU32::new(2).unwrap_or(NonZeroU32::MIN));
    let mut connection = Connection {
        id: state.next_connection_id(),
        state,
        outbox,
        account: None,
        subscriptions: HashSet::new(),
        in_lobby: false,
        limiter: RateLimiter::direct(Quota::per_second(per_second).allow_burst(burst)),
    };
    if let Some((account, session)) = account {
        connection.welcome(None, account, session);
    }
    async move {
        let _open = open;
        let mut stream = stream;
        let closing = connection.read_frames(&mut stream).await;
        // Boxed: the closing steps run once, and an idle connection's task would otherwise keep room for them.
        Box::pin(close(connection, closing, close_sender, stream, writer)).await;
    }
}

/// Closes a connection: leaves its games and the lobby, has the writer send the close frame, and finishes
/// the closing handshake.
async fn close(
    mut connection: Connection,
    closing: Closing,
    close_sender: oneshot::Sender<Closing>,
    mut stream: SplitStream<WebSocket>,
    writer: tokio::task::JoinHandle<()>,
) {
    connection.leave(closing.policy_reason()).await;
    let _ = close_sender.send(closing);
    // Finish the closing handshake: read (and drop) what the client still sends until its own close frame.
    // Dropping the TCP connection while its frames are unread would make the kernel reset it, and the reset
    // can destroy our close frame before the client reads it.
    let _ = tokio::time::timeout(CLOSE_HANDSHAKE, async {
        while let Some(Ok(message)) = stream.next().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
    let _ = writer.await;
}

/// How long a closing connection waits for the client's close frame.
const CLOSE_HANDSHAKE: std::time::Duration = std::time::Duration::from_secs(2);

/// Writes queued frames in order, and a ping every `ping_interval` (browsers and WebSocket libraries answer it
/// with a pong, which is how a silent connection is told from a dead one). On a close request, sends what is
/// still queued (unless the client is too slow to read it), then the close frame.
async fn write_frames(
    mut sink: SplitSink<WebSocket, Message>,
    mut queue: mpsc::Receiver<Arc<str>>,
    mut close: oneshot::Receiver<Closing>,
    ping_interval: Duration,
) {
    let mut pings = tokio::time::interval_at(Instant::now() + ping_interval, ping_interval);
    pings.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            biased;
            closing = &mut close => {
                if let Ok(Closing { code, reason, flush }) = closing {
                    while let (true, Ok(text)) = (flush, queue.try_recv()) {
                        if sink.send(Message::Text(text.as_ref().into())).await.is_err() {
                            break;
                        }
                    }
                    let frame = CloseFrame { code, reason: reason.into() };
                    let _ = sink.send(Message::Close(Some(frame))).await;
                }
                break;
            }
            frame = queue.recv() => match frame {
                Some(text) => {
                    if sink.send(Message::Text(text.as_ref().into())).await.is_err() {
                        break;
                    }
                }
                None => break,
            },
            _ = pings.tick() => {
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
        }
    }
    let _ = sink.close().await;
}

struct Connection {
    id: u64,
    state: AppState,
    outbox: Outbox,
    account: Option<AccountRow>,
    subscriptions: HashSet<Uuid>,
    /// Whether the connection receives lobby changes.
    in_lobby: bool,
    limiter: DefaultDirectRateLimiter,
}

impl Connection {
    async fn read_frames(&mut self, stream: &mut SplitStream<WebSocket>) -> Closing {
        let shutdown = self.state.shutdown.clone();
        let outbox = self.outbox.clone();
        let hello_deadline = Instant::now() + self.state.settings.limits.hello_timeout;
        // Two ping intervals: the client has had a whole interval to answer the last ping.
        let silence_limit = 2 * self.state.settings.limits.ws_ping_interval;
        let mut last_heard = Instant::now();
        loop {
            let message = tokio::select! {
                biased;
                () = shutdown.cancelled() => {
                    return Closing::after_queued(close_code::GOING_AWAY, "server shutting down");
                }
                () = tokio::time::sleep_until(hello_deadline), if self.account.is_none() && !self.watching() => {
                    return Closing::after_queued(close_code::POLICY, "no hello in time");
                }
                () = tokio::time::sleep_until(last_heard + silence_limit) => {
                    return Closing::after_queued(close_code::GOING_AWAY, "no answer to pings");
                }
                () = outbox.too_slow() => {
                    return Closing { code: close_code::POLICY, reason: "not reading fast enough", flush: false };
                }
                () = outbox.revoked() => {
                    return Closing::after_queued(close_code::POLICY, "signed out or banned");
                }
                message = stream.next() => message,
            };
            let message = match message {
                Some(Ok(message)) => message,
                Some(Err(error)) => {
                    tracing::debug!(connection = self.id, %error, "socket read failed");
                    return Closing::after_queued(close_code::TOO_BIG, "message too large or malformed");
                }
                None => return Closing::after_queued(close_code::NORMAL, ""),
            };
            last_heard = Instant::now();
            // Every frame but a close costs the same: pings and pongs are work too, and a flood of them is one.
            if !matches!(message, Message::Close(_)) && self.limiter.check().is_err() {
                self.refuse(None, Refusal::new(ErrorCode::RateLimited, "too many messages"));
                return Closing::after_queued(close_code::POLICY, "rate limit exceeded");
            }
            match message {
                // Boxed: answering a frame is the largest state this loop awaits (every request's handling
                // inlined), and an idle connection would otherwise keep room for it in its task the whole time.
                Message::Text(text) => Box::pin(self.on_text(text.as_str())).await,
                Message::Binary(_) => {
                    self.refuse(None, Refusal::new(ErrorCode::MalformedFrame, "frames are JSON text messages"));
                }
                Message::Close(_) => return Closing::after_queued(close_code::NORMAL, ""),
                Message::Ping(_) | Message::Pong(_) => {}
            }
        }
    }

    async fn on_text(&mut self, text: &str) {
        if text.len() > MAX_FRAME_BYTES {
            let message = format!("frames are limited to {MAX_FRAME_BYTES} bytes");
            return self.refuse(None, Refusal::new(ErrorCode::FrameTooLarge, message));
        }
        let value: serde_json::Value = match serde_json::from_str(text) {
            Ok(value) => value,
            Err(_) => return self.refuse(None, Refusal::new(ErrorCode::MalformedFrame, "the frame is not valid JSON")),
        };
        let request_id = value.get("id").and_then(serde_json::Value::as_u64);
        if plain_json(&value).is_err() {
            let message = "text may not contain control characters such as NUL";
            return self.refuse(request_id, Refusal::new(ErrorCode::InvalidRequest, message));
        }
        match serde_json::from_value::<ClientFrame>(value) {
            Ok(frame) => self.on_frame(frame).await,
            Err(error) => self.refuse(request_id, Refusal::new(ErrorCode::UnknownFrame, error.to_string())),
        }
    }

    async fn on_frame(&mut self, frame: ClientFrame) {
        let request_id = frame.request_id();
        let reply = match frame {
            ClientFrame::Hello { protocol, token, .. } => self.hello(request_id, protocol, &token).await,
            ClientFrame::Ping { .. } => Ok(ServerFrame::Pong { id: request_id, server_time_ms: now_ms() }),
            frame => match self.account.clone() {
                None => self.on_anonymous_frame(frame).await,
                Some(account) => match LobbyRequest::from_frame(frame) {
                    Ok(request) => self.on_lobby_request(&account, request_id, request).await,
                    Err(ClientFrame::ChatSend { channel, text, .. }) => {
                        chat::answer(&self.state, &account, request_id, channel, text).await.map_err(Refusal::chat)
                    }
                    Err(ClientFrame::ChatMute { game_id, muted, .. }) => {
                        chat::mute_opponent(&self.state, &account, request_id, game_id, muted)
                            .await
                            .map_err(Refusal::chat)
                    }
                    Err(frame) => self.on_game_frame(account.id, frame).await,
                },
            },
        };
        match reply {
            Ok(frame) => {
                self.outbox.push_frame(&frame);
            }
            Err(refusal) => self.refuse(request_id, refusal),
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
                lobby::subscribe(&self.state, self.id, &self.outbox, chat).await.map_err(|e| Refusal::lobby(&e))?;
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

    /// Whether the connection may stay without saying hello: it watches a game or the lobby.
    fn watching(&self) -> bool {
        !self.subscriptions.is_empty() || self.in_lobby
    }

    async fn hello(&mut self, request_id: Option<u64>, protocol: u32, token: &str) -> Result<ServerFrame, Refusal> {
        if protocol != PROTOCOL_VERSION {
            let message = format!("this server speaks protocol {PROTOCOL_VERSION}");
            return Err(Refusal::new(ErrorCode::UnsupportedProtocol, message));
        }
        if self.account.is_some() {
            return Err(Refusal::new(ErrorCode::NotAllowed, "this connection is already authenticated"));
        }
        let account = authenticate(&*self.state.store, token).await?;
        Ok(self.welcome_frame(request_id, account, token_hash(token)))
    }

    fn welcome(&mut self, request_id: Option<u64>, account: AccountRow, session: String) {
        let frame = self.welcome_frame(request_id, account, session);
        self.outbox.push_frame(&frame);
    }

    fn welcome_frame(&mut self, request_id: Option<u64>, account: AccountRow, session: String) -> ServerFrame {
        self.state.connections.add(account.id, self.id, session, self.outbox.clone());
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
        let games = self.state.games.clone();
        let (game_id, result) = match frame {
            ClientFrame::Subscribe { game_id, after_seq, chat, viewers, rematch, .. } => {
                let outbox = self.outbox.clone();
                let subscriber = Subscriber { connection: self.id, account, outbox, chat, viewers, rematch };
                let result = games.subscribe(game_id, subscriber, after_seq).await;
                if result.is_ok() {
                    self.subscriptions.insert(game_id);
                }
                (game_id, result)
            }
            ClientFrame::Unsubscribe { game_id, .. } => {
                if !self.subscriptions.remove(&game_id) {
                    return Err(Refusal::new(ErrorCode::NotAllowed, "not subscribed to that game"));
                }
                games.unsubscribe(game_id, self.id, None).await;
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
            Ok(seq) => Ok(ServerFrame::Ack { id: request_id, game_id: Some(game_id), seq: Some(seq) }),
            Err(error) => Err(Refusal::game(game_id, &error)),
        }
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
    async fn leave(&mut self, closed_because: Option<&'static str>) {
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
