//! Line Soccer and Russian Paper Soccer end to end through the same plumbing as every game: rulesets checked
//! at the boundary, a game with a kick played over sockets to its end by the rules with a spectator, and the
//! record in the §5 format, which replays to the same end. The game is chosen from the engine before the
//! server sees it, so that it holds a kick; every action is sent as its own frame, as the browser does.

use kartka_engine::line_soccer::{read_variant_records, LinePreset, LineRules};
use kartka_engine::{AnyGame, Ruleset, Seat};
use kartka_protocol::kinds::line_soccer::LinePresetName;
use kartka_protocol::kinds::line_soccer::LineSoccerOptions;
use kartka_protocol::{EndReasonName, GameEvent, RulesetSpec, SeatName, TimeControl};
use kartka_server::config::Settings;
use kartka_tests::client::{Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::json;

kartka_tests::on_both_stores!(
    rulesets_are_checked_at_the_boundary,
    a_game_with_a_kick_is_played_to_its_end_over_sockets,
);

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 600, increment_seconds: 5 };
const OPCJA1: RulesetSpec =
    RulesetSpec::LineSoccer(LineSoccerOptions { preset: LinePresetName::Opcja1, width: 16, length: 20 });

/// The actions of a whole `line/opcja1` game that holds a kick, chosen by a fixed walk over the legal actions:
/// the first walk whose game has one.
fn a_game_with_a_kick() -> Vec<String> {
    let rules = Ruleset::LineSoccer(LineRules::preset(LinePreset::Opcja1));
    for seed in 1_u64.. {
        let mut game = AnyGame::new(&rules);
        let mut actions = Vec::new();
        let mut choice = seed;
        while game.to_act().is_some() {
            choice = choice.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let action = game.pick_legal_action(choice >> 33).expect("a seat to act has an action");
            game.play(&action).expect("a legal action");
            actions.push(action);
        }
        if actions.iter().any(|action| action.starts_with('p')) {
            return actions;
        }
    }
    unreachable!("the walks never end")
}

async fn rulesets_are_checked_at_the_boundary(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (ala, ola) = (api.guest("ala").await, api.guest("ola").await);
    let challenge = |ruleset: serde_json::Value| {
        json!({ "opponent": "ola", "ruleset": ruleset, "time_control": {"type": "fischer", "initial_seconds": 300,
            "increment_seconds": 0}, "colour": "first", "rated": false })
    };
    for ruleset in [
        json!({ "kind": "line-soccer", "preset": "line", "width": 16, "length": 20 }),
        json!({ "kind": "line-soccer", "preset": "opcja1", "width": 17, "length": 20 }),
        json!({ "kind": "line-soccer", "preset": "opcja2", "width": 16, "length": 20 }),
        json!({ "kind": "russian-soccer", "width": 42, "length": 52 }),
        json!({ "kind": "russian-soccer", "width": 10, "length": 8 }),
    ] {
        let (status, body) = api.post("/api/challenges", Some(&ala.token), &challenge(ruleset.clone())).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")), "{ruleset}: {body}");
    }
    let (status, body) =
        api.post("/api/challenges", Some(&ala.token), &challenge(json!({ "kind": "russian-soccer" }))).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["ruleset"], json!({ "kind": "russian-soccer", "width": 40, "length": 52 }), "defaults filled in");
    let game = api.start_game_of(&ala, &ola, OPCJA1, BLITZ, false).await;
    let (_, snapshot) = WsClient::subscribed(server.addr, &ala.token, game).await;
    assert_eq!(snapshot.ruleset, OPCJA1, "the ruleset round-trips through the store");
    server.stop().await;
}

async fn a_game_with_a_kick_is_played_to_its_end_over_sockets(url: &str) {
    // Every action is its own frame, sent as fast as the acks come: more than a person sends per second.
    let settings = Settings { ws_messages_per_second: 1_000, ..Settings::default() };
    let server = TestServer::start(url, settings).await;
    let api = Api::new(server.url());
    let (ala, ola, ela) = (api.guest("ala").await, api.guest("ola").await, api.guest("ela").await);
    let game = api.start_game_of(&ala, &ola, OPCJA1, BLITZ, false).await;
    let (mut first, snapshot) = WsClient::subscribed(server.addr, &ala.token, game).await;
    let (mut second, _) = WsClient::subscribed(server.addr, &ola.token, game).await;
    let (mut spectator, _) = WsClient::subscribed(server.addr, &ela.token, game).await;
    assert_eq!(snapshot.to_act, Some(SeatName::First));

    let actions = a_game_with_a_kick();
    let mut position = AnyGame::new(&Ruleset::LineSoccer(LineRules::preset(LinePreset::Opcja1)));
    for (ply, action) in actions.iter().enumerate() {
        let seat = position.to_act().expect("the game goes on");
        let mover = if seat == Seat::FIRST { &mut first } else { &mut second };
        let frame = json!({ "type": "move", "game_id": game, "ply": ply, "client_move_id": format!("m{ply}"),
            "notation": action });
        mover.request(100 + ply as u64, frame).await;
        position.play(action).expect("the engine's own action");
    }
    let outcome = position.outcome().expect("over by the rules");

    let mut seen = Vec::new();
    loop {
        let event = spectator.next_event().await;
        match event.event {
            GameEvent::Moved { record, .. } => seen.push(record.notation),
            GameEvent::Ended { result, .. } => {
                let winner =
                    outcome.winner().map(|seat| if seat == Seat::FIRST { SeatName::First } else { SeatName::Second });
                assert_eq!(result.winner, winner);
                assert!(matches!(result.reason, EndReasonName::Goal | EndReasonName::OwnGoal | EndReasonName::Stuck));
                break;
            }
            _ => {}
        }
    }
    assert_eq!(seen, actions, "the spectator sees every step and kick, in order");

    let (status, text) = api.get_text(&format!("/api/games/{game}/record"), None).await;
    assert_eq!(status, 200);
    assert!(text.contains("[Variant \"line/opcja1\"]") && text.contains("[Board \"16x20\"]"), "{text}");
    assert!(text.contains("[Kicks \"6,12,18\"]") && text.contains("[Winner "), "{text}");
    let record = read_variant_records(&text).next().expect("one record").expect("the record reads");
    assert!(record.tokens.iter().any(|token| token.contains('p')), "the kick is in the record: {text}");
    let replayed = record.replay().expect("the record replays, its Winner agreeing");
    assert_eq!(replayed.outcome().map(|o| o.winner()), Some(outcome.winner()));
    for client in [first, second, spectator] {
        client.close().await;
    }
    server.stop().await;
}
