//! Dots end to end, through the same plumbing as every game: a whole game over sockets with a capture and a
//! spectator, ended by STOP; rulesets validated at the boundary; the admin's review, positions, SGF export and
//! the import of that export; territory mode (a capture painted later, over sockets, reviewed and exported);
//! the STOP window, answered with `DONE` and closed by the server when its time is up.

use kartka_engine::dots::Cell;
use kartka_protocol::admin::{GamePosition, MAX_POSITION_LEGAL_ACTIONS};
use kartka_protocol::kinds::dots::DotsOptions;
use kartka_protocol::kinds::dots::{DotsStart, DotsStop};
use kartka_protocol::rest::Session;
use kartka_protocol::{EndReasonName, ErrorCode, GameEvent, GameKindName, RulesetSpec, SeatName, TimeControl};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::Settings;
use kartka_tests::client::{move_frame, Api, WsClient, SMALL_DOTS};
use kartka_tests::server::TestServer;
use serde_json::json;
use uuid::Uuid;

kartka_tests::on_both_stores!(
    a_game_with_a_capture_is_played_to_stop_over_sockets_with_a_spectator,
    admins_review_position_export_and_import_dots_games,
    a_random_start_is_drawn_by_the_server_and_kept_in_the_ruleset,
    a_territory_game_paints_a_capture_later_and_exports_it,
    a_stop_window_is_answered_with_done,
    a_stop_window_is_closed_by_the_server_when_its_time_is_up,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };

/// Blue rings Red's dot at `ee` and captures it with `ef`; Red's dots stay on the edge.
const CAPTURE: [&str; 7] = ["ed", "ee", "de", "aa", "fe", "ba", "ef"];

async fn a_game_with_a_capture_is_played_to_stop_over_sockets_with_a_spectator(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob, carol) = (api.guest("alice").await, api.guest("bob").await, api.guest("carol").await);

    // Options outside the rules are refused at the boundary.
    for bad in [
        json!({ "kind": "dots", "width": 9 }),
        json!({ "kind": "dots", "height": 53 }),
        json!({ "kind": "dots", "stop": "window" }),
        json!({ "kind": "dots", "instant_win": 5000 }),
        json!({ "kind": "dots", "start": "spiral" }),
        json!({ "kind": "dots", "territory": true }),
        json!({ "kind": "dots", "stop": { "window": { "seconds": 5 } } }),
        json!({ "kind": "dots", "stop": { "window": { "seconds": 60 } }, "territory": true }),
    ] {
        let body = json!({ "opponent": "bob", "ruleset": bad, "time_control": BLITZ });
        let (status, answer) = api.post("/api/challenges", Some(&alice.token), &body).await;
        assert_eq!((status, answer["code"].as_str()), (400, Some("invalid_request")), "{bad}: {answer}");
    }

    let game = api.start_game_of(&alice, &bob, SMALL_DOTS, BLITZ, false).await;
    let (mut first, snapshot) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let (mut second, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    let (mut spectator, _) = WsClient::subscribed(server.addr, &carol.token, game).await;
    assert_eq!((snapshot.ruleset, snapshot.to_act), (SMALL_DOTS, Some(SeatName::First)));

    assert_eq!(first.refused(2, move_frame(game, 0, "bad", "zz")).await, ErrorCode::IllegalMove, "off the field");
    assert_eq!(first.refused(3, move_frame(game, 0, "bad", "e1")).await, ErrorCode::BadNotation);
    assert_eq!(second.refused(4, move_frame(game, 0, "bad", "aa")).await, ErrorCode::NotYourTurn);
    assert_eq!(spectator.refused(5, move_frame(game, 0, "bad", "aa")).await, ErrorCode::NotAPlayer);

    let mut played: Vec<&str> = Vec::new();
    for (ply, notation) in CAPTURE.iter().copied().chain(["STOP"]).enumerate() {
        let mover = if ply % 2 == 0 { &mut first } else { &mut second };
        let ply = ply as u32;
        mover.request(10 + u64::from(ply), move_frame(game, ply, &format!("m{ply}"), notation)).await;
        played.push(notation);
    }
    assert_eq!(second.refused(40, move_frame(game, 8, "late", "ca")).await, ErrorCode::GameOver);

    for client in [&mut first, &mut second, &mut spectator] {
        let mut moves = Vec::new();
        let result = loop {
            match client.next_event().await.event {
                GameEvent::Moved { record, .. } => moves.push(record.notation),
                GameEvent::Ended { result, .. } => break result,
                _ => {}
            }
        };
        assert_eq!(moves, played, "everyone sees every move, in order");
        // Red's STOP: its dots are all on the edge, so the count stands at Blue's one capture.
        assert_eq!(
            (result.winner, result.reason, result.scores),
            (Some(SeatName::First), EndReasonName::Stop, Some(vec![1, 0]))
        );
    }
    let stored = server.state.store.game(game).await.expect("read").expect("the game");
    assert_eq!(stored.state.end_reason.as_deref(), Some("stop"), "stored with the end it was");
    let (status, read) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!((status, read["result"]["reason"].as_str()), (200, Some("stop")), "{read}");
    server.stop().await;
}

async fn admins_review_position_export_and_import_dots_games(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let credentials = json!({ "username": "boss", "password": "long enough secret" });
    let (status, admin) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "{admin}");
    let admin: Session = serde_json::from_value(admin).expect("a session");
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let token = Some(admin.token.as_str());

    let (ala, ola) = (api.guest("ala").await, api.guest("ola").await);
    let game = api.start_game_of(&ala, &ola, SMALL_DOTS, BLITZ, false).await;
    for (ply, notation) in CAPTURE.iter().enumerate() {
        let mover = if ply % 2 == 0 { &ala.token } else { &ola.token };
        let body = json!({ "ply": ply, "client_move_id": format!("a{ply}"), "notation": notation });
        let (status, answer) = api.post(&format!("/api/games/{game}/moves"), Some(mover), &body).await;
        assert_eq!(status, 200, "{answer}");
    }
    let (status, review) = api.get(&format!("/api/admin/games/{game}"), token).await;
    assert_eq!(status, 200, "{review}");
    assert_eq!(review["moves"].as_array().map(Vec::len), Some(7));
    let position = |ply: &str| {
        let path = format!("/api/admin/games/{game}/position{ply}");
        let api = api.clone();
        async move {
            let (status, body) = api.get(&path, token).await;
            assert_eq!(status, 200, "{path}: {body}");
            serde_json::from_value::<GamePosition>(body).expect("a position")
        }
    };
    let has = |position: &GamePosition, action: &str| position.legal_actions.iter().any(|legal| legal == action);
    let before = position("?ply=6").await;
    assert_eq!((before.kind, before.ply, before.plies), (GameKindName::Dots, 6, 7));
    assert_eq!((before.to_act, before.over, before.truncated), (Some(SeatName::First), false, false));
    assert_eq!(before.moves, CAPTURE[..6]);
    assert!(has(&before, "ef") && has(&before, "ca") && !has(&before, "ee"), "free points only: {before:?}");
    let end = position("").await;
    assert_eq!((end.ply, end.to_act), (7, Some(SeatName::Second)));
    assert_eq!(end.moves, CAPTURE);
    assert!(!has(&end, "ee") && !has(&end, "ef"), "the captured dot and the new one are taken: {end:?}");
    assert!(has(&end, "ca") && has(&end, "STOP"), "{end:?}");
    assert_eq!(end.legal_actions.last().map(String::as_str), Some("STOP"), "dots first, then STOP");

    // Ola resigns; the record is SGF with the capture chain after the dot that closed it.
    let (status, answer) = api.post(&format!("/api/games/{game}/resign"), Some(&ola.token), &json!({})).await;
    assert_eq!(status, 200, "{answer}");
    let (status, record) = api.get_text(&format!("/api/admin/games/{game}/record"), token).await;
    assert_eq!(status, 200);
    assert!(
        record.starts_with("(;PB[ala]PW[ola]") && record.contains("GM[40]") && record.contains("RE[B+R]"),
        "{record}"
    );
    assert!(record.contains(";B[ef.") && record.contains("SZ[10:10]"), "{record}");

    // The export imports back as a finished game with the same moves and winner.
    let (status, report) = api.post_bytes("/api/admin/import?source=export", token, record.into_bytes()).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!((report["imported"].as_u64(), report["rejected"].as_u64()), (Some(1), Some(0)), "{report}");
    let (status, found) = api.get("/api/admin/games?kind=dots&status=finished", token).await;
    assert_eq!(status, 200, "{found}");
    let games = found["games"].as_array().expect("a page of games");
    assert_eq!(games.len(), 2, "the game played here and its import: {found}");
    for game in games {
        assert_eq!((game["ply"].as_u64(), game["result"]["winner"].as_str()), (Some(7), Some("first")), "{game}");
    }
    server.stop().await;
}

async fn a_random_start_is_drawn_by_the_server_and_kept_in_the_ruleset(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let random = json!({ "kind": "dots", "width": 20, "height": 20, "start": "random" });
    // A seed belongs to a random start only.
    let body = json!({ "opponent": "bob", "ruleset": { "kind": "dots", "seed": 7 }, "time_control": BLITZ });
    let (status, answer) = api.post("/api/challenges", Some(&alice.token), &body).await;
    assert_eq!((status, answer["code"].as_str()), (400, Some("invalid_request")), "{answer}");

    let spec: RulesetSpec = serde_json::from_value(random).expect("a ruleset");
    let game = api.start_game_of(&alice, &bob, spec, BLITZ, false).await;
    let (mut first, snapshot) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let RulesetSpec::Dots(DotsOptions { start: DotsStart::Random, seed: Some(seed), .. }) = snapshot.ruleset else {
        panic!("the game's ruleset keeps the seed the server drew: {:?}", snapshot.ruleset);
    };
    // The start is four crosses: sixteen dots, and play goes on among them.
    let rules = kartka_server::games::kinds::ruleset(&snapshot.ruleset).expect("valid");
    let mut start = kartka_engine::AnyGame::new(&rules);
    let kartka_engine::AnyGame::Dots(position) = &start else { panic!("a Dots game") };
    let dots = position.rules().size.points().filter(|&p| matches!(position.cell(p), Cell::Live(_))).count();
    assert_eq!(dots, 16, "seed {seed}");
    let point = start.pick_legal_action(u64::from(seed)).expect("a free point");
    start.play(&point).expect("legal");
    first.request(2, move_frame(game, 0, "r0", &point)).await;
    let GameEvent::Moved { record, .. } = first.next_event().await.event else { panic!("a move") };
    assert_eq!(record.notation, point);
    server.stop().await;
}

/// [`SMALL_DOTS`] in territory mode (STOP off, as rule 6.5 asks).
const TERRITORY: RulesetSpec = RulesetSpec::Dots(DotsOptions {
    width: 10,
    height: 10,
    start: DotsStart::Empty,
    first_move_zone: false,
    extra_move: false,
    instant_win: 0,
    stop: DotsStop::Off,
    auto_end: false,
    territory: true,
    seed: None,
});

/// Blue rings Red's dot at `dd` and the empty point `ed`, and closes the ring with `ee~`: paint later.
const DEFERRED: [&str; 11] = ["dc", "dd", "ec", "aa", "cd", "ba", "fd", "ca", "de", "da", "ee~"];

async fn a_territory_game_paints_a_capture_later_and_exports_it(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let credentials = json!({ "username": "boss", "password": "long enough secret" });
    let (status, admin) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "{admin}");
    let admin: Session = serde_json::from_value(admin).expect("a session");
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let token = Some(admin.token.as_str());
    let (alice, bob, carol) = (api.guest("alice").await, api.guest("bob").await, api.guest("carol").await);

    let game = api.start_game_of(&alice, &bob, TERRITORY, BLITZ, false).await;
    let (mut first, snapshot) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let (mut second, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    let (mut spectator, _) = WsClient::subscribed(server.addr, &carol.token, game).await;
    assert_eq!(snapshot.ruleset, TERRITORY);
    for (ply, notation) in DEFERRED.iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut first } else { &mut second };
        mover.request(10 + ply as u64, move_frame(game, ply as u32, &format!("m{ply}"), notation)).await;
    }
    let position = |ply: u32| {
        let path = format!("/api/admin/games/{game}/position?ply={ply}");
        let api = api.clone();
        async move {
            let (status, body) = api.get(&path, token).await;
            assert_eq!(status, 200, "{path}: {body}");
            serde_json::from_value::<GamePosition>(body).expect("a position")
        }
    };
    let start = position(0).await;
    assert!(start.truncated, "a hundred points, each also as a paint-later dot: {start:?}");
    assert_eq!(start.legal_actions.len(), MAX_POSITION_LEGAL_ACTIONS);
    assert_eq!(start.legal_actions[..2], ["aa", "ba"], "plain dots first, row by row");
    let deferred = position(11).await;
    assert_eq!(deferred.to_act, Some(SeatName::Second));
    assert!(deferred.legal_actions.contains(&"ed".to_owned()), "an unpainted area stays playable: {deferred:?}");

    // Bob may not paint Alice's area; Alice paints it and places a dot in one move (a paint uses no move).
    assert_eq!(second.refused(30, move_frame(game, 11, "bad", "P:ed")).await, ErrorCode::IllegalMove);
    second.request(31, move_frame(game, 11, "m11", "ea")).await;
    first.request(33, move_frame(game, 12, "m12", "P:ed ia")).await;
    assert_eq!(second.refused(34, move_frame(game, 14, "bad", "ed")).await, ErrorCode::IllegalMove, "territory now");
    let to_paint = position(12).await;
    assert_eq!(to_paint.to_act, Some(SeatName::First));
    assert_eq!(to_paint.legal_actions.first().map(String::as_str), Some("P:ed"), "paints come first: {to_paint:?}");
    let painted = position(14).await;
    assert_eq!(painted.moves[DEFERRED.len()..], ["ea", "P:ed ia"]);
    assert!(!painted.legal_actions.iter().any(|action| action.contains("ed")), "territory now: {painted:?}");

    let mut seen = Vec::new();
    while seen.len() < DEFERRED.len() + 2 {
        if let GameEvent::Moved { record, .. } = spectator.next_event().await.event {
            seen.push(record.notation);
        }
    }
    assert_eq!(seen[DEFERRED.len() - 1..], ["ee~", "ea", "P:ed ia"], "the spectator sees the deferred capture");

    // The SGF says territory mode in zagram's RU and keeps the paint-later dot and the paint; it imports back.
    let (status, answer) = api.post(&format!("/api/games/{game}/resign"), Some(&bob.token), &json!({})).await;
    assert_eq!(status, 200, "{answer}");
    let (status, record) = api.get_text(&format!("/api/admin/games/{game}/record"), token).await;
    assert_eq!(status, 200);
    assert!(record.contains("ScoreTerr=1") && record.contains("Stop=0"), "{record}");
    assert!(record.contains("XA[~]") && record.contains("XA[P:ed]"), "{record}");
    let (status, report) = api.post_bytes("/api/admin/import?source=export", token, record.into_bytes()).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!((report["imported"].as_u64(), report["rejected"].as_u64()), (Some(1), Some(0)), "{report}");
    let (status, found) = api.get("/api/admin/games?kind=dots&status=finished", token).await;
    assert_eq!(status, 200, "{found}");
    let games = found["games"].as_array().expect("a page of games");
    assert_eq!(games.len(), 2, "the game played here and its import: {found}");
    for game in games {
        assert_eq!(game["ruleset"]["territory"], json!(true), "{game}");
        assert_eq!(game["ply"].as_u64(), Some(14), "{game}");
    }
    server.stop().await;
}

/// [`SMALL_DOTS`] with a STOP window of the shortest length offered.
const WINDOW: RulesetSpec = RulesetSpec::Dots(DotsOptions {
    width: 10,
    height: 10,
    start: DotsStart::Empty,
    first_move_zone: false,
    extra_move: false,
    instant_win: 0,
    stop: DotsStop::Window { seconds: 10 },
    auto_end: false,
    territory: false,
    seed: None,
});

/// Blue and Red play the first four moves of [`CAPTURE`], then Blue presses STOP: Red's window opens. Returns
/// the game, the players' clients and the spectator's, each having seen the STOP.
async fn a_window_opened_by_blue(server: &TestServer) -> (Uuid, [WsClient; 3]) {
    let api = Api::new(server.url());
    let (alice, bob, carol) = (api.guest("alice").await, api.guest("bob").await, api.guest("carol").await);
    let game = api.start_game_of(&alice, &bob, WINDOW, BLITZ, false).await;
    let (mut first, _) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let (mut second, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    let (mut spectator, _) = WsClient::subscribed(server.addr, &carol.token, game).await;
    for (ply, notation) in CAPTURE[..4].iter().copied().chain(["STOP"]).enumerate() {
        let mover = if ply % 2 == 0 { &mut first } else { &mut second };
        mover.request(10 + ply as u64, move_frame(game, ply as u32, &format!("m{ply}"), notation)).await;
    }
    for client in [&mut first, &mut second, &mut spectator] {
        loop {
            if let GameEvent::Moved { record, to_act, .. } = client.next_event().await.event {
                if record.notation == "STOP" {
                    assert_eq!(to_act, Some(SeatName::Second), "Red places dots in the window");
                    assert_eq!(record.clocks.running, None, "the main clocks stand still in the window");
                    let left = record.clocks.window_ms.expect("the window's time");
                    assert!((5_000..=10_000).contains(&left), "{left} ms of the window left");
                    break;
                }
            }
        }
    }
    (game, [first, second, spectator])
}

async fn a_stop_window_is_answered_with_done(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let (game, [mut first, mut second, mut spectator]) = a_window_opened_by_blue(&server).await;
    assert_eq!(first.refused(20, move_frame(game, 5, "bad", "ia")).await, ErrorCode::NotYourTurn, "Blue waits");
    // Red rings Blue's dot at ed (Blue's STOP left it open) and captures it, a dot per move, then says DONE.
    for (ply, notation) in [(5, "ec"), (6, "dd"), (7, "fd"), (8, "DONE")] {
        second.request(21 + ply, move_frame(game, ply as u32, &format!("w{ply}"), notation)).await;
    }
    for client in [&mut first, &mut second, &mut spectator] {
        let result = loop {
            match client.next_event().await.event {
                GameEvent::Moved { record, .. } if record.notation != "DONE" => {
                    assert_eq!(record.clocks.running, None, "{record:?}");
                }
                GameEvent::Ended { result, .. } => break result,
                _ => {}
            }
        };
        // Red's one capture against none: the counts as they stand, no grounding.
        assert_eq!((result.winner, result.scores), (Some(SeatName::Second), Some(vec![0, 1])));
    }
    server.stop().await;
}

async fn a_stop_window_is_closed_by_the_server_when_its_time_is_up(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let (game, [_, mut second, mut spectator]) = a_window_opened_by_blue(&server).await;
    second.request(21, move_frame(game, 5, "w5", "ii")).await;
    // The window lasts about as long as a socket read may wait: ask over REST until it closed, then read.
    let api = Api::new(server.url());
    for _ in 0..60 {
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
        if api.get(&format!("/api/games/{game}"), None).await.1["status"] != "active" {
            break;
        }
    }
    let mut moves = Vec::new();
    let result = loop {
        match spectator.next_event().await.event {
            GameEvent::Moved { record, client_move_id, .. } => moves.push((record.notation, client_move_id)),
            GameEvent::Ended { result, .. } => break result,
            _ => {}
        }
    };
    assert_eq!(
        moves.last().map(|(notation, id)| (notation.as_str(), id.as_str())),
        Some(("DONE", "window-6")),
        "the server closed the window: {moves:?}"
    );
    assert_eq!((result.winner, result.scores), (None, Some(vec![0, 0])));
    server.stop().await;
}
