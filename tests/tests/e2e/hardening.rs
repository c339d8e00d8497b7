//! What an outside probe found, each shown fixed, on SQLite and PostgreSQL: control characters in text input,
//! login and sign-up floods, sockets that never speak, malformed guest bodies, logout with open sockets,
//! correspondence time controls in the live lobby, API response headers, the client's tests on the web, ping
//! floods, and clients that do not read.

use std::time::Duration;

use futures_util::SinkExt;
use kartka_protocol::rest::Session;
use kartka_protocol::{ErrorCode, PoolSpec, ServerFrame, TimeControl};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::{Limits, Settings};
use kartka_tests::client::{Api, WsClient, KURNIK};
use kartka_tests::server::TestServer;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use uuid::Uuid;

kartka_tests::on_both_stores!(
    a_nul_byte_is_refused_at_every_entry_point,
    guest_refuses_malformed_bodies_with_typed_errors,
    logins_and_new_accounts_are_rate_limited,
    password_checks_beyond_the_bound_are_refused,
    silent_sockets_are_closed_and_a_normal_client_still_gets_in,
    logout_closes_the_sockets_of_its_session,
    the_live_lobby_refuses_correspondence_time_controls,
    api_responses_are_nosniff_and_no_store,
    the_clients_tests_are_not_served,
    websocket_ping_frames_count_against_the_rate_limit,
    a_client_that_does_not_read_is_dropped,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };
const CORRESPONDENCE: TimeControl = TimeControl::Correspondence { days_per_move: 14, vacation_allowed: true };

fn with_limits(limits: Limits) -> Settings {
    Settings { limits, ..Settings::default() }
}

async fn register(api: &Api, name: &str) -> Session {
    let credentials = json!({ "username": name, "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "register {name}: {body}");
    serde_json::from_value(body).expect("a session")
}

fn move_frame(game: Uuid, ply: u32, client_move_id: &str) -> Value {
    json!({ "type": "move", "game_id": game, "ply": ply, "client_move_id": client_move_id, "notation": "0" })
}

/// The status and error code of a reply.
fn refusal((status, body): (u16, Value)) -> (u16, String) {
    (status, body["code"].as_str().unwrap_or_else(|| panic!("a typed error body: {body}")).to_owned())
}

async fn a_nul_byte_is_refused_at_every_entry_point(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let admin = register(&api, "boss").await;
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let white = api.guest("white").await;
    let black = api.guest("black").await;
    let game = api.start_game(&white, &black, BLITZ).await;
    let invalid = (400, "invalid_request".to_owned());
    let nul = "al\u{0}ice";

    let replies = [
        ("profile path", api.get("/api/players/al%00ice", None).await),
        ("games path", api.get("/api/players/al%00ice/games", None).await),
        ("login name", api.post("/api/login", None, &json!({ "username": nul, "password": "whatever1" })).await),
        ("register name", api.post("/api/register", None, &json!({ "username": nul, "password": "whatever1" })).await),
        ("guest name", api.post("/api/guest", None, &json!({ "name": nul })).await),
        ("JSON key", api.post("/api/guest", None, &json!({ "na\u{0}me": "alice" })).await),
        (
            "challenge opponent",
            api.post(
                "/api/challenges",
                Some(&white.token),
                &json!({ "opponent": nul, "ruleset": { "kind": "paper-soccer" }, "time_control": BLITZ, "colour": "first", "rated": false }),
            )
            .await,
        ),
        (
            "REST move id",
            api.post(
                &format!("/api/games/{game}/moves"),
                Some(&white.token),
                &json!({ "ply": 0, "client_move_id": "w\u{0}1", "notation": "0" }),
            )
            .await,
        ),
        ("admin filter", api.get("/api/admin/games?player=al%00ice", Some(&admin.token)).await),
        ("admin account name", api.get("/api/admin/accounts/al%00ice", Some(&admin.token)).await),
        (
            "admin reason",
            api.post(&format!("/api/admin/games/{game}/abort"), Some(&admin.token), &json!({ "reason": "x\u{0}y" }))
                .await,
        ),
        (
            "import source",
            api.post_bytes("/api/admin/import?source=a%00b", Some(&admin.token), b"not a record".to_vec()).await,
        ),
        ("other control characters", api.post("/api/guest", None, &json!({ "name": "al\u{1b}ice" })).await),
    ];
    for (entry_point, reply) in replies {
        assert_eq!(refusal(reply), invalid, "{entry_point}");
    }

    let mut socket = WsClient::connect(server.addr, &white.token).await;
    let code = socket.refused(2, move_frame(game, 0, "w\u{0}1")).await;
    assert_eq!(code, ErrorCode::InvalidRequest, "a move's client_move_id over the WebSocket");
    let (status, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!((status, stored["ply"].as_u64()), (200, Some(0)), "no move was played: {stored}");
    let (status, stored) = api.get(&format!("/api/admin/games/{game}"), Some(&admin.token)).await;
    assert_eq!(status, 200, "{stored}");
    assert_eq!(stored["game"]["status"], "active", "the game was not aborted: {stored}");
    // Ordinary line breaks in free text are still fine.
    let (status, body) = api
        .post(&format!("/api/admin/games/{game}/abort"), Some(&admin.token), &json!({ "reason": "two\nlines" }))
        .await;
    assert_eq!(status, 200, "{body}");
    server.stop().await;
}

async fn guest_refuses_malformed_bodies_with_typed_errors(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let http = reqwest::Client::new();
    let guest = format!("{}/api/guest", server.url());
    let send = |body: Vec<u8>, json_type: bool| {
        let mut request = http.post(&guest).body(body);
        if json_type {
            request = request.header("content-type", "application/json");
        }
        async move {
            let response = request.send().await.expect("the server answers");
            let status = response.status().as_u16();
            let text = response.text().await.expect("a body");
            let body: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("a JSON body, got {text:?}"));
            assert!(body["message"].is_string(), "{body}");
            (status, body["code"].as_str().expect("a code").to_owned())
        }
    };
    assert_eq!(send(b"{".to_vec(), true).await, (400, "invalid_request".to_owned()), "broken JSON");
    assert_eq!(send(br#"{"name": 5}"#.to_vec(), true).await, (400, "invalid_request".to_owned()), "wrong type");
    let huge = format!(r#"{{"name": "{}"}}"#, "a".repeat(100 * 1024)).into_bytes();
    assert_eq!(send(huge, true).await, (413, "frame_too_large".to_owned()), "too large");
    assert_eq!(send(b"name=x".to_vec(), false).await, (400, "invalid_request".to_owned()), "not JSON");
    let response = http.post(&guest).send().await.expect("the server answers");
    assert_eq!(response.status().as_u16(), 200, "no body at all is still a guest with a made-up name");
    server.stop().await;
}

async fn logins_and_new_accounts_are_rate_limited(url: &str) {
    let limits = Limits {
        logins_per_account_per_minute: 3,
        logins_per_address_per_minute: 5,
        accounts_per_address_per_minute: 4,
        ..Limits::default()
    };
    let server = TestServer::start(url, with_limits(limits)).await;
    let api = Api::new(server.url());
    let http = reqwest::Client::new();
    register(&api, "alice").await;
    let login = |username: &str, password: &str| {
        let request = http
            .post(format!("{}/api/login", server.url()))
            .json(&json!({ "username": username, "password": password }));
        async move {
            let response = request.send().await.expect("the server answers");
            let status = response.status().as_u16();
            let retry_after = response.headers().get("retry-after").map(|v| v.to_str().expect("ascii").to_owned());
            let body: Value = response.json().await.expect("a JSON body");
            (status, body["code"].as_str().expect("a code").to_owned(), retry_after)
        }
    };
    for attempt in 0..3 {
        let (status, code, _) = login("alice", "wrong password").await;
        assert_eq!((status, code.as_str()), (401, "bad_credentials"), "attempt {attempt}");
    }
    let (status, code, retry_after) = login("alice", "long enough secret").await;
    assert_eq!((status, code.as_str()), (429, "rate_limited"), "the account's allowance is used up");
    let seconds: u64 = retry_after.expect("Retry-After").parse().expect("whole seconds");
    assert!((1..=20).contains(&seconds), "one attempt every 20 s: {seconds}");
    let (status, code, _) = login("bob", "wrong password").await;
    assert_eq!((status, code.as_str()), (401, "bad_credentials"), "another account is not limited by alice's");
    let (status, code, retry_after) = login("carol", "wrong password").await;
    assert_eq!((status, code.as_str()), (429, "rate_limited"), "the address's allowance is used up");
    assert!(retry_after.is_some());

    // One registration and three guests use up the address's four new accounts.
    for name in ["guest1", "guest2", "guest3"] {
        api.guest(name).await;
    }
    let (status, code) = refusal(api.post("/api/guest", None, &json!({ "name": "guest4" })).await);
    assert_eq!((status, code.as_str()), (429, "rate_limited"));
    let credentials = json!({ "username": "dave", "password": "long enough secret" });
    let (status, code) = refusal(api.post("/api/register", None, &credentials).await);
    assert_eq!((status, code.as_str()), (429, "rate_limited"));
    let (status, _) = api.get("/api/players/guest4", None).await;
    assert_eq!(status, 404, "the refused guest was not created");
    server.stop().await;
}

async fn password_checks_beyond_the_bound_are_refused(url: &str) {
    let limits = Limits {
        password_checks: 1,
        password_check_wait: Duration::from_millis(10),
        logins_per_address_per_minute: 1_000,
        ..Limits::default()
    };
    let server = TestServer::start(url, with_limits(limits)).await;
    let api = Api::new(server.url());
    let attempts = (0..12).map(|i| {
        let api = api.clone();
        async move {
            let body = json!({ "username": format!("nobody{i}"), "password": "wrong password" });
            refusal(api.post("/api/login", None, &body).await)
        }
    });
    let replies = futures_util::future::join_all(attempts).await;
    let checked = replies.iter().filter(|reply| *reply == &(401, "bad_credentials".to_owned())).count();
    let busy = replies.iter().filter(|reply| *reply == &(429, "rate_limited".to_owned())).count();
    assert_eq!(checked + busy, replies.len(), "only refusals and busy answers, never a 500: {replies:?}");
    assert!(checked >= 1, "the first check runs: {replies:?}");
    assert!(busy >= 1, "twelve checks at once do not all wait for one permit: {replies:?}");
    server.stop().await;
}

async fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let mut buffer = [0u8; 1024];
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buffer)).await {
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => continue,
            Err(_) => return false,
        }
    }
}

async fn silent_sockets_are_closed_and_a_normal_client_still_gets_in(url: &str) {
    let limits = Limits {
        hello_timeout: Duration::from_secs(1),
        header_read_timeout: Duration::from_secs(1),
        ws_ping_interval: Duration::from_secs(1),
        ..Limits::default()
    };
    let server = TestServer::start(url, with_limits(limits)).await;
    let api = Api::new(server.url());
    let player = api.guest("player").await;
    let mut silent = Vec::new();
    for _ in 0..100 {
        silent.push(TcpStream::connect(server.addr).await.expect("connect"));
    }
    let mut half_sent = Vec::new();
    for _ in 0..20 {
        let mut stream = TcpStream::connect(server.addr).await.expect("connect");
        stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: kartka\r\n").await.expect("write");
        half_sent.push(stream);
    }
    let mut idle = TcpStream::connect(server.addr).await.expect("connect");
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: kartka\r\n\r\n").await.expect("write");
    let mut no_hello = Vec::new();
    for _ in 0..20 {
        no_hello.push(WsClient::connect_anonymous(server.addr).await);
    }
    let mut quiet = WsClient::connect(server.addr, &player.token).await;
    let quiet_since = tokio::time::Instant::now();
    let mut normal = WsClient::connect(server.addr, &player.token).await;

    // The other sockets are read while the normal client answers its pings: a closed socket's close frame
    // must be read before the server gives up on the closing handshake.
    let checks = async {
        for mut client in no_hello {
            assert_eq!(client.closed().await, Some(1008), "a socket without hello is closed by policy");
        }
        // Reading would answer the pings, so the quiet socket is read only once it has been silent for two
        // ping intervals (and before the server stops waiting for the closing handshake).
        tokio::time::sleep_until(quiet_since + Duration::from_millis(2_500)).await;
        assert_eq!(quiet.closed().await, Some(1001), "a socket that answers no ping is closed");
        for (index, stream) in silent.iter_mut().enumerate() {
            assert!(closed_within(stream, Duration::from_secs(2)).await, "silent socket {index} is closed");
        }
        for (index, stream) in half_sent.iter_mut().enumerate() {
            assert!(closed_within(stream, Duration::from_secs(2)).await, "half-sent request {index} is closed");
        }
        assert!(closed_within(&mut idle, Duration::from_secs(2)).await, "an idle keep-alive connection is closed");
    };
    tokio::join!(normal.stay(Duration::from_secs(4)), checks);

    let reply = normal
        .refused(
            1,
            json!({ "type": "move", "game_id": Uuid::new_v4(), "ply": 0, "client_move_id": "m", "notation": "0" }),
        )
        .await;
    assert_eq!(reply, ErrorCode::UnknownGame, "a client that answers pings stays connected");
    let newcomer = api.guest("newcomer").await;
    WsClient::connect(server.addr, &newcomer.token).await;
    server.stop().await;
}

async fn logout_closes_the_sockets_of_its_session(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let white = api.guest("white").await;
    let black = api.guest("black").await;
    let game = api.start_game(&white, &black, BLITZ).await;
    let mut socket = WsClient::connect(server.addr, &white.token).await;
    socket.request(1, json!({ "type": "subscribe", "game_id": game })).await;
    let mut bearer = WsClient::connect_with_headers(server.addr, Some(&white.token), None).await.expect("upgrade");
    let mut other = WsClient::connect(server.addr, &black.token).await;

    let (status, _) = api.post("/api/logout", Some(&white.token), &json!({})).await;
    assert_eq!(status, 204);
    let mut frame = move_frame(game, 0, "after-logout");
    frame["id"] = json!(2);
    socket.try_send(frame).await;
    let closed = loop {
        match socket.next_or_close().await {
            Ok(ServerFrame::Ack { id: Some(2), .. }) => panic!("a move after logout was acknowledged"),
            Ok(_) => {}
            Err(code) => break code,
        }
    };
    assert_eq!(closed, Some(1008), "the hello socket of the session is closed");
    assert_eq!(bearer.closed().await, Some(1008), "so is the socket that sent the token on upgrade");
    let (status, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!((status, stored["ply"].as_u64()), (200, Some(0)), "no move was played: {stored}");
    other.request(3, json!({ "type": "subscribe", "game_id": game })).await;
    server.stop().await;
}

async fn the_live_lobby_refuses_correspondence_time_controls(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let player = api.guest("player").await;
    let mut client = WsClient::connect(server.addr, &player.token).await;
    let seek = json!({ "type": "seek_create", "ruleset": { "kind": "paper-soccer" }, "time_control": CORRESPONDENCE, "rated": false });
    assert_eq!(client.refused(1, seek).await, ErrorCode::InvalidRequest, "a correspondence seek");
    let pool = PoolSpec { ruleset: KURNIK, time_control: CORRESPONDENCE, rated: false };
    let pool = json!({ "type": "pool_join", "pool": pool });
    assert_eq!(client.refused(2, pool).await, ErrorCode::InvalidRequest, "a correspondence pool");
    client.send(json!({ "type": "seek_create", "id": 3, "ruleset": { "kind": "paper-soccer" }, "time_control": BLITZ, "rated": false })).await;
    assert!(
        matches!(client.next_reply().await, ServerFrame::SeekCreated { id: Some(3), .. }),
        "a live seek is still fine"
    );
    server.stop().await;
}

async fn api_responses_are_nosniff_and_no_store(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let http = reqwest::Client::new();
    for path in ["/healthz", "/api/games", &format!("/api/games/{}", Uuid::new_v4())] {
        let response = http.get(format!("{}{path}", server.url())).send().await.expect("the server answers");
        let headers = response.headers();
        assert_eq!(headers.get("x-content-type-options").map(|v| v.as_bytes()), Some(&b"nosniff"[..]), "{path}");
        assert_eq!(headers.get("cache-control").map(|v| v.as_bytes()), Some(&b"no-store"[..]), "{path}");
    }
    let response = http.post(format!("{}/api/guest", server.url())).json(&json!({})).send().await.expect("answers");
    assert_eq!(response.headers().get("cache-control").map(|v| v.as_bytes()), Some(&b"no-store"[..]));
    server.stop().await;
}

async fn the_clients_tests_are_not_served(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    for path in ["/test/paper-soccer.test.mjs", "/test/time-controls.test.mjs"] {
        let (status, _) = api.get_text(path, None).await;
        assert_eq!(status, 404, "{path}");
    }
    let (status, _) = api.get_text("/js/kinds/index.js", None).await;
    assert_eq!(status, 200, "the client's own modules are served");
    server.stop().await;
}

async fn websocket_ping_frames_count_against_the_rate_limit(url: &str) {
    let settings = Settings { ws_messages_per_second: 5, ..Settings::default() };
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    let player = api.guest("player").await;
    let mut client = WsClient::connect(server.addr, &player.token).await;
    for _ in 0..50 {
        if !client.try_send_ping_frame().await {
            break;
        }
    }
    assert_eq!(client.closed().await, Some(1008), "a ping flood is a flood");
    server.stop().await;
}

/// How many requests a client that reads nothing sends at most before the test gives up on its being dropped:
/// each is answered with a whole game, so far fewer than this fill the kernel buffers between it and the server
/// (a few MiB at most on loopback).
const UNREAD_REQUESTS: usize = 1_000_000;

async fn a_client_that_does_not_read_is_dropped(url: &str) {
    let settings = Settings { outbound_queue: 8, ws_messages_per_second: 1_000_000_000, ..Settings::default() };
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    let player = api.guest("player").await;
    let game = api.start_game(&player, &api.guest("opponent").await, BLITZ).await;
    let socket = TcpSocket::new_v4().expect("a socket");
    // A small receive window, so that the server's writes stall after a few replies.
    socket.set_recv_buffer_size(4096).expect("a small receive buffer");
    let stream = socket.connect(server.addr).await.expect("connect");
    // Authenticated on the upgrade, so that the hello deadline cannot be what closes it.
    let mut request = format!("ws://{}/ws", server.addr).into_client_request().expect("a request");
    request.headers_mut().insert("Authorization", format!("Bearer {}", player.token).parse().expect("header"));
    let (mut client, _) = tokio_tungstenite::client_async(request, stream).await.expect("upgrade");
    // Every subscribe is answered with the game's snapshot, which the client never reads. The server reads on
    // while its writes stall, its queue fills, and it drops the connection: the client finds out when a send
    // fails. A large answer, not a pong: many small writes coalesce when the server falls behind, and then
    // hundreds of thousands of them fit in the socket's send buffer.
    let subscribe = json!({ "type": "subscribe", "game_id": game }).to_string();
    let flood = async {
        let mut sent = 0;
        while sent < UNREAD_REQUESTS && client.send(Message::text(subscribe.clone())).await.is_ok() {
            sent += 1;
        }
        sent
    };
    // A guard against a server that stops reading a client whose replies it cannot write: the sends would
    // then wait for ever.
    let sent = tokio::time::timeout(Duration::from_secs(300), flood).await.expect("the server keeps reading");
    assert!(sent < UNREAD_REQUESTS, "a client that reads nothing is dropped");
    let newcomer = Api::new(server.url()).guest("newcomer").await;
    WsClient::connect(server.addr, &newcomer.token).await;
    server.stop().await;
}
