//! A game's deadline passes while the store cannot record what it calls for: the actor tries again at growing
//! intervals, not in a tight loop, and records it once the store answers.
//!
//! PostgreSQL only: the store is made to fail by a trigger that refuses to end the game, and the tries are
//! counted by a sequence, whose increments survive the refused transactions; SQLite has neither a sequence nor
//! another way to count writes that roll back.

use std::time::{Duration, Instant};

use kartka_protocol::{AbortReason, GameEvent, GameSnapshot, GameStatus, SeatName, TimeControl};
use kartka_server::config::Settings;
use kartka_tests::browser::eventually;
use kartka_tests::client::{Api, WsClient};
use kartka_tests::db::{Backend, TestDb};
use kartka_tests::server::TestServer;
use serde_json::json;
use sqlx::{Connection, Executor, PgConnection};

/// A first-move time that passes at once.
const FIRST_MOVE: Duration = Duration::from_millis(200);
/// A minute each: the main clocks never matter here.
const MINUTE: TimeControl = TimeControl::Fischer { initial_seconds: 60, increment_seconds: 0 };
/// Longer than any wait here, however loaded the machine is.
const PATIENCE: Duration = Duration::from_secs(30);
/// Tries to see before the store comes back.
const TRIES: i64 = 4;
/// The least time the store stays down: the backoff allows 6 tries in it, while a tight loop made hundreds (923
/// refused statements in 3 s when the wait was taken out, on a machine shared with other builds).
const OUTAGE: Duration = Duration::from_secs(3);

/// Every statement that would end a game fails, and counts itself first.
const FAIL_GAME_ENDS: &str = "
    CREATE SEQUENCE refused_game_ends;
    CREATE FUNCTION refuse_game_end() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        PERFORM nextval('refused_game_ends');
        RAISE EXCEPTION 'the store is down (a test)';
    END $$;
    CREATE TRIGGER refuse_game_end BEFORE UPDATE ON games
        FOR EACH ROW WHEN (NEW.status <> 'active') EXECUTE FUNCTION refuse_game_end();";
const REFUSED: &str = "SELECT last_value FROM refused_game_ends WHERE is_called";
const STORE_BACK: &str = "DROP TRIGGER refuse_game_end ON games";

/// The most tries a backoff from 50 ms doubling (see `games/actor/retry.rs`) leaves room for in `elapsed`:
/// every wait is at least that long, so a loaded machine only tries less often.
fn most_tries_within(elapsed: Duration) -> i64 {
    let (mut tries, mut waited, mut wait) = (1, Duration::ZERO, Duration::from_millis(50));
    while waited + wait <= elapsed {
        tries += 1;
        waited += wait;
        wait = (wait * 2).min(Duration::from_secs(5));
    }
    tries
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_fallen_flag_the_store_refuses_is_tried_again_with_backoff() {
    let database = TestDb::new(Backend::Postgres).await;
    let mut sql = PgConnection::connect(database.url()).await.expect("connect to the test database");
    sql.execute(FAIL_GAME_ENDS).await.expect("make game ends fail");
    let server = TestServer::start(database.url(), Settings { first_move: FIRST_MOVE, ..Settings::default() }).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let started = Instant::now();
    let game = api.start_game(&alice, &bob, MINUTE).await;
    let (mut watcher, _) = WsClient::subscribed(server.addr, &bob.token, game).await;

    let refused = eventually(PATIENCE, || async {
        let refused: i64 = sqlx::query_scalar(REFUSED).fetch_optional(&mut sql_of(&database).await).await.ok()??;
        (refused >= TRIES && started.elapsed() >= OUTAGE).then_some(refused)
    })
    .await
    .expect("the actor keeps trying");
    sql.execute(STORE_BACK).await.expect("the store answers again");
    let elapsed = started.elapsed();
    // A group commit that fails is written again alone: each of the actor's tries is at most two statements.
    let most = 2 * most_tries_within(elapsed);
    assert!(refused <= most, "{refused} refused tries in {elapsed:?}: at most {most} with the backoff");

    let over = tokio::time::timeout(PATIENCE, async {
        loop {
            let event = watcher.next_event().await.event;
            if matches!(event, GameEvent::Ended { .. } | GameEvent::Aborted { .. }) {
                return event;
            }
        }
    });
    let over = over.await.expect("the abort is pushed once the store answers");
    assert_eq!(over, GameEvent::Aborted { seat: SeatName::First, reason: Some(AbortReason::NoFirstMove) });
    let (status, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200);
    let stored: GameSnapshot = serde_json::from_value(stored).expect("a snapshot");
    assert_eq!(stored.status, GameStatus::Aborted, "recorded once the store answered");
    server.stop().await;
}

/// PostgreSQL closes every connection of the server's pool while they sit idle (a restart, an administrator):
/// the next moves and reads are served all the same, because a connection idle for a while is pinged, and
/// replaced, before it is used (the pool no longer pings one it took back moments ago).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_connections_closed_while_idle_are_replaced_before_use() {
    let database = TestDb::new(Backend::Postgres).await;
    let server = TestServer::start(database.url(), Settings::default()).await;
    let api = Api::new(server.url());
    let (alice, bob) = (api.guest("alice").await, api.guest("bob").await);
    let game = api.start_game(&alice, &bob, MINUTE).await;

    // The store's pool connections are the ones with no application name (the bus and the lobby lock name theirs).
    let closed: Vec<bool> = sqlx::query_scalar(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = ''",
    )
    .fetch_all(&mut sql_of(&database).await)
    .await
    .expect("close the pool's connections");
    assert!(!closed.is_empty() && closed.iter().all(|&closed| closed), "{closed:?}");
    tokio::time::sleep(Duration::from_millis(1_500)).await;

    for (ply, player) in [&alice, &bob].into_iter().enumerate() {
        let body = json!({ "ply": ply, "client_move_id": format!("m{ply}"), "notation": "0" });
        let (status, moved) = api.post(&format!("/api/games/{game}/moves"), Some(&player.token), &body).await;
        assert_eq!(status, 200, "move {ply} after the connections closed: {moved}");
    }
    let (status, stored) = api.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200, "{stored}");
    let stored: GameSnapshot = serde_json::from_value(stored).expect("a snapshot");
    assert_eq!(stored.moves.len(), 2, "both moves stored");
    server.stop().await;
}

/// A connection of its own for each read, so that a read never waits behind the test's other statements.
async fn sql_of(database: &TestDb) -> PgConnection {
    PgConnection::connect(database.url()).await.expect("connect to the test database")
}
