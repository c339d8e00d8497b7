//! `/metrics`: a server process started with `KARTKA_METRICS_ADDR` serves the Prometheus text format on that
//! listener only, and its series count what happened. A process of its own, so the counts are this test's.

use std::net::{SocketAddr, TcpListener};

use kartka_protocol::{ServerFrame, TimeControl};
use kartka_tests::client::{Api, WsClient};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::ServerProcess;
use serde_json::json;

const SERVER: &str = env!("CARGO_BIN_EXE_kartka-test-server");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_metrics_count_a_move() {
    metrics_count_a_move(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_metrics_count_a_move() {
    metrics_count_a_move(Backend::Postgres).await;
}

/// A port that was free a moment ago.
fn free_address() -> SocketAddr {
    TcpListener::bind("127.0.0.1:0").and_then(|listener| listener.local_addr()).expect("a free port")
}

/// The metrics page, parsed into (series with labels, value) pairs.
async fn scrape(metrics: SocketAddr) -> Vec<(String, f64)> {
    let response = reqwest::get(format!("http://{metrics}/metrics")).await.expect("scrape /metrics");
    assert_eq!(response.status(), 200);
    let content_type = response.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(content_type.starts_with("text/plain; version=0.0.4"), "{content_type}");
    let page = response.text().await.unwrap();
    page.lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("a sample line: {line}"));
            (series.to_owned(), value.parse().unwrap_or_else(|_| panic!("a number: {line}")))
        })
        .collect()
}

fn value(page: &[(String, f64)], series: &str) -> f64 {
    page.iter().find(|(name, _)| name == series).unwrap_or_else(|| panic!("{series} missing: {page:?}")).1
}

async fn metrics_count_a_move(backend: Backend) {
    let database = TestDb::new(backend).await;
    let metrics = free_address();
    // Without the built-in bot, whose connections and games would count too.
    let env = [("KARTKA_METRICS_ADDR", metrics.to_string()), ("KARTKA_BUILTIN_BOT", String::new())];
    let env: Vec<(&str, &str)> = env.iter().map(|(name, value)| (*name, value.as_str())).collect();
    let server = ServerProcess::start(SERVER, database.url(), &env);
    let api = Api::new(server.url());
    let public = reqwest::get(format!("{}/metrics", server.url())).await.unwrap().text().await.unwrap();
    assert!(!public.contains("kartka_moves_total"), "the public listener does not serve metrics");

    let before = scrape(metrics).await;
    assert_eq!(value(&before, "kartka_moves_total"), 0.0);
    assert_eq!(value(&before, "kartka_connections"), 0.0);

    let white = api.guest("white").await;
    let black = api.guest("black").await;
    let game =
        api.start_game(&white, &black, TimeControl::Fischer { initial_seconds: 600, increment_seconds: 0 }).await;
    let mut client = WsClient::connect(server.addr, &white.token).await;
    client.send(json!({ "type": "subscribe", "id": 1, "game_id": game, "after_seq": null })).await;
    assert!(matches!(client.next().await, ServerFrame::Snapshot { .. }));
    let move_frame = json!({ "type": "move", "game_id": game, "ply": 0, "client_move_id": "m1", "notation": "0" });
    client.request(2, move_frame).await.expect("the move is acknowledged");
    // A move out of turn is refused, and counted by its code.
    let early = json!({ "type": "move", "game_id": game, "ply": 1, "client_move_id": "m2", "notation": "0" });
    let code = client.refused(3, early).await;

    let after = scrape(metrics).await;
    assert_eq!(value(&after, "kartka_moves_total"), 1.0);
    assert_eq!(value(&after, "kartka_move_commit_seconds_count"), 1.0);
    assert!(value(&after, "kartka_fanout_seconds_count") >= 1.0);
    assert!(value(&after, "kartka_commit_batch_changes_count") >= 1.0);
    assert!(value(&after, "kartka_commit_batch_changes_sum") >= 1.0);
    assert_eq!(value(&after, "kartka_connections"), 1.0);
    assert_eq!(value(&after, "kartka_games{class=\"live\"}"), 1.0);
    assert_eq!(value(&after, "kartka_games{class=\"correspondence\"}"), 0.0);
    assert_eq!(value(&after, &format!("kartka_errors_total{{code=\"{}\"}}", code.as_str())), 1.0);
    assert!(value(&after, "kartka_db_max_connections") >= 1.0);
    assert!(
        value(&after, "kartka_db_connections{state=\"idle\"}")
            + value(&after, "kartka_db_connections{state=\"in_use\"}")
            >= 1.0
    );
    for series in ["kartka_lobby_waiting", "kartka_lobby_wait_seconds_count"] {
        value(&after, series);
    }
    server.kill();
}
