//! The cluster bus on PostgreSQL: two server nodes on one database, each with its own store and listener, as
//! two `kartka serve` processes would have. What one node's store commits reaches the other node's
//! subscribers, never its own; nothing that rolled back is announced; a lost listener connection makes the
//! subscribers resynchronise and then messages flow again.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use kartka_server::cluster::bus::{self, Bus, BusEvent, BusSubscription, ClusterMessage, Envelope, GameAdvanced};
use kartka_server::store::{self, EventRow, GameChange, GameRow, GameState, Store, StoreError};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::ServerProcess;
use kartka_tests::stored::{insert_guest, ActiveGame};
use sqlx::{Connection, PgConnection};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

/// How long a test waits for an event before failing: a bound against hanging, not a measured time.
const PATIENCE: Duration = Duration::from_secs(20);

/// A server node: its id, its store and its subscription to the bus.
struct Node {
    id: Uuid,
    store: Arc<dyn Store>,
    events: BusSubscription,
}

impl Node {
    async fn start(url: &str, shutdown: &CancellationToken, tasks: &TaskTracker) -> Node {
        let id = Uuid::new_v4();
        let store = store::open(url, id).await.expect("open the store");
        let bus = Bus::listen(url, id, shutdown.clone(), tasks).await.expect("listen to the bus");
        assert_eq!(bus.node(), id);
        Node { id, store, events: bus.subscribe() }
    }

    async fn next_event(&mut self) -> BusEvent {
        tokio::time::timeout(PATIENCE, self.events.recv())
            .await
            .expect("an event arrives")
            .expect("the listener is running")
    }

    /// The games advanced by the next messages, which must all come from `origin`, until they name `count`
    /// games; and how many messages that took.
    async fn advanced_by(&mut self, origin: Uuid, count: usize) -> (BTreeMap<Uuid, i64>, usize) {
        let (mut games, mut messages) = (BTreeMap::new(), 0);
        while games.len() < count {
            let BusEvent::Message(Envelope { origin: from, message: ClusterMessage::GamesAdvanced(advanced) }) =
                self.next_event().await
            else {
                panic!("a message, not a resync");
            };
            assert_eq!(from, origin, "the message names the node that committed");
            messages += 1;
            for GameAdvanced { game_id, seq } in advanced {
                assert!(games.insert(game_id, seq).is_none(), "each game is named once");
            }
        }
        assert_eq!(games.len(), count);
        (games, messages)
    }
}

/// Two nodes on one fresh PostgreSQL database.
struct Cluster {
    database: TestDb,
    a: Node,
    b: Node,
    shutdown: CancellationToken,
    tasks: TaskTracker,
}

impl Cluster {
    async fn start() -> Cluster {
        let database = TestDb::new(Backend::Postgres).await;
        let (shutdown, tasks) = (CancellationToken::new(), TaskTracker::new());
        let a = Node::start(database.url(), &shutdown, &tasks).await;
        let b = Node::start(database.url(), &shutdown, &tasks).await;
        Cluster { database, a, b, shutdown, tasks }
    }

    async fn connection(&self) -> PgConnection {
        PgConnection::connect(self.database.url()).await.expect("connect to the test database")
    }

    /// The shutdown token stops both listeners.
    async fn stop(self) {
        self.shutdown.cancel();
        self.tasks.close();
        tokio::time::timeout(PATIENCE, self.tasks.wait()).await.expect("the listeners stop at shutdown");
    }
}

/// `count` new active games between two new players, stored through `store`.
async fn games(store: &dyn Store, count: usize) -> Vec<GameRow> {
    let first = insert_guest(store, &format!("p{}", Uuid::new_v4().simple()), 1).await;
    let second = insert_guest(store, &format!("p{}", Uuid::new_v4().simple()), 1).await;
    let game = ActiveGame {
        first_id: first.id,
        second_id: second.id,
        time_control: (r#"{"type":"fischer","initial_seconds":60,"increment_seconds":2}"#, "bullet"),
        clock_ms: 60_000,
        created_at: 1,
        deadline: Some(60_001),
    };
    let mut games = Vec::with_capacity(count);
    for _ in 0..count {
        games.push(game.insert(store).await);
    }
    games
}

/// An event that is not a move (a player connecting), taking `game` from its stored state to the next seq.
fn next_change(game: &mut GameRow) -> (Uuid, GameChange) {
    let seq = game.state.seq + 1;
    let change = GameChange {
        expected_seq: game.state.seq,
        event: EventRow { seq, kind: "player_connected".to_owned(), payload: "{}".to_owned(), at: seq, private: None },
        new_move: None,
        state: GameState { seq, ..game.state.clone() },
        ratings: Vec::new(),
        explorer: Vec::new(),
    };
    game.state.seq = seq;
    (game.id, change)
}

/// Commits the next change of each game in one group commit (one transaction).
async fn commit_together(store: &dyn Store, games: &mut [GameRow]) -> BTreeMap<Uuid, i64> {
    let changes: Vec<_> = games.iter_mut().map(next_change).collect();
    for result in store.record_many(&changes).await {
        result.expect("the change commits");
    }
    games.iter().map(|game| (game.id, game.state.seq)).collect()
}

/// Commits the next change of `game` through the store's committer.
async fn commit_one(store: &dyn Store, game: &mut GameRow) -> BTreeMap<Uuid, i64> {
    let (game_id, change) = next_change(game);
    store.record(game_id, &change).await.expect("the change commits");
    BTreeMap::from([(game_id, change.state.seq)])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_commit_reaches_the_other_node_and_never_its_own() {
    let mut cluster = Cluster::start().await;
    let mut games = games(cluster.a.store.as_ref(), 3).await;

    let committed = commit_together(cluster.a.store.as_ref(), &mut games).await;
    assert_eq!(cluster.b.advanced_by(cluster.a.id, 3).await, (committed, 1), "one message for the transaction");

    // Each node's next message is the other's later commit: its own earlier one was not delivered to it.
    let committed = commit_one(cluster.b.store.as_ref(), &mut games[0]).await;
    assert_eq!(cluster.a.advanced_by(cluster.b.id, 1).await.0, committed);
    let committed = commit_one(cluster.a.store.as_ref(), &mut games[1]).await;
    assert_eq!(cluster.b.advanced_by(cluster.a.id, 1).await.0, committed);

    cluster.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolled_back_transaction_announces_nothing() {
    let mut cluster = Cluster::start().await;
    let mut games = games(cluster.a.store.as_ref(), 3).await;
    let mut connection = cluster.connection().await;
    // Fails every transaction that wrote an event at its COMMIT, after the announcement was queued in it.
    sqlx::raw_sql(
        "CREATE FUNCTION kartka_test_refuse() RETURNS trigger LANGUAGE plpgsql AS \
         $$ BEGIN RAISE EXCEPTION 'injected fault at commit'; END $$; \
         CREATE CONSTRAINT TRIGGER kartka_test_refuse AFTER INSERT ON game_events DEFERRABLE INITIALLY DEFERRED \
         FOR EACH ROW EXECUTE FUNCTION kartka_test_refuse();",
    )
    .execute(&mut connection)
    .await
    .expect("install the fault");

    let changes: Vec<_> = games[..2].iter().map(|game| next_change(&mut game.clone())).collect();
    for result in cluster.a.store.record_many(&changes).await {
        assert!(result.is_err(), "the fault refuses the group and each change alone");
    }
    sqlx::raw_sql("DROP TRIGGER kartka_test_refuse ON game_events; DROP FUNCTION kartka_test_refuse();")
        .execute(&mut connection)
        .await
        .expect("remove the fault");

    let committed = commit_one(cluster.a.store.as_ref(), &mut games[2]).await;
    assert_eq!(cluster.b.advanced_by(cluster.a.id, 1).await.0, committed, "the first news is the later commit");

    cluster.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_with_a_stale_change_announces_only_what_it_committed() {
    let mut cluster = Cluster::start().await;
    let mut games = games(cluster.a.store.as_ref(), 3).await;
    let (stale_id, mut stale) = next_change(&mut games[0].clone());
    stale.expected_seq -= 1;
    stale.event.seq -= 1;
    stale.state.seq -= 1;

    let fresh: Vec<_> = games[1..].iter_mut().map(next_change).collect();
    let changes: Vec<_> = [(stale_id, stale)].into_iter().chain(fresh).collect();
    let results = cluster.a.store.record_many(&changes).await;
    assert!(matches!(results[0], Err(StoreError::Conflict)), "the stale change fails alone");
    assert!(results[1..].iter().all(Result::is_ok), "the others commit");

    let committed: BTreeMap<Uuid, i64> = games[1..].iter().map(|game| (game.id, game.state.seq)).collect();
    assert_eq!(cluster.b.advanced_by(cluster.a.id, 2).await.0, committed, "the committed games, not the stale one");
    let committed = commit_one(cluster.a.store.as_ref(), &mut games[0]).await;
    assert_eq!(cluster.b.advanced_by(cluster.a.id, 1).await.0, committed, "the next news is the next commit");

    cluster.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_commit_too_big_for_one_notification_arrives_whole() {
    let mut cluster = Cluster::start().await;
    let mut games = games(cluster.a.store.as_ref(), 512).await;

    let committed = commit_together(cluster.a.store.as_ref(), &mut games).await;

    let (advanced, messages) = cluster.b.advanced_by(cluster.a.id, 512).await;
    assert_eq!(advanced, committed);
    assert!(messages > 1, "512 games take more than one notification");

    cluster.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_notification_is_dropped_without_harm() {
    let mut cluster = Cluster::start().await;
    let mut games = games(cluster.a.store.as_ref(), 1).await;
    let mut connection = cluster.connection().await;
    let unknown = format!(r#"{{"origin":"{}","message":{{"lobby_news":1}}}}"#, Uuid::new_v4().simple());
    for payload in ["not json", "{}", r#"{"origin":"nobody","message":{"games_advanced":[]}}"#, &unknown] {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(bus::CHANNEL)
            .bind(payload)
            .execute(&mut connection)
            .await
            .expect("notify by hand");
    }

    let committed = commit_one(cluster.a.store.as_ref(), &mut games[0]).await;
    assert_eq!(cluster.b.advanced_by(cluster.a.id, 1).await.0, committed, "the next event is the real one");
    let committed = commit_one(cluster.b.store.as_ref(), &mut games[0]).await;
    assert_eq!(cluster.a.advanced_by(cluster.b.id, 1).await.0, committed, "and both listeners go on");

    cluster.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_lost_connection_subscribers_resync_and_messages_arrive_again() {
    let mut cluster = Cluster::start().await;
    let mut games = games(cluster.a.store.as_ref(), 1).await;
    let mut connection = cluster.connection().await;

    let terminated: Vec<bool> = sqlx::query_scalar(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND application_name = $1",
    )
    .bind(bus::listener_name(cluster.b.id))
    .fetch_all(&mut connection)
    .await
    .expect("terminate the listener's connection");
    assert_eq!(terminated, [true], "node b listens on one connection, named after it");

    assert_eq!(cluster.b.next_event().await, BusEvent::Resync);
    let committed = commit_one(cluster.a.store.as_ref(), &mut games[0]).await;
    assert_eq!(cluster.b.advanced_by(cluster.a.id, 1).await.0, committed);

    cluster.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kartka_serve_on_postgres_listens_before_it_says_it_is_up() {
    let database = TestDb::new(Backend::Postgres).await;
    let server = ServerProcess::start(env!("CARGO_BIN_EXE_kartka-test-server"), database.url(), &[]);
    let mut connection = PgConnection::connect(database.url()).await.expect("connect to the test database");

    let listening: Vec<String> = sqlx::query_scalar(
        "SELECT application_name FROM pg_stat_activity \
         WHERE datname = current_database() AND application_name LIKE 'kartka-bus %'",
    )
    .fetch_all(&mut connection)
    .await
    .expect("read the connections");
    assert_eq!(listening.len(), 1, "one listener: {listening:?}");
    let node = listening[0].strip_prefix("kartka-bus ").and_then(|id| id.parse::<Uuid>().ok());
    assert!(node.is_some(), "named after its node: {listening:?}");

    server.kill();
}
