//! Dots' agreed end (rules 8.1, "both agree to end, scored by 5.2/6.5") through the server: offered on one's own
//! turn, declined, withdrawn by the opponent's move, accepted with the scored result and its rating change; the
//! same request refused in Paper Soccer, whose rules score none; a standing offer and a half-point result kept
//! across restarts and shown in the admin's timeline.

use kartka_protocol::kinds::dots::DotsOptions;
use kartka_protocol::kinds::dots::{DotsStart, DotsStop};
use kartka_protocol::rest::Session;
use kartka_protocol::{
    EndReasonName, ErrorCode, EventEnvelope, GameEvent, GameResult, RulesetSpec, SeatName, TimeControl,
};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::Settings;
use kartka_tests::client::{Api, WsClient, KURNIK, SMALL_DOTS};
use kartka_tests::server::TestServer;
use serde_json::json;
use uuid::Uuid;

kartka_tests::on_both_stores!(
    an_offer_to_end_is_declined_withdrawn_and_accepted_with_the_score_and_ratings,
    paper_soccer_scores_no_agreed_end,
    a_standing_offer_and_a_half_point_result_survive_restarts,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };

/// Territory mode on the same field (STOP is off there, rules 6.5).
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

/// Blue rings Red's dot at `ee` and captures it with `ef`; Red's dots stay on the edge. Red is to move.
const CAPTURE: [&str; 7] = ["ed", "ee", "de", "aa", "fe", "ba", "ef"];

/// Blue captures Red's `dd` with `ee~`, leaving `ed` a deferred point of Blue's: an agreed end is Blue 1½, Red 0.
const DEFERRED: [&str; 11] = ["dc", "dd", "ec", "aa", "cd", "ba", "fd", "ca", "de", "da", "ee~"];

fn move_frame(game: Uuid, ply: usize, notation: &str) -> serde_json::Value {
    json!({ "type": "move", "game_id": game, "ply": ply, "client_move_id": format!("m{ply}"), "notation": notation })
}

fn agreed_end(game: Uuid, action: &str) -> serde_json::Value {
    json!({ "type": "agreed_end", "game_id": game, "action": action })
}

/// Reads events until the one with sequence number `seq`, and returns it.
async fn event_at(client: &mut WsClient, seq: u64) -> EventEnvelope {
    loop {
        let envelope = client.next_event().await;
        if envelope.seq >= seq {
            assert_eq!(envelope.seq, seq, "every event in order");
            return envelope;
        }
    }
}

async fn register(api: &Api, name: &str) -> Session {
    let credentials = json!({ "username": name, "password": "long enough secret" });
    let (status, session) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "{session}");
    serde_json::from_value(session).expect("a session")
}

async fn an_offer_to_end_is_declined_withdrawn_and_accepted_with_the_score_and_ratings(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob, carol) = (register(&api, "alice").await, register(&api, "bob").await, api.guest("carol").await);
    let game = api.start_game_of(&alice, &bob, SMALL_DOTS, BLITZ, true).await;
    let (mut first, snapshot) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let (mut second, _) = WsClient::subscribed(server.addr, &bob.token, game).await;
    let (mut spectator, _) = WsClient::subscribed(server.addr, &carol.token, game).await;
    assert_eq!(snapshot.agreed_end_offer, None);

    for (ply, notation) in CAPTURE.iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut first } else { &mut second };
        mover.request(10 + ply as u64, move_frame(game, ply, notation)).await;
    }
    let mut ply = CAPTURE.len();

    assert_eq!(spectator.refused(20, agreed_end(game, "offer")).await, ErrorCode::NotAPlayer);
    assert_eq!(first.refused(21, agreed_end(game, "offer")).await, ErrorCode::NotYourTurn, "Red is to move");
    assert_eq!(second.refused(22, agreed_end(game, "accept")).await, ErrorCode::NotAllowed, "no offer to accept");
    assert_eq!(first.refused(23, agreed_end(game, "decline")).await, ErrorCode::NotAllowed, "no offer to decline");

    // Offered and declined.
    let offered = second.request(24, agreed_end(game, "offer")).await.expect("a sequence number");
    assert_eq!(
        event_at(&mut spectator, offered).await.event,
        GameEvent::AgreedEndOffered { seat: SeatName::Second },
        "everyone watching sees the offer"
    );
    assert_eq!(second.refused(25, agreed_end(game, "offer")).await, ErrorCode::NotAllowed, "one offer at a time");
    assert_eq!(second.refused(26, agreed_end(game, "accept")).await, ErrorCode::NotAllowed, "not one's own offer");
    let declined = first.request(27, agreed_end(game, "decline")).await.expect("a sequence number");
    assert_eq!(event_at(&mut spectator, declined).await.event, GameEvent::AgreedEndDeclined { seat: SeatName::First });
    let (_, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(stored.get("agreed_end_offer"), None, "no offer stands: {stored}");

    // Offered again, and withdrawn by the opponent's move instead of an answer; the offerer's own move leaves it.
    second.request(28, agreed_end(game, "offer")).await;
    second.request(29, move_frame(game, ply, "ca")).await;
    ply += 1;
    let (_, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(stored["agreed_end_offer"], "second", "the offerer's move leaves the offer standing: {stored}");
    first.request(30, move_frame(game, ply, "ii")).await;
    ply += 1;
    let (_, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(stored.get("agreed_end_offer"), None, "the opponent moved on: {stored}");
    assert_eq!(first.refused(31, agreed_end(game, "accept")).await, ErrorCode::NotAllowed, "nothing left to accept");

    // Offered and accepted: the counts decide, Blue's one capture to none, and the result is rated.
    second.request(32, agreed_end(game, "offer")).await;
    let ended = first.request(33, agreed_end(game, "accept")).await.expect("a sequence number");
    let expected = GameResult {
        ranks: vec![1, 2],
        winner: Some(SeatName::First),
        reason: EndReasonName::Agreement,
        scores: Some(vec![1, 0]),
        half_points: false,
    };
    for client in [&mut first, &mut second, &mut spectator] {
        let GameEvent::Ended { result, rating_changes, .. } = event_at(client, ended).await.event else {
            panic!("the game ended")
        };
        assert_eq!(result, expected);
        let [winner, loser] = [&rating_changes[0], &rating_changes[1]];
        assert_eq!((winner.seat, loser.seat), (SeatName::First, SeatName::Second));
        assert!(winner.rating_after > winner.rating_before && loser.rating_after < loser.rating_before);
    }
    assert_eq!(second.refused(34, agreed_end(game, "offer")).await, ErrorCode::GameOver);
    assert_eq!(second.refused(35, move_frame(game, ply, "cb")).await, ErrorCode::GameOver);
    let (_, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(serde_json::from_value::<GameResult>(stored["result"].clone()).expect("a result"), expected);
    let (status, record) = api.get_text(&format!("/api/games/{game}/record"), None).await;
    assert_eq!(status, 200);
    assert!(record.contains("RE[B+1]"), "the record says Blue won by the count: {record}");
    let (_, profile) = api.get("/api/players/alice", None).await;
    assert_eq!(profile["results"]["wins"], 1, "{profile}");
    server.stop().await;
}

async fn paper_soccer_scores_no_agreed_end(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let game = api.start_game_of(&alice, &bob, KURNIK, BLITZ, false).await;
    let (mut first, _) = WsClient::subscribed(server.addr, &alice.token, game).await;
    let (_, before) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(first.refused(2, agreed_end(game, "offer")).await, ErrorCode::UnsupportedByRules);
    let (status, refused) =
        api.post(&format!("/api/games/{game}/agreed-end"), Some(&alice.token), &json!({ "action": "offer" })).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("unsupported_by_rules")), "{refused}");
    let (_, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(
        (stored["seq"].clone(), stored.get("agreed_end_offer")),
        (before["seq"].clone(), None),
        "nothing changed"
    );
    // A draw can still be agreed.
    first.request(3, json!({ "type": "draw", "game_id": game, "action": "offer" })).await;
    server.stop().await;
}

async fn a_standing_offer_and_a_half_point_result_survive_restarts(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let admin = register(&api, "boss").await;
    role::set_admin(server.state.store.as_ref(), "boss", true, Actor::CommandLine, "test admin").await.expect("grant");
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let game = api.start_game_of(&alice, &bob, TERRITORY, BLITZ, false).await;
    for (ply, notation) in DEFERRED.iter().enumerate() {
        let player = if ply % 2 == 0 { &alice } else { &bob };
        let body = json!({ "ply": ply, "client_move_id": format!("m{ply}"), "notation": notation });
        let (status, moved) = api.post(&format!("/api/games/{game}/moves"), Some(&player.token), &body).await;
        assert_eq!(status, 200, "{moved}");
    }
    let path = format!("/api/games/{game}/agreed-end");
    let (status, offered) = api.post(&path, Some(&bob.token), &json!({ "action": "offer" })).await;
    assert_eq!((status, offered["game"]["agreed_end_offer"].as_str()), (200, Some("second")), "{offered}");
    server.stop().await;

    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (_, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(stored["agreed_end_offer"], "second", "the offer stands after a restart: {stored}");
    let (status, accepted) = api.post(&path, Some(&alice.token), &json!({ "action": "accept" })).await;
    assert_eq!(status, 200, "{accepted}");
    let expected =
        json!({ "ranks": [1, 2], "winner": "first", "reason": "agreement", "scores": [3, 0], "half_points": true });
    assert_eq!(accepted["game"]["result"], expected, "Blue's capture and half a point of territory");
    server.stop().await;

    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (_, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(stored["result"], expected, "the half points read back from the store");
    let (status, review) = api.get(&format!("/api/admin/games/{game}"), Some(&admin.token)).await;
    assert_eq!(status, 200, "{review}");
    let events: Vec<&str> = review["timeline"]
        .as_array()
        .expect("a timeline")
        .iter()
        .filter_map(|entry| entry["event"]["type"].as_str())
        .filter(|kind| kind.starts_with("agreed_end") || *kind == "ended")
        .collect();
    assert_eq!(events, ["agreed_end_offered", "ended"], "{review}");
    let (_, found) = api.get("/api/admin/games?kind=dots&status=finished", Some(&admin.token)).await;
    assert_eq!(found["games"][0]["result"], expected, "{found}");
    server.stop().await;
}
