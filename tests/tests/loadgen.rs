//! The load generator's smoke runs against a server on each store, through the generator's library: about two
//! thousand sockets (games, spectators and idle sockets) played for a few seconds, and every acknowledged move
//! found in the store afterwards; and correspondence games started and left alone until their actors stop.
//! They fail on any error frame, dropped connection or lost move, never on a timing.

use std::time::Duration;

use kartka_loadgen::rest::TIME_CONTROL;
use kartka_loadgen::stored::StoredOptions;
use kartka_loadgen::Options;
use kartka_protocol::TimeControl;
use kartka_server::config::{Limits, Settings};
use kartka_server::store::GameSearch;
use kartka_tests::on_both_stores;
use kartka_tests::server::TestServer;

on_both_stores!(two_thousand_sockets_play_without_errors, unwatched_correspondence_games_leave_memory);

const GAMES: usize = 500;
const SPECTATORS: usize = 300;
const IDLE_SOCKETS: usize = 700;

async fn two_thousand_sockets_play_without_errors(url: &str) {
    // Every socket is two open files in this process (the client's end and the server's), and both stores'
    // runs may share the process.
    if let Err(error) = rlimit::increase_nofile_limit(u64::MAX) {
        eprintln!("could not raise the open file limit: {error}");
    }
    // Every player and spectator is a guest, all from this one address.
    let limits = Limits { accounts_per_address_per_minute: 10_000, ..Limits::default() };
    // A thousand players' first moves can take longer than the usual 30 s on a loaded machine: the first-move
    // time here is as long as the runs' day-long main clocks, so that only a real error fails the run, never the
    // machine's speed.
    let TimeControl::Fischer { initial_seconds, .. } = TIME_CONTROL else { panic!("the runs play Fischer clocks") };
    let first_move = Duration::from_secs(u64::from(initial_seconds));
    let server = TestServer::start(url, Settings { limits, first_move, ..Settings::default() }).await;
    let record = tempfile::NamedTempFile::new().expect("a temporary record file");

    let mut options = Options::new(&server.url(), "paper-soccer", GAMES);
    options.spectators = SPECTATORS;
    options.idle_sockets = IDLE_SOCKETS;
    options.think_ms = 200;
    options.duration_s = 8;
    options.seed = Some(14);
    options.record = Some(record.path().to_owned());
    let report = kartka_loadgen::run(&options).await.expect("the run is carried out");
    eprintln!("{report}");

    assert_eq!(report.sockets, 2 * GAMES + SPECTATORS + IDLE_SOCKETS);
    assert!(report.failures().is_empty(), "the run failed: {:?}\n{report}", report.failures());
    assert!(report.games_started >= GAMES as u64, "every pair started a game:\n{report}");
    assert_eq!(report.move_to_ack.count, report.moves, "every acknowledged move was timed");

    let check = kartka_loadgen::check::check(&server.url(), record.path()).await.expect("the record is checked");
    assert_eq!(check.moves as u64, report.moves, "every acknowledged move was recorded");
    assert_eq!(check.missing, 0, "acknowledged moves missing from the store: {:?}", check.examples);

    // The check can fail: a move the store never saw is reported missing.
    let mut moves = kartka_loadgen::record::read(record.path()).expect("the record reads");
    let mut invented = moves.last().expect("moves were recorded").clone();
    invented.ply += 1000;
    moves.push(invented);
    let lines: String = moves.iter().map(|m| serde_json::to_string(m).expect("serialise") + "\n").collect();
    std::fs::write(record.path(), lines).expect("rewrite the record");
    let check = kartka_loadgen::check::check(&server.url(), record.path()).await.expect("the record is checked");
    assert_eq!(check.missing, 1, "the invented move is missing: {check:?}");
    server.stop().await;
}

async fn unwatched_correspondence_games_leave_memory(url: &str) {
    let limits = Limits { accounts_per_address_per_minute: 10_000, ..Limits::default() };
    let mut settings = Settings { limits, ..Settings::default() };
    settings.correspondence.idle_unload = std::time::Duration::from_millis(200);
    let server = TestServer::start(url, settings).await;
    let options = StoredOptions {
        server: server.url(),
        games: 60,
        pairs: 6,
        kind: "paper-soccer".to_owned(),
        days_per_move: 3,
        server_pid: std::process::id(),
        settle_s: 1,
    };
    let report = kartka_loadgen::stored::run(&options).await.expect("the games are started");
    eprintln!("{report}");
    assert_eq!(report.games, 60);
    let active = GameSearch { status: Some("active".to_owned()), correspondence: Some(true), ..GameSearch::default() };
    assert_eq!(server.state.store.count_games(&active).await.expect("count the games"), 60, "all are active");
    assert_eq!(server.state.games.running(), 0, "and none is in memory once left alone");
    server.stop().await;
}
