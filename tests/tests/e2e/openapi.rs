//! The REST API as its OpenAPI document describes it, exercised by a property-based API tester: schemathesis
//! generates requests for every operation from the document (valid, boundary and invalid ones, and sequences
//! that follow the links between operations) and fails on any 5xx answer. It runs with an admin's token, so
//! every operation is reached past its authorization, on both stores.
//!
//! The tester is `KARTKA_SCHEMATHESIS` (scripts/test.sh installs a pinned one and sets it). It is never
//! skipped: without it this test fails and says how to get it.

use std::process::Command;

use kartka_protocol::admin::{MAX_AUDIT_PAGE, MAX_IMPORT_SOURCE_CHARS, MAX_REASON_CHARS};
use kartka_protocol::analysis::MAX_ANALYSIS_ACTIONS;
use kartka_protocol::correspondence::MAX_CONDITIONAL_LINES;
use kartka_protocol::kinds::closing_in::{MAX_BOARD_SIZE, MIN_BOARD_SIZE};
use kartka_protocol::kinds::dots::{MAX_WINDOW_SECONDS, MIN_WINDOW_SECONDS};
use kartka_protocol::kinds::paper_soccer::{MAX_PITCH_WIDTH, MIN_PITCH_SIDE};
use kartka_protocol::kinds::xrsoccer::{MAX_XR_TARGET, MIN_XR_TARGET};
use kartka_protocol::rest::{
    EXPLORER_BAND_WIDTH, GAME_CURSOR_PATTERN, MAX_EXPLORER_BAND, MAX_GAMES_PAGE, MAX_LEADERBOARD, MAX_NAME_CHARS,
    MAX_PASSWORD_CHARS, MAX_PREFIX_CHARS, MIN_NAME_CHARS, MIN_PASSWORD_CHARS, NAME_PATTERN,
};
use kartka_protocol::{TimeControl, MAX_INITIAL_SECONDS, MAX_MOVE_SECONDS, MIN_INITIAL_SECONDS, MIN_MOVE_SECONDS};
use kartka_server::config::Settings;
use kartka_tests::client::Api;
use kartka_tests::server::TestServer;
use serde_json::{json, Value};

kartka_tests::on_both_stores!(
    the_api_tester_finds_no_server_error,
    the_document_and_its_page_are_served,
    the_document_declares_the_limits_the_server_checks
);

/// Examples generated per operation and phase: enough to reach every operation's refusals and its success.
const EXAMPLES: &str = "8";

fn schemathesis() -> String {
    std::env::var("KARTKA_SCHEMATHESIS").unwrap_or_else(|_| {
        panic!("KARTKA_SCHEMATHESIS is not set: run the suite with scripts/test.sh, which installs schemathesis")
    })
}

async fn admin_token(server: &TestServer, api: &Api) -> String {
    let (status, body) =
        api.post("/api/register", None, &json!({ "username": "boss", "password": "long enough secret" })).await;
    assert_eq!(status, 201, "{body}");
    let store = server.state.store.as_ref();
    kartka_server::admin::role::set_admin(
        store,
        "boss",
        true,
        kartka_server::admin::audit::Actor::CommandLine,
        "API test",
    )
    .await
    .expect("grant");
    body["token"].as_str().expect("a token").to_owned()
}

async fn the_api_tester_finds_no_server_error(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let token = admin_token(&server, &api).await;
    let tester = schemathesis();
    let document = format!("{}/api/openapi.json", server.url());
    let authorization = format!("Authorization: Bearer {token}");
    // The tester keeps an example database in its working directory: a fresh one per run, outside the checkout.
    let workdir = std::env::temp_dir().join(format!("kartka-schemathesis-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&workdir).expect("a working directory for the tester");
    let tester_dir = workdir.clone();
    let run = tokio::task::spawn_blocking(move || {
        Command::new(&tester)
            .current_dir(&tester_dir)
            .args(["run", &document, "--checks", "not_a_server_error", "--header", &authorization])
            .args(["--max-examples", EXAMPLES, "--generation-deterministic", "--no-color"])
            // The check is for server errors, not latency: under the whole suite's load a debug build's password
            // hashing can keep a request past the tester's default timeout, which it reports as a network error.
            .args(["--request-timeout", "60"])
            // Logging out would end the token every later request uses; the stream never ends by itself.
            .args(["--exclude-path", "/api/logout", "--exclude-path", "/api/notifications/stream"])
            .output()
            .unwrap_or_else(|error| panic!("could not run {tester}: {error}"))
    })
    .await
    .expect("the tester's task");
    std::fs::remove_dir_all(&workdir).expect("remove the tester's working directory");
    let report = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "schemathesis found failures:\n{report}\n{}", String::from_utf8_lossy(&run.stderr));
    assert!(report.contains("passed"), "schemathesis ran test cases:\n{report}");
    server.stop().await;
}

async fn the_document_and_its_page_are_served(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (status, document) = api.get("/api/openapi.json", None).await;
    assert_eq!(status, 200);
    assert_eq!(document["openapi"].as_str().map(|version| &version[..2]), Some("3."), "{document}");
    let paths = document["paths"].as_object().expect("paths");
    assert!(paths.contains_key("/api/games/{id}/moves") && paths.contains_key("/api/admin/import"));
    let needs_token = |route: &str, method: &str| paths[route][method]["security"] != Value::Null;
    assert!(needs_token("/api/me", "get") && !needs_token("/api/guest", "post"));
    let settings = &document["components"]["schemas"]["NotificationSettings"]["properties"];
    let thresholds = &settings["reminder_thresholds"]["items"];
    assert_eq!((thresholds["minimum"].as_u64(), thresholds["maximum"].as_u64()), (Some(1), Some(99)), "{settings}");
    assert!(
        settings["webhook_url"].to_string().contains(r#""maxLength":2048"#),
        "the webhook URL's limit is declared: {settings}"
    );
    let (status, page) = api.get_text("/docs/api.html", None).await;
    assert_eq!(status, 200);
    assert!(page.contains("/docs/api.js") && page.contains("/api/openapi.json"), "the page renders the document");
    let (status, script) = api.get_text("/docs/api.js", None).await;
    assert_eq!(status, 200);
    assert!(script.contains("fetch('/api/openapi.json')"));
    server.stop().await;
}

/// Every declaration of the property `name` anywhere in `schema` (a variant of a tagged enum declares its
/// fields in its own object).
fn properties<'a>(schema: &'a Value, name: &str, found: &mut Vec<&'a Value>) {
    match schema {
        Value::Object(fields) => {
            if let Some(property) = fields.get("properties").and_then(|properties| properties.get(name)) {
                found.push(property);
            }
            fields.values().for_each(|value| properties(value, name, found));
        }
        Value::Array(items) => items.iter().for_each(|item| properties(item, name, found)),
        _ => {}
    }
}

/// The schema of the property `name` of the named component schema, which has a variant declaring it with
/// `key` = `value` (the one property of that name when `key` is empty).
fn property<'a>(document: &'a Value, component: &str, name: &str, key: &str, value: Value) -> &'a Value {
    let schema = &document["components"]["schemas"][component];
    let mut found = Vec::new();
    properties(schema, name, &mut found);
    found
        .into_iter()
        .find(|property| key.is_empty() || property[key] == value)
        .unwrap_or_else(|| panic!("{component} declares {name} with {key} = {value}: {schema}"))
}

/// The schema of the query parameter `name` of `GET route`.
fn query_parameter<'a>(document: &'a Value, route: &str, name: &str) -> &'a Value {
    operation_parameter(document, "get", route, name)
}

/// The schema of the query parameter `name` of the operation `method route`.
fn operation_parameter<'a>(document: &'a Value, method: &str, route: &str, name: &str) -> &'a Value {
    let operation = &document["paths"][route][method];
    let parameters =
        operation["parameters"].as_array().unwrap_or_else(|| panic!("{method} {route} has parameters: {operation}"));
    let parameter = parameters.iter().find(|parameter| parameter["name"] == name);
    &parameter.unwrap_or_else(|| panic!("{method} {route} has the parameter {name}: {parameters:?}"))["schema"]
}

/// A declared string's length bounds and pattern, and a number's bounds and step, as the document says them.
fn bounds(schema: &Value) -> (Option<u64>, Option<u64>) {
    let number = |key: &str| schema[key].as_u64();
    if schema.get("minLength").is_some() || schema.get("maxLength").is_some() {
        (number("minLength"), number("maxLength"))
    } else {
        (number("minimum"), number("maximum"))
    }
}

fn length(value: usize) -> Option<u64> {
    Some(u64::try_from(value).expect("a small limit"))
}

async fn the_document_declares_the_limits_the_server_checks(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (status, document) = api.get("/api/openapi.json", None).await;
    assert_eq!(status, 200);
    let d = &document;
    let name = (length(MIN_NAME_CHARS), length(MAX_NAME_CHARS));
    for (component, field) in [("Credentials", "username"), ("GuestRequest", "name")] {
        let declared = property(d, component, field, "", Value::Null);
        assert_eq!(bounds(declared), name, "{component}.{field}: {declared}");
        assert_eq!(declared["pattern"], NAME_PATTERN, "{component}.{field}: {declared}");
    }
    let password = property(d, "Credentials", "password", "", Value::Null);
    assert_eq!(bounds(password), (length(MIN_PASSWORD_CHARS), length(MAX_PASSWORD_CHARS)), "{password}");
    for component in ["ActionReason", "ChatMute", "BotMark", "Adjudication"] {
        let reason = property(d, component, "reason", "", Value::Null);
        assert_eq!(bounds(reason), (Some(1), length(MAX_REASON_CHARS)), "{component}: {reason}");
    }
    let initial = property(d, "TimeControl", "initial_seconds", "", Value::Null);
    assert_eq!(bounds(initial), (Some(MIN_INITIAL_SECONDS.into()), Some(MAX_INITIAL_SECONDS.into())), "{initial}");
    let per_move = property(d, "TimeControl", "move_seconds", "", Value::Null);
    assert_eq!(bounds(per_move), (Some(MIN_MOVE_SECONDS.into()), Some(MAX_MOVE_SECONDS.into())), "{per_move}");
    let days = property(d, "TimeControl", "days_per_move", "", Value::Null);
    assert_eq!(days["enum"], json!(TimeControl::CORRESPONDENCE_DAYS), "{days}");
    let pitch_width = property(d, "RulesetSpec", "width", "maximum", json!(MAX_PITCH_WIDTH));
    assert_eq!(bounds(pitch_width), (Some(MIN_PITCH_SIDE.into()), Some(MAX_PITCH_WIDTH.into())), "{pitch_width}");
    assert_eq!(pitch_width["multipleOf"], 2, "pitches are even: {pitch_width}");
    let board = property(d, "RulesetSpec", "size", "", Value::Null);
    assert_eq!(bounds(board), (Some(MIN_BOARD_SIZE.into()), Some(MAX_BOARD_SIZE.into())), "{board}");
    let target = property(d, "RulesetSpec", "target", "", Value::Null);
    assert_eq!(bounds(target), (Some(MIN_XR_TARGET.into()), Some(MAX_XR_TARGET.into())), "{target}");
    let window = property(d, "DotsStop", "seconds", "", Value::Null);
    assert_eq!(bounds(window), (Some(MIN_WINDOW_SECONDS.into()), Some(MAX_WINDOW_SECONDS.into())), "{window}");
    let games = "/api/players/{name}/games";
    assert_eq!(bounds(query_parameter(d, games, "limit")), (Some(1), Some(MAX_GAMES_PAGE.into())));
    assert_eq!(query_parameter(d, games, "before")["pattern"], GAME_CURSOR_PATTERN);
    let leaderboard = query_parameter(d, "/api/leaderboard/{kind}", "limit");
    assert_eq!(bounds(leaderboard), (Some(1), Some(MAX_LEADERBOARD.into())), "{leaderboard}");
    let audit = query_parameter(d, "/api/admin/audit", "limit");
    assert_eq!(bounds(audit), (Some(1), Some(MAX_AUDIT_PAGE.into())), "{audit}");
    let prefix = query_parameter(d, "/api/players", "prefix");
    assert_eq!(bounds(prefix), (Some(1), length(MAX_PREFIX_CHARS)), "{prefix}");
    let band = query_parameter(d, "/api/explorer", "band");
    assert_eq!(
        (band["maximum"].as_u64(), band["multipleOf"].as_u64()),
        (Some(MAX_EXPLORER_BAND.into()), Some(EXPLORER_BAND_WIDTH.into())),
        "{band}"
    );
    let formats = query_parameter(d, "/api/admin/games/{id}/record", "format");
    assert_eq!(
        formats["enum"],
        json!(["own", "kurnik", "gomocup", "dbn"]),
        "every kind's record formats, own first: {formats}"
    );
    let source = operation_parameter(d, "post", "/api/admin/import", "source");
    assert_eq!(bounds(source), (Some(1), length(MAX_IMPORT_SOURCE_CHARS)), "{source}");
    for (component, field, most) in
        [("ConditionalMoves", "lines", MAX_CONDITIONAL_LINES), ("SuggestionRequest", "moves", MAX_ANALYSIS_ACTIONS)]
    {
        let list = property(d, component, field, "", Value::Null);
        assert_eq!(list["maxItems"].as_u64(), length(most), "{component}.{field}: {list}");
    }
    server.stop().await;
}
