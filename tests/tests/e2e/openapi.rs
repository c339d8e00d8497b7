//! The REST API as its OpenAPI document describes it, exercised by a property-based API tester: schemathesis
//! generates requests for every operation from the document (valid, boundary and invalid ones, and sequences
//! that follow the links between operations) and fails on any 5xx answer. It runs with an admin's token, so
//! every operation is reached past its authorization, on both stores.
//!
//! The tester is `KARTKA_SCHEMATHESIS` (scripts/test.sh installs a pinned one and sets it). It is never
//! skipped: without it this test fails and says how to get it.

use std::process::Command;

use kartka_server::config::Settings;
use kartka_tests::client::Api;
use kartka_tests::server::TestServer;
use serde_json::{json, Value};

kartka_tests::on_both_stores!(the_api_tester_finds_no_server_error, the_document_and_its_page_are_served);

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
