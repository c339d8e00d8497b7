//! The analysis board's route, `POST /api/analysis/suggestion`: the built-in bot's turn in any position given as
//! a ruleset and the moves from its start, answered with a legal turn and its evaluation; every bad request
//! refused with its typed error; the per-account allowance enforced. The route touches no store, so SQLite only.

use kartka_engine::{AnyGame, GameKind};
use kartka_protocol::analysis::{BotEvaluation, Suggestion, MAX_ANALYSIS_ACTIONS};
use kartka_server::config::Settings;
use kartka_tests::client::{Api, KURNIK};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::{json, Value};

const ROUTE: &str = "/api/analysis/suggestion";

/// The Paper Soccer line in which the second player's sixth step, north into the top goal, is an own goal.
const OWN_GOAL: [&str; 6] = ["0", "0", "0", "0", "0", "0"];

async fn start() -> (TestDb, TestServer, Api) {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    (database, server, api)
}

/// Asks as `token` and checks the refusal's status and code; returns its message.
async fn refused(api: &Api, token: Option<&str>, body: &Value, status: u16, code: &str) -> String {
    let (answer, reply) = api.post(ROUTE, token, body).await;
    assert_eq!((answer, reply["code"].as_str()), (status, Some(code)), "{body} → {reply}");
    reply["message"].as_str().expect("a message").to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_suggests_a_legal_turn_for_the_side_to_act_in_every_kind() {
    let (_database, server, api) = start().await;
    let alice = api.guest("alice").await;
    for &kind in GameKind::ALL {
        let ruleset = kind.default_ruleset();
        let spec = kartka_server::games::kinds::default_spec(kind);
        let mut game = AnyGame::new(&ruleset);
        let opening = game.pick_legal_action(2).expect("a start position has an action");
        game.play(&opening).expect("a legal action");
        let (status, reply) =
            api.post(ROUTE, Some(&alice.token), &json!({ "ruleset": spec, "moves": [opening] })).await;
        if kind.hidden_information() {
            // Analysis is off for a kind with secrets: the whole game would give them away.
            assert_eq!((status, reply["code"].as_str()), (400, Some("unsupported_by_rules")), "{kind}: {reply}");
            continue;
        }
        assert_eq!(status, 200, "{kind}: {reply}");
        let suggestion: Suggestion = serde_json::from_value(reply).expect("a suggestion");
        assert!(suggestion.nodes > 0 && !suggestion.actions.is_empty(), "{kind}: {suggestion:?}");
        assert_eq!(suggestion.turn, suggestion.actions.join(kind.action_separator()), "{kind}");
        // The whole turn is legal where it was asked for, and is one turn: the other side acts next (or the
        // game is over).
        let mover = game.to_act();
        game.play(&suggestion.turn).unwrap_or_else(|error| panic!("{kind}: {} is legal: {error}", suggestion.turn));
        assert_ne!(game.to_act(), mover, "{kind}: {} ends the turn", suggestion.turn);
        if let BotEvaluation::Score { hundredths } = suggestion.evaluation {
            assert!(hundredths.abs() < 1_000_000, "{kind}: a score in hundredths of a unit: {hundredths}");
        }
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_goal_in_reach_is_seen_and_played() {
    let (_database, server, api) = start().await;
    let alice = api.guest("alice").await;
    // Four steps north leave the ball one point before the top goal's mouth, the first player (who attacks that
    // goal) to act: a step to a post bounces off the end line, and the next step enters the goal.
    let moves = &OWN_GOAL[..4];
    let (status, reply) = api.post(ROUTE, Some(&alice.token), &json!({ "ruleset": KURNIK, "moves": moves })).await;
    assert_eq!(status, 200, "{reply}");
    let suggestion: Suggestion = serde_json::from_value(reply).expect("a suggestion");
    assert!(matches!(suggestion.evaluation, BotEvaluation::Win { within: Some(_) }), "{suggestion:?}");
    let mut game = AnyGame::new(&GameKind::PaperSoccer.default_ruleset());
    for step in moves {
        game.play(step).expect("a legal step");
    }
    game.play(&suggestion.turn).expect("the suggested turn is legal");
    let outcome = game.outcome().expect("the turn ends the game");
    assert_eq!(outcome.winner(), Some(kartka_engine::Seat::FIRST), "{suggestion:?}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_with_their_typed_errors() {
    let (_database, server, api) = start().await;
    let body = json!({ "ruleset": KURNIK, "moves": ["0"] });
    refused(&api, None, &body, 401, "unauthenticated").await;
    refused(&api, Some("not-a-token"), &body, 401, "invalid_token").await;
    let alice = api.guest("alice").await;
    let token = Some(alice.token.as_str());

    let huge = json!({ "ruleset": { "kind": "paper-soccer", "width": 99, "height": 10, "goal": 2 }, "moves": [] });
    refused(&api, token, &huge, 400, "invalid_request").await;
    refused(&api, token, &json!({ "ruleset": { "kind": "chess" }, "moves": [] }), 400, "invalid_request").await;
    refused(&api, token, &json!({ "moves": [] }), 400, "invalid_request").await;
    refused(&api, token, &json!({ "ruleset": KURNIK, "moves": [], "level": 3 }), 400, "invalid_request").await;
    let message = refused(&api, token, &json!({ "ruleset": KURNIK, "moves": ["0", "x"] }), 400, "bad_notation").await;
    assert!(message.contains("move 2 (x)"), "{message}");
    refused(&api, token, &json!({ "ruleset": KURNIK, "moves": ["0", ""] }), 400, "bad_notation").await;
    // North, then south back along the line just drawn.
    let message = refused(&api, token, &json!({ "ruleset": KURNIK, "moves": ["0", "4"] }), 400, "illegal_move").await;
    assert!(message.contains("move 2 (4)"), "{message}");
    // Two turns in one move: the first step ends the turn, the second belongs to the opponent.
    refused(&api, token, &json!({ "ruleset": KURNIK, "moves": ["02"] }), 400, "illegal_move").await;
    let too_long = vec!["0"; MAX_ANALYSIS_ACTIONS + 1];
    refused(&api, token, &json!({ "ruleset": KURNIK, "moves": too_long }), 400, "invalid_request").await;
    refused(&api, token, &json!({ "ruleset": KURNIK, "moves": OWN_GOAL }), 409, "game_over").await;
    let past_the_end: Vec<&str> = OWN_GOAL.iter().copied().chain(["1"]).collect();
    refused(&api, token, &json!({ "ruleset": KURNIK, "moves": past_the_end }), 409, "game_over").await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_that_asks_too_often_is_told_to_wait_and_others_are_not() {
    let (_database, server, api) = start().await;
    let alice = api.guest("alice").await;
    let bob = api.guest("bob").await;
    // Refused requests count as well: cheap ones (a step that is not kurnik notation) use up the allowance.
    let cheap = json!({ "ruleset": KURNIK, "moves": ["9"] });
    let mut answered = 0;
    let limited = loop {
        let (status, reply) = api.post(ROUTE, Some(&alice.token), &cheap).await;
        if status == 429 {
            break reply;
        }
        assert_eq!(reply["code"], "bad_notation", "{reply}");
        answered += 1;
        assert!(answered <= 40, "the allowance of 20 a minute ends");
    };
    assert!(answered >= 20, "a burst of the minute's allowance is answered: {answered}");
    assert_eq!(limited["code"], "rate_limited", "{limited}");
    let (status, reply) = api.post(ROUTE, Some(&bob.token), &json!({ "ruleset": KURNIK, "moves": [] })).await;
    assert_eq!(status, 200, "another account asks as usual: {reply}");
    server.stop().await;
}
