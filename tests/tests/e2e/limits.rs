//! Limits on what one client can make the server spend, each on SQLite and PostgreSQL: WebSockets per client
//! address, games watched per socket, finished games kept in memory for their spectators, and the time a
//! request's body may take.

use std::net::SocketAddr;
use std::time::Duration;

use kartka_protocol::{ErrorCode, TimeControl};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::{Limits, Settings};
use kartka_tests::browser::eventually;
use kartka_tests::client::{Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use uuid::Uuid;

kartka_tests::on_both_stores!(
    sockets_per_address_are_limited_and_a_closed_socket_frees_its_place,
    a_socket_watches_a_limited_number_of_games,
    finished_games_kept_for_spectators_are_bounded_and_unloaded_when_unwatched,
    a_body_that_trickles_in_is_cut_off_at_its_deadline,
    an_oversized_import_gets_the_typed_error,
    an_import_that_trickles_in_gets_the_typed_error,
    a_uri_over_the_limit_gets_the_typed_error,
    a_refused_resume_takes_no_watched_place,
    a_lower_import_limit_refuses_a_smaller_file,
    ipv6_sockets_count_by_their_slash_64,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };

/// How long a test waits for the server to catch up with a change (a closed socket, an unloaded game).
const CATCH_UP: Duration = Duration::from_secs(20);

fn with_limits(limits: Limits) -> Settings {
    Settings { limits, ..Settings::default() }
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Opens a WebSocket, with `X-Forwarded-For: forwarded_for` if given: the socket, or the upgrade's refusal (its
/// HTTP status and JSON body).
async fn open_socket(addr: SocketAddr, forwarded_for: Option<&str>) -> Result<Socket, (u16, Value)> {
    let mut request = format!("ws://{addr}/ws").into_client_request().expect("a request");
    if let Some(address) = forwarded_for {
        request.headers_mut().insert("X-Forwarded-For", address.parse().expect("header"));
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok((socket, _)) => Ok(socket),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            let body = response.body().as_deref().map(serde_json::from_slice).and_then(Result::ok);
            Err((response.status().as_u16(), body.unwrap_or(Value::Null)))
        }
        Err(error) => panic!("unexpected connection error: {error}"),
    }
}

fn subscribe(game: Uuid) -> Value {
    json!({ "type": "subscribe", "game_id": game })
}

async fn sockets_per_address_are_limited_and_a_closed_socket_frees_its_place(url: &str) {
    let limits = Limits { sockets_per_address: 3, trust_forwarded_for: true, ..Limits::default() };
    let server = TestServer::start(url, with_limits(limits)).await;
    let api = Api::new(server.url());
    let player = api.guest("player").await;
    let mut open = Vec::new();
    for n in 0..3 {
        open.push(
            open_socket(server.addr, Some("192.0.2.1")).await.unwrap_or_else(|refused| panic!("{n}: {refused:?}")),
        );
    }
    let Err((status, body)) = open_socket(server.addr, Some("192.0.2.1")).await else {
        panic!("a fourth socket from the address was let in")
    };
    assert_eq!((status, body["code"].as_str()), (429, Some("too_many_sockets")), "{body}");
    // Signed in or not, a socket counts against its address.
    let signed_in = WsClient::connect_with_headers(server.addr, Some(&player.token), None).await;
    assert!(signed_in.is_ok(), "the test's own address has room");
    assert!(open_socket(server.addr, Some("192.0.2.2")).await.is_ok(), "other addresses are not affected");

    open.pop().expect("an open socket").close(None).await.expect("the socket closes");
    let reopened = eventually(CATCH_UP, || async { open_socket(server.addr, Some("192.0.2.1")).await.ok() }).await;
    assert!(reopened.is_some(), "a closed socket frees its place");
    server.stop().await;
}

/// A client usually holds a whole IPv6 /64 and can take a new address of it for every socket: sockets count
/// against the block, as the rate limits do.
async fn ipv6_sockets_count_by_their_slash_64(url: &str) {
    let limits = Limits { sockets_per_address: 2, trust_forwarded_for: true, ..Limits::default() };
    let server = TestServer::start(url, with_limits(limits)).await;
    let mut open = Vec::new();
    for address in ["2001:db8:1:2::1", "2001:db8:1:2::2"] {
        open.push(open_socket(server.addr, Some(address)).await.unwrap_or_else(|refused| panic!("{refused:?}")));
    }
    let Err((status, body)) = open_socket(server.addr, Some("2001:db8:1:2:ffff::3")).await else {
        panic!("a third socket from the /64 was let in")
    };
    assert_eq!((status, body["code"].as_str()), (429, Some("too_many_sockets")), "{body}");
    assert!(open_socket(server.addr, Some("2001:db8:1:3::1")).await.is_ok(), "another /64 is not affected");
    server.stop().await;
}

async fn a_socket_watches_a_limited_number_of_games(url: &str) {
    let server = TestServer::start(url, with_limits(Limits { subscriptions_per_socket: 2, ..Limits::default() })).await;
    let api = Api::new(server.url());
    let (white, black) = (api.guest("white").await, api.guest("black").await);
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(api.start_game(&white, &black, BLITZ).await);
    }
    let mut watcher = WsClient::connect_anonymous(server.addr).await;
    watcher.request(1, subscribe(games[0])).await;
    watcher.request(2, subscribe(games[1])).await;
    assert_eq!(watcher.refused(3, subscribe(games[2])).await, ErrorCode::TooManySubscriptions);
    watcher.request(4, subscribe(games[1])).await;
    watcher.request(5, json!({ "type": "unsubscribe", "game_id": games[0] })).await;
    watcher.request(6, subscribe(games[2])).await;
    // A player's own socket is limited the same way.
    let mut player = WsClient::connect(server.addr, &white.token).await;
    player.request(1, subscribe(games[0])).await;
    player.request(2, subscribe(games[1])).await;
    assert_eq!(player.refused(3, subscribe(games[2])).await, ErrorCode::TooManySubscriptions);
    server.stop().await;
}

async fn finished_games_kept_for_spectators_are_bounded_and_unloaded_when_unwatched(url: &str) {
    let server = TestServer::start(url, with_limits(Limits { watched_finished_games: 2, ..Limits::default() })).await;
    let api = Api::new(server.url());
    let (white, black) = (api.guest("white").await, api.guest("black").await);
    let mut games = Vec::new();
    for _ in 0..3 {
        let game = api.start_game(&white, &black, BLITZ).await;
        let (status, body) = api.post(&format!("/api/games/{game}/resign"), Some(&white.token), &json!({})).await;
        assert_eq!(status, 200, "resign: {body}");
        games.push(game);
    }
    let unloaded = eventually(CATCH_UP, || async { (server.state.games.running() == 0).then_some(()) }).await;
    assert!(unloaded.is_some(), "finished games nobody watches are not kept");

    let mut watcher = WsClient::connect_anonymous(server.addr).await;
    watcher.request(1, subscribe(games[0])).await;
    watcher.request(2, subscribe(games[1])).await;
    let mut other = WsClient::connect_anonymous(server.addr).await;
    assert_eq!(other.refused(1, subscribe(games[2])).await, ErrorCode::TooManyWatchedGames);
    other.request(2, subscribe(games[1])).await;
    // The refused game was loaded to answer, and goes again at once.
    let bounded = eventually(CATCH_UP, || async { (server.state.games.running() == 2).then_some(()) }).await;
    assert!(bounded.is_some(), "only the watched finished games stay in memory: {}", server.state.games.running());
    let (status, _) = api.get(&format!("/api/games/{}", games[2]), None).await;
    assert_eq!(status, 200, "the record of a game not kept stays readable");

    watcher.request(3, json!({ "type": "unsubscribe", "game_id": games[0] })).await;
    let freed = eventually(CATCH_UP, || async { (server.state.games.running() == 1).then_some(()) }).await;
    assert!(freed.is_some(), "an unwatched finished game is unloaded");
    other.request(3, subscribe(games[2])).await;
    let mut third = WsClient::connect_anonymous(server.addr).await;
    assert_eq!(third.refused(1, subscribe(games[0])).await, ErrorCode::TooManyWatchedGames, "the place was taken");
    server.stop().await;
}

async fn a_body_that_trickles_in_is_cut_off_at_its_deadline(url: &str) {
    let body_read_timeout = Duration::from_secs(2);
    let server = TestServer::start(url, with_limits(Limits { body_read_timeout, ..Limits::default() })).await;
    let head =
        "POST /api/guest HTTP/1.1\r\nHost: kartka\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n";
    let reply = reply_while_sending(server.addr, head, trickle()).await;
    assert!(reply.starts_with("HTTP/1.1 408"), "the body's deadline passed without an answer: {reply:?}");
    assert!(reply.contains(r#""code":"request_timeout""#), "a typed JSON error: {reply}");
    server.stop().await;
}

/// A byte a second, for far longer than any body deadline of these tests.
fn trickle() -> Vec<(Vec<u8>, Duration)> {
    vec![(b" ".to_vec(), Duration::from_secs(1)); 200]
}

/// Sends `head`, then each chunk followed by its pause, while reading the reply: what came back by the time the
/// server closed the connection, the chunks ran out, or `CATCH_UP` twice passed. The answer must not wait for
/// the whole body.
async fn reply_while_sending(addr: SocketAddr, head: &str, chunks: Vec<(Vec<u8>, Duration)>) -> String {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    stream.write_all(head.as_bytes()).await.expect("the head is sent");
    let mut reply = Vec::new();
    let (mut reading, mut writing) = stream.into_split();
    let answer = async {
        let mut buffer = [0_u8; 4096];
        loop {
            match reading.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => reply.extend_from_slice(&buffer[..n]),
            }
        }
    };
    let send = async move {
        for (chunk, pause) in chunks {
            if writing.write_all(&chunk).await.is_err() {
                break;
            }
            tokio::time::sleep(pause).await;
        }
        // The whole body is out: give the answer time to arrive.
        tokio::time::sleep(CATCH_UP).await;
    };
    tokio::select! {
        () = answer => {}
        () = send => {}
        () = tokio::time::sleep(CATCH_UP * 2) => {}
    }
    String::from_utf8_lossy(&reply).into_owned()
}

/// A server with `limits` and the token of an admin of it.
async fn with_an_admin(url: &str, limits: Limits) -> (TestServer, String) {
    let server = TestServer::start(url, with_limits(limits)).await;
    let api = Api::new(server.url());
    let credentials = json!({ "username": "boss", "password": "long enough secret" });
    let (status, session) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "{session}");
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let token = session["token"].as_str().expect("a token").to_owned();
    (server, token)
}

fn import_head(token: &str, length: usize) -> String {
    format!(
        "POST /api/admin/import?source=limits HTTP/1.1\r\nHost: kartka\r\nAuthorization: Bearer {token}\r\n\
         Content-Length: {length}\r\n\r\n"
    )
}

async fn an_oversized_import_gets_the_typed_error(url: &str) {
    let (server, token) = with_an_admin(url, Limits::default()).await;
    let length = 64 * 1024 * 1024 + 1;
    let chunks = vec![(vec![b' '; 1024 * 1024], Duration::ZERO); 65];
    let reply = reply_while_sending(server.addr, &import_head(&token, length), chunks).await;
    assert!(reply.starts_with("HTTP/1.1 413"), "{reply:?}");
    assert!(reply.contains("application/json"), "{reply:?}");
    assert!(reply.contains(r#""code":"frame_too_large""#), "a typed JSON error: {reply}");
    server.stop().await;
}

async fn a_lower_import_limit_refuses_a_smaller_file(url: &str) {
    let import_max_bytes = 1024 * 1024;
    let (server, token) = with_an_admin(url, Limits { import_max_bytes, ..Limits::default() }).await;
    let chunks = vec![(vec![b' '; import_max_bytes + 1], Duration::ZERO)];
    let reply = reply_while_sending(server.addr, &import_head(&token, import_max_bytes + 1), chunks).await;
    assert!(reply.starts_with("HTTP/1.1 413"), "{reply:?}");
    assert!(reply.contains("application/json"), "{reply:?}");
    assert!(reply.contains(r#""code":"frame_too_large""#), "a typed JSON error: {reply}");
    server.stop().await;
}

async fn an_import_that_trickles_in_gets_the_typed_error(url: &str) {
    let body_read_timeout = Duration::from_secs(2);
    let (server, token) = with_an_admin(url, Limits { body_read_timeout, ..Limits::default() }).await;
    let reply = reply_while_sending(server.addr, &import_head(&token, 200), trickle()).await;
    assert!(reply.starts_with("HTTP/1.1 408"), "{reply:?}");
    assert!(reply.contains(r#""code":"request_timeout""#), "a typed JSON error: {reply}");
    server.stop().await;
}

/// A player search whose URI is `length` bytes long, padded with a query parameter the search ignores.
fn search_of_length(length: usize) -> String {
    let start = "/api/players?prefix=ab&pad=";
    format!("{start}{}", "x".repeat(length - start.len()))
}

async fn a_uri_over_the_limit_gets_the_typed_error(url: &str) {
    let server = TestServer::start(url, with_limits(Limits { max_uri_bytes: 1024, ..Limits::default() })).await;
    let api = Api::new(server.url());
    let (status, body) = api.get(&search_of_length(1024), None).await;
    assert_eq!(status, 200, "a URI at the limit is answered: {body}");
    let (status, body) = api.get(&search_of_length(1025), None).await;
    assert_eq!((status, &body["code"]), (414, &json!("uri_too_long")), "a typed JSON error: {body}");
    server.stop().await;

    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (status, body) = api.get(&search_of_length(8 * 1024 + 1), None).await;
    assert_eq!((status, &body["code"]), (414, &json!("uri_too_long")), "the default limit is 8 KiB: {body}");
    server.stop().await;
}

async fn a_refused_resume_takes_no_watched_place(url: &str) {
    let server = TestServer::start(url, with_limits(Limits { watched_finished_games: 1, ..Limits::default() })).await;
    let api = Api::new(server.url());
    let (white, black) = (api.guest("white").await, api.guest("black").await);
    let resign = |game: Uuid| {
        let (api, token) = (&api, &white.token);
        async move {
            let (status, body) = api.post(&format!("/api/games/{game}/resign"), Some(token), &json!({})).await;
            assert_eq!(status, 200, "resign: {body}");
        }
    };
    let unwatched = api.start_game(&white, &black, BLITZ).await;
    resign(unwatched).await;
    // A game that ends while watched stays loaded for its watcher, and takes a place only at its next subscription.
    let watched = api.start_game(&white, &black, BLITZ).await;
    let mut watcher = WsClient::connect_anonymous(server.addr).await;
    watcher.request(1, subscribe(watched)).await;
    resign(watched).await;

    let mut resuming = WsClient::connect_anonymous(server.addr).await;
    let beyond = json!({ "type": "subscribe", "game_id": watched, "after_seq": 1_000_000 });
    assert_eq!(resuming.refused(1, beyond).await, ErrorCode::InvalidRequest);
    let mut spectator = WsClient::connect_anonymous(server.addr).await;
    spectator.request(1, subscribe(unwatched)).await;
    server.stop().await;
}
