//! The admin API end to end, on SQLite and PostgreSQL: the role and its refusals, the timeline of games played
//! through real WebSocket clients, positions, actions with their audit entries, and the whole kurnik corpus
//! imported, searched and exported again.

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Duration;

use kartka_engine::soccer::read_records;
use kartka_protocol::admin::{
    AccountActionDone, AccountKindName, AdminAccountList, AuditAction, AuditPage, ExportedGame, GameActionDone,
    GamePosition, GameReview, GameSearchPage, ImportReport, TimelineEntry,
};
use kartka_protocol::correspondence::SeekStatus;
use kartka_protocol::rest::{Profile, Session};
use kartka_protocol::{
    EndReasonName, GameEvent, GameKindName, GameStatus, SeatName, ServerFrame, SpeedClass, TimeControl,
    BANNED_CLOSE_CODE,
};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::import::record_text;
use kartka_server::admin::role;
use kartka_server::config::Settings;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::server::TestServer;
use kartka_tests::stored::StoredGame;
use serde_json::{json, Value};
use sqlx::Connection;
use uuid::Uuid;

kartka_tests::on_both_stores!(
    every_admin_endpoint_refuses_no_token_a_guest_and_a_registered_player,
    admins_come_from_the_configuration_and_the_command_line,
    the_timeline_shows_a_disconnect_and_a_reconnect_in_order_with_the_moves,
    a_flooding_player_leaves_connection_closed_in_the_timeline,
    positions_records_and_moves_of_a_game,
    each_action_changes_what_it_should_and_leaves_its_audit_entry,
    adjudicating_a_running_rated_game_rates_it_and_a_replaced_result_is_rated_anew,
    banning_closes_sockets_revokes_sessions_and_blocks_games,
    banning_a_guest_refuses_new_guests_from_its_address_until_the_cool_down_ends,
    a_record_export_is_one_kinds_file_that_imports_back,
    the_audit_log_cannot_be_edited,
    an_admin_may_not_abort_adjudicate_or_ban_in_a_game_they_play_in,
    the_corpus_imports_searches_and_exports_as_the_same_games,
    the_account_search_finds_guests_imported_and_banned_accounts_by_prefix,
);

const SERVER: &str = env!("CARGO_BIN_EXE_kartka-test-server");
const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };
/// White's last turn `17` bounces off the right post into the top goal.
const GOAL_SCRIPT: [&str; 5] = ["0", "0", "0", "0", "17"];

struct Room {
    server: TestServer,
    api: Api,
    admin: Session,
    alice: Session,
    bob: Session,
}

/// A server with an admin (`boss`) and two registered players, `alice` and `bob`.
async fn room(url: &str, settings: Settings) -> Room {
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    let admin = register(&api, "boss").await;
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let alice = register(&api, "alice").await;
    let bob = register(&api, "bob").await;
    Room { server, api, admin, alice, bob }
}

async fn register(api: &Api, name: &str) -> Session {
    let credentials = json!({ "username": name, "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "register {name}: {body}");
    serde_json::from_value(body).expect("a session")
}

/// Connects and subscribes to a game; returns once the subscription is acknowledged.
async fn subscribed(addr: std::net::SocketAddr, token: &str, game: Uuid) -> WsClient {
    let mut client = WsClient::connect(addr, token).await;
    client.request(1, json!({ "type": "subscribe", "game_id": game })).await;
    client
}

async fn review(room: &Room, game: Uuid) -> GameReview {
    let (status, body) = room.api.get(&format!("/api/admin/games/{game}"), Some(&room.admin.token)).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_value(body).expect("a review")
}

fn game_events(review: &GameReview) -> Vec<(u64, GameEvent)> {
    review
        .timeline
        .iter()
        .filter_map(|entry| match entry {
            TimelineEntry::Game { seq, event, .. } => Some((*seq, event.clone())),
            TimelineEntry::Admin { .. } | TimelineEntry::Chat { .. } => None,
        })
        .collect()
}

async fn audit(room: &Room) -> Vec<kartka_protocol::admin::AuditEntry> {
    let (status, body) = room.api.get("/api/admin/audit", Some(&room.admin.token)).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_value::<AuditPage>(body).expect("an audit page").entries
}

async fn every_admin_endpoint_refuses_no_token_a_guest_and_a_registered_player(url: &str) {
    let room = room(url, Settings::default()).await;
    let guest = room.api.guest("visitor").await;
    let game = room.api.start_game(&room.alice, &room.bob, BLITZ).await;
    let missing = Uuid::new_v4();
    let reason = json!({ "reason": "testing" });
    let adjudication = json!({ "result": "draw", "reason": "testing" });
    let mut endpoints: Vec<(&str, String, Option<Value>)> = Vec::new();
    for id in [game, missing] {
        endpoints.extend([
            ("GET", format!("/api/admin/games/{id}"), None),
            ("GET", format!("/api/admin/games/{id}/position?ply=0"), None),
            ("GET", format!("/api/admin/games/{id}/record"), None),
            ("POST", format!("/api/admin/games/{id}/abort"), Some(reason.clone())),
            ("POST", format!("/api/admin/games/{id}/adjudicate"), Some(adjudication.clone())),
        ]);
    }
    endpoints.extend([
        ("GET", "/api/admin/games?status=active".to_owned(), None),
        ("GET", "/api/admin/export/games.ndjson".to_owned(), None),
        ("GET", "/api/admin/export/games.pgn".to_owned(), None),
        ("GET", "/api/admin/accounts?prefix=b".to_owned(), None),
        ("GET", "/api/admin/accounts/bob".to_owned(), None),
        ("POST", "/api/admin/accounts/bob/ban".to_owned(), Some(reason.clone())),
        ("POST", "/api/admin/accounts/bob/unban".to_owned(), Some(reason.clone())),
        ("GET", "/api/admin/audit".to_owned(), None),
        ("POST", "/api/admin/import?source=x".to_owned(), None),
    ]);
    let audit_before = audit(&room).await.len();
    for (method, path, body) in &endpoints {
        for (who, token, status, code) in [
            ("no token", None, 401, "unauthenticated"),
            ("a bad token", Some("not-a-token"), 401, "invalid_token"),
            ("a guest", Some(guest.token.as_str()), 403, "forbidden"),
            ("a registered player", Some(room.alice.token.as_str()), 403, "forbidden"),
        ] {
            let (got, reply) = match (*method, body) {
                ("GET", _) => room.api.get(path, token).await,
                (_, Some(body)) => room.api.post(path, token, body).await,
                (_, None) => room.api.post_bytes(path, token, b"1. 0 *".to_vec()).await,
            };
            assert_eq!(got, status, "{method} {path} by {who}: {reply}");
            assert_eq!(reply["code"], code, "{method} {path} by {who}: {reply}");
            let keys: Vec<&String> = reply.as_object().expect("an error body").keys().collect();
            assert_eq!(keys, ["code", "message"], "nothing else is said");
        }
    }
    let snapshot = room.server.state.games.snapshot(game).await.expect("snapshot");
    assert_eq!(snapshot.status, GameStatus::Active, "no refused request touched the game");
    assert_eq!(snapshot.seq, 1);
    let account = room.server.state.store.account_by_name("bob").await.expect("read").expect("bob");
    assert!(!account.banned);
    assert_eq!(audit(&room).await.len(), audit_before, "no refused request wrote to the audit log");
    for (path, expected) in [
        (format!("/api/admin/games/{game}"), 200),
        (format!("/api/admin/games/{missing}"), 404),
        (format!("/api/admin/games/{game}/position?ply=0"), 200),
        ("/api/admin/games".to_owned(), 200),
        ("/api/admin/accounts/bob".to_owned(), 200),
    ] {
        assert_eq!(room.api.get(&path, Some(&room.admin.token)).await.0, expected, "{path} by the admin");
    }
    room.server.stop().await;
}

async fn admins_come_from_the_configuration_and_the_command_line(url: &str) {
    let first = TestServer::start(url, Settings::default()).await;
    let api = Api::new(first.url());
    let chief = register(&api, "chief").await;
    let carol = register(&api, "carol").await;
    assert_eq!(api.get("/api/admin/audit", Some(&chief.token)).await.0, 403);
    first.stop().await;

    let settings = Settings { admins: vec!["chief".to_owned(), "nobody-yet".to_owned()], ..Settings::default() };
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    let (status, body) = api.get("/api/admin/audit", Some(&chief.token)).await;
    assert_eq!(status, 200, "the configuration granted the role at start-up: {body}");
    let page: AuditPage = serde_json::from_value(body).expect("an audit page");
    assert_eq!(page.entries[0].action, AuditAction::GrantAdmin);
    assert_eq!(page.entries[0].actor, "configuration");
    assert_eq!(page.entries[0].account_id, Some(chief.account.id));

    let cli = |args: &[&str]| {
        std::process::Command::new(SERVER).args(["admin"]).args(args).env("DATABASE_URL", url).output().expect("run")
    };
    let role_now = |token: String| {
        let api = &api;
        async move { api.get("/api/me", Some(&token)).await.1["admin"].as_bool() }
    };
    assert_eq!(api.get("/api/admin/audit", Some(&carol.token)).await.0, 403);
    assert_eq!(role_now(carol.token.clone()).await, Some(false));
    let granted = cli(&["grant", "carol"]);
    assert!(granted.status.success(), "{}", String::from_utf8_lossy(&granted.stderr));
    assert_eq!(api.get("/api/admin/audit", Some(&carol.token)).await.0, 200);
    assert_eq!(role_now(carol.token.clone()).await, Some(true), "the session signed in before the grant sees it");
    let revoked = cli(&["revoke", "carol", "--reason", "left the team"]);
    assert!(revoked.status.success(), "{}", String::from_utf8_lossy(&revoked.stderr));
    assert_eq!(api.get("/api/admin/audit", Some(&carol.token)).await.0, 403);
    assert_eq!(role_now(carol.token.clone()).await, Some(false), "and the revocation");
    let unknown = cli(&["grant", "nobody-at-all"]);
    assert!(!unknown.status.success(), "granting an unknown account fails");
    let guest = api.guest("walk-in").await;
    assert!(!cli(&["grant", &guest.account.name]).status.success(), "guests cannot be admins");

    let (_, body) = api.get("/api/admin/audit", Some(&chief.token)).await;
    let page: AuditPage = serde_json::from_value(body).expect("an audit page");
    let newest = &page.entries[0];
    assert_eq!((newest.action, newest.actor.as_str()), (AuditAction::RevokeAdmin, "command line"));
    assert_eq!(newest.reason, "left the team");
    server.stop().await;
}

async fn the_timeline_shows_a_disconnect_and_a_reconnect_in_order_with_the_moves(url: &str) {
    let room = room(url, Settings::default()).await;
    let game = room.api.start_game(&room.alice, &room.bob, BLITZ).await;
    let mut alice = subscribed(room.server.addr, &room.alice.token, game).await;
    let bob = subscribed(room.server.addr, &room.bob.token, game).await;
    alice.request(2, move_frame(game, 0, "a1", "0")).await;
    bob.close().await;
    while !matches!(alice.next_event().await.event, GameEvent::PlayerDisconnected { .. }) {}
    let mut bob = subscribed(room.server.addr, &room.bob.token, game).await;
    bob.request(2, move_frame(game, 1, "b1", "0")).await;

    let review = review(&room, game).await;
    let events = game_events(&review);
    let seqs: Vec<u64> = events.iter().map(|(seq, _)| *seq).collect();
    assert_eq!(seqs, (1..=seqs.len() as u64).collect::<Vec<_>>(), "every event, in order");
    let story: Vec<String> = events
        .iter()
        .map(|(_, event)| match event {
            GameEvent::Started { .. } => "started".to_owned(),
            GameEvent::PlayerConnected { seat } => format!("{seat:?} connected"),
            GameEvent::PlayerDisconnected { seat, .. } => format!("{seat:?} disconnected"),
            GameEvent::Moved { record, .. } => format!("{:?} moved {}", record.seat, record.notation),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(
        story,
        [
            "started",
            "First connected",
            "Second connected",
            "First moved 0",
            "Second disconnected",
            "Second connected",
            "Second moved 0"
        ]
    );
    assert_eq!(review.moves.len(), 2);
    let times: Vec<i64> = review.timeline.iter().map(timeline_time).collect();
    assert!(times.windows(2).all(|pair| pair[0] <= pair[1]), "the timeline runs forward: {times:?}");
    let second_move = &review.moves[1];
    assert_eq!((second_move.ply, second_move.turn, second_move.seat), (1, 2, SeatName::Second));
    assert!(second_move.received_at_ms.is_some() && second_move.clocks.is_some());
    assert_eq!(second_move.client_move_id.as_deref(), Some("b1"));
    room.server.stop().await;
}

fn timeline_time(entry: &TimelineEntry) -> i64 {
    entry.at_ms()
}

async fn a_flooding_player_leaves_connection_closed_in_the_timeline(url: &str) {
    let room = room(url, Settings { ws_messages_per_second: 5, ..Settings::default() }).await;
    let game = room.api.start_game(&room.alice, &room.bob, BLITZ).await;
    let _bob = subscribed(room.server.addr, &room.bob.token, game).await;
    let mut alice = subscribed(room.server.addr, &room.alice.token, game).await;
    for id in 10..60 {
        if !alice.try_send(json!({ "type": "ping", "id": id })).await {
            break;
        }
    }
    assert_eq!(alice.closed().await, Some(1008));
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let events = loop {
        let events = game_events(&review(&room, game).await);
        if events.iter().any(|(_, event)| matches!(event, GameEvent::PlayerDisconnected { .. })) {
            break events;
        }
        assert!(tokio::time::Instant::now() < deadline, "the disconnect is recorded: {events:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let tail: Vec<&GameEvent> = events.iter().rev().take(2).map(|(_, event)| event).collect();
    assert!(
        matches!(tail[0], GameEvent::PlayerDisconnected { seat: SeatName::First, .. }),
        "then the disconnect: {tail:?}"
    );
    assert_eq!(
        tail[1],
        &GameEvent::ConnectionClosed { seat: SeatName::First, reason: "rate limit exceeded".to_owned() },
        "first the closed connection and why"
    );
    room.server.stop().await;
}

async fn play_goal_script(room: &Room, game: Uuid) {
    let mut alice = WsClient::connect(room.server.addr, &room.alice.token).await;
    let mut bob = WsClient::connect(room.server.addr, &room.bob.token).await;
    let mut ply = 0;
    for (turn, notation) in GOAL_SCRIPT.iter().enumerate() {
        let mover = if turn % 2 == 0 { &mut alice } else { &mut bob };
        mover.request(turn as u64 + 1, move_frame(game, ply, &format!("m{turn}"), notation)).await;
        ply += notation.len() as u32;
    }
}

async fn positions_records_and_moves_of_a_game(url: &str) {
    let room = room(url, Settings::default()).await;
    let game = room.api.start_game(&room.alice, &room.bob, BLITZ).await;
    play_goal_script(&room, game).await;
    let token = Some(room.admin.token.as_str());
    let position = |ply: &str| {
        let api = room.api.clone();
        let path = format!("/api/admin/games/{game}/position{ply}");
        async move { api.get(&path, token).await }
    };
    let audit_before = audit(&room).await.len();
    let (status, body) = position("?ply=5").await;
    assert_eq!(status, 200, "{body}");
    let on_post: GamePosition = serde_json::from_value(body).expect("a position");
    assert_eq!((on_post.game_id, on_post.kind, on_post.ply, on_post.plies), (game, GameKindName::PaperSoccer, 5, 6));
    assert_eq!((on_post.to_act, on_post.over, &on_post.outcome), (Some(SeatName::First), false, &None));
    assert_eq!(on_post.moves, ["0", "0", "0", "0", "1"], "the bounce cuts the last turn after its first step");
    assert!(on_post.legal_actions.contains(&"7".to_owned()), "the scoring step is legal: {on_post:?}");
    assert!(
        !on_post.truncated
            && on_post
                .legal_actions
                .iter()
                .all(|step| ["0", "1", "2", "3", "4", "5", "6", "7"].contains(&step.as_str()))
    );
    let (_, body) = position("").await;
    let end: GamePosition = serde_json::from_value(body).expect("a position");
    assert_eq!((end.ply, end.to_act, end.over, end.legal_actions.len()), (6, None, true, 0));
    let outcome = end.outcome.expect("a goal ends the game by the rules");
    assert_eq!((outcome.winner, outcome.reason), (Some(SeatName::First), EndReasonName::Goal));
    assert_eq!(end.moves, GOAL_SCRIPT);
    let (status, body) = position("?ply=7").await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")));
    assert_eq!(audit(&room).await.len(), audit_before, "reading positions writes no audit entry");

    let (status, record) = room.api.get_text(&format!("/api/admin/games/{game}/record"), token).await;
    assert_eq!(status, 200);
    assert!(record.contains("1. 0 0 2. 0 0 3. 17 0-1"), "{record}");
    let (status, kurnik) = room.api.get_text(&format!("/api/admin/games/{game}/record?format=kurnik"), token).await;
    let kurniks_clock = record.replace("[TimeControl \"300+5\"]", "[TimeControl \"300\"]");
    assert_ne!(kurniks_clock, record, "the own record gives the clock with its increment: {record}");
    assert_eq!(
        (status, kurnik.as_str()),
        (200, kurniks_clock.as_str()),
        "a classic game's own record is kurnik's, but for the increment kurnik cannot write"
    );
    let (status, refusal) = room.api.get_text(&format!("/api/admin/games/{game}/record?format=sgf"), token).await;
    assert_eq!(status, 400);
    assert!(refusal.contains("invalid_request") && refusal.contains("its formats are own, kurnik"), "{refusal}");

    let review = review(&room, game).await;
    assert_eq!(review.record_formats, ["own", "kurnik"], "the formats the kind writes, own first");
    assert_eq!(review.moves.iter().map(|m| m.notation.as_str()).collect::<Vec<_>>(), GOAL_SCRIPT);
    assert_eq!(review.moves.iter().map(|m| m.turn).collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
    let clocks = review.moves[0].clocks.clone().expect("clocks after the move");
    assert_eq!(clocks.second_ms, 300_000, "the second clock had not run yet");
    assert!(clocks.first_ms <= 305_000);
    assert_eq!(review.accounts[0].name, "alice");
    assert!(review.game.import.is_none());
    room.server.stop().await;
}

async fn an_admin_may_not_abort_adjudicate_or_ban_in_a_game_they_play_in(url: &str) {
    let room = room(url, Settings::default()).await;
    let own = room.api.start_game(&room.admin, &room.alice, BLITZ).await;
    let token = Some(room.admin.token.as_str());
    for (action, body) in [
        ("abort", json!({ "reason": "mine" })),
        ("adjudicate", json!({ "result": "first", "reason": "mine" })),
        ("adjudicate", json!({ "result": "draw", "reason": "mine" })),
    ] {
        let (status, answer) = room.api.post(&format!("/api/admin/games/{own}/{action}"), token, &body).await;
        assert_eq!((status, answer["code"].as_str()), (409, Some("not_allowed")), "{action}: {answer}");
    }
    let ban_body = json!({ "reason": "my opponent" });
    let ban = || room.api.post("/api/admin/accounts/alice/ban", token, &ban_body);
    let (status, answer) = ban().await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("not_allowed")), "no ban of a running opponent: {answer}");
    let snapshot = room.server.state.games.snapshot(own).await.expect("snapshot");
    assert_eq!((snapshot.status, snapshot.result), (GameStatus::Active, None), "nothing changed");
    assert!(audit(&room).await.iter().all(|entry| entry.game_id != Some(own)), "nothing audited");
    // Another admin may.
    role::set_admin(room.server.state.store.as_ref(), "bob", true, Actor::CommandLine, "second admin")
        .await
        .expect("grant");
    let (status, body) =
        room.api.post(&format!("/api/admin/games/{own}/abort"), Some(&room.bob.token), &json!({ "reason": "x" })).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = ban().await;
    assert_eq!(status, 200, "once the game is over, the opponent may be banned: {body}");
}

async fn each_action_changes_what_it_should_and_leaves_its_audit_entry(url: &str) {
    let room = room(url, Settings::default()).await;
    let running = room.api.start_game(&room.alice, &room.bob, BLITZ).await;
    let decided = room.api.start_game(&room.alice, &room.bob, BLITZ).await;
    let bystander = room.api.start_game(&room.bob, &room.alice, BLITZ).await;
    let carol = room.api.guest("carol").await;
    let mut watcher = subscribed(room.server.addr, &carol.token, running).await;
    let untouched = room.server.state.games.snapshot(bystander).await.expect("snapshot");
    let token = Some(room.admin.token.as_str());
    let post = |path: String, body: Value| {
        let api = room.api.clone();
        async move { api.post(&path, token, &body).await }
    };

    let (status, body) = post(format!("/api/admin/games/{running}/abort"), json!({ "reason": "  " })).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")), "a reason is required");
    let (status, body) = post(format!("/api/admin/games/{running}/abort"), json!({ "reason": "server trouble" })).await;
    assert_eq!(status, 200, "{body}");
    let done: GameActionDone = serde_json::from_value(body).expect("an answer");
    assert_eq!(done.game.game.status, GameStatus::Aborted);
    assert_eq!(done.game.game.result, None);
    assert_eq!((done.audit.action, done.audit.reason.as_str()), (AuditAction::Abort, "server trouble"));
    assert_eq!((done.audit.actor.as_str(), done.audit.admin_id), ("boss", Some(room.admin.account.id)));
    assert_eq!(done.audit.game_id, Some(running));
    assert_eq!(watcher.next_event().await.event, GameEvent::AbortedByAdmin {}, "subscribers see it");
    let (status, body) = post(format!("/api/admin/games/{running}/abort"), json!({ "reason": "again" })).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("game_over")));
    let (status, body) =
        post(format!("/api/admin/games/{running}/adjudicate"), json!({ "result": "first", "reason": "x" })).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("not_allowed")), "an aborted game has no result");

    let adjudicate = |result: &str, reason: &str| json!({ "result": result, "reason": reason });
    let (status, body) =
        post(format!("/api/admin/games/{decided}/adjudicate"), adjudicate("draw", "both agreed by mail")).await;
    assert_eq!(status, 200, "{body}");
    let done: GameActionDone = serde_json::from_value(body).expect("an answer");
    let result = done.game.game.result.expect("a result");
    assert_eq!((result.winner, result.reason), (None, EndReasonName::Adjudication));
    assert_eq!(done.game.game.status, GameStatus::Finished);
    let finished_at = done.game.game.finished_at_ms;
    assert_eq!(done.audit.details["result"], "draw");
    assert_eq!(done.audit.details["previous"]["status"], "active");
    let (status, body) =
        post(format!("/api/admin/games/{decided}/adjudicate"), adjudicate("second", "a lost move, proven")).await;
    assert_eq!(status, 200, "{body}");
    let done: GameActionDone = serde_json::from_value(body).expect("an answer");
    assert_eq!(done.game.game.result.and_then(|r| r.winner), Some(SeatName::Second), "a finished game's result");
    assert_eq!(done.game.game.finished_at_ms, finished_at, "it stays finished when it was");
    let snapshot = room.server.state.games.snapshot(decided).await.expect("snapshot");
    assert!(matches!(
        room.server.state.store.events_after(decided, snapshot.seq as i64 - 1).await.expect("events")[0].kind.as_str(),
        "adjudicated"
    ));
    let (status, _) = post(format!("/api/admin/games/{}/abort", Uuid::new_v4()), json!({ "reason": "x" })).await;
    assert_eq!(status, 404);

    let entries = audit(&room).await;
    let actions: Vec<AuditAction> = entries.iter().map(|e| e.action).collect();
    assert_eq!(actions[..3], [AuditAction::Adjudicate, AuditAction::Adjudicate, AuditAction::Abort]);
    assert_eq!(actions.len(), 4, "and the grant of the test admin, nothing else");
    let review = review(&room, decided).await;
    let admin_entries = review.timeline.iter().filter(|e| matches!(e, TimelineEntry::Admin { .. })).count();
    assert_eq!(admin_entries, 2, "the game's timeline shows its admin actions");
    let after = room.server.state.games.snapshot(bystander).await.expect("snapshot");
    assert_eq!((after.seq, after.status), (untouched.seq, untouched.status), "other games are untouched");
    for name in ["alice", "bob"] {
        let account = room.server.state.store.account_by_name(name).await.expect("read").expect("account");
        assert!(!account.banned && !account.is_admin, "accounts are untouched");
    }
    room.server.stop().await;
}

/// The blitz rating of a player, and how many rated games it counts.
async fn blitz_rating(room: &Room, name: &str) -> Option<(i32, u32)> {
    let (status, profile) = room.api.get(&format!("/api/players/{name}"), None).await;
    assert_eq!(status, 200, "{profile}");
    let profile: Profile = serde_json::from_value(profile).expect("a profile");
    profile.ratings.iter().find(|rating| rating.speed == SpeedClass::Blitz).map(|rating| (rating.rating, rating.games))
}

async fn adjudicating_a_running_rated_game_rates_it_and_a_replaced_result_is_rated_anew(url: &str) {
    let room = room(url, Settings::default()).await;
    let challenge = json!({ "opponent": "bob", "ruleset": { "kind": "paper-soccer" }, "time_control": BLITZ, "colour": "first", "rated": true });
    let (status, body) = room.api.post("/api/challenges", Some(&room.alice.token), &challenge).await;
    assert_eq!(status, 201, "{body}");
    let accept = format!("/api/challenges/{}/accept", body["id"].as_str().expect("an id"));
    let (status, body) = room.api.post(&accept, Some(&room.bob.token), &json!({})).await;
    assert_eq!(status, 200, "{body}");
    let game: Uuid = serde_json::from_value(body["game_id"].clone()).expect("the game");
    for (session, ply, id) in [(&room.alice, 0, "a1"), (&room.bob, 1, "b1")] {
        let body = json!({ "ply": ply, "client_move_id": id, "notation": "0" });
        let (status, moved) = room.api.post(&format!("/api/games/{game}/moves"), Some(&session.token), &body).await;
        assert_eq!(status, 200, "{moved}");
    }
    assert_eq!(blitz_rating(&room, "alice").await, None, "no rated game yet");
    let token = Some(room.admin.token.as_str());
    let adjudicate = format!("/api/admin/games/{game}/adjudicate");

    let (status, body) = room.api.post(&adjudicate, token, &json!({ "result": "first", "reason": "bob left" })).await;
    assert_eq!(status, 200, "{body}");
    let (alice, bob) = (blitz_rating(&room, "alice").await, blitz_rating(&room, "bob").await);
    let (Some((alice_rating, 1)), Some((bob_rating, 1))) = (alice, bob) else {
        panic!("both players are rated once: {alice:?} {bob:?}")
    };
    assert!(alice_rating > bob_rating, "the winner gains: {alice_rating} vs {bob_rating}");
    let events = game_events(&review(&room, game).await);
    let Some((_, GameEvent::Adjudicated { rating_changes, .. })) = events.last() else { panic!("{events:?}") };
    assert_eq!(rating_changes.len(), 2, "the event shows both changes");

    let (status, body) = room.api.post(&adjudicate, token, &json!({ "result": "draw", "reason": "appeal" })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["game"]["result"]["winner"], Value::Null, "the result is replaced");
    // The pool's rated results are replayed with the draw in place of the win: two newcomers who drew.
    let (alice_now, bob_now) = (blitz_rating(&room, "alice").await, blitz_rating(&room, "bob").await);
    let (Some((alice_drawn, 1)), Some((bob_drawn, 1))) = (alice_now, bob_now) else {
        panic!("both players still have one rated game: {alice_now:?} {bob_now:?}")
    };
    assert_eq!(alice_drawn, bob_drawn, "a draw between newcomers leaves them level");
    assert!(alice_drawn < alice_rating && bob_drawn > bob_rating, "the win is undone: {alice_drawn} {bob_drawn}");

    let (status, body) =
        room.api.post(&adjudicate, token, &json!({ "result": "first", "reason": "appeal upheld" })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(blitz_rating(&room, "alice").await, alice, "adjudicated back, the replay gives the first ratings again");
    assert_eq!(blitz_rating(&room, "bob").await, bob);
    room.server.stop().await;
}

async fn banning_closes_sockets_revokes_sessions_and_blocks_games(url: &str) {
    let room = room(url, Settings::default()).await;
    let carol = register(&room.api, "carol").await;
    let (status, body) = room.api.post(
        "/api/challenges",
        Some(&room.bob.token),
        &json!({ "opponent": "carol", "ruleset": { "kind": "paper-soccer" }, "time_control": { "type": "fischer", "initial_seconds": 60, "increment_seconds": 0 } }),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let challenge = body["id"].as_str().expect("an id").to_owned();
    let correspondence = json!({ "ruleset": { "kind": "paper-soccer" }, "time_control": { "type": "correspondence", "days_per_move": 3 } });
    let (status, body) = room.api.post("/api/seeks", Some(&room.bob.token), &correspondence).await;
    assert_eq!(status, 201, "{body}");
    let seek = body["id"].as_str().expect("an id").to_owned();
    let mut bob_socket = WsClient::connect(room.server.addr, &room.bob.token).await;
    let mut lobby = WsClient::connect_anonymous(room.server.addr).await;
    lobby.request(1, json!({ "type": "lobby_subscribe" })).await;
    let token = Some(room.admin.token.as_str());

    let (status, body) = room.api.post("/api/admin/accounts/bob/ban", token, &json!({ "reason": "cheating" })).await;
    assert_eq!(status, 200, "{body}");
    let done: AccountActionDone = serde_json::from_value(body).expect("an answer");
    assert!(done.account.banned);
    assert_eq!((done.audit.action, done.audit.account_id), (AuditAction::Ban, Some(room.bob.account.id)));
    assert_eq!(bob_socket.closed().await, Some(BANNED_CLOSE_CODE), "open sockets close, saying why");
    let (status, body) = room.api.get("/api/me", Some(&room.bob.token)).await;
    assert_eq!((status, body["code"].as_str()), (401, Some("invalid_token")), "sessions are revoked");
    let login = json!({ "username": "bob", "password": "long enough secret" });
    let (status, body) = room.api.post("/api/login", None, &login).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("account_banned")), "a banned account cannot log in");
    let (status, _) =
        room.api.post(&format!("/api/challenges/{challenge}/accept"), Some(&carol.token), &json!({})).await;
    assert_eq!(status, 404, "a banned account's challenge cannot start a game");
    let (status, body) = room.api.post(&format!("/api/seeks/{seek}/accept"), Some(&carol.token), &json!({})).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("unknown_seek")), "nor can its correspondence seek");
    let (status, body) = room.api.get("/api/seeks", None).await;
    assert_eq!((status, body["seeks"].as_array().map(Vec::len)), (200, Some(0)), "which is no longer listed");
    let removed = loop {
        if let ServerFrame::CorrespondenceSeekRemoved { seek_id, status } = lobby.next().await {
            break (seek_id.to_string(), status);
        }
    };
    assert_eq!(removed, (seek.clone(), SeekStatus::Cancelled), "the lobby's watchers see the seek go");
    let (status, body) = room.api.post("/api/admin/accounts/bob/ban", token, &json!({ "reason": "twice" })).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("not_allowed")));
    let (status, _) = room.api.post("/api/admin/accounts/boss/ban", token, &json!({ "reason": "me" })).await;
    assert_eq!(status, 409, "an admin cannot ban themselves");
    assert!(!room.server.state.store.account_by_name("alice").await.expect("read").expect("alice").banned);

    let (status, body) = room.api.post("/api/admin/accounts/bob/unban", token, &json!({ "reason": "appeal" })).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = room.api.post("/api/login", None, &login).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = room.api.get("/api/admin/accounts/bob", token).await;
    assert_eq!((status, body["banned"].as_bool()), (200, Some(false)));
    let (status, body) = room.api.get(&format!("/api/seeks/{seek}"), None).await;
    assert_eq!((status, body["status"].as_str()), (200, Some("cancelled")), "the ban's cancel outlives it");
    let actions: Vec<AuditAction> = audit(&room).await.iter().map(|e| e.action).collect();
    assert_eq!(actions, [AuditAction::Unban, AuditAction::Ban, AuditAction::GrantAdmin]);
    room.server.stop().await;
}

/// `POST /api/guest` to the server at `base` as a client at `address` (the server trusts `X-Forwarded-For` in
/// these tests): the status and the body.
async fn guest_from(base: &str, address: &str, name: &str) -> (u16, Value) {
    let response = reqwest::Client::new()
        .post(format!("{base}/api/guest"))
        .header("x-forwarded-for", address)
        .json(&json!({ "name": name }))
        .send()
        .await
        .expect("the server answers");
    (response.status().as_u16(), response.json().await.expect("a JSON body"))
}

/// Settings that take the client's address from `X-Forwarded-For`, with a guest ban's cool-down of `cooldown`.
fn forwarded(cooldown: Duration) -> Settings {
    let mut settings = Settings::default();
    settings.limits.trust_forwarded_for = true;
    settings.limits.guest_ban_cooldown = cooldown;
    settings
}

async fn banning_a_guest_refuses_new_guests_from_its_address_until_the_cool_down_ends(url: &str) {
    let hour = Duration::from_secs(60 * 60);
    let room = room(url, forwarded(hour)).await;
    let base = room.server.url();
    let token = Some(room.admin.token.as_str());
    let (status, body) = guest_from(&base, "2001:db8:1:2::1", "gusia").await;
    assert_eq!(status, 200, "{body}");
    let gusia: Session = serde_json::from_value(body).expect("a session");
    let mut socket = WsClient::connect(room.server.addr, &gusia.token).await;

    let (status, body) = room.api.post("/api/admin/accounts/gusia/ban", token, &json!({ "reason": "spam" })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(socket.closed().await, Some(BANNED_CLOSE_CODE), "the guest's socket closes, saying why");
    let (status, body) = guest_from(&base, "2001:db8:1:2:ffff::7", "gusia2").await;
    assert_eq!((status, body["code"].as_str()), (403, Some("guest_banned")), "the same /64 gets no new guest");
    assert!(room.server.state.store.account_by_name("gusia2").await.expect("read").is_none(), "nothing was created");
    let (status, body) = guest_from(&base, "2001:db8:1:3::1", "neighbour").await;
    assert_eq!(status, 200, "another /64 is not affected: {body}");
    let credentials = json!({ "username": "registered", "password": "long enough secret" });
    let (status, body) = room.api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "registering is not refused: {body}");
    room.server.stop().await;

    // The cool-down is the store's: a restarted server (or another node) refuses alike.
    let server = TestServer::start(url, forwarded(hour)).await;
    let (status, body) = guest_from(&server.url(), "2001:db8:1:2::1", "gusia3").await;
    assert_eq!((status, body["code"].as_str()), (403, Some("guest_banned")), "after a restart too");
    server.stop().await;

    // With the cool-down off, a ban refuses no new guest.
    let server = TestServer::start(url, forwarded(Duration::ZERO)).await;
    let (status, body) = guest_from(&server.url(), "2001:db8:1:2::1", "gusia4").await;
    assert_eq!(status, 200, "no cool-down: {body}");
    server.stop().await;
}

/// A kurnik record of a short Paper Soccer game, and a zagram SGF record of a short Dots game.
const KURNIK_GAME: &str = "[Event \"?\"]\n[Site \"kurnik\"]\n[Date \"2014.09.22\"]\n[Time \"01:02:03\"]\n\
    [Black \"Bob\"]\n[White \"Alice\"]\n[Result \"1-0\"]\n[TimeControl \"60\"]\n\n1. 0 3 2. 6 1-0\n";
const DOTS_GAME: &str = "(;FF[4]GM[40]SZ[10:10]PB[Ala]PW[Ola]DT[2021-01-18]TM[300]RE[B+R];B[ed];W[ee];B[de];W[aa];\
    B[fe];W[ba];B[ef.edfeefdeed])";

/// Imports `records` under `source`; the count of games imported, after checking that none was refused.
async fn imported(room: &Room, source: &str, records: &str) -> u64 {
    let path = format!("/api/admin/import?source={source}");
    let (status, report) = room.api.post_bytes(&path, Some(&room.admin.token), records.as_bytes().to_vec()).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["rejected"].as_u64(), Some(0), "{report}");
    report["imported"].as_u64().expect("a count")
}

async fn a_record_export_is_one_kinds_file_that_imports_back(url: &str) {
    let room = room(url, Settings::default()).await;
    assert_eq!(imported(&room, "kurnik", KURNIK_GAME).await, 1);
    assert_eq!(imported(&room, "zagram", DOTS_GAME).await, 1);
    let export = |query: &str| {
        reqwest::Client::new()
            .get(format!("{}/api/admin/export/games.pgn{query}", room.server.url()))
            .bearer_auth(&room.admin.token)
            .send()
    };

    for query in ["", "?kind=", "?kind=chess", "?imported=true"] {
        let response = export(query).await.expect("the server answers");
        assert_eq!(response.status().as_u16(), 400, "{query:?}: a record export is of one kind");
        let body: Value = response.json().await.expect("an error body");
        assert_eq!(body["code"], "invalid_request", "{query:?}: {body}");
    }

    for (kind, file, opening) in
        [("paper-soccer", "kartka-paper-soccer.pgn", "[Event "), ("dots", "kartka-dots.sgf", "(;")]
    {
        let response = export(&format!("?kind={kind}")).await.expect("the server answers");
        assert_eq!(response.status().as_u16(), 200, "{kind}");
        let disposition = response.headers()["content-disposition"].to_str().expect("text").to_owned();
        assert_eq!(disposition, format!("attachment; filename=\"{file}\""), "the file is named by its kind's format");
        let records = response.text().await.expect("a body");
        assert!(records.starts_with(opening), "{kind}: only its own format: {records}");
        // What the exporter writes, the importer reads back: the same games again, under another source.
        assert_eq!(imported(&room, &format!("{kind}-again"), &records).await, 1, "{kind}: {records}");
    }
    room.server.stop().await;
}

async fn the_audit_log_cannot_be_edited(url: &str) {
    let room = room(url, Settings::default()).await;
    let before = audit(&room).await;
    assert_eq!(before.len(), 1);
    sqlx::any::install_default_drivers();
    let mut connection = sqlx::AnyConnection::connect(url).await.expect("connect");
    for statement in ["UPDATE audit_log SET reason = 'edited'", "DELETE FROM audit_log"] {
        let refused = sqlx::query(statement).execute(&mut connection).await;
        let error = refused.expect_err(statement).to_string();
        assert!(error.contains("append-only"), "{statement}: {error}");
    }
    assert_eq!(audit(&room).await, before);
    room.server.stop().await;
}

fn corpus_files() -> Vec<PathBuf> {
    let dir = match std::env::var_os("KARTKA_CORPUS_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/kurnik"),
    };
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|error| {
        panic!("the kurnik corpus is not at {} ({error}); set KARTKA_CORPUS_DIR", dir.display())
    });
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a readable corpus directory").path())
        .filter(|path| path.to_string_lossy().ends_with(".pgn.gz"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 7, "the corpus has one file per day of a week in {}", dir.display());
    files
}

/// A game as the comparison sees it: date, players, result, starting seconds and every turn (kurnik writes the
/// seconds alone, kartka's export `seconds+increment`; kurnik's games have no increment).
fn game_key(record: &kartka_engine::soccer::KurnikRecord) -> String {
    let tag = |name: &str| {
        let value = record.tag(name).unwrap_or("-");
        if name == "TimeControl" { value.trim_end_matches("+0") } else { value }.to_owned()
    };
    let result = record.recorded_result().map_or("-", |result| result.token());
    format!(
        "{} {} {} {result} {} | {}",
        tag("Date"),
        tag("White"),
        tag("Black"),
        tag("TimeControl"),
        record.turns.join(" ")
    )
}

async fn search(room: &Room, query: &str) -> GameSearchPage {
    let (status, body) = room.api.get(&format!("/api/admin/games?{query}"), Some(&room.admin.token)).await;
    assert_eq!(status, 200, "{query}: {body}");
    serde_json::from_value(body).expect("a search page")
}

async fn the_corpus_imports_searches_and_exports_as_the_same_games(url: &str) {
    let room = room(url, Settings::default()).await;
    let token = Some(room.admin.token.as_str());
    let mut expected = Vec::new();
    let mut imported = 0;
    for path in corpus_files() {
        let bytes = std::fs::read(&path).expect("read a corpus file");
        let text = record_text(&bytes, u64::MAX).expect("unpack");
        expected.extend(read_records(&text).map(|record| game_key(&record.expect("a corpus record"))));
        let source = path.file_name().expect("a name").to_string_lossy().into_owned();
        let (status, body) = room.api.post_bytes(&format!("/api/admin/import?source={source}"), token, bytes).await;
        assert_eq!(status, 200, "{source}: {body}");
        let report: ImportReport = serde_json::from_value(body).expect("a report");
        assert_eq!((report.rejected, report.already_imported), (0, 0), "{report:?}");
        assert_eq!(report.imported, report.read);
        imported += report.imported;
    }
    assert_eq!(imported, 33_549);
    let path = corpus_files().remove(0);
    let again = format!("/api/admin/import?source={}", path.file_name().expect("a name").to_string_lossy());
    let (_, body) = room.api.post_bytes(&again, token, std::fs::read(&path).expect("read")).await;
    let report: ImportReport = serde_json::from_value(body).expect("a report");
    assert_eq!((report.imported, report.already_imported), (0, report.read), "a second import adds nothing");

    assert_eq!(search(&room, "imported=true&limit=1").await.total, 33_549);
    let login = json!({ "username": "White", "password": "" });
    assert_eq!(room.api.post("/api/login", None, &login).await.0, 401, "imported players cannot log in");
    register(&room.api, "White").await;
    assert_eq!(search(&room, "player=white&limit=1").await.total, 33_549, "a real White takes nothing away");
    assert_eq!(search(&room, "player=White&limit=1").await.total, 33_549, "imported players are searchable");
    for (reason, count) in [("goal", 18_684), ("own_goal", 2_826), ("stuck", 7_003), ("unknown", 5_036)] {
        assert_eq!(search(&room, &format!("reason={reason}&limit=1")).await.total, count, "{reason}");
    }
    let day = search(&room, "from_ms=1411344000000&until_ms=1411430400000&limit=1").await;
    let dated = expected.iter().filter(|key| key.starts_with("2014.09.22 ")).count() as u64;
    assert_eq!(day.total, dated, "the games dated 2014-09-22, whichever file they came from");
    let first_won = search(&room, "result=first&limit=1").await.total;
    let second_won = search(&room, "result=second&limit=1").await.total;
    assert_eq!(first_won + second_won, 33_549, "every corpus game has a winner");
    assert_eq!(search(&room, "rated=true&limit=1").await.total, 0);
    let (status, body) = room.api.get("/api/admin/games?correspondence=sometimes", token).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")));
    let ruleset = r#"{"kind":"paper-soccer","width":8,"height":10,"goal":2}"#;
    let standard = search(&room, &format!("kind=paper-soccer&status=finished&ruleset={ruleset}&limit=1")).await;
    assert_eq!(standard.total, 33_549);
    let (status, body) = room.api.get("/api/admin/games?status=won", token).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")));

    let mut seen = HashSet::new();
    let mut after = String::new();
    let mut last_length = u32::MAX;
    loop {
        let page = search(&room, &format!("reason=own_goal&sort=length&limit=200{after}")).await;
        for game in &page.games {
            assert!(game.game.ply <= last_length, "longest first");
            last_length = game.game.ply;
            assert!(seen.insert(game.game.id), "no game twice");
        }
        match page.next_after {
            Some(next) => after = format!("&after={next}"),
            None => break,
        }
    }
    assert_eq!(seen.len(), 2_826, "paging visits every game once");

    let (status, ndjson) = room.api.get_text("/api/admin/export/games.ndjson?imported=true&order=asc", token).await;
    assert_eq!(status, 200);
    let lines: Vec<ExportedGame> = ndjson.lines().map(|line| serde_json::from_str(line).expect("a game")).collect();
    assert_eq!(lines.len(), 33_549);
    assert!(lines.windows(2).all(|pair| pair[0].game.game.created_at_ms <= pair[1].game.game.created_at_ms));
    assert!(lines.iter().all(|line| line.game.import.is_some() && line.moves.iter().all(|m| m.clocks.is_none())));

    let (status, records) = room.api.get_text("/api/admin/export/games.pgn?kind=paper-soccer", token).await;
    assert_eq!(status, 200);
    let mut exported: Vec<String> = read_records(&records).map(|record| game_key(&record.expect("a record"))).collect();
    assert_eq!(exported.len(), 33_549);
    exported.sort();
    expected.sort();
    assert!(exported == expected, "the exported records are the corpus's games: moves, results, dates, players");

    // Correspondence games apart from live ones: one stored beside the corpus.
    let days = (r#"{"type":"correspondence","days_per_move":3}"#, "classical");
    let ruleset = (r#"{"kind":"paper-soccer","width":8,"height":10,"goal":2}"#, "paper-soccer");
    let seats = (room.alice.account.id, room.bob.account.id);
    let by_post =
        StoredGame { first_id: seats.0, second_id: seats.1, ruleset, time_control: days, winner: None, created_at: 1 };
    let by_post = by_post.insert(room.server.state.store.as_ref()).await;
    let live = search(&room, "correspondence=false&limit=1").await;
    assert_eq!(live.total, 33_549, "kurnik's games are live");
    let correspondence = search(&room, "correspondence=true").await;
    assert_eq!(correspondence.games.iter().map(|game| game.game.id).collect::<Vec<_>>(), [by_post]);
    room.server.stop().await;
}

async fn the_account_search_finds_guests_imported_and_banned_accounts_by_prefix(url: &str) {
    let Room { server, api, admin, alice, .. } = room(url, Settings::default()).await;
    register(&api, "Alicja").await;
    api.guest("alik").await;
    let imported = ["Albert".to_owned(), "alice".to_owned()];
    server.state.store.imported_players(&imported, 0).await.expect("imported players");
    let (status, body) =
        api.post("/api/admin/accounts/Alicja/ban", Some(&admin.token), &json!({ "reason": "spam" })).await;
    assert_eq!(status, 200, "{body}");

    let search = |prefix: &'static str| {
        let (api, token) = (&api, admin.token.clone());
        async move {
            let (status, body) = api.get(&format!("/api/admin/accounts?prefix={prefix}"), Some(&token)).await;
            assert_eq!(status, 200, "{body}");
            serde_json::from_value::<AdminAccountList>(body).expect("an account list").accounts
        }
    };
    let found = search("AL").await;
    let names: Vec<&str> = found.iter().map(|account| account.name.as_str()).collect();
    assert_eq!(names, vec!["Albert", "alice", "alice", "Alicja", "alik"], "every kind, banned too, in name order");
    let kinds: Vec<AccountKindName> = found.iter().map(|account| account.kind).collect();
    let [imported, registered, guest] =
        [AccountKindName::Imported, AccountKindName::Registered, AccountKindName::Guest];
    assert_eq!(
        kinds,
        vec![imported, registered, imported, registered, guest],
        "the real alice before the imported one"
    );
    let banned: Vec<&str> =
        found.iter().filter(|account| account.banned).map(|account| account.name.as_str()).collect();
    assert_eq!(banned, vec!["Alicja"]);
    let (status, body) = api.get("/api/players?prefix=al", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["players"].as_array().map(Vec::len), Some(2), "the public search still leaves two out: {body}");
    assert!(search("zz").await.is_empty(), "no match is an empty list");
    assert!(search("%25").await.is_empty(), "a percent sign is only a percent sign");

    let (status, body) = api.get("/api/admin/accounts?prefix=", Some(&admin.token)).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")), "{body}");
    let (status, _) = api.get("/api/admin/accounts?prefix=al", Some(&alice.token)).await;
    assert_eq!(status, 403, "a player is no admin");
    server.stop().await;
}
