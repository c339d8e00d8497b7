//! Closing In end to end, through the same plumbing as every game: challenges, the lobby's pools and seeks,
//! live play over sockets with a spectator, resume, records, rematch, ratings per kind and correspondence
//! play over REST. The moves are chosen by the engine from the position each client is shown, so the test
//! plays a real game to its end by the rules.

use kartka_engine::closing_in::ClosingInRecord;
use kartka_engine::{AnyGame, Seat};
use kartka_protocol::admin::GamePosition;
use kartka_protocol::kinds::closing_in::ClosingInOptions;
use kartka_protocol::rest::{Challenge, Profile, Session};
use kartka_protocol::{
    EndReasonName, ErrorCode, EventEnvelope, GameEvent, GameKindName, GameSnapshot, RulesetSpec, SeatName, ServerFrame,
    TimeControl,
};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::Settings;
use kartka_server::games::kinds;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::json;
use uuid::Uuid;

kartka_tests::on_both_stores!(
    a_game_is_played_to_its_end_over_sockets_with_a_spectator,
    pools_and_seeks_start_closing_in_games_rated_per_kind,
    a_correspondence_game_is_played_over_rest,
    admins_review_position_export_and_import_closing_in_games,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };
const SMALL: RulesetSpec = RulesetSpec::ClosingIn(ClosingInOptions { size: 4 });

/// The engine's game after the snapshot's moves: what a client knows of the position.
fn replayed(snapshot: &GameSnapshot) -> AnyGame {
    let mut game = AnyGame::new(&kinds::ruleset(&snapshot.ruleset).expect("a valid ruleset"));
    for record in &snapshot.moves {
        game.play(&record.notation).expect("stored moves replay");
    }
    game
}

/// The events up to and including the game's end.
async fn events_to_the_end(client: &mut WsClient) -> Vec<EventEnvelope> {
    let mut events = Vec::new();
    loop {
        let event = client.next_event().await;
        let ended = matches!(event.event, GameEvent::Ended { .. });
        events.push(event);
        if ended {
            return events;
        }
    }
}

async fn a_game_is_played_to_its_end_over_sockets_with_a_spectator(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob, carol) = (api.guest("alice").await, api.guest("bob").await, api.guest("carol").await);
    let game = api.start_game_of(&alice, &bob, SMALL, BLITZ, false).await;
    let (mut first, snapshot) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let (mut second, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    let (mut spectator, _) = WsClient::subscribed(server.addr, &carol.token, game).await;
    assert_eq!(snapshot.ruleset, SMALL);
    assert_eq!(snapshot.to_act, Some(SeatName::First), "A places first");

    // Bad moves are refused with their codes and change nothing.
    assert_eq!(first.refused(2, move_frame(game, 0, "bad", "E1")).await, ErrorCode::IllegalMove, "off a 4x4 board");
    assert_eq!(first.refused(3, move_frame(game, 0, "bad", "9")).await, ErrorCode::BadNotation);
    assert_eq!(second.refused(4, move_frame(game, 0, "bad", "A1")).await, ErrorCode::NotYourTurn);
    assert_eq!(first.refused(5, move_frame(game, 1, "bad", "A1")).await, ErrorCode::StalePly);
    assert_eq!(spectator.refused(6, move_frame(game, 0, "bad", "A1")).await, ErrorCode::NotAPlayer);

    let mut position = replayed(&snapshot);
    let mut played = Vec::new();
    while let Some(seat) = position.to_act() {
        let ply = played.len() as u32;
        // The engine's last legal move, so the markers wander instead of filling the board in order.
        let notation = position.legal_actions().pop().expect("a player to act has a move");
        let mover = if seat == Seat::FIRST { &mut first } else { &mut second };
        mover.request(10 + u64::from(ply), move_frame(game, ply, &format!("m{ply}"), &notation)).await;
        position.play(&notation).expect("the engine's own move");
        played.push(notation);
    }
    let outcome = position.outcome().expect("the game is over by the rules");
    assert_eq!(outcome.reason, kartka_engine::EndReason::Stuck);

    let mut last_seqs = Vec::new();
    for client in [&mut first, &mut second, &mut spectator] {
        let events = events_to_the_end(client).await;
        let moves: Vec<&str> = events
            .iter()
            .filter_map(|e| match &e.event {
                GameEvent::Moved { record, .. } => Some(record.notation.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(moves, played, "everyone sees every move, in order");
        let Some(GameEvent::Ended { result, .. }) = events.last().map(|e| &e.event) else { unreachable!() };
        assert_eq!(result.reason, EndReasonName::Stuck);
        let winner = outcome.winner().map(|seat| if seat == Seat::FIRST { SeatName::First } else { SeatName::Second });
        assert_eq!(result.winner, winner);
        last_seqs.push(events.last().map(|e| e.seq));
    }
    assert!(last_seqs.windows(2).all(|pair| pair[0] == pair[1]));

    // A client that saw only the start resumes with exactly the rest.
    let mut late = WsClient::connect(server.addr, &carol.token).await;
    late.send(json!({ "type": "subscribe", "id": 1, "game_id": game, "after_seq": snapshot.seq })).await;
    let ServerFrame::Events { events, .. } = late.next().await else { panic!("expected the missed events") };
    assert_eq!(events.first().map(|e| e.seq), Some(snapshot.seq + 1));
    assert_eq!(events.last().map(|e| e.seq), last_seqs[0]);

    // The record is the rules document's format and replays to the same end.
    let (status, text) = api.get_text(&format!("/api/games/{game}/record"), None).await;
    assert_eq!(status, 200);
    assert!(text.starts_with("[Game \"closing-in\"]\n[Board \"4x4\"]"), "{text}");
    let record = ClosingInRecord::read(&text).expect("the record reads back");
    assert_eq!(record.moves.len(), played.len());
    assert!(record.replay().expect("the record replays").is_over());

    // A rematch is the same game with the seats swapped.
    let (status, offer) = api.post(&format!("/api/games/{game}/rematch"), Some(&bob.token), &json!({})).await;
    assert_eq!(status, 201, "{offer}");
    let offer: Challenge = serde_json::from_value(offer).expect("a challenge");
    assert_eq!((offer.ruleset, offer.rematch_of), (SMALL, Some(game)));
    server.stop().await;
}

/// Plays the game to its end with the engine's first legal move each time; `clients` are first seat first.
async fn play_out(clients: [&mut WsClient; 2], game: Uuid, snapshot: &GameSnapshot) {
    let [first, second] = clients;
    let mut position = replayed(snapshot);
    let mut ply = snapshot.ply;
    while let Some(seat) = position.to_act() {
        let notation = position.legal_actions().swap_remove(0);
        let mover = if seat == Seat::FIRST { &mut *first } else { &mut *second };
        mover.request(100 + u64::from(ply), move_frame(game, ply, &format!("p{ply}"), &notation)).await;
        position.play(&notation).expect("the engine's own move");
        ply += 1;
    }
}

async fn pools_and_seeks_start_closing_in_games_rated_per_kind(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    // Rated play needs registered accounts.
    let (kasia, basia) = (registered(&api, "kasia").await, registered(&api, "basia").await);
    let mut sockets =
        [WsClient::connect(server.addr, &kasia.token).await, WsClient::connect(server.addr, &basia.token).await];
    let pool = json!({ "ruleset": { "kind": "closing-in", "size": 4 }, "time_control": BLITZ, "rated": true });
    for (index, socket) in sockets.iter_mut().enumerate() {
        socket.send(json!({ "type": "pool_join", "id": index + 1, "pool": pool })).await;
    }
    let mut games = Vec::new();
    for socket in &mut sockets {
        let ServerFrame::GameStarted { game_id } =
            socket.next_matching(|f| matches!(f, ServerFrame::GameStarted { .. })).await
        else {
            unreachable!()
        };
        games.push(game_id);
    }
    assert_eq!(games[0], games[1], "the pool paired them with each other");
    let game = games[0];
    let (mut kasia_game, snapshot) = WsClient::subscribed(server.addr, &kasia.token, game).await;
    let (mut basia_game, _) = WsClient::subscribed(server.addr, &basia.token, game).await;
    assert_eq!((snapshot.ruleset, snapshot.rated), (SMALL, true));
    let kasia_first = snapshot.players[0].account_id == kasia.account.id;
    let clients = if kasia_first { [&mut kasia_game, &mut basia_game] } else { [&mut basia_game, &mut kasia_game] };
    play_out(clients, game, &snapshot).await;
    let ended = events_to_the_end(&mut kasia_game).await;
    let Some(GameEvent::Ended { rating_changes, .. }) = ended.last().map(|e| &e.event) else { unreachable!() };
    assert_eq!(rating_changes.len(), 2, "a rated game rates both players");

    let (status, profile) = api.get(&format!("/api/players/{}", kasia.account.name), None).await;
    assert_eq!(status, 200);
    let profile: Profile = serde_json::from_value(profile).expect("a profile");
    let kinds_rated: Vec<&str> = profile.ratings.iter().map(|r| r.kind.name()).collect();
    assert_eq!(kinds_rated, ["closing-in"], "ratings are kept per game kind");
    let (status, _) = api.get("/api/leaderboard/closing-in?speed=blitz", None).await;
    assert_eq!(status, 200);

    // An open seek for an 8x8 board starts that game for whoever accepts it.
    let seek = json!({ "type": "seek_create", "id": 30, "ruleset": { "kind": "closing-in", "size": 8 },
        "time_control": BLITZ, "rated": false });
    sockets[0].send(seek).await;
    let ServerFrame::SeekCreated { seek, .. } =
        sockets[0].next_matching(|f| matches!(f, ServerFrame::SeekCreated { .. })).await
    else {
        unreachable!()
    };
    sockets[1].send(json!({ "type": "seek_accept", "id": 31, "seek_id": seek.id })).await;
    let ServerFrame::Ack { game_id: Some(seek_game), .. } =
        sockets[1].next_matching(|f| matches!(f, ServerFrame::Ack { id: Some(31), .. })).await
    else {
        panic!("the seek's game")
    };
    let (status, started) = api.get(&format!("/api/games/{seek_game}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(started["ruleset"], json!({ "kind": "closing-in", "size": 8 }));

    // A board the rules do not allow is refused.
    let (status, body) = api
        .post(
            "/api/challenges",
            Some(&kasia.token),
            &json!({ "opponent": "basia", "ruleset": { "kind": "closing-in", "size": 13 }, "time_control": BLITZ }),
        )
        .await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")), "{body}");
    server.stop().await;
}

async fn a_correspondence_game_is_played_over_rest(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob): (Session, Session) = (api.guest("ala").await, api.guest("ola").await);
    let days = TimeControl::Correspondence { days_per_move: 3, vacation_allowed: true };
    let game = api.start_game_of(&alice, &bob, SMALL, days, false).await;
    let tokens = [&alice.token, &bob.token];
    let (status, snapshot) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200);
    let snapshot: GameSnapshot = serde_json::from_value(snapshot).expect("a snapshot");
    let mut position = replayed(&snapshot);
    let mut ply = 0;
    while let Some(seat) = position.to_act() {
        let notation = position.legal_actions().swap_remove(0);
        let body = json!({ "ply": ply, "client_move_id": format!("c{ply}"), "notation": notation });
        let (status, answer) = api.post(&format!("/api/games/{game}/moves"), Some(tokens[seat.index()]), &body).await;
        assert_eq!(status, 200, "{answer}");
        position.play(&notation).expect("the engine's own move");
        ply += 1;
    }
    let (_, finished) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(finished["status"], "finished");
    assert_eq!(finished["result"]["reason"], "stuck");
    assert_eq!(finished["ply"], ply);
    server.stop().await;
}

/// The rules document's sample game, which A resigned.
const SEED_RECORD: &str = "[Game \"closing-in\"]\n[Board \"6x6\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\
    [Winner \"second\"]\n\n1. D5 B2 2. B3 C3 3. B5 C4 4. C5 D4 5. D6 F4 6. A6 C1 7. A1 B1 0-1\n";

async fn admins_review_position_export_and_import_closing_in_games(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let credentials = json!({ "username": "boss", "password": "long enough secret" });
    let (status, admin) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "{admin}");
    let admin: Session = serde_json::from_value(admin).expect("a session");
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let token = Some(admin.token.as_str());

    // A game played here: placements, then one queen move.
    let (ala, ola) = (api.guest("ala").await, api.guest("ola").await);
    let game = api.start_game_of(&ala, &ola, RulesetSpec::ClosingIn(ClosingInOptions { size: 6 }), BLITZ, false).await;
    for (ply, (token, square)) in [(&ala.token, "D5"), (&ola.token, "B2"), (&ala.token, "B3")].into_iter().enumerate() {
        let body = json!({ "ply": ply, "client_move_id": format!("a{ply}"), "notation": square });
        let (status, answer) = api.post(&format!("/api/games/{game}/moves"), Some(token), &body).await;
        assert_eq!(status, 200, "{answer}");
    }
    let (status, review) = api.get(&format!("/api/admin/games/{game}"), token).await;
    assert_eq!(status, 200, "{review}");
    assert_eq!(review["moves"].as_array().map(Vec::len), Some(3));
    let (status, placed) = api.get(&format!("/api/admin/games/{game}/position?ply=2"), token).await;
    assert_eq!(status, 200, "{placed}");
    let placed: GamePosition = serde_json::from_value(placed).expect("a position");
    assert_eq!((placed.kind, placed.ply, placed.plies), (GameKindName::ClosingIn, 2, 3));
    assert_eq!((placed.to_act, placed.over), (Some(SeatName::First), false));
    assert_eq!(placed.moves, ["D5", "B2"]);
    assert!(placed.legal_actions.contains(&"B3".to_owned()), "the queen on D5 reaches B3: {placed:?}");
    assert!(!placed.legal_actions.iter().any(|square| square == "B2" || square == "D5"), "{placed:?}");
    let (_, end) = api.get(&format!("/api/admin/games/{game}/position"), token).await;
    let end: GamePosition = serde_json::from_value(end).expect("a position");
    assert_eq!((end.ply, end.to_act, end.moves.len()), (3, Some(SeatName::Second), 3));
    assert!(!end.legal_actions.is_empty() && !end.legal_actions.contains(&"D5".to_owned()), "D5 is gone: {end:?}");
    let (status, record) = api.get_text(&format!("/api/admin/games/{game}/record"), token).await;
    assert_eq!(status, 200);
    assert!(record.contains("1. D5 B2 2. B3 *"), "{record}");

    // The seed's game, imported from its record, is searchable, reviewable and exported as it came in.
    let (status, report) =
        api.post_bytes("/api/admin/import?source=seed", token, SEED_RECORD.as_bytes().to_vec()).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!((report["imported"].as_u64(), report["rejected"].as_u64()), (Some(1), Some(0)), "{report}");
    let (status, found) = api.get("/api/admin/games?kind=closing-in&status=finished", token).await;
    assert_eq!(status, 200, "{found}");
    let games = found["games"].as_array().expect("a page of games");
    assert_eq!(games.len(), 1, "{found}");
    assert_eq!(games[0]["result"]["winner"], "second");
    assert_eq!(games[0]["ply"], 14);
    let imported = games[0]["id"].as_str().expect("an id");
    let (_, end) = api.get(&format!("/api/admin/games/{imported}/position"), token).await;
    let end: GamePosition = serde_json::from_value(end).expect("a position");
    assert_eq!((end.ply, end.plies, end.moves.len(), end.to_act), (14, 14, 14, Some(SeatName::First)), "{end:?}");
    assert!(!end.over && end.outcome.is_none(), "the first seat resigned with moves left, not by the rules: {end:?}");
    assert!(!end.legal_actions.is_empty() && !end.truncated, "{end:?}");
    let (status, exported) = api.get_text("/api/admin/export/games.pgn?kind=closing-in", token).await;
    assert_eq!(status, 200);
    assert!(exported.contains("1. D5 B2 2. B3 C3 3. B5 C4 4. C5 D4 5. D6 F4 6. A6 C1 7. A1 B1 0-1"), "{exported}");
    let (_, active) = api.get("/api/admin/games?kind=closing-in&status=active", token).await;
    assert_eq!(active["games"].as_array().map(Vec::len), Some(1), "the game played here is still on");
    server.stop().await;
}

async fn registered(api: &Api, name: &str) -> Session {
    let credentials = json!({ "username": name, "password": "long enough secret" });
    let (status, body) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "register {name}: {body}");
    serde_json::from_value(body).expect("a session")
}
