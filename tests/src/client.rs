//! Clients for tests: REST calls and a WebSocket client that reads typed frames.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use kartka_protocol::kinds::dots::{DotsStart, DotsStop};
use kartka_protocol::kinds::{dots::DotsOptions, paper_soccer::PaperSoccerOptions};
use kartka_protocol::rest::{Challenge, CreateChallenge, Session};
use kartka_protocol::{EventEnvelope, GameSnapshot, RulesetSpec, ServerFrame, TimeControl};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use uuid::Uuid;

/// How long a test waits for a frame it expects.
pub const FRAME_TIMEOUT: Duration = Duration::from_secs(10);

/// A `move` frame: `notation` played at `ply` of `game`, tagged `client_move_id`.
#[must_use]
pub fn move_frame(game: Uuid, ply: u32, client_move_id: &str, notation: &str) -> Value {
    json!({ "type": "move", "game_id": game, "ply": ply, "client_move_id": client_move_id, "notation": notation })
}

/// REST calls against a server at `base` (e.g. `http://127.0.0.1:1234`).
#[derive(Clone)]
pub struct Api {
    /// The base URL.
    pub base: String,
    http: reqwest::Client,
}

impl Api {
    /// A client for the server at `base`.
    #[must_use]
    pub fn new(base: String) -> Api {
        // Idle connections are dropped before the test server's header read timeout closes them: a call sent on
        // one it is closing at that moment would get no answer.
        let http = reqwest::Client::builder()
            .pool_idle_timeout(std::time::Duration::from_secs(4))
            .build()
            .expect("a client with no TLS settings of its own always builds");
        Api { base, http }
    }

    /// `POST path` with a JSON body and an optional token; the status and the JSON reply.
    pub async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
        let mut request = self.http.post(format!("{}{path}", self.base)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("the server answers");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// `POST path` with raw bytes as the body and an optional token; the status and the JSON reply.
    pub async fn post_bytes(&self, path: &str, token: Option<&str>, body: Vec<u8>) -> (u16, Value) {
        let mut request = self.http.post(format!("{}{path}", self.base)).body(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("the server answers");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// `PUT path` with a JSON body and a token; the status and the JSON reply.
    pub async fn put(&self, path: &str, token: &str, body: &Value) -> (u16, Value) {
        let response = self
            .http
            .put(format!("{}{path}", self.base))
            .json(body)
            .bearer_auth(token)
            .send()
            .await
            .expect("the server answers");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// `DELETE path` with a token; the status and the JSON reply.
    pub async fn delete(&self, path: &str, token: &str) -> (u16, Value) {
        let response = self
            .http
            .delete(format!("{}{path}", self.base))
            .bearer_auth(token)
            .send()
            .await
            .expect("the server answers");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// `GET path` with a token, as a streaming response (for NDJSON streams).
    pub async fn open_stream(&self, path: &str, token: &str) -> reqwest::Response {
        self.http.get(format!("{}{path}", self.base)).bearer_auth(token).send().await.expect("the server answers")
    }

    /// `GET path` with an optional token; the status and the body text.
    pub async fn get_text(&self, path: &str, token: Option<&str>) -> (u16, String) {
        let mut request = self.http.get(format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("the server answers");
        (response.status().as_u16(), response.text().await.expect("a body"))
    }

    /// `GET path`; the status and the JSON reply.
    pub async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let (status, text) = self.get_text(path, token).await;
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// A new guest session with the given name.
    pub async fn guest(&self, name: &str) -> Session {
        let (status, body) = self.post("/api/guest", None, &json!({ "name": name })).await;
        assert_eq!(status, 200, "guest account: {body}");
        serde_json::from_value(body).expect("a session")
    }

    /// `challenger` challenges `opponent` to casual Paper Soccer on kurnik's pitch with `time_control`, taking
    /// the first seat; `opponent` accepts. Returns the new game's id.
    pub async fn start_game(&self, challenger: &Session, opponent: &Session, time_control: TimeControl) -> Uuid {
        self.start_game_of(challenger, opponent, KURNIK, time_control, false).await
    }

    /// `challenger` challenges `opponent` to a game of `ruleset` with `time_control`, taking the first seat;
    /// `opponent` accepts. Returns the new game's id.
    pub async fn start_game_of(
        &self,
        challenger: &Session,
        opponent: &Session,
        ruleset: RulesetSpec,
        time_control: TimeControl,
        rated: bool,
    ) -> Uuid {
        self.start_game_for(challenger, &[opponent], ruleset, time_control, rated).await
    }

    /// `challenger` challenges `others` to a game of `ruleset` (of one seat each and the challenger's) with
    /// `time_control`, taking the first seat: one opponent is named as the two-seat form names it, more are
    /// invited. Each accepts in turn, the others in the order they joined; the last acceptance starts the game.
    /// Returns the new game's id.
    pub async fn start_game_for(
        &self,
        challenger: &Session,
        others: &[&Session],
        ruleset: RulesetSpec,
        time_control: TimeControl,
        rated: bool,
    ) -> Uuid {
        let names = others.iter().map(|other| other.account.name.clone());
        let (opponent, invited) = match others {
            [opponent] => (Some(opponent.account.name.clone()), Vec::new()),
            _ => (None, names.collect()),
        };
        let request = CreateChallenge {
            opponent,
            invited,
            ruleset,
            time_control,
            colour: kartka_protocol::rest::ColourChoice::First,
            rated,
            expires_in_seconds: None,
        };
        let body = serde_json::to_value(&request).expect("serialise");
        let (status, created) = self.post("/api/challenges", Some(&challenger.token), &body).await;
        assert_eq!(status, 201, "create challenge: {created}");
        let mut challenge: Challenge = serde_json::from_value(created).expect("a challenge");
        let path = format!("/api/challenges/{}/accept", challenge.id);
        for other in others {
            let (status, accepted) = self.post(&path, Some(&other.token), &json!({})).await;
            assert_eq!(status, 200, "accept challenge: {accepted}");
            challenge = serde_json::from_value(accepted).expect("a challenge");
        }
        challenge.game_id.expect("a challenge every invited player accepted names its game")
    }
}

/// Kurnik's Paper Soccer pitch: the ruleset of most scenarios.
pub const KURNIK: RulesetSpec = RulesetSpec::PaperSoccer(PaperSoccerOptions { width: 8, height: 10, goal: 2 });

/// Dots on an empty 10×10 field without the first-move zone, so a capture comes in a few moves.
pub const SMALL_DOTS: RulesetSpec = RulesetSpec::Dots(DotsOptions {
    width: 10,
    height: 10,
    start: DotsStart::Empty,
    first_move_zone: false,
    extra_move: false,
    instant_win: 0,
    stop: DotsStop::Computed,
    auto_end: false,
    territory: false,
    seed: None,
});

/// A WebSocket client speaking the kartka protocol. Frames skipped while waiting for a particular answer are
/// kept, in order, for the next read.
pub struct WsClient {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    skipped: VecDeque<ServerFrame>,
    /// Every text frame the server sent, as sent, one a line: what a leak test searches.
    received: String,
}

impl WsClient {
    /// Connects to `/ws` without authenticating.
    pub async fn connect_anonymous(addr: SocketAddr) -> WsClient {
        let (socket, _) =
            tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await.expect("WebSocket connects");
        WsClient { socket, skipped: VecDeque::new(), received: String::new() }
    }

    /// Connects and authenticates with `hello`; waits for the welcome.
    pub async fn connect(addr: SocketAddr, token: &str) -> WsClient {
        let mut client = WsClient::connect_anonymous(addr).await;
        client.send(json!({ "type": "hello", "protocol": kartka_protocol::PROTOCOL_VERSION, "token": token })).await;
        match client.next().await {
            ServerFrame::Welcome { .. } => client,
            other => panic!("expected welcome, got {other:?}"),
        }
    }

    /// Connects, authenticates and subscribes to `game`; returns the client once the subscription is
    /// acknowledged, and the snapshot it was sent first.
    pub async fn subscribed(addr: SocketAddr, token: &str, game: Uuid) -> (WsClient, GameSnapshot) {
        let mut client = WsClient::connect(addr, token).await;
        client.send(json!({ "type": "subscribe", "id": 1, "game_id": game })).await;
        let snapshot = client.snapshot().await;
        loop {
            if let ServerFrame::Ack { id: Some(1), .. } = client.next().await {
                return (client, snapshot);
            }
        }
    }

    /// Connects with `Authorization: Bearer` and an `Origin` header (if given); the upgrade's HTTP status on
    /// refusal.
    pub async fn connect_with_headers(
        addr: SocketAddr,
        token: Option<&str>,
        origin: Option<&str>,
    ) -> Result<WsClient, u16> {
        let mut request = format!("ws://{addr}/ws").into_client_request().expect("a request");
        if let Some(token) = token {
            request.headers_mut().insert("Authorization", format!("Bearer {token}").parse().expect("header"));
        }
        if let Some(origin) = origin {
            request.headers_mut().insert("Origin", origin.parse().expect("header"));
        }
        match tokio_tungstenite::connect_async(request).await {
            Ok((socket, _)) => Ok(WsClient { socket, skipped: VecDeque::new(), received: String::new() }),
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
            Err(error) => panic!("unexpected connection error: {error}"),
        }
    }

    /// Sends a JSON frame.
    pub async fn send(&mut self, frame: Value) {
        self.send_text(frame.to_string()).await;
    }

    /// Sends a JSON frame; false when the socket is already closed.
    pub async fn try_send(&mut self, frame: Value) -> bool {
        self.socket.send(Message::Text(frame.to_string().into())).await.is_ok()
    }

    /// Sends raw text.
    pub async fn send_text(&mut self, text: String) {
        self.socket.send(Message::Text(text.into())).await.expect("send a frame");
    }

    /// Sends a WebSocket ping frame (not the protocol's `ping`); false when the socket is already closed.
    pub async fn try_send_ping_frame(&mut self) -> bool {
        self.socket.send(Message::Ping(Vec::new().into())).await.is_ok()
    }

    /// Reads for `duration`, answering the server's pings as every WebSocket client does; frames that arrive
    /// are kept for later reads. Panics if the socket closes meanwhile.
    pub async fn stay(&mut self, duration: Duration) {
        let until = tokio::time::Instant::now() + duration;
        while let Ok(message) = tokio::time::timeout_at(until, self.socket.next()).await {
            match message.expect("the socket is open").expect("the socket reads") {
                Message::Text(text) => {
                    self.keep(text.as_str());
                    self.skipped.push_back(
                        serde_json::from_str(text.as_str()).unwrap_or_else(|e| panic!("bad frame {text}: {e}")),
                    );
                }
                Message::Close(frame) => panic!("the server closed the socket: {frame:?}"),
                _ => {}
            }
        }
    }

    /// Sends a binary message.
    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.socket.send(Message::Binary(bytes.into())).await.expect("send a frame");
    }

    /// Reads frames until one matches `wanted` and returns it, dropping the others: the lobby and a game push
    /// news at any time.
    pub async fn next_matching(&mut self, mut wanted: impl FnMut(&ServerFrame) -> bool) -> ServerFrame {
        loop {
            let frame = self.next().await;
            if wanted(&frame) {
                return frame;
            }
        }
    }

    /// Sends `frame` with request `id` and returns its answer (`ack`, `error` or `seek_created`), dropping the
    /// frames before it.
    pub async fn ask(&mut self, id: u64, mut frame: Value) -> ServerFrame {
        frame["id"] = json!(id);
        self.send(frame).await;
        self.next_matching(|f| {
            matches!(f, ServerFrame::Ack { id: Some(got), .. } | ServerFrame::Error { id: Some(got), .. }
                | ServerFrame::SeekCreated { id: Some(got), .. } if *got == id)
        })
        .await
    }

    /// The next frame from the server (pongs included); panics after [`FRAME_TIMEOUT`] or on close.
    pub async fn next(&mut self) -> ServerFrame {
        if let Some(frame) = self.skipped.pop_front() {
            return frame;
        }
        self.receive().await
    }

    /// The next frame, which must be a game's snapshot (or the `snapshot_moves` sent ahead of a long game's): the
    /// whole snapshot, its moves put together.
    pub async fn snapshot(&mut self) -> GameSnapshot {
        let mut parts = kartka_protocol::SnapshotParts::default();
        loop {
            match self.next().await {
                ServerFrame::SnapshotMoves { game_id, moves } => parts.add_moves(game_id, moves),
                ServerFrame::Snapshot { game } => return parts.complete(game).expect("every part of the snapshot"),
                other => panic!("expected a snapshot, got {other:?}"),
            }
        }
    }

    /// The next frame that is not a game event (events are kept for later reads).
    pub async fn next_reply(&mut self) -> ServerFrame {
        if let Some(at) = self.skipped.iter().position(|f| !matches!(f, ServerFrame::Event(_))) {
            return self.skipped.remove(at).expect("a skipped frame at that index");
        }
        loop {
            match self.receive().await {
                ServerFrame::Event(event) => self.skipped.push_back(ServerFrame::Event(event)),
                reply => return reply,
            }
        }
    }

    async fn receive(&mut self) -> ServerFrame {
        loop {
            let message = tokio::time::timeout(FRAME_TIMEOUT, self.socket.next())
                .await
                .expect("a frame arrives in time")
                .expect("the socket is open")
                .expect("the socket reads");
            match message {
                Message::Text(text) => {
                    self.keep(text.as_str());
                    return serde_json::from_str(text.as_str()).unwrap_or_else(|e| panic!("bad frame {text}: {e}"));
                }
                Message::Close(frame) => panic!("the server closed the socket: {frame:?}"),
                _ => continue,
            }
        }
    }

    /// The next frame, or the close code once the server closes the socket.
    pub async fn next_or_close(&mut self) -> Result<ServerFrame, Option<u16>> {
        loop {
            match tokio::time::timeout(FRAME_TIMEOUT, self.socket.next()).await.expect("a frame arrives in time") {
                Some(Ok(Message::Text(text))) => {
                    self.keep(text.as_str());
                    return Ok(serde_json::from_str(text.as_str()).unwrap_or_else(|e| panic!("bad frame {text}: {e}")));
                }
                Some(Ok(Message::Close(frame))) => return Err(frame.map(|f| u16::from(f.code))),
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return Err(None),
            }
        }
    }

    /// Reads until the socket closes; returns the close code (frames before it are skipped).
    pub async fn closed(&mut self) -> Option<u16> {
        loop {
            match tokio::time::timeout(FRAME_TIMEOUT, self.socket.next()).await.expect("closes in time") {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return None,
            }
        }
    }

    /// The next game event; other frames before it are kept for later reads.
    pub async fn next_event(&mut self) -> EventEnvelope {
        if let Some(at) = self.skipped.iter().position(|f| matches!(f, ServerFrame::Event(_))) {
            let Some(ServerFrame::Event(event)) = self.skipped.remove(at) else { unreachable!("checked above") };
            return event;
        }
        loop {
            match self.receive().await {
                ServerFrame::Event(event) => return event,
                other => self.skipped.push_back(other),
            }
        }
    }

    /// Sends `frame` with request id `id` and returns the ack's sequence number; panics on an error frame.
    /// Frames before the answer are kept for later reads.
    pub async fn request(&mut self, id: u64, mut frame: Value) -> Option<u64> {
        frame["id"] = json!(id);
        self.send(frame).await;
        match self.answer_to(id).await {
            ServerFrame::Ack { seq, .. } => seq,
            ServerFrame::Error { code, message, .. } => panic!("request {id} failed: {code:?}: {message}"),
            _ => unreachable!("answer_to returns acks and errors"),
        }
    }

    /// Whether the event `seq` is among the frames kept unread (those that came before an answer waited for).
    #[must_use]
    pub fn kept_event(&self, seq: u64) -> bool {
        self.skipped.iter().any(|frame| matches!(frame, ServerFrame::Event(event) if event.seq == seq))
    }

    /// Sends `frame` with request id `id` and returns the error code it causes; panics on an ack. Frames before
    /// the answer are kept for later reads.
    pub async fn refused(&mut self, id: u64, mut frame: Value) -> kartka_protocol::ErrorCode {
        frame["id"] = json!(id);
        self.send(frame).await;
        match self.answer_to(id).await {
            ServerFrame::Error { code, .. } => code,
            other => panic!("request {id} was accepted: {other:?}"),
        }
    }

    /// Sends `frame` with request id `id`: the ack's sequence number, or the error code. Frames before the
    /// answer are kept for later reads.
    pub async fn answer(&mut self, id: u64, mut frame: Value) -> Result<Option<u64>, kartka_protocol::ErrorCode> {
        frame["id"] = json!(id);
        self.send(frame).await;
        match self.answer_to(id).await {
            ServerFrame::Ack { seq, .. } => Ok(seq),
            ServerFrame::Error { code, .. } => Err(code),
            _ => unreachable!("answer_to returns acks and errors"),
        }
    }

    /// The ack or error answering request `id`; frames before it are kept.
    async fn answer_to(&mut self, id: u64) -> ServerFrame {
        let answers = |frame: &ServerFrame| matches!(frame, ServerFrame::Ack { id: Some(got), .. } | ServerFrame::Error { id: Some(got), .. } if *got == id);
        if let Some(at) = self.skipped.iter().position(answers) {
            return self.skipped.remove(at).expect("a skipped frame at that index");
        }
        loop {
            let frame = self.receive().await;
            if answers(&frame) {
                return frame;
            }
            self.skipped.push_back(frame);
        }
    }

    /// Every text frame received so far, as the server sent it, one a line.
    #[must_use]
    pub fn received(&self) -> &str {
        &self.received
    }

    fn keep(&mut self, text: &str) {
        self.received.push_str(text);
        self.received.push('\n');
    }

    /// Closes the socket.
    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}
