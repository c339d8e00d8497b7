//! The server serves the browser client beside the API, and lists live games for spectators.

use kartka_protocol::TimeControl;
use kartka_server::config::Settings;
use kartka_server::web::WebFiles;
use kartka_tests::client::{Api, WsClient};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::{json, Value};

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
    assert!(page.contains("<script type=\"module\" src=\"/v/"), "the page names its script under a version: {page}");
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
    // Each page names its icon, so that no browser asks for a /favicon.ico that is not there.
    for path in ["/", "/admin/"] {
        let (status, _, page) = fetch(&format!("{base}{path}"), None).await;
        assert_eq!(status, 200, "{path}");
        let icon = page
            .split("<link rel=\"icon\" href=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| panic!("{path} names its icon: {page}"));
        let (status, headers, _) = fetch(&format!("{base}{icon}"), None).await;
        assert_eq!(status, 200, "{path}'s icon {icon}");
        assert!(header(&headers, "content-type").starts_with("image/svg+xml"), "{path}'s icon {icon}");
    }
    let (status, _, health) = fetch(&format!("{base}/healthz"), None).await;
    assert_eq!((status, health.contains("ok")), (200, true));
    server.stop().await;
}

/// A GET with `Accept-Encoding: accept`: the status, the headers and the body's bytes as sent.
async fn fetch_encoded(url: &str, accept: &str) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let response = reqwest::Client::new().get(url).header("Accept-Encoding", accept).send().await.expect("an answer");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.bytes().await.expect("a body").to_vec())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_s_files_are_compressed_versioned_and_kept_for_a_year() {
    let database = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let base = server.url();

    // The page names every script, style and picture under one version; pages it links to stay plain.
    let (_, _, page) = fetch(&format!("{base}/"), None).await;
    let script = page.split("src=\"").nth(1).and_then(|rest| rest.split('"').next()).expect("the page's script");
    assert!(script.starts_with("/v/") && script.ends_with("/js/app.js"), "{script}");
    let version = script.trim_start_matches("/v/").split('/').next().expect("a version");
    assert!(page.contains(&format!("href=\"/v/{version}/css/site.css\"")), "{page}");
    assert!(page.contains("href=\"/rules\""), "a link to a page is not versioned: {page}");

    // A file of this version is kept a year without a check; its imports resolve under the same version.
    let (status, headers, _) = fetch(&format!("{base}{script}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "cache-control"), "public, max-age=31536000, immutable");
    let (status, headers, _) = fetch(&format!("{base}/v/{version}/js/i18n/pl.js"), None).await;
    assert_eq!((status, header(&headers, "cache-control")), (200, "public, max-age=31536000, immutable"));
    // Another version's address gets today's file, which must not be kept.
    let (status, headers, _) = fetch(&format!("{base}/v/0000000000000000/js/app.js"), None).await;
    assert_eq!((status, header(&headers, "cache-control")), (200, "no-cache"));

    // Text goes out compressed as the browser accepts: brotli first, else gzip, else as it is.
    let plain = fetch(&format!("{base}{script}"), None).await.2;
    let (status, headers, body) = fetch_encoded(&format!("{base}{script}"), "gzip, deflate, br").await;
    assert_eq!((status, header(&headers, "content-encoding")), (200, "br"));
    assert_eq!(header(&headers, "vary"), "accept-encoding");
    assert!(body.len() < plain.len(), "smaller: {} of {}", body.len(), plain.len());
    let (_, headers, body) = fetch_encoded(&format!("{base}/css/site.css"), "gzip;q=1.0, br;q=0").await;
    assert_eq!(header(&headers, "content-encoding"), "gzip");
    let mut css = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(body.as_slice()), &mut css).expect("gzip");
    assert_eq!(css, fetch(&format!("{base}/css/site.css"), None).await.2, "the same file, compressed");
    let (_, headers, body) = fetch_encoded(&format!("{base}/css/site.css"), "identity").await;
    assert_eq!(header(&headers, "content-encoding"), "");
    assert_eq!(String::from_utf8(body).expect("text"), css);

    // Each coding has its own tag, so a check answers 304 for the coding the browser holds.
    let (_, headers, _) = fetch_encoded(&format!("{base}/"), "br").await;
    let tag = header(&headers, "etag").to_owned();
    assert!(tag.ends_with("-br\""), "{tag}");
    let response = reqwest::Client::new()
        .get(format!("{base}/"))
        .header("Accept-Encoding", "br")
        .header("If-None-Match", &tag)
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status().as_u16(), 304);
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

    // Correspondence games are listed too, and one sort can be asked for.
    let days = TimeControl::Correspondence { days_per_move: 3, vacation_allowed: true };
    let by_post = api.start_game(&alice, &carol, days).await;
    let listed = |list: Value| -> Vec<String> {
        list["games"].as_array().expect("games").iter().filter_map(|g| g["id"].as_str().map(str::to_owned)).collect()
    };
    let (_, both) = api.get("/api/games?status=active", None).await;
    assert_eq!(listed(both), [by_post.to_string(), newer.to_string(), older.to_string()]);
    let (status, correspondence) = api.get("/api/games?status=active&correspondence=true", None).await;
    assert_eq!(status, 200, "{correspondence}");
    assert_eq!(listed(correspondence), [by_post.to_string()]);
    let (_, live) = api.get("/api/games?status=active&correspondence=false", None).await;
    assert_eq!(listed(live), [newer.to_string(), older.to_string()]);
    let (status, refused) = api.get("/api/games?status=active&correspondence=maybe", None).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("invalid_request")));

    // A finished game leaves the list.
    let mut socket = WsClient::connect(server.addr, &carol.token).await;
    socket.request(1, json!({ "type": "resign", "game_id": newer })).await;
    let (_, list) = api.get("/api/games?status=active&correspondence=false", None).await;
    assert_eq!(listed(list), [older.to_string()]);

    let (status, refused) = api.get("/api/games?status=finished", None).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("invalid_request")));
    socket.close().await;
    server.stop().await;
}
