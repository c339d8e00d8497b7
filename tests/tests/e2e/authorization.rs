//! The authorization matrix: every REST operation and every WebSocket frame type, tried by every kind of caller
//! (no token, a bad token, a guest, the player who owns the thing, the other player, a spectator, a banned
//! account, an admin), with the answer each must get, on both stores.
//!
//! The rows are one table per channel. The REST table is checked against the server's own OpenAPI document and
//! the frame table against the protocol's JSON Schema, so a new endpoint or frame without a row fails here.

use std::collections::BTreeSet;

use kartka_protocol::rest::Session;
use kartka_protocol::{ClientFrame, ErrorCode, ServerFrame, TimeControl};
use kartka_server::admin::audit::Actor;
use kartka_server::admin::role;
use kartka_server::config::Settings;
use kartka_tests::client::{Api, WsClient, KURNIK};
use kartka_tests::server::TestServer;
use serde_json::{json, Value};
use uuid::Uuid;

kartka_tests::on_both_stores!(
    every_rest_operation_answers_every_caller_as_the_matrix_says,
    every_websocket_frame_answers_every_caller_as_the_matrix_says,
);

const PASSWORD: &str = "long enough secret";
/// How long a frame's answer may take before the matrix says there was none.
const ANSWER_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(3);
const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 300, increment_seconds: 5 };
const CORRESPONDENCE: TimeControl = TimeControl::Correspondence { days_per_move: 3, vacation_allowed: true };

/// Who is calling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Caller {
    /// No `Authorization` header (REST), or no `hello` (WebSocket).
    NoToken,
    /// A token the server never issued.
    BadToken,
    /// A guest account with no part in the game, challenge or seek.
    Guest,
    /// The registered player who owns the thing: the game's first player, the challenger, the seek's creator.
    Owner,
    /// The other player of the game, the challenged player.
    Opponent,
    /// A registered account with no part in it.
    Spectator,
    /// A banned account, with the token it held when it was banned: the ban revoked it.
    Banned,
    /// An account with the admin role and no part in it.
    Admin,
}

const CALLERS: [Caller; 8] = [
    Caller::NoToken,
    Caller::BadToken,
    Caller::Guest,
    Caller::Spectator,
    Caller::Banned,
    Caller::Admin,
    Caller::Opponent,
    Caller::Owner,
];

/// What a caller must get.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    /// A 2xx answer (REST) or an `ack` (WebSocket).
    Allowed,
    /// A refusal with this code.
    Refused(ErrorCode),
}

use Answer::{Allowed, Refused};
use Caller::*;

/// Who may do something: first the caller's standing (`base`: no token, a bad or revoked one, or signed in),
/// then, of the callers that allows, only those of `only` (the others refused with its code), then the
/// exceptions, which override both.
#[derive(Clone, Copy)]
struct Policy {
    base: fn(Caller) -> Answer,
    only: Option<(&'static [Caller], ErrorCode)>,
    exceptions: &'static [(Caller, Answer)],
}

impl Policy {
    fn answer(&self, caller: Caller) -> Answer {
        if let Some(&(_, answer)) = self.exceptions.iter().find(|(who, _)| *who == caller) {
            return answer;
        }
        match ((self.base)(caller), self.only) {
            (Allowed, Some((allowed, refusal))) if !allowed.contains(&caller) => Refused(refusal),
            (answer, _) => answer,
        }
    }
}

/// Anyone, with or without a token.
fn public(_: Caller) -> Answer {
    Allowed
}

/// Any signed-in account in good standing. A ban ends the account's sessions, so its token is unknown from then on.
fn signed_in(caller: Caller) -> Answer {
    match caller {
        NoToken => Refused(ErrorCode::Unauthenticated),
        BadToken | Banned => Refused(ErrorCode::InvalidToken),
        _ => Allowed,
    }
}

/// Anyone: a socket may ping before it says `hello`. With a token, the refused `hello` is the answer.
fn before_hello(caller: Caller) -> Answer {
    match caller {
        BadToken | Banned => Refused(ErrorCode::InvalidToken),
        _ => Allowed,
    }
}

/// The hash of the default track, a shipped one every server has: the `{hash}` of `GET /api/tracks/{hash}`.
fn shipped_track_hash() -> String {
    let default = kartka_engine::racetrack::tracks::DEFAULT_TRACK;
    let track = kartka_engine::racetrack::tracks::shipped(default).expect("the default track is shipped");
    track.id().hash.to_string()
}

const fn rule(base: fn(Caller) -> Answer) -> Policy {
    Policy { base, only: None, exceptions: &[] }
}

/// Signed-in accounts among `allowed`; every other signed-in account is refused with `refusal`.
const fn only(allowed: &'static [Caller], refusal: ErrorCode) -> Policy {
    Policy { base: signed_in, only: Some((allowed, refusal)), exceptions: &[] }
}

const fn except(policy: Policy, exceptions: &'static [(Caller, Answer)]) -> Policy {
    Policy { exceptions, ..policy }
}

// The table of refusals: who alone may act, and what every other signed-in account is told.

/// The game's two players only.
const PLAYERS: Policy = only(&[Owner, Opponent], ErrorCode::NotAPlayer);
/// The game's two players only, and they are told that its kind (the fixtures' Paper Soccer) scores no agreed end.
const NO_AGREED_END: Policy = except(
    PLAYERS,
    &[(Owner, Refused(ErrorCode::UnsupportedByRules)), (Opponent, Refused(ErrorCode::UnsupportedByRules))],
);
/// Accounts with the admin role only.
const ADMINS: Policy = only(&[Admin], ErrorCode::Forbidden);
/// The challenged player only (accepting or declining a challenge).
const CHALLENGED: Policy = only(&[Opponent], ErrorCode::Forbidden);
/// The owner only (cancelling their challenge or seek).
const OWNER: Policy = only(&[Owner], ErrorCode::Forbidden);
/// No one: the socket is not subscribed to the game.
const NOT_SUBSCRIBED: Policy = only(&[], ErrorCode::NotAllowed);
/// No one: no fixture account has a webhook, so a test delivery has nowhere to go.
const NO_WEBHOOK: Policy = only(&[], ErrorCode::NotAllowed);
/// No one: no fixture account took a seat in the fixture seek, whose owner cancels it rather than leaves it.
const NO_SEAT: Policy = except(only(&[], ErrorCode::NotAllowed), &[(Owner, Refused(ErrorCode::InvalidRequest))]);
/// No one: the seek is a correspondence seek, which the live lobby does not hold.
const NOT_IN_THE_LOBBY: Policy = only(&[], ErrorCode::UnknownSeek);

/// What one request is made of, given the fixtures of the caller's attempt.
type Body = fn(&Fixtures) -> Option<Value>;

/// One REST operation.
struct Row {
    method: &'static str,
    /// The route as the OpenAPI document names it; `{id}`, `{name}` and `{kind}` are filled from the fixtures.
    route: &'static str,
    /// Extra query string.
    query: &'static str,
    body: Body,
    policy: Policy,
}

impl Row {
    /// Whether the request names a game, challenge or seek, which a caller's success may change.
    fn acts_on_fixtures(&self) -> bool {
        ["{game}", "{finished}", "{challenge}", "{seek}"].iter().any(|name| self.route.contains(name))
    }
}

const NO_BODY: Body = |_| None;
const EMPTY: Body = |_| Some(json!({}));

/// The REST matrix. Every operation of `/api/openapi.json` has a row.
fn rest_rows() -> Vec<Row> {
    let row = |method, route, body, policy| Row { method, route, query: "", body, policy };
    vec![
        row("GET", "/healthz", NO_BODY, rule(public)),
        row("POST", "/api/guest", EMPTY, rule(public)),
        row(
            "POST",
            "/api/register",
            |f| Some(json!({ "username": f.fresh_name(), "password": PASSWORD })),
            rule(public),
        ),
        row("POST", "/api/login", |_| Some(json!({ "username": "owner", "password": PASSWORD })), rule(public)),
        row("GET", "/api/me", NO_BODY, rule(signed_in)),
        row(
            "POST",
            "/api/challenges",
            |_| Some(json!({ "opponent": "spectator", "ruleset": KURNIK, "time_control": CORRESPONDENCE })),
            except(rule(signed_in), &[(Spectator, Refused(ErrorCode::InvalidRequest))]),
        ),
        row("GET", "/api/challenges", NO_BODY, rule(signed_in)),
        row("GET", "/api/challenges/{challenge}", NO_BODY, rule(signed_in)),
        row("POST", "/api/challenges/{challenge}/accept", EMPTY, CHALLENGED),
        row("POST", "/api/challenges/{challenge}/decline", EMPTY, CHALLENGED),
        row("POST", "/api/challenges/{challenge}/cancel", EMPTY, OWNER),
        row("GET", "/api/players/{name}", NO_BODY, rule(public)),
        row("GET", "/api/players/{name}/games", NO_BODY, rule(public)),
        Row {
            method: "GET",
            route: "/api/players/{name}/rating-history",
            query: "?kind=paper-soccer",
            body: NO_BODY,
            policy: rule(public),
        },
        row("GET", "/api/players/{name}/versus", NO_BODY, rule(signed_in)),
        Row { method: "GET", route: "/api/players", query: "?prefix=ow", body: NO_BODY, policy: rule(public) },
        row("GET", "/api/online", NO_BODY, rule(public)),
        Row {
            method: "GET",
            route: "/api/explorer",
            query: "?ruleset=%7B%22kind%22%3A%22closing-in%22%7D",
            body: NO_BODY,
            policy: rule(public),
        },
        Row { method: "GET", route: "/api/games", query: "?status=active", body: NO_BODY, policy: rule(public) },
        row("GET", "/api/leaderboard/{kind}", NO_BODY, rule(public)),
        row("GET", "/api/bots", NO_BODY, rule(public)),
        row("GET", "/api/tracks/{hash}", NO_BODY, rule(public)),
        row("GET", "/api/games/{game}", NO_BODY, rule(public)),
        row("GET", "/api/games/{game}/record", NO_BODY, rule(public)),
        // A goal two steps away: the search ends early, so the matrix stays quick.
        row(
            "POST",
            "/api/analysis/suggestion",
            |_| Some(json!({ "ruleset": KURNIK, "moves": ["0", "0", "0", "0"] })),
            rule(signed_in),
        ),
        row("GET", "/api/me/games", NO_BODY, rule(signed_in)),
        row(
            "POST",
            "/api/games/{game}/moves",
            |f| Some(json!({ "ply": 0, "client_move_id": f.fresh_name(), "notation": "0" })),
            except(PLAYERS, &[(Opponent, Refused(ErrorCode::NotYourTurn))]),
        ),
        row("POST", "/api/games/{game}/resign", EMPTY, PLAYERS),
        row("POST", "/api/games/{game}/draw", |_| Some(json!({ "action": "offer" })), PLAYERS),
        // The fixture is Paper Soccer, whose rules score no agreed end: its players are told so.
        row("POST", "/api/games/{game}/agreed-end", |_| Some(json!({ "action": "offer" })), NO_AGREED_END),
        row("GET", "/api/games/{game}/conditional-moves", NO_BODY, PLAYERS),
        row(
            "PUT",
            "/api/games/{game}/conditional-moves",
            |_| Some(json!({ "lines": [{ "condition": "0", "reply": "0" }] })),
            // The owner is to move: conditional moves are stored on the opponent's turn.
            except(PLAYERS, &[(Owner, Refused(ErrorCode::NotAllowed))]),
        ),
        row("DELETE", "/api/games/{game}/conditional-moves", NO_BODY, PLAYERS),
        row("GET", "/api/me/vacation", NO_BODY, rule(signed_in)),
        row("POST", "/api/me/vacation", |_| Some(json!({ "days": 1 })), rule(signed_in)),
        row("DELETE", "/api/me/vacation", NO_BODY, rule(signed_in)),
        row("GET", "/api/me/notifications/settings", NO_BODY, rule(signed_in)),
        row(
            "PUT",
            "/api/me/notifications/settings",
            |_| Some(json!({ "reminder_thresholds": [24], "webhook_url": null })),
            rule(signed_in),
        ),
        row("POST", "/api/me/notifications/test", NO_BODY, NO_WEBHOOK),
        row("PUT", "/api/me/language", |_| Some(json!({ "language": "pl" })), rule(signed_in)),
        row("GET", "/api/notifications", NO_BODY, rule(signed_in)),
        row("GET", "/api/notifications/stream", NO_BODY, rule(signed_in)),
        row(
            "POST",
            "/api/seeks",
            |_| Some(json!({ "ruleset": KURNIK, "time_control": CORRESPONDENCE })),
            rule(signed_in),
        ),
        row("GET", "/api/seeks", NO_BODY, rule(public)),
        row("GET", "/api/seeks/{seek}", NO_BODY, rule(public)),
        row(
            "POST",
            "/api/seeks/{seek}/accept",
            EMPTY,
            except(rule(signed_in), &[(Owner, Refused(ErrorCode::InvalidRequest))]),
        ),
        row("POST", "/api/seeks/{seek}/leave", EMPTY, NO_SEAT),
        row("POST", "/api/seeks/{seek}/cancel", EMPTY, OWNER),
        row("POST", "/api/games/{finished}/rematch", EMPTY, PLAYERS),
        row("GET", "/api/admin/games", NO_BODY, ADMINS),
        row("GET", "/api/admin/games/{game}", NO_BODY, ADMINS),
        row("GET", "/api/admin/games/{game}/position", NO_BODY, ADMINS),
        row("GET", "/api/admin/games/{game}/record", NO_BODY, ADMINS),
        row("POST", "/api/admin/games/{game}/abort", |_| Some(json!({ "reason": "test" })), ADMINS),
        row(
            "POST",
            "/api/admin/games/{game}/adjudicate",
            |_| Some(json!({ "result": "draw", "reason": "test" })),
            ADMINS,
        ),
        row("GET", "/api/admin/export/games.ndjson", NO_BODY, ADMINS),
        Row {
            method: "GET",
            route: "/api/admin/export/games.pgn",
            query: "?kind=paper-soccer",
            body: NO_BODY,
            policy: ADMINS,
        },
        Row {
            method: "POST",
            route: "/api/admin/import",
            query: "?source=matrix",
            body: |_| Some(Value::String(String::new())),
            policy: ADMINS,
        },
        Row { method: "GET", route: "/api/admin/accounts", query: "?prefix=ow", body: NO_BODY, policy: ADMINS },
        row("GET", "/api/admin/accounts/{name}", NO_BODY, ADMINS),
        row("POST", "/api/admin/accounts/{victim}/ban", |_| Some(json!({ "reason": "test" })), ADMINS),
        row("POST", "/api/admin/accounts/{victim}/unban", |_| Some(json!({ "reason": "test" })), ADMINS),
        row("POST", "/api/admin/accounts/{victim}/bot", |_| Some(json!({ "bot": true, "reason": "test" })), ADMINS),
        row(
            "POST",
            "/api/admin/accounts/{victim}/chat-mute",
            |_| Some(json!({ "muted": true, "reason": "test" })),
            ADMINS,
        ),
        row("GET", "/api/admin/audit", NO_BODY, ADMINS),
        row("POST", "/api/reports", |f| Some(json!({ "account_id": f.victim, "reason": "test" })), rule(signed_in)),
        Row { method: "GET", route: "/api/admin/reports", query: "?status=open", body: NO_BODY, policy: ADMINS },
        // One report, made by the guest when the world is: only the admin may resolve it, and does, once.
        row("POST", "/api/admin/reports/{report}/resolve", |_| Some(json!({ "note": "test" })), ADMINS),
        // Last: a successful logout ends the caller's session.
        row("POST", "/api/logout", NO_BODY, rule(signed_in)),
    ]
}

/// The accounts, one per caller that has one, and what each attempt acts on.
struct World {
    api: Api,
    http: reqwest::Client,
    base: String,
    sessions: Vec<(Caller, Session)>,
    /// The account the reports name.
    victim: Uuid,
    /// A report of the victim, open until the admin resolves it.
    report: i64,
}

/// What one caller's attempt acts on: made afresh for every attempt, so that one caller's success (a resign,
/// a cancel) cannot change the answer the next caller gets.
struct Fixtures {
    game: Uuid,
    finished: Uuid,
    challenge: Uuid,
    seek: Uuid,
    victim: Uuid,
}

impl Fixtures {
    fn fresh_name(&self) -> String {
        format!("n{}", &Uuid::new_v4().simple().to_string()[..12])
    }
}

impl World {
    async fn new(server: &TestServer) -> World {
        let api = Api::new(server.url());
        let mut sessions = vec![(Guest, api.guest("walk-in").await)];
        for (caller, name) in
            [(Owner, "owner"), (Opponent, "opponent"), (Spectator, "spectator"), (Banned, "banned"), (Admin, "boss")]
        {
            sessions.push((caller, register(&api, name).await));
        }
        let victim = register(&api, "victim").await.account.id;
        let store = server.state.store.as_ref();
        role::set_admin(store, "boss", true, Actor::CommandLine, "the matrix's admin").await.expect("grant");
        let guest = sessions[0].1.token.clone();
        let (status, body) =
            api.post("/api/reports", Some(&guest), &json!({ "account_id": victim, "reason": "matrix" })).await;
        assert_eq!(status, 201, "report: {body}");
        let report = body["id"].as_i64().expect("a report id");
        let world = World { api, http: reqwest::Client::new(), base: server.url(), sessions, victim, report };
        let (status, body) = world
            .api
            .post(
                "/api/admin/accounts/banned/ban",
                Some(world.token(Admin).expect("admin")),
                &json!({ "reason": "matrix" }),
            )
            .await;
        assert_eq!(status, 200, "ban: {body}");
        world
    }

    fn session(&self, caller: Caller) -> Option<&Session> {
        self.sessions.iter().find(|(who, _)| *who == caller).map(|(_, session)| session)
    }

    fn token(&self, caller: Caller) -> Option<&str> {
        match caller {
            NoToken => None,
            BadToken => Some("not-a-token-the-server-issued"),
            _ => self.session(caller).map(|session| session.token.as_str()),
        }
    }

    /// A correspondence game of the owner (first) against the opponent, a finished one, an open challenge from
    /// the owner to the opponent, and an open seek of the owner.
    async fn fixtures(&self) -> Fixtures {
        let (owner, opponent) = (self.session(Owner).expect("owner"), self.session(Opponent).expect("opponent"));
        let game = self.api.start_game_of(owner, opponent, KURNIK, CORRESPONDENCE, false).await;
        let finished = self.api.start_game_of(owner, opponent, KURNIK, CORRESPONDENCE, false).await;
        let (status, body) =
            self.api.post(&format!("/api/games/{finished}/resign"), Some(&owner.token), &json!({})).await;
        assert_eq!(status, 200, "resign: {body}");
        let request = json!({ "opponent": "opponent", "ruleset": KURNIK, "time_control": CORRESPONDENCE });
        let (status, body) = self.api.post("/api/challenges", Some(&owner.token), &request).await;
        assert_eq!(status, 201, "challenge: {body}");
        let challenge = id_of(&body);
        let request = json!({ "ruleset": KURNIK, "time_control": CORRESPONDENCE });
        let (status, body) = self.api.post("/api/seeks", Some(&owner.token), &request).await;
        assert_eq!(status, 201, "seek: {body}");
        Fixtures { game, finished, challenge, seek: id_of(&body), victim: self.victim }
    }

    /// The route with its parameters filled in.
    fn path(&self, row: &Row, fixtures: &Fixtures) -> String {
        let path = row
            .route
            .replace("{game}", &fixtures.game.to_string())
            .replace("{finished}", &fixtures.finished.to_string())
            .replace("{challenge}", &fixtures.challenge.to_string())
            .replace("{seek}", &fixtures.seek.to_string())
            .replace("{name}", "owner")
            .replace("{victim}", "victim")
            .replace("{kind}", "paper-soccer")
            .replace("{hash}", &shipped_track_hash())
            .replace("{report}", &self.report.to_string());
        format!("{path}{}", row.query)
    }

    async fn call(&self, row: &Row, caller: Caller, fixtures: &Fixtures) -> (u16, Value) {
        let url = format!("{}{}", self.base, self.path(row, fixtures));
        let method = reqwest::Method::from_bytes(row.method.as_bytes()).expect("a method");
        let mut request = self.http.request(method, url);
        if let Some(token) = self.token(caller) {
            request = request.bearer_auth(token);
        }
        match (row.body)(fixtures) {
            Some(Value::String(text)) => request = request.header("Content-Type", "text/plain").body(text),
            Some(body) => request = request.json(&body),
            None => {}
        }
        let response = request.send().await.expect("the server answers");
        let status = response.status().as_u16();
        // The notification stream never ends by itself: its status and headers are the answer.
        if response
            .headers()
            .get("content-type")
            .is_some_and(|value| value.as_bytes().starts_with(b"application/x-ndjson"))
        {
            return (status, Value::Null);
        }
        let text = response.text().await.expect("a body");
        (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }
}

fn id_of(body: &Value) -> Uuid {
    body["id"].as_str().and_then(|id| id.parse().ok()).unwrap_or_else(|| panic!("an id: {body}"))
}

async fn register(api: &Api, name: &str) -> Session {
    let (status, body) = api.post("/api/register", None, &json!({ "username": name, "password": PASSWORD })).await;
    assert_eq!(status, 201, "register {name}: {body}");
    serde_json::from_value(body).expect("a session")
}

/// The answer a REST reply stands for.
fn answer_of((status, body): &(u16, Value)) -> Result<Answer, String> {
    if (200..300).contains(status) {
        return Ok(Allowed);
    }
    let code: ErrorCode =
        serde_json::from_value(body["code"].clone()).map_err(|_| format!("{status} without a typed error: {body}"))?;
    Ok(Refused(code))
}

/// Every operation of the server's OpenAPI document, as `METHOD route`.
async fn documented_operations(world: &World) -> BTreeSet<String> {
    let (status, document) = world.api.get("/api/openapi.json", None).await;
    assert_eq!(status, 200, "the OpenAPI document is served");
    let mut operations = BTreeSet::new();
    for (route, item) in document["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("a path item").keys() {
            operations.insert(format!("{} {route}", method.to_uppercase()));
        }
    }
    operations
}

/// A row's route with its parameters named as the OpenAPI document names them.
fn documented_route(route: &str) -> String {
    ["{game}", "{finished}", "{challenge}", "{seek}", "{report}"]
        .iter()
        .fold(route.to_owned(), |route, name| route.replace(name, "{id}"))
        .replace("{victim}", "{name}")
}

async fn every_rest_operation_answers_every_caller_as_the_matrix_says(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let world = World::new(&server).await;
    let rows = rest_rows();

    let tabled: BTreeSet<String> =
        rows.iter().map(|row| format!("{} {}", row.method, documented_route(row.route))).collect();
    let documented = documented_operations(&world).await;
    assert_eq!(tabled.len(), rows.len(), "one row per operation");
    assert_eq!(
        documented.difference(&tabled).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "operations of /api/openapi.json without a row in the matrix"
    );
    assert_eq!(tabled.difference(&documented).collect::<Vec<_>>(), Vec::<&String>::new(), "rows for no operation");

    let shared = world.fixtures().await;
    let mut mismatches = Vec::new();
    for row in &rows {
        for caller in CALLERS {
            let fresh = if row.acts_on_fixtures() { Some(world.fixtures().await) } else { None };
            let fixtures = fresh.as_ref().unwrap_or(&shared);
            let reply = world.call(row, caller, fixtures).await;
            let expected = row.policy.answer(caller);
            match answer_of(&reply) {
                Ok(answer) if answer == expected => {}
                got => mismatches.push(format!(
                    "{} {} as {caller:?}: expected {expected:?}, got {got:?} ({} {})",
                    row.method, row.route, reply.0, reply.1
                )),
            }
        }
    }
    assert!(mismatches.is_empty(), "{} answers differ from the matrix:\n{}", mismatches.len(), mismatches.join("\n"));
    server.stop().await;
}

/// One WebSocket frame type.
struct FrameRow {
    frame_type: &'static str,
    frame: fn(&Fixtures) -> Value,
    policy: Policy,
}

/// The WebSocket matrix. Every client frame type of the protocol's JSON Schema has a row. Sent without `hello`,
/// every frame but `hello` and `ping` is refused as `unauthenticated`.
fn frame_rows() -> Vec<FrameRow> {
    let row = |frame_type, frame, policy| FrameRow { frame_type, frame, policy };
    vec![
        row(
            "hello",
            |_| json!({ "type": "hello", "protocol": kartka_protocol::PROTOCOL_VERSION }),
            // Without a token `hello` is incomplete: the field is required.
            except(rule(before_hello), &[(NoToken, Refused(ErrorCode::UnknownFrame))]),
        ),
        row("ping", |_| json!({ "type": "ping" }), rule(before_hello)),
        // Watching needs no account: a socket without hello may subscribe to games and to the lobby.
        row(
            "subscribe",
            |f| json!({ "type": "subscribe", "game_id": f.game }),
            except(rule(signed_in), &[(NoToken, Allowed)]),
        ),
        row(
            "unsubscribe",
            |f| json!({ "type": "unsubscribe", "game_id": f.game }),
            except(NOT_SUBSCRIBED, &[(NoToken, Refused(ErrorCode::NotAllowed))]),
        ),
        row(
            "move",
            |f| json!({ "type": "move", "game_id": f.game, "ply": 0, "client_move_id": f.fresh_name(), "notation": "0" }),
            except(PLAYERS, &[(Opponent, Refused(ErrorCode::NotYourTurn))]),
        ),
        row("resign", |f| json!({ "type": "resign", "game_id": f.game }), PLAYERS),
        row("draw", |f| json!({ "type": "draw", "game_id": f.game, "action": "offer" }), PLAYERS),
        row("agreed_end", |f| json!({ "type": "agreed_end", "game_id": f.game, "action": "offer" }), NO_AGREED_END),
        row("abort", |f| json!({ "type": "abort", "game_id": f.game }), PLAYERS),
        row(
            "claim_victory",
            |f| json!({ "type": "claim_victory", "game_id": f.game }),
            except(PLAYERS, &[(Owner, Refused(ErrorCode::NotAllowed)), (Opponent, Refused(ErrorCode::NotAllowed))]),
        ),
        row(
            "pool_join",
            |_| json!({ "type": "pool_join", "pool": { "ruleset": KURNIK, "time_control": BLITZ, "rated": false } }),
            rule(signed_in),
        ),
        row("pool_leave", |_| json!({ "type": "pool_leave" }), rule(signed_in)),
        row(
            "seek_create",
            |_| json!({ "type": "seek_create", "ruleset": KURNIK, "time_control": BLITZ }),
            rule(signed_in),
        ),
        row("seek_cancel", |f| json!({ "type": "seek_cancel", "seek_id": f.seek }), NOT_IN_THE_LOBBY),
        row("seek_accept", |f| json!({ "type": "seek_accept", "seek_id": f.seek }), NOT_IN_THE_LOBBY),
        row(
            "lobby_subscribe",
            |_| json!({ "type": "lobby_subscribe" }),
            except(rule(signed_in), &[(NoToken, Allowed)]),
        ),
        row(
            "lobby_unsubscribe",
            |_| json!({ "type": "lobby_unsubscribe" }),
            except(rule(signed_in), &[(NoToken, Allowed)]),
        ),
        row(
            "chat_send",
            |f| json!({ "type": "chat_send", "channel": { "kind": "players", "game_id": f.game }, "text": "gg" }),
            PLAYERS,
        ),
        row("chat_mute", |f| json!({ "type": "chat_mute", "game_id": f.game, "muted": true }), PLAYERS),
    ]
}

/// Every `type` a client frame may have, as the protocol's JSON Schema lists them.
fn client_frame_types() -> BTreeSet<String> {
    let schema = serde_json::to_value(schemars::schema_for!(ClientFrame)).expect("a schema");
    let mut types = BTreeSet::new();
    for variant in schema["oneOf"].as_array().expect("one schema per frame") {
        let tag = &variant["properties"]["type"];
        let name = tag["const"].as_str().or_else(|| tag["enum"][0].as_str()).expect("a frame type");
        types.insert(name.to_owned());
    }
    types
}

/// What the server answers a frame with, from a caller's socket; `hello` first unless the caller has no token.
async fn ws_answer(server: &TestServer, world: &World, caller: Caller, frame: Value) -> Result<Answer, String> {
    let mut socket = WsClient::connect_anonymous(server.addr).await;
    let frame_type = frame["type"].as_str().unwrap_or_default().to_owned();
    if caller != NoToken && frame_type != "hello" {
        let hello =
            json!({ "type": "hello", "protocol": kartka_protocol::PROTOCOL_VERSION, "token": world.token(caller) });
        socket.send(hello).await;
        let Ok(welcome) = tokio::time::timeout(ANSWER_TIMEOUT, socket.next_or_close()).await else {
            return Err("no answer to hello".to_owned());
        };
        match welcome {
            Ok(ServerFrame::Welcome { .. }) => {}
            Ok(ServerFrame::Error { code, .. }) => return Ok(Refused(code)),
            other => return Err(format!("hello answered with {other:?}")),
        }
    }
    let mut frame = frame;
    if frame_type == "hello" {
        if let Some(token) = world.token(caller) {
            frame["token"] = json!(token);
        }
    }
    frame["id"] = json!(7);
    socket.send(frame).await;
    let answer = loop {
        let Ok(next) = tokio::time::timeout(ANSWER_TIMEOUT, socket.next_or_close()).await else {
            break Err("no answer".to_owned());
        };
        match next {
            Ok(
                ServerFrame::Ack { id: Some(7), .. }
                | ServerFrame::Welcome { .. }
                | ServerFrame::Pong { .. }
                | ServerFrame::SeekCreated { .. },
            ) => break Ok(Allowed),
            Ok(ServerFrame::Error { code, .. }) => break Ok(Refused(code)),
            Ok(_) => continue,
            Err(close) => break Err(format!("closed with {close:?}")),
        }
    };
    socket.close().await;
    answer
}

async fn every_websocket_frame_answers_every_caller_as_the_matrix_says(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let world = World::new(&server).await;
    let rows = frame_rows();
    let tabled: BTreeSet<String> = rows.iter().map(|row| row.frame_type.to_owned()).collect();
    assert_eq!(tabled.len(), rows.len(), "one row per frame type");
    assert_eq!(tabled, client_frame_types(), "the matrix has a row for every client frame type, and no other");

    let mut mismatches = Vec::new();
    for row in &rows {
        for caller in CALLERS {
            let fixtures = world.fixtures().await;
            let expected = row.policy.answer(caller);
            match ws_answer(&server, &world, caller, (row.frame)(&fixtures)).await {
                Ok(answer) if answer == expected => {}
                got => mismatches.push(format!("{} as {caller:?}: expected {expected:?}, got {got:?}", row.frame_type)),
            }
        }
    }
    assert!(mismatches.is_empty(), "{} answers differ from the matrix:\n{}", mismatches.len(), mismatches.join("\n"));
    server.stop().await;
}
