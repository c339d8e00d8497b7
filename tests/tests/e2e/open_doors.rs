//! Open doors, end to end on both stores: without an account a socket watches games and the lobby (and stays
//! past the hello timeout while it does), and does nothing else; guests play casual games only, and rated play
//! needs a registered account on every path to a game.

use std::time::Duration;

use kartka_protocol::rest::Session;
use kartka_protocol::{ErrorCode, GameEvent, ServerFrame, TimeControl};
use kartka_server::config::{Limits, Settings};
use kartka_tests::client::{Api, WsClient, KURNIK};
use kartka_tests::server::TestServer;
use serde_json::json;

kartka_tests::on_both_stores!(
    a_visitor_without_an_account_watches_a_game_and_the_lobby,
    guests_play_casual_games_and_rated_play_needs_registration,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };

async fn register(api: &Api, name: &str) -> Session {
    let credentials = json!({ "username": name, "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "register {name}: {body}");
    serde_json::from_value(body).expect("a session")
}

async fn a_visitor_without_an_account_watches_a_game_and_the_lobby(url: &str) {
    let settings = Settings {
        limits: Limits { hello_timeout: Duration::from_secs(1), ..Limits::default() },
        ..Settings::default()
    };
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    let alice = api.guest("alice").await;
    let bob = api.guest("bob").await;
    let game = api.start_game(&alice, &bob, BLITZ).await;

    let mut visitor = WsClient::connect_anonymous(server.addr).await;
    visitor.request(1, json!({ "type": "subscribe", "game_id": game, "chat": true, "viewers": true })).await;
    visitor.request(2, json!({ "type": "lobby_subscribe", "chat": true })).await;
    assert!(matches!(visitor.next().await, ServerFrame::Snapshot { .. }));
    // Watching keeps the socket open past the hello timeout.
    visitor.stay(Duration::from_millis(1500)).await;

    let mut player = WsClient::connect(server.addr, &alice.token).await;
    let frame = json!({ "type": "move", "game_id": game, "ply": 0, "client_move_id": "m0", "notation": "0" });
    player.request(1, frame).await;
    let moved = visitor.next_event().await;
    assert!(matches!(moved.event, GameEvent::Moved { .. }), "the visitor sees the move: {moved:?}");

    let mut frames = Vec::new();
    for (id, frame) in [
        (3, json!({ "type": "move", "game_id": game, "ply": 1, "client_move_id": "x", "notation": "0" })),
        (4, json!({ "type": "chat_send", "channel": { "kind": "lobby" }, "text": "hi" })),
        (5, json!({ "type": "pool_join", "pool": { "ruleset": KURNIK, "time_control": BLITZ, "rated": false } })),
    ] {
        frames.push(visitor.refused(id, frame).await);
    }
    assert_eq!(frames, [ErrorCode::Unauthenticated; 3], "watching is all a visitor does");
    visitor.request(6, json!({ "type": "unsubscribe", "game_id": game })).await;
    visitor.request(7, json!({ "type": "lobby_unsubscribe" })).await;
    assert_eq!(visitor.closed().await, Some(1008), "with nothing to watch, the hello timeout applies again");

    let (status, _) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200, "a game is open to read without an account");
    let (status, _) = api.get("/api/games?status=active", None).await;
    assert_eq!(status, 200, "so are the live games");
    server.stop().await;
}

async fn guests_play_casual_games_and_rated_play_needs_registration(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let guest = api.guest("walk-in").await;
    let alice = register(&api, "alice").await;
    let bob = register(&api, "bob").await;
    let challenge = |opponent: &str, rated: bool| json!({ "opponent": opponent, "ruleset": KURNIK, "time_control": BLITZ, "colour": "first", "rated": rated });

    let (status, body) = api.post("/api/challenges", Some(&guest.token), &challenge("alice", true)).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("registration_required")), "a guest asks for rated");
    let (status, body) = api.post("/api/challenges", Some(&alice.token), &challenge("walk-in", true)).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("registration_required")), "rated against a guest");
    let (status, body) = api.post("/api/challenges", Some(&guest.token), &challenge("alice", false)).await;
    assert_eq!(status, 201, "casual is fine: {body}");
    let (status, body) = api.post("/api/challenges", Some(&alice.token), &challenge("bob", true)).await;
    assert_eq!(status, 201, "registered players play rated: {body}");

    // An open rated challenge: a guest may not take it.
    let open = json!({ "ruleset": KURNIK, "time_control": BLITZ, "colour": "first", "rated": true });
    let (_, body) = api.post("/api/challenges", Some(&bob.token), &open).await;
    let id = body["id"].as_str().expect("a challenge id").to_owned();
    let (status, body) = api.post(&format!("/api/challenges/{id}/accept"), Some(&guest.token), &json!({})).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("registration_required")));

    let mut socket = WsClient::connect(server.addr, &guest.token).await;
    let rated_pool =
        json!({ "type": "pool_join", "pool": { "ruleset": KURNIK, "time_control": BLITZ, "rated": true } });
    assert_eq!(socket.refused(1, rated_pool).await, ErrorCode::RegistrationRequired);
    let rated_seek = json!({ "type": "seek_create", "ruleset": KURNIK, "time_control": BLITZ, "rated": true });
    assert_eq!(socket.refused(2, rated_seek).await, ErrorCode::RegistrationRequired);
    let mut registered = WsClient::connect(server.addr, &alice.token).await;
    registered
        .send(json!({ "type": "seek_create", "id": 1, "ruleset": KURNIK, "time_control": BLITZ, "rated": true }))
        .await;
    let seek_id = loop {
        if let ServerFrame::SeekCreated { seek, .. } = registered.next().await {
            break seek.id;
        }
    };
    let accept = json!({ "type": "seek_accept", "seek_id": seek_id });
    assert_eq!(socket.refused(3, accept).await, ErrorCode::RegistrationRequired, "a guest takes no rated seek");
    let casual_pool =
        json!({ "type": "pool_join", "pool": { "ruleset": KURNIK, "time_control": BLITZ, "rated": false } });
    socket.request(4, casual_pool).await;
    server.stop().await;
}
