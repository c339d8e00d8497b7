//! Accounts, sessions and challenges over REST, with notices over WebSocket, on SQLite and PostgreSQL.

use kartka_protocol::rest::{Challenge, ChallengeStatus, Session};
use kartka_protocol::ServerFrame;
use kartka_server::config::Settings;
use kartka_tests::client::{Api, WsClient};
use kartka_tests::server::TestServer;
use serde_json::{json, Value};

kartka_tests::on_both_stores!(
    register_login_logout,
    guests_get_free_names,
    a_direct_challenge_can_be_declined_or_cancelled_only_by_the_right_player,
    an_open_challenge_link_is_accepted_once_by_anyone_else,
    an_expired_challenge_cannot_be_accepted,
    challenges_are_validated,
    malformed_requests_get_typed_errors,
);

fn challenge_body(opponent: Option<&str>, extra: Value) -> Value {
    let mut body = json!({
        "ruleset": { "kind": "paper-soccer" }, "time_control": { "type": "fischer", "initial_seconds": 60, "increment_seconds": 1 },
        "colour": "second",
    });
    if let Some(opponent) = opponent {
        body["opponent"] = json!(opponent);
    }
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    body
}

async fn create(api: &Api, by: &Session, body: &Value) -> Challenge {
    let (status, created) = api.post("/api/challenges", Some(&by.token), body).await;
    assert_eq!(status, 201, "{created}");
    serde_json::from_value(created).expect("a challenge")
}

async fn register_login_logout(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let credentials = json!({ "username": "Marta", "password": "long enough secret" });
    let (status, session) = api.post("/api/register", None, &credentials).await;
    assert_eq!(status, 201, "{session}");
    assert_eq!(session["account"]["guest"], json!(false));
    let (status, body) =
        api.post("/api/register", None, &json!({ "username": "marta", "password": "another one!" })).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("name_taken")), "names are unique in any case");
    let (status, body) = api.post("/api/register", None, &json!({ "username": "x", "password": "long enough" })).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")));
    let (status, body) = api.post("/api/register", None, &json!({ "username": "shorty", "password": "short" })).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")));

    let wrong = json!({ "username": "marta", "password": "wrong password" });
    let (status, body) = api.post("/api/login", None, &wrong).await;
    assert_eq!((status, body["code"].as_str()), (401, Some("bad_credentials")));
    let nobody = json!({ "username": "nobody", "password": "whatever123" });
    let (status, body) = api.post("/api/login", None, &nobody).await;
    assert_eq!((status, body["code"].as_str()), (401, Some("bad_credentials")), "unknown names look the same");

    let (status, login) =
        api.post("/api/login", None, &json!({ "username": "marta", "password": "long enough secret" })).await;
    assert_eq!(status, 200, "{login}");
    let token = login["token"].as_str().expect("a token").to_owned();
    assert_ne!(Some(token.as_str()), session["token"].as_str(), "every login is a new session");
    let (status, me) = api.get("/api/me", Some(&token)).await;
    assert_eq!((status, me["name"].as_str()), (200, Some("Marta")));
    let mut socket = WsClient::connect(server.addr, &token).await;
    socket.send(json!({ "type": "ping", "id": 1 })).await;
    assert!(
        matches!(socket.next_reply().await, ServerFrame::Pong { id: Some(1), .. }),
        "the token works on the socket"
    );

    let (status, _) = api.post("/api/logout", Some(&token), &json!({})).await;
    assert_eq!(status, 204);
    let (status, body) = api.get("/api/me", Some(&token)).await;
    assert_eq!((status, body["code"].as_str()), (401, Some("invalid_token")), "a logged-out token is dead");
    let other_session = session["token"].as_str().expect("a token");
    assert_eq!(api.get("/api/me", Some(other_session)).await.0, 200, "other sessions live on");
    server.stop().await;
}

async fn guests_get_free_names(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let first = api.guest("zosia").await;
    let second = api.guest("zosia").await;
    assert_eq!(first.account.name, "zosia");
    assert!(second.account.name.starts_with("zosia-"), "{}", second.account.name);
    let (status, anonymous) = api.post("/api/guest", None, &json!({})).await;
    assert_eq!(status, 200);
    assert!(anonymous["account"]["name"].as_str().is_some_and(|name| name.starts_with("guest-")));
    let (status, body) = api.post("/api/guest", None, &json!({ "name": "no spaces please" })).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")));
    server.stop().await;
}

async fn a_direct_challenge_can_be_declined_or_cancelled_only_by_the_right_player(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (ada, bolek, celina) = (api.guest("ada").await, api.guest("bolek").await, api.guest("celina").await);
    let mut bolek_socket = WsClient::connect(server.addr, &bolek.token).await;

    let challenge = create(&api, &ada, &challenge_body(Some("bolek"), json!({}))).await;
    assert_eq!(challenge.status, ChallengeStatus::Open);
    let ServerFrame::ChallengeUpdated { challenge: pushed } = bolek_socket.next().await else {
        panic!("the challenged player is told at once")
    };
    assert_eq!(pushed.id, challenge.id);
    let (status, listed) = api.get("/api/challenges", Some(&bolek.token)).await;
    assert_eq!(status, 200);
    assert_eq!(listed["incoming"][0]["id"], json!(challenge.id));
    let (_, listed) = api.get("/api/challenges", Some(&ada.token)).await;
    assert_eq!(listed["outgoing"][0]["id"], json!(challenge.id));

    let path = |action: &str| format!("/api/challenges/{}/{action}", challenge.id);
    let (status, body) = api.post(&path("decline"), Some(&celina.token), &json!({})).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")));
    let (status, body) = api.post(&path("accept"), Some(&celina.token), &json!({})).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")), "a direct challenge is for one player");
    let (status, body) = api.post(&path("cancel"), Some(&bolek.token), &json!({})).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("forbidden")));
    let (status, body) = api.post(&path("decline"), Some(&bolek.token), &json!({})).await;
    assert_eq!((status, body["status"].as_str()), (200, Some("declined")));
    let (status, body) = api.post(&path("accept"), Some(&bolek.token), &json!({})).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("unknown_challenge")), "a declined challenge is closed");

    let second = create(&api, &ada, &challenge_body(Some("bolek"), json!({}))).await;
    let cancel = format!("/api/challenges/{}/cancel", second.id);
    let (status, body) = api.post(&cancel, Some(&ada.token), &json!({})).await;
    assert_eq!((status, body["status"].as_str()), (200, Some("cancelled")));
    let (_, listed) = api.get("/api/challenges", Some(&bolek.token)).await;
    assert_eq!(listed["incoming"], json!([]), "closed challenges are not listed");
    server.stop().await;
}

async fn an_open_challenge_link_is_accepted_once_by_anyone_else(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (ada, bolek, celina) = (api.guest("ada").await, api.guest("bolek").await, api.guest("celina").await);
    let mut ada_socket = WsClient::connect(server.addr, &ada.token).await;
    let challenge = create(&api, &ada, &challenge_body(None, json!({}))).await;
    assert_eq!(challenge.opponent, None);
    let accept = format!("/api/challenges/{}/accept", challenge.id);
    let (status, body) = api.post(&accept, Some(&ada.token), &json!({})).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("invalid_request")), "not your own");
    let (status, shown) = api.get(&format!("/api/challenges/{}", challenge.id), Some(&celina.token)).await;
    assert_eq!((status, shown["status"].as_str()), (200, Some("open")));
    let (status, accepted) = api.post(&accept, Some(&celina.token), &json!({})).await;
    assert_eq!(status, 200, "{accepted}");
    let accepted: Challenge = serde_json::from_value(accepted).expect("a challenge");
    assert_eq!(accepted.status, ChallengeStatus::Accepted);
    assert_eq!(accepted.opponent.as_ref().map(|o| o.name.as_str()), Some("celina"));
    let game_id = accepted.game_id.expect("a game");
    let (status, body) = api.post(&accept, Some(&bolek.token), &json!({})).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("unknown_challenge")), "accepted only once");

    let mut started = false;
    for _ in 0..2 {
        if let ServerFrame::GameStarted { game_id: id } = ada_socket.next().await {
            started = id == game_id;
        }
    }
    assert!(started, "the challenger hears that the game started");
    let (status, game) = api.get(&format!("/api/games/{game_id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(game["players"][0]["name"], "celina", "the challenger asked for the second seat");
    assert_eq!(game["players"][1]["name"], "ada");
    server.stop().await;
}

async fn an_expired_challenge_cannot_be_accepted(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (ada, bolek) = (api.guest("ada").await, api.guest("bolek").await);
    let challenge = create(&api, &ada, &challenge_body(Some("bolek"), json!({ "expires_in_seconds": 1 }))).await;
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    let (_, shown) = api.get(&format!("/api/challenges/{}", challenge.id), Some(&bolek.token)).await;
    assert_eq!(shown["status"], "expired");
    let accept = format!("/api/challenges/{}/accept", challenge.id);
    let (status, body) = api.post(&accept, Some(&bolek.token), &json!({})).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("unknown_challenge")));
    let (_, games) = api.get("/api/players/bolek/games", None).await;
    assert_eq!(games["games"], json!([]), "no game was created");
    server.stop().await;
}

async fn challenges_are_validated(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let ada = api.guest("ada").await;
    let cases = [
        (challenge_body(Some("ghost"), json!({})), 404, "unknown_player"),
        (challenge_body(Some("ada"), json!({})), 400, "invalid_request"),
        (challenge_body(None, json!({ "ruleset": { "kind": "paper-soccer", "width": 7 } })), 400, "invalid_request"),
        (
            challenge_body(
                None,
                json!({ "time_control": { "type": "fischer", "initial_seconds": 0, "increment_seconds": 0 } }),
            ),
            400,
            "invalid_request",
        ),
        (challenge_body(None, json!({ "expires_in_seconds": 0 })), 400, "invalid_request"),
        (challenge_body(None, json!({ "ruleset": { "kind": "chess" } })), 400, "invalid_request"),
        // Data this server lacks is told apart from a request to correct.
        (challenge_body(None, json!({ "ruleset": { "kind": "racetrack", "track": "nowhere" } })), 404, "unknown_track"),
        (
            challenge_body(None, json!({ "ruleset": { "kind": "balda", "dictionary": "09".repeat(32) } })),
            404,
            "unknown_dictionary",
        ),
    ];
    for (body, status, code) in cases {
        let (got, reply) = api.post("/api/challenges", Some(&ada.token), &body).await;
        assert_eq!((got, reply["code"].as_str()), (status, Some(code)), "{body}");
    }
    // No game kind is assumed: a challenge without a ruleset is refused, and says which field is missing.
    let mut no_ruleset = challenge_body(None, json!({}));
    no_ruleset.as_object_mut().expect("an object").remove("ruleset");
    let (status, reply) = api.post("/api/challenges", Some(&ada.token), &no_ruleset).await;
    assert_eq!((status, reply["code"].as_str()), (400, Some("invalid_request")), "{reply}");
    assert!(reply["message"].as_str().is_some_and(|m| m.contains("ruleset")), "{reply}");
    let (status, reply) = api.post("/api/challenges", None, &challenge_body(None, json!({}))).await;
    assert_eq!((status, reply["code"].as_str()), (401, Some("unauthenticated")));
    let (status, reply) = api.post("/api/challenges", Some(&ada.token), &json!({ "nonsense": true })).await;
    assert_eq!((status, reply["code"].as_str()), (400, Some("invalid_request")), "a body that does not fit: {reply}");
    let (_, listed) = api.get("/api/challenges", Some(&ada.token)).await;
    assert_eq!(listed["outgoing"], json!([]), "no refused request created anything");
    server.stop().await;
}

/// Paths, queries and bodies that do not parse get the same typed error body as every other refusal.
async fn malformed_requests_get_typed_errors(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let ada = api.guest("ada").await;
    for path in ["/api/games/not-a-uuid", "/api/games/not-a-uuid/record", "/api/games?status=active&limit=many"] {
        let (status, reply) = api.get(path, Some(&ada.token)).await;
        assert_eq!((status, reply["code"].as_str()), (400, Some("invalid_request")), "{path}: {reply}");
        assert!(reply["message"].as_str().is_some_and(|message| !message.is_empty()), "{path}: {reply}");
    }
    let (status, reply) = api.post("/api/challenges/not-a-uuid/accept", Some(&ada.token), &json!({})).await;
    assert_eq!((status, reply["code"].as_str()), (400, Some("invalid_request")), "{reply}");
    let (status, reply) = api.post_bytes("/api/challenges", Some(&ada.token), b"{\"opponent\":".to_vec()).await;
    assert_eq!((status, reply["code"].as_str()), (400, Some("invalid_request")), "not JSON: {reply}");
    let oversized = json!({ "opponent": "x".repeat(70 * 1024) });
    let (status, reply) = api.post("/api/challenges", Some(&ada.token), &oversized).await;
    assert_eq!((status, reply["code"].as_str()), (413, Some("frame_too_large")), "{reply}");
    let (_, listed) = api.get("/api/challenges", Some(&ada.token)).await;
    assert_eq!(listed["outgoing"], json!([]), "no refused request created anything");
    server.stop().await;
}
