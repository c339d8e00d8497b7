//! The relay carries every move's three frames between the sockets of each pair, the driver counts them and
//! reads the relay's CPU (this process's, where the relay runs in-process), and `scripts/bench-ratios.sh`
//! prints every figure of a benchmark run beside its floor: the relay's from a real drive, the other lines as
//! bench-load.sh writes them.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use kartka_relay::{drive, serve, DriveError, DriveOptions, DriveReport};
use serde_json::json;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

/// Drives `games` pairs through a relay served in this process for `duration`; the options used and the report.
async fn drive_a_relay(games: usize, duration: Duration) -> (DriveOptions, DriveReport) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let relay = listener.local_addr().expect("an address");
    let stop = CancellationToken::new();
    let server = tokio::spawn(serve::run(listener, stop.clone().cancelled_owned()));
    let options = DriveOptions { relay, games, duration, relay_pid: Some(std::process::id()) };
    let report = drive(&options).await.expect("a drive");
    stop.cancel();
    server.await.expect("the relay task").expect("the relay stops cleanly");
    (options, report)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pairs_play_moves_through_the_relay_and_its_cpu_per_move_is_read() {
    let (options, report) = drive_a_relay(3, Duration::from_millis(500)).await;
    assert_eq!((report.games, report.sockets), (3, 6));
    assert!(report.moves >= 3, "every pair moved at least once: {report:?}");
    let per_move = report.relay_cpu_us_per_move.expect("the relay's process was read");
    assert!(per_move.is_finite() && per_move >= 0.0, "{report:?}");

    let empty = DriveOptions { games: 0, ..options };
    assert!(matches!(drive(&empty).await, Err(DriveError::Empty)));
}

/// The ratios script's output for the JSON lines `lines`.
fn ratios(lines: &[serde_json::Value]) -> String {
    let dir = std::env::temp_dir().join(format!("kartka-ratios-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let file = dir.join("reports.jsonl");
    let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
    std::fs::write(&file, text).expect("the reports are written");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/bench-ratios.sh");
    let output = Command::new("bash").arg(&script).arg(&file).output().expect("bash runs (and jq is installed)");
    std::fs::remove_dir_all(&dir).expect("the scratch directory is removed");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).expect("UTF-8")
}

fn line_with<'a>(output: &'a str, start: &str) -> &'a str {
    output
        .lines()
        .find(|line| line.trim_start().starts_with(start))
        .unwrap_or_else(|| panic!("no {start:?} in {output}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_figure_is_printed_beside_its_floor_as_a_ratio() {
    let (_, drive) = drive_a_relay(2, Duration::from_millis(300)).await;
    let relay_us = drive.relay_cpu_us_per_move.expect("the relay's CPU was read");

    // 1,000 moves in 10 s at 50 % of a core: 5,000 µs of the server per move; 2 s of PostgreSQL: 2,000 µs.
    let load = json!({ "store": "postgres", "run": "throughput", "moves": 1000, "played_s": 10.0,
        "moves_per_s": 100.0, "server": { "cpu_percent": 50.0 }, "postgres_cpu_seconds": 2.0 });
    let latency = json!({ "store": "postgres", "run": "latency", "move_to_push": { "p99_ms": 12.5 },
        "move_to_ack": { "p99_ms": 11.0 } });
    let sqlite = json!({ "store": "sqlite", "run": "throughput", "moves_per_s": 3100.4 });
    let single = json!({ "floor": "pgbench", "batch": 1, "postgres_cpu_us_per_move": 800, "load_average": "1.00" });
    let group = json!({ "floor": "pgbench", "batch": 82, "postgres_cpu_us_per_move": 40 });
    let insert = json!({ "floor": "pgbench-insert", "clients": 32, "tps": 400.0 });
    let commit = json!({ "floor": "pgbench-latency", "batch": 1, "rate": 980, "p50_ms": 1.5, "p99_ms": 5.5,
        "load_average": "2.00" });
    let mut relay_line = serde_json::to_value(&drive).expect("a report serialises");
    relay_line["floor"] = json!("relay");
    let output = ratios(&[load, latency, sqlite, relay_line, single, group, insert, commit]);

    let server = line_with(&output, "server CPU per move");
    let expected = (5000.0 / relay_us * 100.0).round() / 100.0;
    assert!(server.contains("5000 µs") && server.contains(&format!("ratio {expected}")), "{server}");
    let postgres = line_with(&output, "PostgreSQL CPU per move");
    assert!(
        postgres.contains("2000 µs") && postgres.contains("800 µs") && postgres.contains("ratio 2.5"),
        "{postgres}"
    );
    let group = line_with(&output, "group of 82");
    assert!(group.contains("40 µs") && group.contains("ratio 50"), "{group}");
    assert!(line_with(&output, "whole machine").contains("ratio 0.25"), "{output}");
    assert!(line_with(&output, "SQLite throughput").contains("3100 moves/s"), "{output}");
    assert!(line_with(&output, "PostgreSQL, 1,000 games").contains("12.5 ms"), "{output}");
    // The p99 beside PostgreSQL committing one move a transaction at the same rate: 11.0 / 5.5.
    let commit = line_with(&output, "one-move transaction at 980/s");
    assert!(commit.contains("p99 5.5 ms") && commit.contains("ratio of move → ack p99 2"), "{commit}");
    assert!(line_with(&output, "load average at the floors").contains("rate run 2.00"), "{output}");

    // A run without its floors says what is missing rather than dividing by nothing.
    let bare = ratios(&[json!({ "store": "postgres", "run": "throughput", "moves": 10, "played_s": 1.0,
        "server": { "cpu_percent": 10.0 } })]);
    assert!(line_with(&bare, "server CPU per move").contains("ratio —"), "{bare}");
}
