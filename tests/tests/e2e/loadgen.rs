//! The load generator's smoke runs against a server on each store, through the generator's library: a pair for
//! every registered kind (`--game all`) played for a few seconds, and every acknowledged move found in the store
//! afterwards; about two thousand sockets (games, spectators and idle sockets) of Paper Soccer; and
//! correspondence games started and left alone until their actors stop. They fail on any error frame, dropped
//! connection, lost move or kind without a move, never on a timing. On two nodes of one PostgreSQL database, the
//! generator spreads each pair's players (again one pair a kind) over both, so that every move crosses nodes.

use std::collections::BTreeSet;
use std::time::Duration;

use kartka_engine::GameKind;
use kartka_loadgen::options::ALL_KINDS;
use kartka_loadgen::rest::TIME_CONTROL;
use kartka_loadgen::stored::StoredOptions;
use kartka_loadgen::Options;
use kartka_protocol::TimeControl;
use kartka_server::config::{Limits, Settings};
use kartka_server::store::GameSearch;
use kartka_tests::browser::eventually;
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::on_both_stores;
use kartka_tests::server::TestServer;

on_both_stores!(
    every_kind_plays_without_errors,
    two_thousand_sockets_play_without_errors,
    unwatched_correspondence_games_leave_memory
);

const GAMES: usize = 500;
const SPECTATORS: usize = 300;
const IDLE_SOCKETS: usize = 700;

/// A pair for each registered kind, with a spectator each: every kind's moves are acknowledged, none is refused,
/// and the store has each one. A kind the generator could not play (a refused move, a game it cannot follow)
/// fails the run by its errors, and a kind without a move by name.
async fn every_kind_plays_without_errors(url: &str) {
    let limits = Limits { accounts_per_address_per_minute: 1_000, ..Limits::default() };
    let server = TestServer::start(url, Settings { limits, ..Settings::default() }).await;
    let record = tempfile::NamedTempFile::new().expect("a temporary record file");
    let kinds = GameKind::ALL.len();
    let mut options = Options::new(&server.url(), ALL_KINDS, kinds);
    options.spectators = kinds;
    options.think_ms = 150;
    options.duration_s = 4;
    options.seed = Some(33);
    options.record = Some(record.path().to_owned());
    let report = kartka_loadgen::run(&options).await.expect("the run is carried out");
    eprintln!("{report}");

    assert!(report.failures().is_empty(), "the run failed: {:?}\n{report}", report.failures());
    assert_eq!(report.moves_by_kind.len(), kinds, "every kind was played, each with moves:\n{report}");
    let check = kartka_loadgen::check::check(&server.url(), record.path()).await.expect("the record is checked");
    assert_eq!(check.moves as u64, report.moves, "every acknowledged move was recorded");
    assert_eq!(check.missing, 0, "acknowledged moves missing from the store: {:?}", check.examples);
    server.stop().await;
}

async fn two_thousand_sockets_play_without_errors(url: &str) {
    // Every socket is two open files in this process (the client's end and the server's), and both stores'
    // runs may share the process.
    if let Err(error) = rlimit::increase_nofile_limit(u64::MAX) {
        eprintln!("could not raise the open file limit: {error}");
    }
    // Every player and spectator is a guest with a socket of its own, all from this one address.
    let limits = Limits { accounts_per_address_per_minute: 10_000, sockets_per_address: 10_000, ..Limits::default() };
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

/// The names of the accounts connected to `server` now.
async fn connected_names(server: &TestServer) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for account in server.state.connections.accounts() {
        if let Ok(Some(row)) = server.state.store.account_by_id(account).await {
            names.insert(row.name);
        }
    }
    names
}

/// A pair for each registered kind and a spectator for each of two games over two nodes: while they play, each node holds exactly the
/// players and spectators the spread puts there (pair i's first player on node i mod 2, its second on the other,
/// spectator j of pair i on node i + 2 + j mod 2), the run has no errors, and each node's process is reported.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_players_of_a_pair_play_from_two_nodes() {
    let pairs = GameKind::ALL.len();
    const SECRET: &str = "the nodes' shared secret";
    let database = TestDb::new(Backend::Postgres).await;
    let limits = Limits { accounts_per_address_per_minute: 10_000, ..Limits::default() };
    let settings = || Settings { limits: limits.clone(), ..Settings::default() };
    let nodes = [
        TestServer::start_clustered(database.url(), settings(), SECRET).await,
        TestServer::start_clustered(database.url(), settings(), SECRET).await,
    ];

    let mut options = Options::new(&nodes[0].url(), ALL_KINDS, pairs);
    options.servers.push(nodes[1].url());
    options.server_pids = vec![std::process::id(); 2];
    options.spectators = 2;
    options.think_ms = 200;
    options.duration_s = 4;
    // The seed names the run's accounts: `lg` and its low 16 bits in hex, then the pair and the role.
    options.seed = Some(14);
    let run = tokio::spawn(async move { kartka_loadgen::run(&options).await });

    let mut expected = [BTreeSet::new(), BTreeSet::new()];
    for pair in 0..pairs {
        expected[pair % 2].insert(format!("lg000e{pair}a"));
        expected[(pair + 1) % 2].insert(format!("lg000e{pair}b"));
    }
    for pair in 0..2 {
        expected[(pair + 2) % 2].insert(format!("lg000e{pair}s0"));
    }
    let spread = eventually(Duration::from_secs(60), || async {
        let seen = [connected_names(&nodes[0]).await, connected_names(&nodes[1]).await];
        (seen == expected).then_some(())
    })
    .await;
    let report = run.await.expect("the run's task").expect("the run is carried out");
    eprintln!("{report}");
    assert!(spread.is_some(), "every socket connected to the node the spread puts it on:\n{report}");
    assert!(report.failures().is_empty(), "the run failed: {:?}\n{report}", report.failures());
    assert_eq!(report.moves_by_kind.len(), pairs, "every kind was played:\n{report}");
    assert_eq!(report.servers.len(), 2);
    assert_eq!(report.server_processes.len(), 2, "each node's process is reported");
    assert!(report.server_processes.iter().all(Option::is_some), "and read:\n{report}");
    for node in nodes {
        node.stop().await;
    }
}
