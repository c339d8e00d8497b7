//! The server serves the browser client beside the API, and lists live games for spectators.

use kartka_protocol::TimeControl;
use kartka_server::config::Settings;
use kartka_server::web::WebFiles;
use kartka_tests::client::{Api, WsClient};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::json;

const BLITZ: TimeControl = TimeControl::Fischer { initial_seconds: 180, increment_seconds: 2 };

/// A GET with optional headers: the status, the headers and the body.
async fn fetch(url: &str, if_none_match: Option<&str>) -> (u16, reqwest::header::HeaderMap, String) {
    let mut request = reqwest::Client::new().get(url);
    if let Some(etag) = if_none_match {
        request = request.header("If-None-Match", etag);
    }
    let response = request.send().await.expect("the server answers");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.text().await.expect("a body"))
}

fn header<'a>(headers: &'a reqwest::header::HeaderMap, name: &str) -> &'a str {
    headers.get(name).and_then(|value| value.to_str().ok()).unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_site_is_served_from_the_binary_beside_the_api() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let base = server.url();

    let (status, headers, page) = fetch(&format!("{base}/"), None).await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-type"), "text/html; charset=utf-8");
    assert!(header(&headers, "content-security-policy").contains("default-src 'self'"));
    assert_eq!(header(&headers, "cache-control"), "no-cache");
    assert!(page.contains("<script type=\"module\" src=\"/js/app.js\">"));
    let etag = header(&headers, "etag").to_owned();
    let (status, _, body) = fetch(&format!("{base}/"), Some(&etag)).await;
    assert_eq!((status, body.as_str()), (304, ""), "an unchanged file is not sent again");

    let (status, _, route) = fetch(&format!("{base}/game/7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1b"), None).await;
    assert_eq!((status, route == page), (200, true), "client-side routes get the app's page");
    let (status, _, route) = fetch(&format!("{base}/rules/closing-in"), None).await;
    assert_eq!((status, route == page), (200, true), "each game kind's rules page is a client-side route");
    let (status, headers, script) = fetch(&format!("{base}/js/kinds/paper-soccer/rules.js"), None).await;
    assert_eq!(status, 200);
    assert!(header(&headers, "content-type").contains("javascript"));
    assert!(script.contains("export class Position"));
    let (status, headers, _) = fetch(&format!("{base}/css/site.css"), None).await;
    assert_eq!((status, header(&headers, "content-type")), (200, "text/css; charset=utf-8"));

    for missing in ["/js/missing.js", "/api/no-such-endpoint", "/ws/extra"] {
        let (status, headers, _) = fetch(&format!("{base}{missing}"), None).await;
        assert_eq!(status, 404, "{missing}");
        assert!(!header(&headers, "content-type").contains("html"), "{missing} is no page");
    }
    let (status, _, health) = fetch(&format!("{base}/healthz"), None).await;
    assert_eq!((status, health.contains("ok")), (200, true));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_dir_serves_the_client_from_disk() {
    let database = TestDb::new(Backend::Sqlite).await;
    let dir = tempfile::tempdir().expect("a directory");
    std::fs::write(dir.path().join("index.html"), "<p>edited on disk</p>").expect("write");
    let settings = Settings { web_files: WebFiles::Directory(dir.path().to_owned()), ..Settings::default() };
    let server = TestServer::start(database.url(), settings).await;
    let (status, _, page) = fetch(&format!("{}/lobby", server.url()), None).await;
    assert_eq!((status, page.as_str()), (200, "<p>edited on disk</p>"));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_live_games_are_listed_for_spectators() {
    let database = TestDb::new(Backend::Sqlite).await;
    live_games_are_listed_for_spectators(database.url()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_live_games_are_listed_for_spectators() {
    let database = TestDb::new(Backend::Postgres).await;
    live_games_are_listed_for_spectators(database.url()).await;
}

async fn live_games_are_listed_for_spectators(url: &str) {
    let server = TestServer::start(url, Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob, carol) = (api.guest("alice").await, api.guest("bob").await, api.guest("carol").await);
    let older = api.start_game(&alice, &bob, BLITZ).await;
    let newer = api.start_game(&carol, &bob, BLITZ).await;

    let (status, list) = api.get("/api/games?status=active", None).await;
    assert_eq!(status, 200, "{list}");
    let ids: Vec<&str> = list["games"].as_array().expect("games").iter().filter_map(|g| g["id"].as_str()).collect();
    assert_eq!(ids, [newer.to_string(), older.to_string()], "newest first");
    assert_eq!(list["games"][0]["players"][0]["name"], "carol");
    assert_eq!(list["games"][0]["to_act"], "first");

    let (_, one) = api.get("/api/games?status=active&limit=1", None).await;
    assert_eq!(one["games"].as_array().map(Vec::len), Some(1));

    // A finished game leaves the list.
    let mut socket = WsClient::connect(server.addr, &carol.token).await;
    socket.request(1, json!({ "type": "resign", "game_id": newer })).await;
    let (_, list) = api.get("/api/games?status=active", None).await;
    let ids: Vec<&str> = list["games"].as_array().expect("games").iter().filter_map(|g| g["id"].as_str()).collect();
    assert_eq!(ids, [older.to_string()]);

    let (status, refused) = api.get("/api/games?status=finished", None).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("invalid_request")));
    socket.close().await;
    server.stop().await;
}
