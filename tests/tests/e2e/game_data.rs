//! `--data-dir` as an operator uses it (docs/operations.md, "Game data"): a server process started with a data
//! directory serves the track its `tracks/` folder added, and a directory with a file its kind refuses stops
//! the start, naming the file, before the server listens.

use std::process::{Command, Stdio};

use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::ServerProcess;

const SERVER: &str = env!("CARGO_BIN_EXE_kartka-test-server");

/// A closed lap of its own name: no shipped track or other test's has it.
const TRACK: &str = "name: e2e-data-loop\nversion: 1\nmap:\n#########\n#...S...#\n#.>.S...#\n#...F...#\n#..###..#\n#.......#\n#########\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_track_of_the_data_directory_is_served_and_a_refused_file_stops_the_start() {
    let database = TestDb::new(Backend::Sqlite).await;
    let data = tempfile::tempdir().expect("a temporary directory");
    std::fs::create_dir(data.path().join("tracks")).expect("created");
    std::fs::write(data.path().join("tracks/loop.track"), TRACK).expect("written");
    let data_dir = data.path().to_str().expect("a UTF-8 path");

    let server = ServerProcess::start(SERVER, database.url(), &[("KARTKA_DATA_DIR", data_dir)]);
    let hash = kartka_engine::racetrack::Track::parse(TRACK).expect("parses").id().hash;
    let response = reqwest::get(format!("{}/api/tracks/{hash}", server.url())).await.expect("GET the track");
    assert_eq!(response.status(), 200);
    let map: serde_json::Value = response.json().await.expect("JSON");
    assert_eq!(map["name"], "e2e-data-loop", "{map}");
    server.kill();

    std::fs::create_dir(data.path().join("dictionaries")).expect("created");
    std::fs::write(data.path().join("dictionaries/broken.dict"), b"KRTKDICT\x01pl").expect("written");
    let refused = Command::new(SERVER)
        .arg("serve")
        .env("DATABASE_URL", database.url())
        .env("KARTKA_LISTEN", "127.0.0.1:0")
        .env("KARTKA_DATA_DIR", data_dir)
        .stdin(Stdio::null())
        .output()
        .expect("the server process runs");
    assert!(!refused.status.success(), "a refused file stops the start");
    let said = format!("{}{}", String::from_utf8_lossy(&refused.stdout), String::from_utf8_lossy(&refused.stderr));
    assert!(said.contains("broken.dict"), "the refused file is named: {said}");
    assert!(!said.contains("kartka is listening"), "the server never listened: {said}");
}
