//! Several nodes on one database: two servers in this test process over one PostgreSQL database. A game runs on
//! the one node holding its lease; a node that crashes (its runtime dropped, no shutdown code) loses its live
//! games to the other node once its heartbeat is older than the TTL, and their clocks run there; a graceful stop
//! frees its leases at once; and a stale owner's commit is refused by the game's sequence check. SQLite serves
//! one node: a second start is refused, and a crashed node's row is cleaned up.

use std::time::Duration;

use kartka_protocol::{ErrorCode, TimeControl};
use kartka_server::cluster::{Node, NodeError};
use kartka_server::config::{NodeSettings, Settings};
use kartka_server::games::GameError;
use kartka_server::store::{SoleNode, Store, StoreError};
use kartka_tests::browser::eventually;
use kartka_tests::client::{move_frame, Api, WsClient};
use kartka_tests::cluster::{live_actors, until_held_by};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::{CrashableServer, TestServer};
use serde_json::json;
use uuid::Uuid;

kartka_tests::on_both_stores!(an_actor_that_stops_gives_its_lease_back);

/// Quick heartbeats, so that a dead node is found within about a second.
const NODE: NodeSettings = NodeSettings { heartbeat: Duration::from_millis(100), ttl: Duration::from_millis(600) };
/// Longer than any wait for a node's death and a sweep, however loaded the machine is.
const PATIENCE: Duration = Duration::from_secs(20);
/// Quick heartbeats and a TTL far longer than a test may take: a test that finishes did not wait it out.
const LONG_TTL: NodeSettings = NodeSettings { heartbeat: Duration::from_millis(100), ttl: Duration::from_secs(600) };
/// Ten minutes: a clock that does not fall within a test.
const LONG: TimeControl = TimeControl::Fischer { initial_seconds: 600, increment_seconds: 0 };

/// The ids of the nodes alive by [`LONG_TTL`], in order.
async fn live_nodes(store: &dyn Store) -> Vec<Uuid> {
    let ttl_ms = i64::try_from(LONG_TTL.ttl.as_millis()).expect("a TTL in range");
    let mut ids: Vec<Uuid> = store.live_nodes(ttl_ms).await.unwrap().iter().map(|row| row.id).collect();
    ids.sort();
    ids
}

/// Two-node settings, with the main clocks running from the start (no first-move time).
fn settings() -> Settings {
    Settings { node: NODE, first_move: Duration::ZERO, ..Settings::default() }
}

/// White runs out of time on the node that took the game over from a crashed one: the flag falls there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_crashed_nodes_game_moves_to_the_other_node_and_its_clock_runs_there() {
    let database = TestDb::new(Backend::Postgres).await;
    let store = database.store();
    let a = CrashableServer::start(database.url(), settings()).await;
    let api = Api::new(a.url());
    let (white, black) = (api.guest("white").await, api.guest("black").await);
    let eight_seconds = TimeControl::Fischer { initial_seconds: 8, increment_seconds: 0 };
    let game = api.start_game(&white, &black, eight_seconds).await;
    let (watcher, _) = WsClient::subscribed(a.addr, &black.token, game).await;
    until_held_by(store.as_ref(), game, a.node_id).await;

    let b = TestServer::start(database.url(), settings()).await;
    match b.state.games.snapshot(game).await {
        Err(GameError::OwnedElsewhere { node }) => assert_eq!(node, a.node_id, "B names the owner"),
        other => panic!("B must not run A's game: {other:?}"),
    }
    assert_eq!(GameError::OwnedElsewhere { node: a.node_id }.code(), ErrorCode::Internal, "a client retries");
    let (status, refused) = Api::new(b.url())
        .post(
            &format!("/api/games/{game}/moves"),
            Some(&white.token),
            &json!({
                "ply": 0, "client_move_id": "w1", "notation": "0"
            }),
        )
        .await;
    assert_eq!((status, refused["code"].as_str()), (500, Some("internal")), "{refused}");
    assert_eq!(store.lease_holder(game).await.unwrap(), Some(a.node_id), "the refusal changed nothing");

    drop(watcher);
    a.crash();
    until_held_by(store.as_ref(), game, b.state.node.id()).await;
    assert_eq!(store.game(game).await.unwrap().expect("the game").state.status, "active", "B took a running game");
    let ended = eventually(PATIENCE, || async {
        let row = store.game(game).await.ok()??;
        (row.state.status != "active").then_some(row.state)
    })
    .await
    .expect("the game ends on B");
    assert_eq!(
        (ended.status.as_str(), ended.winner.as_deref(), ended.end_reason.as_deref()),
        ("finished", Some("second"), Some("time")),
        "White's flag fell on B"
    );
    b.stop().await;
}

/// Requests for a game keep coming to B, many at once and without a pause, while its node A dies: B refuses
/// them (A still looks alive), and then takes the game. Never more than one actor of the game runs on B, however
/// the requests interleaved: a request whose start failed never drops the registry's entry while another request is still
/// starting the actor in it, which would let a third start a second actor beside it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_requests_racing_for_a_crashed_nodes_game_start_one_actor() {
    let database = TestDb::new(Backend::Postgres).await;
    let store = database.store();
    let a = CrashableServer::start(database.url(), settings()).await;
    let b = TestServer::start(database.url(), settings()).await;
    let api = Api::new(a.url());
    let (white, black) = (api.guest("white").await, api.guest("black").await);
    let game = api.start_game(&white, &black, LONG).await;
    until_held_by(store.as_ref(), game, a.node_id).await;

    let racing = tokio_util::sync::CancellationToken::new();
    let requesters: Vec<_> = (0..16)
        .map(|_| {
            let (games, racing) = (b.state.games.clone(), racing.clone());
            tokio::spawn(async move {
                while !racing.is_cancelled() {
                    let _ = games.snapshot(game).await;
                    tokio::task::yield_now().await;
                }
            })
        })
        .collect();
    a.crash();
    // A second actor would soon stop (its first commit, the clock's credit, is refused by the sequence check),
    // so the count of running actors is watched throughout. A's went with A.
    let watching = racing.clone();
    let most = tokio::spawn(async move {
        let mut most = 0;
        while !watching.is_cancelled() {
            most = most.max(live_actors());
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        most
    });
    until_held_by(store.as_ref(), game, b.state.node.id()).await;
    // A while longer: requests that were starting actors when the lease became free finish.
    tokio::time::sleep(NODE.ttl).await;
    racing.cancel();
    for requester in requesters {
        requester.await.expect("a requester");
    }
    assert_eq!(b.state.games.running(), 1, "B runs the game");
    assert_eq!(most.await.expect("the watch"), 1, "and never more than one actor of it at once");
    b.stop().await;
}

/// A graceful stop removes the node's row and every lease with it at once: the other node may run the game
/// at once, without waiting for the TTL.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_graceful_stop_frees_its_leases_at_once() {
    let database = TestDb::new(Backend::Postgres).await;
    let store = database.store();
    let slow_death = Settings { node: NodeSettings { ttl: Duration::from_secs(600), ..NODE }, ..settings() };
    let a = TestServer::start(database.url(), slow_death.clone()).await;
    let api = Api::new(a.url());
    let (white, black) = (api.guest("white").await, api.guest("black").await);
    let game = api.start_game(&white, &black, LONG).await;
    a.state.games.ensure_running(game).await.expect("A runs the game");
    until_held_by(store.as_ref(), game, a.state.node.id()).await;
    let b = TestServer::start(database.url(), slow_death).await;
    // A game another live node runs is running: B starts no actor of its own for it.
    b.state.games.ensure_running(game).await.expect("A runs the game");
    assert_eq!(store.lease_holder(game).await.unwrap(), Some(a.state.node.id()), "A keeps the game");

    let a_node = a.state.node.id();
    a.stop().await;
    assert!(!live_nodes(store.as_ref()).await.contains(&a_node), "A's row is gone");
    let holder = store.lease_holder(game).await.unwrap();
    assert!(holder.is_none() || holder == Some(b.state.node.id()), "A's lease is gone: {holder:?}");
    b.state.games.ensure_running(game).await.expect("B runs the game at once, long before A's TTL");
    assert_eq!(store.lease_holder(game).await.unwrap(), Some(b.state.node.id()));
    let body = json!({ "ply": 0, "client_move_id": "w1", "notation": "0" });
    let (status, moved) = Api::new(b.url()).post(&format!("/api/games/{game}/moves"), Some(&white.token), &body).await;
    assert_eq!(status, 200, "the game goes on on B: {moved}");
    b.stop().await;
}

/// The lease is not the only guard: when two nodes' actors run one game (here the lease is moved behind A's
/// back), the one whose view is stale has its commit refused by the game's sequence check, and the store keeps
/// only the move that was acknowledged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_stale_owners_commit_is_refused_by_the_sequence_check() {
    let database = TestDb::new(Backend::Postgres).await;
    let store = database.store();
    let a = TestServer::start(database.url(), settings()).await;
    let api_a = Api::new(a.url());
    let (white, black) = (api_a.guest("white").await, api_a.guest("black").await);
    let game = api_a.start_game(&white, &black, LONG).await;
    a.state.games.ensure_running(game).await.expect("A runs the game");
    let b = TestServer::start(database.url(), settings()).await;
    let pool = sqlx::PgPool::connect(database.url()).await.expect("connect");
    sqlx::query("UPDATE game_leases SET node_id = $1 WHERE game_id = $2")
        .bind(b.state.node.id())
        .bind(game)
        .execute(&pool)
        .await
        .expect("move the lease to B");

    let api_b = Api::new(b.url());
    let body = json!({ "ply": 0, "client_move_id": "w1", "notation": "0" });
    let (status, moved) = api_b.post(&format!("/api/games/{game}/moves"), Some(&white.token), &body).await;
    assert_eq!(status, 200, "B loads the game and commits: {moved}");
    let stale = json!({ "ply": 0, "client_move_id": "w2", "notation": "1" });
    let (status, refused) = api_a.post(&format!("/api/games/{game}/moves"), Some(&white.token), &stale).await;
    assert_eq!((status, refused["code"].as_str()), (500, Some("internal")), "A's stale actor is refused: {refused}");
    let moves = store.moves(game).await.unwrap();
    assert_eq!(moves.iter().map(|row| row.notation.as_str()).collect::<Vec<_>>(), ["0"], "only B's move is stored");
    let stopped = eventually(PATIENCE, || async { (a.state.games.running() == 0).then_some(()) }).await;
    assert!(stopped.is_some(), "A's stale actor stops once it finds the game moved on");
    match a.state.games.snapshot(game).await {
        Err(GameError::OwnedElsewhere { node }) => assert_eq!(node, b.state.node.id(), "A now defers to B"),
        other => panic!("A must not run B's game again: {other:?}"),
    }
    let mut black_socket = WsClient::connect(b.addr, &black.token).await;
    black_socket.request(1, move_frame(game, 1, "b1", "0")).await.expect("the game goes on on B");
    a.stop().await;
    b.stop().await;
}

/// PostgreSQL: a node's database lock lives with the session holding it: taken again by the same store (every
/// heartbeat does), refused to any other session, and free once let go at a graceful stop, or once the process's
/// store, and with it the session, is gone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_nodes_lock_lives_with_its_session() {
    let database = TestDb::new(Backend::Postgres).await;
    let observer = database.store();
    let node = Uuid::new_v4();
    assert_eq!(observer.node_lock_held(node).await.unwrap(), Some(false), "nobody holds a new node's lock");

    let process = kartka_server::store::open(database.url(), node).await.expect("open the database");
    process.hold_node_lock(node).await.expect("the node's lock");
    process.hold_node_lock(node).await.expect("held still, at a heartbeat");
    assert_eq!(observer.node_lock_held(node).await.unwrap(), Some(true), "held by the process's session");
    assert!(matches!(observer.hold_node_lock(node).await, Err(StoreError::Conflict)), "no other session takes it");
    assert_eq!(observer.node_lock_held(node).await.unwrap(), Some(true), "looking leaves it held");
    process.release_node_lock().await;
    assert_eq!(observer.node_lock_held(node).await.unwrap(), Some(false), "let go at a graceful stop");

    process.hold_node_lock(node).await.expect("the node's lock again");
    drop(process);
    let freed =
        eventually(PATIENCE, || async { (observer.node_lock_held(node).await.unwrap() == Some(false)).then_some(()) });
    assert!(freed.await.is_some(), "the lock goes with the process's session");
}

/// PostgreSQL: a running node whose lock's session is cut (as a database restart would) takes the lock again at a
/// heartbeat, so that a later start does not take it for crashed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_node_takes_its_lock_again_when_its_session_is_cut() {
    let database = TestDb::new(Backend::Postgres).await;
    let store = database.store();
    let a = TestServer::start(database.url(), settings()).await;
    let node = a.state.node.id();
    assert_eq!(store.node_lock_held(node).await.unwrap(), Some(true), "a node holds its lock from its start");

    let pool = sqlx::PgPool::connect(database.url()).await.expect("connect");
    // A bigint advisory key shows in `pg_locks` as its high half in `classid` and its low half in `objid`.
    let key = node.as_u64_pair().0;
    let holders = "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1 \
        AND classid = $1::bigint::oid AND objid = $2::bigint::oid";
    let holder = || async {
        let pids: Vec<i32> = sqlx::query_scalar(holders)
            .bind((key >> 32) as i64)
            .bind((key & 0xffff_ffff) as i64)
            .fetch_all(&pool)
            .await
            .expect("read the locks");
        pids
    };
    let first = holder().await;
    assert_eq!(first.len(), 1, "one session holds the node's lock");
    let cut: bool = sqlx::query_scalar("SELECT pg_terminate_backend($1)")
        .bind(first[0])
        .fetch_one(&pool)
        .await
        .expect("cut the session holding the lock");
    assert!(cut, "the session is cut");
    let again = eventually(PATIENCE, || async {
        let now = holder().await;
        (now.len() == 1 && now != first).then_some(())
    });
    assert!(again.await.is_some(), "the node took its lock again");
    a.stop().await;
}

/// PostgreSQL: a start right after a crash does not wait out the crashed node's TTL (here far longer than the test
/// may take): the crashed node's session went with its process, so once it has missed a heartbeat its row goes,
/// with its leases, and a live node beside it is kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_start_after_a_crash_waits_a_heartbeat_not_the_ttl() {
    let database = TestDb::new(Backend::Postgres).await;
    let store = database.store();
    let a = CrashableServer::start(database.url(), Settings { node: LONG_TTL, ..settings() }).await;
    let b = TestServer::start(database.url(), Settings { node: LONG_TTL, ..settings() }).await;
    let api = Api::new(a.url());
    let (white, black) = (api.guest("white").await, api.guest("black").await);
    let game = api.start_game(&white, &black, LONG).await;
    until_held_by(store.as_ref(), game, a.node_id).await;

    let crashed = a.node_id;
    a.crash();
    let gone =
        eventually(PATIENCE, || async { (store.node_lock_held(crashed).await.unwrap() == Some(false)).then_some(()) });
    assert!(gone.await.is_some(), "the crashed process's session is gone");
    assert!(live_nodes(store.as_ref()).await.contains(&crashed), "the crashed node's row still looks alive");
    let start = tokio::time::timeout(PATIENCE, Node::join(store.as_ref(), Uuid::new_v4(), LONG_TTL));
    let node = start.await.expect("the start does not wait out the TTL").expect("the start succeeds");
    let mut expected = vec![b.state.node.id(), node.id()];
    expected.sort();
    assert_eq!(live_nodes(store.as_ref()).await, expected, "the crashed node's row is gone, the live node's kept");
    until_held_by(store.as_ref(), game, b.state.node.id()).await;
    node.leave(store.as_ref()).await;
    b.stop().await;
}

/// SQLite serves one node: a second node is refused at once with a message naming the first; once the first
/// crashed (its process, and with it its lock file's lock, gone), the next start removes its row at once, without
/// waiting out its TTL, here far longer than the test may take.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_refuses_a_second_node_and_cleans_up_after_a_crashed_one() {
    let database = TestDb::new(Backend::Sqlite).await;
    let store = database.store();
    assert!(!store.shared_by_nodes());
    let a = CrashableServer::start(database.url(), Settings { node: LONG_TTL, ..settings() }).await;
    let refused = Node::join(store.as_ref(), Uuid::new_v4(), LONG_TTL).await.expect_err("a second node on SQLite");
    assert!(matches!(refused, NodeError::SqliteInUse { other, .. } if other == a.node_id), "{refused:?}");
    let message = refused.to_string();
    assert!(message.contains(&a.node_id.to_string()) && message.contains("PostgreSQL"), "{message}");

    assert_eq!(store.node_lock_held(a.node_id).await.unwrap(), None, "the lock file stands for a node lock");
    let crashed = a.node_id;
    a.crash();
    assert_eq!(live_nodes(store.as_ref()).await, [crashed], "the crashed node's row still looks alive");
    let start = tokio::time::timeout(PATIENCE, Node::join(store.as_ref(), Uuid::new_v4(), LONG_TTL));
    let node = start.await.expect("the start does not wait out the TTL").expect("a crashed node does not keep it out");
    assert_eq!(live_nodes(store.as_ref()).await, [node.id()], "the crashed node's row is gone");

    // The new node holds the database: another start is refused, and its leaving lets the next one in.
    let other = kartka_server::store::open(database.url(), Uuid::new_v4()).await.expect("open the database again");
    let refused = Node::join(other.as_ref(), Uuid::new_v4(), LONG_TTL).await.expect_err("held by the new node");
    assert!(matches!(refused, NodeError::SqliteInUse { other, .. } if other == node.id()), "{refused:?}");
    node.leave(store.as_ref()).await;
    assert!(live_nodes(store.as_ref()).await.is_empty());
    let next = Node::join(other.as_ref(), Uuid::new_v4(), LONG_TTL).await.expect("free once the node left");
    next.leave(other.as_ref()).await;
}

/// A process that holds a SQLite database's lock file but has not registered yet (starting) keeps a start out
/// too, naming the lock file.
#[tokio::test]
async fn sqlite_refuses_a_start_while_another_process_holds_the_lock_file() {
    let database = TestDb::new(Backend::Sqlite).await;
    let holder = database.store();
    assert_eq!(holder.claim_sole_node().expect("the lock file"), SoleNode::Held);
    let other = kartka_server::store::open(database.url(), Uuid::new_v4()).await.expect("open the database again");
    let refused = Node::join(other.as_ref(), Uuid::new_v4(), NODE).await.expect_err("the lock file is held");
    let NodeError::SqliteLocked { lock_file } = &refused else { panic!("{refused:?}") };
    assert!(lock_file.to_string_lossy().ends_with(".db.lock"), "{}", lock_file.display());
    assert!(refused.to_string().contains(&lock_file.display().to_string()), "{refused}");
    assert!(live_nodes(other.as_ref()).await.is_empty(), "nothing registered");
    holder.release_sole_node();
    let node = Node::join(other.as_ref(), Uuid::new_v4(), NODE).await.expect("free once released");
    node.leave(other.as_ref()).await;
}

/// A TTL no longer than the heartbeat would make live nodes look dead between two of their beats.
#[tokio::test]
async fn a_ttl_not_above_the_heartbeat_is_refused() {
    let database = TestDb::new(Backend::Sqlite).await;
    let store = database.store();
    let equal = NodeSettings { heartbeat: Duration::from_secs(2), ttl: Duration::from_secs(2) };
    let refused = Node::join(store.as_ref(), Uuid::new_v4(), equal).await.expect_err("refused");
    assert!(matches!(refused, NodeError::TtlNotAboveHeartbeat { .. }), "{refused:?}");
    assert!(live_nodes(store.as_ref()).await.is_empty(), "nothing registered");
}

/// A correspondence game's actor that unloads when idle, and a finished game's actor once nobody watches, give
/// their leases back, so another node may run those games at once.
async fn an_actor_that_stops_gives_its_lease_back(url: &str) {
    let mut quick_unload = settings();
    quick_unload.correspondence.idle_unload = Duration::from_millis(150);
    let server = TestServer::start(url, quick_unload).await;
    let store = server.state.store.clone();
    let node = server.state.node.id();
    let api = Api::new(server.url());
    let (white, black) = (api.guest("white").await, api.guest("black").await);
    let days = TimeControl::Correspondence { days_per_move: 3, vacation_allowed: true };
    let correspondence = api.start_game(&white, &black, days).await;
    server.state.games.ensure_running(correspondence).await.expect("the game runs");
    assert_eq!(store.lease_holder(correspondence).await.unwrap(), Some(node), "a running game is leased");
    let released =
        eventually(PATIENCE, || async { store.lease_holder(correspondence).await.ok()?.is_none().then_some(()) });
    assert!(released.await.is_some(), "the idle game's actor unloads and gives its lease back");

    let live = api.start_game(&white, &black, LONG).await;
    let (mut watcher, _) = WsClient::subscribed(server.addr, &white.token, live).await;
    assert_eq!(store.lease_holder(live).await.unwrap(), Some(node));
    watcher.request(2, json!({ "type": "resign", "game_id": live })).await;
    watcher.close().await;
    let released = eventually(PATIENCE, || async { store.lease_holder(live).await.ok()?.is_none().then_some(()) });
    assert!(released.await.is_some(), "the finished, unwatched game's actor stops and gives its lease back");
    // The lease goes back while the actor's queue is still open (see `Games::start`), so the actor may count as
    // running a moment longer.
    let stopped = eventually(PATIENCE, || async { (server.state.games.running() == 0).then_some(()) });
    assert!(stopped.await.is_some(), "no actor runs once the game's lease is back");
    server.stop().await;
}
