//! The cluster part of the store, run against both backends: node registration and heartbeats, the lease's
//! compare-and-set, and which live games have no live owner. A TTL of 0 ms makes every node dead by the
//! database's clock (alive means a heartbeat younger than the TTL), so no test here waits for a node to age.

use std::sync::Arc;
use std::time::Duration;

use kartka_server::cluster::{heartbeat, GameHost, Node};
use kartka_server::config::NodeSettings;
use kartka_server::store::{LeaseTake, Millis, Store};
use kartka_tests::browser::eventually;
use kartka_tests::stored::{insert_guest, StoredGame};
use tokio::sync::{Barrier, Notify};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

kartka_tests::on_both_stores!(
    store:
    a_lease_moves_only_from_a_dead_holder,
    a_removed_node_frees_its_leases_and_no_longer_beats,
    unowned_live_games_are_the_active_live_games_without_a_live_lease,
    a_new_game_is_stored_with_its_creators_lease,
    a_node_that_must_be_alone_registers_only_beside_dead_nodes,
    concurrent_takes_let_exactly_one_node_win,
    a_nodes_cluster_url_is_stored_and_read_back,
    the_holders_of_many_leases_are_read_at_once,
    a_hanging_sweep_delays_no_heartbeat,
);

/// Long enough that no node of a test dies of age during it.
const LONG_TTL: i64 = 600_000;
/// Every node is dead by this TTL.
const ALL_DEAD: i64 = 0;

const T0: Millis = 1_750_000_000_000;
const LIVE: (&str, &str) = (r#"{"type":"fischer","initial_seconds":60,"increment_seconds":0}"#, "rapid");
const CORRESPONDENCE: (&str, &str) =
    (r#"{"type":"correspondence","days_per_move":1,"vacation_allowed":true}"#, "classical");

/// Stores a game between two new players: active unless `winner` is set; its id.
async fn game(
    store: &dyn Store,
    time_control: (&'static str, &'static str),
    winner: Option<Option<&'static str>>,
    created_at: Millis,
) -> Uuid {
    game_run_by(store, time_control, winner, created_at, None).await
}

/// As [`game`], stored with `runner`'s lease as a node creating a game stores it.
async fn game_run_by(
    store: &dyn Store,
    time_control: (&'static str, &'static str),
    winner: Option<Option<&'static str>>,
    created_at: Millis,
    runner: Option<Uuid>,
) -> Uuid {
    let (first_id, second_id) = (
        insert_guest(store, &format!("a{}", Uuid::new_v4().simple()), T0).await.id,
        insert_guest(store, &format!("b{}", Uuid::new_v4().simple()), T0).await.id,
    );
    let ruleset = (r#"{"kind":"paper-soccer","width":8,"height":10,"goal":2}"#, "paper-soccer");
    StoredGame { first_id, second_id, ruleset, time_control, winner, created_at }.insert_run_by(store, runner).await
}

async fn node(store: &dyn Store) -> Uuid {
    let id = Uuid::new_v4();
    assert!(store.register_node(id, None).await.expect("register"), "a node registers");
    id
}

async fn a_lease_moves_only_from_a_dead_holder(store: Arc<dyn Store>) {
    let (a, b) = (node(store.as_ref()).await, node(store.as_ref()).await);
    let id = game(store.as_ref(), LIVE, None, T0).await;
    assert_eq!(store.take_lease(id, a, LONG_TTL).await.unwrap(), LeaseTake::Taken, "a free lease is taken");
    assert_eq!(store.lease_holder(id).await.unwrap(), Some(a));
    assert_eq!(store.take_lease(id, b, LONG_TTL).await.unwrap(), LeaseTake::HeldBy(a), "a live holder keeps it");
    assert_eq!(store.take_lease(id, a, LONG_TTL).await.unwrap(), LeaseTake::Taken, "the holder takes it again");
    store.release_lease(id, b).await.unwrap();
    assert_eq!(store.lease_holder(id).await.unwrap(), Some(a), "only the holder gives a lease back");
    let a_beat = store.live_nodes(LONG_TTL).await.unwrap().iter().find(|row| row.id == a).expect("a").heartbeat_at;
    assert_eq!(
        store.take_lease(id, b, ALL_DEAD).await.unwrap(),
        LeaseTake::TakenFromDead { last_beat: a_beat },
        "a dead holder loses it, and its last heartbeat is when the game's clock stopped being watched"
    );
    assert_eq!(store.lease_holder(id).await.unwrap(), Some(b));
    store.release_lease(id, b).await.unwrap();
    assert_eq!(store.lease_holder(id).await.unwrap(), None);
    let missing = Uuid::new_v4();
    assert_eq!(store.take_lease(missing, a, LONG_TTL).await.unwrap(), LeaseTake::NoSuchGame);
    assert_eq!(store.lease_holder(missing).await.unwrap(), None, "no lease is left for a game that is not");
}

async fn a_removed_node_frees_its_leases_and_no_longer_beats(store: Arc<dyn Store>) {
    let (a, b) = (node(store.as_ref()).await, node(store.as_ref()).await);
    let (one, two) = (game(store.as_ref(), LIVE, None, T0).await, game(store.as_ref(), LIVE, None, T0).await);
    let other = game(store.as_ref(), LIVE, None, T0).await;
    for id in [one, two] {
        assert_eq!(store.take_lease(id, a, LONG_TTL).await.unwrap(), LeaseTake::Taken);
    }
    assert_eq!(store.take_lease(other, b, LONG_TTL).await.unwrap(), LeaseTake::Taken);
    let live = store.live_nodes(LONG_TTL).await.unwrap();
    assert_eq!(live.len(), 2);
    for row in &live {
        assert!(row.started_at <= row.heartbeat_at && row.heartbeat_at <= row.read_at, "{row:?}");
    }
    assert!(store.beat_node(a).await.unwrap(), "a registered node beats");
    store.remove_node(a).await.unwrap();
    assert_eq!(store.lease_holder(one).await.unwrap(), None, "a node's leases go with it");
    assert_eq!(store.lease_holder(two).await.unwrap(), None);
    assert_eq!(store.lease_holder(other).await.unwrap(), Some(b), "other nodes keep theirs");
    assert!(!store.beat_node(a).await.unwrap(), "a removed node finds its row gone");
    assert_eq!(store.live_nodes(LONG_TTL).await.unwrap().iter().map(|row| row.id).collect::<Vec<_>>(), [b]);
}

async fn unowned_live_games_are_the_active_live_games_without_a_live_lease(store: Arc<dyn Store>) {
    let a = node(store.as_ref()).await;
    let free = game(store.as_ref(), LIVE, None, T0).await;
    let leased = game(store.as_ref(), LIVE, None, T0 + 1).await;
    let correspondence = game(store.as_ref(), CORRESPONDENCE, None, T0 + 2).await;
    let finished = game(store.as_ref(), LIVE, Some(Some("first")), T0 + 3).await;
    assert_eq!(store.take_lease(leased, a, LONG_TTL).await.unwrap(), LeaseTake::Taken);
    assert_eq!(store.unowned_live_games(LONG_TTL).await.unwrap(), [free], "the leased game has a live owner");
    assert_eq!(store.unowned_live_games(ALL_DEAD).await.unwrap(), [free, leased], "its owner is dead by this TTL");
    assert!(!store
        .unowned_live_games(ALL_DEAD)
        .await
        .unwrap()
        .iter()
        .any(|id| [correspondence, finished].contains(id)));
    assert_eq!(store.remove_dead_nodes(LONG_TTL).await.unwrap(), 0, "nobody is dead yet");
    assert_eq!(store.remove_dead_nodes(ALL_DEAD).await.unwrap(), 0, "a dead node stays while it holds a live game");
    assert_eq!(store.lease_holder(leased).await.unwrap(), Some(a), "its heartbeat is what the taker credits");
    let b = node(store.as_ref()).await;
    assert!(matches!(store.take_lease(leased, b, ALL_DEAD).await.unwrap(), LeaseTake::TakenFromDead { .. }));
    assert_eq!(store.remove_dead_nodes(ALL_DEAD).await.unwrap(), 1, "once its live games are taken, it goes");
    assert_eq!(store.live_nodes(LONG_TTL).await.unwrap().iter().map(|row| row.id).collect::<Vec<_>>(), [b]);
    store.remove_node(b).await.unwrap();
    assert_eq!(store.lease_holder(leased).await.unwrap(), None, "a node's leases go with its row");
    assert_eq!(store.unowned_live_games(LONG_TTL).await.unwrap(), [free, leased]);
}

/// A node creating a game stores its lease in the game's own transaction: no other node's sweep ever finds the
/// new game without a live owner, which once let a sweep take over a game its creator was about to start.
async fn a_new_game_is_stored_with_its_creators_lease(store: Arc<dyn Store>) {
    let (creator, other) = (node(store.as_ref()).await, node(store.as_ref()).await);
    let id = game_run_by(store.as_ref(), LIVE, None, T0, Some(creator)).await;
    assert_eq!(store.lease_holder(id).await.unwrap(), Some(creator), "stored with the game");
    assert!(store.unowned_live_games(LONG_TTL).await.unwrap().is_empty(), "never seen unowned");
    assert_eq!(store.take_lease(id, other, LONG_TTL).await.unwrap(), LeaseTake::HeldBy(creator));
    assert_eq!(store.take_lease(id, creator, LONG_TTL).await.unwrap(), LeaseTake::Taken, "its actor starts there");
}

async fn a_node_that_must_be_alone_registers_only_beside_dead_nodes(store: Arc<dyn Store>) {
    let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
    assert!(store.register_node(a, Some(LONG_TTL)).await.unwrap(), "the first node is alone");
    assert!(!store.register_node(b, Some(LONG_TTL)).await.unwrap(), "a second is refused while the first lives");
    assert_eq!(store.live_nodes(LONG_TTL).await.unwrap().iter().map(|row| row.id).collect::<Vec<_>>(), [a]);
    assert!(store.register_node(b, Some(ALL_DEAD)).await.unwrap(), "beside a dead node it registers");
}

async fn concurrent_takes_let_exactly_one_node_win(store: Arc<dyn Store>) {
    let nodes = [node(store.as_ref()).await, node(store.as_ref()).await];
    for _ in 0..10 {
        let id = game(store.as_ref(), LIVE, None, T0).await;
        let barrier = Arc::new(Barrier::new(2));
        let takes = nodes.map(|node| {
            let (store, barrier) = (store.clone(), barrier.clone());
            tokio::spawn(async move {
                barrier.wait().await;
                store.take_lease(id, node, LONG_TTL).await.expect("take")
            })
        });
        let [first, second] = takes;
        let answers = [first.await.unwrap(), second.await.unwrap()];
        let holder = store.lease_holder(id).await.unwrap().expect("a holder");
        let winner = nodes.iter().position(|node| *node == holder).expect("one of the two");
        assert_eq!(answers[winner], LeaseTake::Taken, "{answers:?}");
        assert_eq!(answers[1 - winner], LeaseTake::HeldBy(holder), "the loser is told who won: {answers:?}");
    }
}

async fn a_nodes_cluster_url_is_stored_and_read_back(store: Arc<dyn Store>) {
    let (a, b) = (node(store.as_ref()).await, node(store.as_ref()).await);
    assert_eq!(store.node_cluster_url(a).await.unwrap(), None, "a node forwards nothing until it says where");
    store.set_node_cluster_url(a, "http://10.0.0.5:8081").await.unwrap();
    assert_eq!(store.node_cluster_url(a).await.unwrap().as_deref(), Some("http://10.0.0.5:8081"));
    assert_eq!(store.node_cluster_url(b).await.unwrap(), None, "only that node's row changed");
    store.remove_node(a).await.unwrap();
    assert_eq!(store.node_cluster_url(a).await.unwrap(), None, "a removed node is reached nowhere");
    store.set_node_cluster_url(a, "http://10.0.0.5:8081").await.unwrap();
    assert_eq!(store.node_cluster_url(a).await.unwrap(), None, "setting a removed node's URL brings back no row");
}

async fn the_holders_of_many_leases_are_read_at_once(store: Arc<dyn Store>) {
    let (a, b) = (node(store.as_ref()).await, node(store.as_ref()).await);
    let (one, two) = (game(store.as_ref(), LIVE, None, T0).await, game(store.as_ref(), LIVE, None, T0).await);
    let (unleased, missing) = (game(store.as_ref(), LIVE, None, T0).await, Uuid::new_v4());
    assert_eq!(store.take_lease(one, a, LONG_TTL).await.unwrap(), LeaseTake::Taken);
    assert_eq!(store.take_lease(two, b, LONG_TTL).await.unwrap(), LeaseTake::Taken);

    let holders = store.lease_holders(&[one, two, unleased, missing]).await.unwrap();

    assert_eq!(holders, [(one, a), (two, b)].into_iter().collect(), "a game without a lease is left out");
    assert!(store.lease_holders(&[]).await.unwrap().is_empty(), "no games, no statement, no holders");
}

/// A host whose takeovers never finish, as a sweep stuck on a slow database would be; it says when one began.
#[derive(Default)]
struct HangingHost {
    began: Notify,
}

#[async_trait::async_trait]
impl GameHost for HangingHost {
    async fn take_over(&self, _game_id: Uuid) -> bool {
        self.began.notify_one();
        std::future::pending().await
    }
}

/// The node's last heartbeat, by the database's clock.
async fn last_beat(store: &dyn Store, node: Uuid) -> Millis {
    let rows = store.live_nodes(LONG_TTL).await.expect("live nodes");
    rows.iter().find(|row| row.id == node).expect("the node is alive").heartbeat_at
}

/// A sweep taking over a dead node's games can take long (many games to load); the heartbeat goes on meanwhile,
/// or the sweeping node would be taken for dead too.
async fn a_hanging_sweep_delays_no_heartbeat(store: Arc<dyn Store>) {
    let settings = NodeSettings { heartbeat: Duration::from_millis(50), ttl: Duration::from_secs(5) };
    let node = Node::join(store.as_ref(), Uuid::new_v4(), settings).await.expect("join");
    game(store.as_ref(), LIVE, None, T0).await;
    let (host, shutdown) = (Arc::new(HangingHost::default()), CancellationToken::new());
    let beating = tokio::spawn(heartbeat(store.clone(), host.clone(), node, None, || {}, shutdown.clone()));

    tokio::time::timeout(Duration::from_secs(20), host.began.notified()).await.expect("the sweep takes the game");
    let stuck_at = last_beat(store.as_ref(), node.id()).await;
    let renewed = eventually(Duration::from_secs(20), || async {
        (last_beat(store.as_ref(), node.id()).await > stuck_at).then_some(())
    })
    .await;
    assert!(renewed.is_some(), "the node beat again while its sweep hung");

    shutdown.cancel();
    beating.await.expect("the heartbeat stops");
}

/// Node locks are PostgreSQL's: the test of the beat that goes over the lock's session runs there alone.
mod postgres_only {
    use std::time::Duration;

    use kartka_server::store::LeaseTake;
    use kartka_tests::db::{Backend, TestDb};
    use sqlx::{Connection, PgConnection};

    use super::{game, node, LIVE, LONG_TTL, T0};

    /// More requests than the store's pool has connections: each holds one while it waits on a row lock.
    const BLOCKED_REQUESTS: usize = 64;
    /// Far longer than a beat over a free session takes, far shorter than the pool's acquire timeout.
    const BEAT_PATIENCE: Duration = Duration::from_secs(10);

    /// Clients retrying games whose node died can keep every pooled connection busy; the heartbeat still
    /// renews, over the session that holds the node's lock, so the node is not taken for dead itself.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_heartbeat_is_renewed_while_every_pooled_connection_waits() {
        let database = TestDb::new(Backend::Postgres).await;
        let store = database.store();
        let (a, b) = (node(store.as_ref()).await, node(store.as_ref()).await);
        store.hold_node_lock(a).await.expect("a holds its lock");
        let id = game(store.as_ref(), LIVE, None, T0).await;
        assert_eq!(store.take_lease(id, a, LONG_TTL).await.unwrap(), LeaseTake::Taken);

        let mut outside = PgConnection::connect(database.url()).await.expect("a session of the test's own");
        let mut locking = outside.begin().await.expect("begin");
        sqlx::query("SELECT 1 FROM game_leases WHERE game_id = $1 FOR UPDATE")
            .bind(id)
            .execute(&mut *locking)
            .await
            .expect("lock the lease's row");
        let blocked: Vec<_> = (0..BLOCKED_REQUESTS)
            .map(|_| {
                let store = store.clone();
                tokio::spawn(async move { store.take_lease(id, b, LONG_TTL).await })
            })
            .collect();
        // Until the requests waiting on the row's lock stop growing in number: then each pooled connection is
        // one of them.
        let mut waiting = 0;
        loop {
            tokio::time::sleep(Duration::from_millis(300)).await;
            let now: i64 = sqlx::query_scalar(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
            )
            .fetch_one(&mut *locking)
            .await
            .expect("count the waiting sessions");
            if now > 0 && now == waiting {
                break;
            }
            waiting = now;
        }
        let pool_busy = tokio::time::timeout(Duration::from_secs(2), store.lease_holder(id)).await;
        assert!(pool_busy.is_err(), "the premise: a pooled read waits, every connection is taken: {pool_busy:?}");

        let beat = tokio::time::timeout(BEAT_PATIENCE, store.beat_node(a)).await;
        assert!(matches!(beat, Ok(Ok(true))), "the beat was renewed at once: {beat:?}");

        locking.rollback().await.expect("let the row go");
        for request in blocked {
            assert_eq!(request.await.unwrap().unwrap(), LeaseTake::HeldBy(a), "a live holder keeps its lease");
        }
    }
}
