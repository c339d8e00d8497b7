//! Live games end to end: real sockets, a real server, against SQLite and PostgreSQL alike.
//!
//! Each scenario is an async function taking the database URL; the `on_both_stores!` macro runs it once per
//! backend, each on a fresh database.

use std::time::Duration;

use kartka_protocol::rest::Session;
use kartka_protocol::{ErrorCode, EventEnvelope, GameEvent, ServerFrame, TimeControl};
use kartka_server::config::Settings;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::json;
use uuid::Uuid;

kartka_tests::on_both_stores!(
    two_players_and_a_spectator_see_every_event_in_order,
    bad_input_is_refused_with_its_code_and_changes_nothing,
    flooding_closes_the_connection_with_1008,
    the_same_move_twice_is_applied_once,
    two_connections_racing_one_ply_apply_it_once,
    resume_after_a_sequence_number_returns_exactly_what_was_missed,
    a_flag_falls_with_no_client_activity,
    a_claim_after_disconnect_works_only_when_allowed,
    draw_offer_decline_and_accept,
    abort_only_before_both_players_moved,
    graceful_shutdown_closes_sockets_with_1001,
    rest_lists_games_shows_moves_and_exports_the_record,
    a_new_game_runs_under_the_lease_stored_with_it,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };

/// A short game to a goal: White's last turn `17` bounces off the right post into the top goal.
const GOAL_SCRIPT: [&str; 5] = ["0", "0", "0", "0", "17"];

struct Table {
    server: TestServer,
    api: Api,
    first: Session,
    second: Session,
    game: Uuid,
}

async fn table(url: &str, settings: Settings, time_control: TimeControl) -> Table {
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    let first = api.guest("alice").await;
    let second = api.guest("bob").await;
    let game = api.start_game(&first, &second, time_control).await;
    Table { server, api, first, second, game }
}

/// Connects and subscribes: a snapshot comes first, then (for a player) their own `player_connected` event,
/// then the ack with the game's sequence number, which is returned.
async fn subscribed(addr: std::net::SocketAddr, token: &str, game: Uuid) -> (WsClient, u64) {
    subscribed_speaking(kartka_protocol::PROTOCOL_VERSION, addr, token, game).await
}

/// [`subscribed`], for a client that names `protocol` in its hello.
async fn subscribed_speaking(protocol: u32, addr: std::net::SocketAddr, token: &str, game: Uuid) -> (WsClient, u64) {
    let mut client = WsClient::connect_anonymous(addr).await;
    client.send(json!({ "type": "hello", "protocol": protocol, "token": token })).await;
    let ServerFrame::Welcome { .. } = client.next().await else { panic!("protocol {protocol} is welcome") };
    client.send(json!({ "type": "subscribe", "id": 1, "game_id": game })).await;
    let ServerFrame::Snapshot { game: snapshot } = client.next().await else { panic!("expected a snapshot") };
    let mut seen = snapshot.seq;
    loop {
        match client.next().await {
            ServerFrame::Event(event) => {
                assert_eq!(event.seq, seen + 1, "events follow the snapshot without a gap");
                seen = event.seq;
            }
            ServerFrame::Ack { id: Some(1), seq, .. } => {
                assert_eq!(seq, Some(seen), "the ack names the last event sent");
                return (client, seen);
            }
            other => panic!("expected the subscribe ack, got {other:?}"),
        }
    }
}

async fn two_players_and_a_spectator_see_every_event_in_order(url: &str) {
    let t = table(url, Settings::default(), BLITZ).await;
    let watcher = t.api.guest("carol").await;
    let (mut first, _) = subscribed(t.server.addr, &t.first.token, t.game).await;
    let (mut second, _) = subscribed(t.server.addr, &t.second.token, t.game).await;
    // The spectator's client speaks protocol 1: a two-seat game reads the same to it.
    let (mut spectator, _) = subscribed_speaking(1, t.server.addr, &watcher.token, t.game).await;

    let mut ply = 0;
    for (turn, notation) in GOAL_SCRIPT.iter().enumerate() {
        let mover = if turn % 2 == 0 { &mut first } else { &mut second };
        mover.request(10 + turn as u64, move_frame(t.game, ply, &format!("m{turn}"), notation)).await;
        ply += notation.len() as u32;
    }

    let mut seen = Vec::new();
    for client in [&mut first, &mut second, &mut spectator] {
        let mut events: Vec<EventEnvelope> = Vec::new();
        loop {
            let event = client.next_event().await;
            let ended = matches!(event.event, GameEvent::Ended { .. });
            events.push(event);
            if ended {
                break;
            }
        }
        let seqs: Vec<u64> = events.iter().map(|e| e.seq).collect();
        assert!(seqs.windows(2).all(|pair| pair[1] == pair[0] + 1), "gapless, in order: {seqs:?}");
        seen.push(events);
    }
    let moves_of = |events: &[EventEnvelope]| -> Vec<String> {
        events
            .iter()
            .filter_map(|e| match &e.event {
                GameEvent::Moved { record, .. } => Some(record.notation.clone()),
                _ => None,
            })
            .collect()
    };
    assert_eq!(moves_of(&seen[2]), GOAL_SCRIPT);
    let last_seq = |events: &[EventEnvelope]| events.last().map(|e| e.seq);
    assert_eq!(last_seq(&seen[0]), last_seq(&seen[2]));
    assert_eq!(moves_of(&seen[0]), moves_of(&seen[2]));
    assert_eq!(moves_of(&seen[1]), moves_of(&seen[2]));
    let GameEvent::Ended { result, .. } = &seen[2].last().expect("events").event else { unreachable!() };
    assert_eq!(result.winner, Some(kartka_protocol::SeatName::First));
    assert_eq!(result.ranks, [1, 2], "protocol 2 ranks the seats: the winner first");
    assert_eq!(result.reason, kartka_protocol::EndReasonName::Goal);
    let GameEvent::Ended { clocks, .. } = &seen[2].last().expect("events").event else { unreachable!() };
    assert_eq!(clocks.ms, [clocks.first_ms, clocks.second_ms], "the list of clocks and its protocol-1 aliases agree");
    t.server.stop().await;
}

async fn bad_input_is_refused_with_its_code_and_changes_nothing(url: &str) {
    let t = table(url, Settings::default(), BLITZ).await;
    let watcher = t.api.guest("carol").await;
    let (mut first, _) = subscribed(t.server.addr, &t.first.token, t.game).await;
    let (mut second, _) = subscribed(t.server.addr, &t.second.token, t.game).await;
    let (mut spectator, _) = subscribed(t.server.addr, &watcher.token, t.game).await;
    let before_snapshot = t.server.state.games.snapshot(t.game).await.expect("snapshot");

    first.send_text("{not json".into()).await;
    assert!(matches!(first.next_reply().await, ServerFrame::Error { code: ErrorCode::MalformedFrame, .. }));
    first.send_binary(vec![1, 2, 3]).await;
    assert!(matches!(first.next_reply().await, ServerFrame::Error { code: ErrorCode::MalformedFrame, .. }));
    assert_eq!(first.refused(2, json!({ "type": "teleport" })).await, ErrorCode::UnknownFrame);
    assert_eq!(first.refused(3, json!({ "type": "move", "game_id": t.game })).await, ErrorCode::UnknownFrame);
    first.send_text(format!("{{\"type\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(5000))).await;
    assert!(matches!(first.next_reply().await, ServerFrame::Error { code: ErrorCode::FrameTooLarge, .. }));
    // A frame of the largest size allowed (a ping padded with JSON's whitespace) is read whole and answered,
    // though the socket reads a quarter of it at a time.
    let head = r#"{"type":"ping","id":77"#;
    let largest = format!("{head}{}}}", " ".repeat(kartka_protocol::MAX_FRAME_BYTES - head.len() - 1));
    assert_eq!(largest.len(), kartka_protocol::MAX_FRAME_BYTES);
    first.send_text(largest).await;
    let reply = first.next_reply().await;
    assert!(matches!(reply, ServerFrame::Pong { id: Some(77), .. }), "{reply:?}");
    assert_eq!(first.refused(4, move_frame(t.game, 0, "a", "9")).await, ErrorCode::BadNotation);
    assert_eq!(first.refused(5, move_frame(t.game, 0, "a", "")).await, ErrorCode::BadNotation);
    assert_eq!(first.refused(6, move_frame(t.game, 0, "a", "04")).await, ErrorCode::IllegalMove);
    assert_eq!(second.refused(7, move_frame(t.game, 0, "a", "0")).await, ErrorCode::NotYourTurn);
    assert_eq!(first.refused(8, move_frame(t.game, 3, "a", "0")).await, ErrorCode::StalePly);
    assert_eq!(spectator.refused(9, move_frame(t.game, 0, "a", "0")).await, ErrorCode::NotAPlayer);
    assert_eq!(first.refused(10, move_frame(Uuid::new_v4(), 0, "a", "0")).await, ErrorCode::UnknownGame);
    let protocol = json!({ "type": "hello", "protocol": 99, "token": t.first.token });
    assert_eq!(first.refused(11, protocol).await, ErrorCode::UnsupportedProtocol);
    let protocol = json!({ "type": "hello", "protocol": 0, "token": t.first.token });
    assert_eq!(first.refused(11, protocol).await, ErrorCode::UnsupportedProtocol);

    // Wrong seat: the first player's move went through, so the second may not play at ply 0, and the first
    // may not play on the second's turn.
    first.request(12, move_frame(t.game, 0, "ok", "0")).await;
    assert_eq!(first.refused(13, move_frame(t.game, 1, "b", "0")).await, ErrorCode::NotYourTurn);
    assert_eq!(second.refused(14, move_frame(t.game, 0, "b", "4")).await, ErrorCode::StalePly);
    let after = t.server.state.games.snapshot(t.game).await.expect("snapshot");
    assert_eq!(after.moves.len(), 1, "only the one legal move was applied");
    assert_eq!(after.seq, before_snapshot.seq + 1);
    assert_eq!(after.ply, before_snapshot.ply + 1);

    let mut anonymous = WsClient::connect_anonymous(t.server.addr).await;
    assert_eq!(anonymous.refused(1, move_frame(t.game, 1, "x", "0")).await, ErrorCode::Unauthenticated);
    let bad_hello = json!({ "type": "hello", "protocol": 1, "token": "not-a-token" });
    assert_eq!(anonymous.refused(2, bad_hello).await, ErrorCode::InvalidToken);
    assert_eq!(WsClient::connect_with_headers(t.server.addr, Some("bogus"), None).await.err(), Some(401));
    let foreign = WsClient::connect_with_headers(t.server.addr, None, Some("http://evil.example")).await;
    assert_eq!(foreign.err(), Some(403));
    let own_origin = format!("http://{}", t.server.addr);
    assert!(WsClient::connect_with_headers(t.server.addr, Some(&t.first.token), Some(&own_origin)).await.is_ok());
    let (status, body) = t.api.get("/api/me", Some("bogus")).await;
    assert_eq!((status, body["code"].as_str()), (401, Some("invalid_token")));
    let (status, body) = t.api.get("/api/me", None).await;
    assert_eq!((status, body["code"].as_str()), (401, Some("unauthenticated")));
    let (status, body) = t.api.get(&format!("/api/games/{}", Uuid::new_v4()), None).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("unknown_game")));

    let unchanged = t.server.state.games.snapshot(t.game).await.expect("snapshot");
    assert_eq!(unchanged.seq, after.seq, "no refused request added an event");
    t.server.stop().await;
}

async fn flooding_closes_the_connection_with_1008(url: &str) {
    let settings = Settings { ws_messages_per_second: 5, ..Settings::default() };
    let t = table(url, settings, BLITZ).await;
    let mut client = WsClient::connect(t.server.addr, &t.first.token).await;
    for id in 0..50 {
        if !client.try_send(json!({ "type": "ping", "id": id })).await {
            break;
        }
    }
    let mut saw_rate_limited = false;
    let code = loop {
        match tokio::time::timeout(Duration::from_secs(10), client.next_or_close()).await.expect("in time") {
            Ok(ServerFrame::Error { code: ErrorCode::RateLimited, .. }) => saw_rate_limited = true,
            Ok(_) => {}
            Err(code) => break code,
        }
    };
    assert!(saw_rate_limited);
    assert_eq!(code, Some(1008));
    t.server.stop().await;
}

async fn the_same_move_twice_is_applied_once(url: &str) {
    let t = table(url, Settings::default(), BLITZ).await;
    let (mut first, _) = subscribed(t.server.addr, &t.first.token, t.game).await;
    let seq = first.request(2, move_frame(t.game, 0, "once", "0")).await;
    let repeat = first.request(3, move_frame(t.game, 0, "once", "0")).await;
    assert_eq!(seq, repeat, "a retry returns the original result");
    let game = t.server.state.games.snapshot(t.game).await.expect("snapshot");
    assert_eq!(game.moves.len(), 1);
    assert_eq!(game.ply, 1);
    assert_eq!(first.refused(4, move_frame(t.game, 0, "other", "1")).await, ErrorCode::StalePly);
    t.server.stop().await;
}

/// A game the server creates is stored with this node's lease, and its actor runs under it: on SQLite, which no
/// other node shares, without taking it a second time (a transaction and a sync of the log per game); on
/// PostgreSQL, where another node may have taken it in between, taken again by the compare-and-set.
async fn a_new_game_runs_under_the_lease_stored_with_it(url: &str) {
    let t = table(url, Settings::default(), BLITZ).await;
    let (store, games) = (&t.server.state.store, &t.server.state.games);
    assert_eq!(store.lease_holder(t.game).await.unwrap(), Some(games.node_id()));
    let taken_again = u64::from(store.shared_by_nodes());
    assert_eq!(games.lease_takes(), taken_again, "on {url}");
    let (mut first, _) = subscribed(t.server.addr, &t.first.token, t.game).await;
    first.request(2, move_frame(t.game, 0, "first", "0")).await;
    assert_eq!(t.server.state.games.snapshot(t.game).await.expect("snapshot").ply, 1, "the game plays");
    assert_eq!(games.lease_takes(), taken_again, "one actor, started once");
    t.server.stop().await;
}

async fn two_connections_racing_one_ply_apply_it_once(url: &str) {
    let t = table(url, Settings::default(), BLITZ).await;
    let mut phone = WsClient::connect(t.server.addr, &t.first.token).await;
    let mut laptop = WsClient::connect(t.server.addr, &t.first.token).await;
    let is_ack = |frame: &ServerFrame| matches!(frame, ServerFrame::Ack { .. });

    // The same move (same ply and client move id) from both devices at once: one result, given to both.
    phone.send(move_frame(t.game, 0, "same", "0")).await;
    laptop.send(move_frame(t.game, 0, "same", "0")).await;
    let (a, b) = (phone.next().await, laptop.next().await);
    assert!(is_ack(&a) && is_ack(&b), "{a:?} {b:?}");
    let (ServerFrame::Ack { seq: seq_a, .. }, ServerFrame::Ack { seq: seq_b, .. }) = (&a, &b) else { unreachable!() };
    assert_eq!(seq_a, seq_b);

    let mut second = WsClient::connect(t.server.addr, &t.second.token).await;
    second.request(1, move_frame(t.game, 1, "b", "0")).await;

    // Different moves for the same ply from both devices at once: exactly one is applied.
    phone.send(move_frame(t.game, 2, "left", "2")).await;
    laptop.send(move_frame(t.game, 2, "right", "0")).await;
    let answers = [phone.next().await, laptop.next().await];
    assert_eq!(answers.iter().filter(|frame| is_ack(frame)).count(), 1, "{answers:?}");
    assert!(answers.iter().any(|f| matches!(f, ServerFrame::Error { code: ErrorCode::StalePly, .. })));
    let game = t.server.state.games.snapshot(t.game).await.expect("snapshot");
    assert_eq!(game.moves.len(), 3);
    assert_eq!(game.ply, 3);
    t.server.stop().await;
}

async fn resume_after_a_sequence_number_returns_exactly_what_was_missed(url: &str) {
    let t = table(url, Settings::default(), BLITZ).await;
    let (mut first, start_seq) = subscribed(t.server.addr, &t.first.token, t.game).await;
    let (mut second, _) = subscribed(t.server.addr, &t.second.token, t.game).await;
    first.request(2, move_frame(t.game, 0, "a", "0")).await;
    let mut last_seen = 0;
    while !matches!(second.next_event().await, EventEnvelope { seq, event: GameEvent::Moved { .. }, .. } if { last_seen = seq; true })
    {
    }
    second.close().await;
    first.request(3, json!({ "type": "draw", "game_id": t.game, "action": "offer" })).await;
    let missed_before = t.server.state.games.snapshot(t.game).await.expect("snapshot").seq;
    assert!(missed_before > last_seen);
    let mut back = WsClient::connect(t.server.addr, &t.second.token).await;
    back.send(json!({ "type": "subscribe", "id": 5, "game_id": t.game, "after_seq": last_seen })).await;
    let ServerFrame::Events { events, .. } = back.next().await else { panic!("expected the missed events") };
    let seqs: Vec<u64> = events.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, ((last_seen + 1)..=missed_before).collect::<Vec<_>>());
    assert!(start_seq < last_seen);
    t.server.stop().await;
}

async fn a_flag_falls_with_no_client_activity(url: &str) {
    let quick = TimeControl::Fischer { initial_seconds: 1, increment_seconds: 0 };
    let t = table(url, Settings::default(), quick).await;
    // The main clocks start after each side's first move; then nobody acts and White's second falls.
    let (mut watcher, _) = subscribed(t.server.addr, &t.second.token, t.game).await;
    for (ply, player) in [&t.first, &t.second].into_iter().enumerate() {
        let body = json!({ "ply": ply, "client_move_id": format!("m{ply}"), "notation": "0" });
        let (status, moved) = t.api.post(&format!("/api/games/{}/moves", t.game), Some(&player.token), &body).await;
        assert_eq!(status, 200, "{moved}");
    }
    while !matches!(watcher.next_event().await.event, GameEvent::Ended { .. }) {}
    let game = t.server.state.games.snapshot(t.game).await.expect("snapshot");
    assert_eq!(game.status, kartka_protocol::GameStatus::Finished);
    let result = game.result.expect("a result");
    assert_eq!(result.reason, kartka_protocol::EndReasonName::Time);
    assert_eq!(result.winner, Some(kartka_protocol::SeatName::Second));
    assert_eq!(game.clocks.first_ms, 0);
    t.server.stop().await;
}

async fn a_claim_after_disconnect_works_only_when_allowed(url: &str) {
    let settings = Settings { disconnect_grace: Duration::from_millis(600), ..Settings::default() };
    let t = table(url, settings, BLITZ).await;
    let (mut first, _) = subscribed(t.server.addr, &t.first.token, t.game).await;
    let (second, _) = subscribed(t.server.addr, &t.second.token, t.game).await;
    let claim = json!({ "type": "claim_victory", "game_id": t.game });
    assert_eq!(first.refused(2, claim.clone()).await, ErrorCode::NotAllowed, "on my own turn");
    first.request(3, move_frame(t.game, 0, "a", "0")).await;
    assert_eq!(first.refused(4, claim.clone()).await, ErrorCode::NotAllowed, "opponent still connected");
    second.close().await;
    loop {
        if let GameEvent::PlayerDisconnected { .. } = first.next_event().await.event {
            break;
        }
    }
    assert_eq!(first.refused(5, claim.clone()).await, ErrorCode::NotAllowed, "grace period not over");
    tokio::time::sleep(Duration::from_millis(700)).await;
    first.request(6, claim).await;
    let game = t.server.state.games.snapshot(t.game).await.expect("snapshot");
    let result = game.result.expect("a result");
    assert_eq!(result.reason, kartka_protocol::EndReasonName::Abandonment);
    assert_eq!(result.winner, Some(kartka_protocol::SeatName::First));
    t.server.stop().await;
}

async fn draw_offer_decline_and_accept(url: &str) {
    let t = table(url, Settings::default(), BLITZ).await;
    let mut first = WsClient::connect(t.server.addr, &t.first.token).await;
    let mut second = WsClient::connect(t.server.addr, &t.second.token).await;
    let draw = |action: &str| json!({ "type": "draw", "game_id": t.game, "action": action });
    assert_eq!(second.refused(1, draw("accept")).await, ErrorCode::NotAllowed, "no offer to accept");
    first.request(2, draw("offer")).await;
    assert_eq!(first.refused(3, draw("accept")).await, ErrorCode::NotAllowed, "own offer");
    second.request(4, draw("decline")).await;
    first.request(5, draw("offer")).await;
    second.request(6, draw("accept")).await;
    let game = t.server.state.games.snapshot(t.game).await.expect("snapshot");
    let result = game.result.expect("a result");
    assert_eq!((result.winner, result.reason), (None, kartka_protocol::EndReasonName::Agreement));
    assert_eq!(first.refused(7, draw("offer")).await, ErrorCode::GameOver);
    t.server.stop().await;
}

async fn abort_only_before_both_players_moved(url: &str) {
    let t = table(url, Settings::default(), BLITZ).await;
    let mut first = WsClient::connect(t.server.addr, &t.first.token).await;
    let mut second = WsClient::connect(t.server.addr, &t.second.token).await;
    first.request(1, move_frame(t.game, 0, "a", "0")).await;
    second.request(2, move_frame(t.game, 1, "b", "0")).await;
    let abort = json!({ "type": "abort", "game_id": t.game });
    assert_eq!(first.refused(3, abort.clone()).await, ErrorCode::NotAllowed);

    let other = t.api.start_game(&t.first, &t.second, BLITZ).await;
    first.request(4, move_frame(other, 0, "a", "0")).await;
    second.request(5, json!({ "type": "abort", "game_id": other })).await;
    let game = t.server.state.games.snapshot(other).await.expect("snapshot");
    assert_eq!(game.status, kartka_protocol::GameStatus::Aborted);
    assert_eq!(game.result, None);
    t.server.stop().await;
}

async fn graceful_shutdown_closes_sockets_with_1001(url: &str) {
    let t = table(url, Settings::default(), BLITZ).await;
    let (mut first, _) = subscribed(t.server.addr, &t.first.token, t.game).await;
    first.request(2, move_frame(t.game, 0, "a", "0")).await;
    let database = url.to_owned();
    t.server.stop().await;
    assert_eq!(first.closed().await, Some(1001));
    let store = kartka_server::store::open(&database, Uuid::new_v4()).await.expect("reopen");
    assert_eq!(store.moves(t.game).await.expect("moves").len(), 1, "the acknowledged move is stored");
}

async fn rest_lists_games_shows_moves_and_exports_the_record(url: &str) {
    let t = table(url, Settings::default(), BLITZ).await;
    let mut first = WsClient::connect(t.server.addr, &t.first.token).await;
    let mut second = WsClient::connect(t.server.addr, &t.second.token).await;
    let mut ply = 0;
    for (turn, notation) in GOAL_SCRIPT.iter().enumerate() {
        let mover = if turn % 2 == 0 { &mut first } else { &mut second };
        mover.request(turn as u64, move_frame(t.game, ply, &format!("m{turn}"), notation)).await;
        ply += notation.len() as u32;
    }
    let (status, health) = t.api.get("/healthz", None).await;
    assert_eq!((status, health["status"].as_str()), (200, Some("ok")));
    let (status, list) = t.api.get("/api/players/alice/games", None).await;
    assert_eq!(status, 200);
    assert_eq!(list["games"][0]["id"], json!(t.game));
    assert_eq!(list["games"][0]["status"], "finished");
    let (status, game) = t.api.get(&format!("/api/games/{}", t.game), None).await;
    assert_eq!(status, 200);
    assert_eq!(game["moves"].as_array().map(Vec::len), Some(GOAL_SCRIPT.len()));
    let (status, record) = t.api.get_text(&format!("/api/games/{}/record", t.game), None).await;
    assert_eq!(status, 200);
    assert!(record.contains("[Result \"0-1\"]"), "White won, written Black-White: {record}");
    assert!(record.contains("1. 0 0 2. 0 0 3. 17 0-1"), "{record}");
    let parsed: Vec<_> = kartka_engine::soccer::read_records(&record).collect();
    assert_eq!(parsed.len(), 1);
    assert_eq!(parsed[0].as_ref().expect("a record").turns, GOAL_SCRIPT);
    t.server.stop().await;
}
