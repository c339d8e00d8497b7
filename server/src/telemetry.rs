//! The server's metrics, in the Prometheus text format, served at `/metrics` on a listener of its own when
//! `--metrics-addr` (`KARTKA_METRICS_ADDR`) is set; off by default, and never on the public listener.
//!
//! The series live in one process-wide registry (the `prometheus` crate): the parts that count (connections,
//! game actors, commits, the lobby, error answers) call the functions here without being handed anything.
//! Database pool use is read from the store when the page is scraped. Every series is named `kartka_…`; the
//! list is in docs/operations.md.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use kartka_protocol::ErrorCode;
use prometheus::{
    exponential_buckets, Encoder, Histogram, HistogramOpts, IntCounter, IntCounterVec, IntGauge, IntGaugeVec, Opts,
    Registry, TextEncoder,
};
use tokio::net::TcpListener;

/// Whether a game is played live (a clock in seconds or minutes) or by correspondence (days per move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameClass {
    /// A live game.
    Live,
    /// A correspondence game.
    Correspondence,
}

impl GameClass {
    fn label(self) -> &'static str {
        match self {
            GameClass::Live => "live",
            GameClass::Correspondence => "correspondence",
        }
    }
}

/// How the database pool is used at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoolUse {
    /// Connections open, idle or in use.
    pub connections: u32,
    /// Of those, idle.
    pub idle: u32,
    /// The most the pool opens.
    pub max_connections: u32,
}

/// Reads the database pool's use when the page is scraped.
pub type PoolReader = Arc<dyn Fn() -> PoolUse + Send + Sync>;

/// Every series, registered once in [`Metrics::registry`].
struct Metrics {
    registry: Registry,
    connections: IntGauge,
    games: IntGaugeVec,
    moves: IntCounter,
    commit_seconds: Histogram,
    fanout_seconds: Histogram,
    batch_changes: Histogram,
    errors: IntCounterVec,
    lobby_waiting: IntGauge,
    lobby_wait_seconds: Histogram,
    db_connections: IntGaugeVec,
    db_max_connections: IntGauge,
}

/// Latency buckets from 0.1 ms to about 13 s.
fn latency_buckets() -> Vec<f64> {
    exponential_buckets(0.000_1, 2.0, 18).expect("valid buckets")
}

impl Metrics {
    fn new() -> Metrics {
        let registry = Registry::new();
        let metrics = Metrics {
            connections: IntGauge::new("kartka_connections", "Open WebSocket connections.").expect("valid metric"),
            games: IntGaugeVec::new(
                Opts::new("kartka_games", "Games whose actor is running, by class (live or correspondence)."),
                &["class"],
            )
            .expect("valid metric"),
            moves: IntCounter::new("kartka_moves_total", "Moves committed.").expect("valid metric"),
            commit_seconds: Histogram::with_opts(
                HistogramOpts::new(
                    "kartka_move_commit_seconds",
                    "Time from handing a move's change to the store to its commit.",
                )
                .buckets(latency_buckets()),
            )
            .expect("valid metric"),
            fanout_seconds: Histogram::with_opts(
                HistogramOpts::new(
                    "kartka_fanout_seconds",
                    "Time to queue a committed event to every subscriber and announce the turn.",
                )
                .buckets(latency_buckets()),
            )
            .expect("valid metric"),
            batch_changes: Histogram::with_opts(
                HistogramOpts::new("kartka_commit_batch_changes", "Changes of games written per group commit.")
                    .buckets(exponential_buckets(1.0, 2.0, 10).expect("valid buckets")),
            )
            .expect("valid metric"),
            errors: IntCounterVec::new(
                Opts::new("kartka_errors_total", "Errors answered to clients (WebSocket and REST), by code."),
                &["code"],
            )
            .expect("valid metric"),
            lobby_waiting: IntGauge::new("kartka_lobby_waiting", "Players waiting in quick-pairing pools.")
                .expect("valid metric"),
            lobby_wait_seconds: Histogram::with_opts(
                HistogramOpts::new("kartka_lobby_wait_seconds", "How long paired players waited in a pool.")
                    .buckets(exponential_buckets(0.1, 2.0, 14).expect("valid buckets")),
            )
            .expect("valid metric"),
            db_connections: IntGaugeVec::new(
                Opts::new("kartka_db_connections", "The database pool's connections, by state (idle or in_use)."),
                &["state"],
            )
            .expect("valid metric"),
            db_max_connections: IntGauge::new("kartka_db_max_connections", "The database pool's size limit.")
                .expect("valid metric"),
            registry,
        };
        let collectors: [Box<dyn prometheus::core::Collector>; 11] = [
            Box::new(metrics.connections.clone()),
            Box::new(metrics.games.clone()),
            Box::new(metrics.moves.clone()),
            Box::new(metrics.commit_seconds.clone()),
            Box::new(metrics.fanout_seconds.clone()),
            Box::new(metrics.batch_changes.clone()),
            Box::new(metrics.errors.clone()),
            Box::new(metrics.lobby_waiting.clone()),
            Box::new(metrics.lobby_wait_seconds.clone()),
            Box::new(metrics.db_connections.clone()),
            Box::new(metrics.db_max_connections.clone()),
        ];
        for collector in collectors {
            metrics.registry.register(collector).expect("each series is registered once");
        }
        // Both classes are listed from the start, at zero.
        for class in [GameClass::Live, GameClass::Correspondence] {
            metrics.games.with_label_values(&[class.label()]);
        }
        metrics
    }
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// Counts something open while it lives: the gauge goes up when made and down when dropped.
#[must_use = "the gauge goes down when this is dropped"]
pub struct Open(IntGauge);

impl Open {
    fn new(gauge: IntGauge) -> Open {
        gauge.inc();
        Open(gauge)
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// A WebSocket connection, open until the returned guard is dropped.
pub fn connection_opened() -> Open {
    Open::new(METRICS.connections.clone())
}

/// A game's actor, running until the returned guard is dropped.
pub fn game_running(class: GameClass) -> Open {
    Open::new(METRICS.games.with_label_values(&[class.label()]))
}

/// A move was committed; its change took `commit` to commit.
pub fn move_committed(commit: Duration) {
    METRICS.moves.inc();
    METRICS.commit_seconds.observe(commit.as_secs_f64());
}

/// A committed event was queued to every subscriber in `took`.
pub fn fanned_out(took: Duration) {
    METRICS.fanout_seconds.observe(took.as_secs_f64());
}

/// A group commit wrote (or tried) `changes` changes.
pub fn commit_batch(changes: usize) {
    METRICS.batch_changes.observe(changes as f64);
}

/// An error was answered to a client.
pub fn error_answered(code: ErrorCode) {
    METRICS.errors.with_label_values(&[code.as_str()]).inc();
}

/// A player was paired after waiting `waited_ms` in a pool.
pub fn lobby_paired(waited_ms: i64) {
    METRICS.lobby_wait_seconds.observe(waited_ms.max(0) as f64 / 1000.0);
}

/// Players waiting in every pool now.
pub fn lobby_waiting(players: usize) {
    METRICS.lobby_waiting.set(i64::try_from(players).unwrap_or(i64::MAX));
}

/// The page: every series in the Prometheus text format, the database pool's use as of now.
pub fn render(pool: PoolUse) -> String {
    let metrics = &*METRICS;
    metrics.db_connections.with_label_values(&["idle"]).set(i64::from(pool.idle));
    metrics.db_connections.with_label_values(&["in_use"]).set(i64::from(pool.connections.saturating_sub(pool.idle)));
    metrics.db_max_connections.set(i64::from(pool.max_connections));
    let mut page = Vec::new();
    TextEncoder::new().encode(&metrics.registry.gather(), &mut page).expect("the text encoder writes to memory");
    String::from_utf8(page).expect("the text format is UTF-8")
}

/// The metrics router: `GET /metrics`, nothing else.
pub fn router(pool: PoolReader) -> Router {
    Router::new().route("/metrics", get(metrics_page)).with_state(pool)
}

async fn metrics_page(State(pool): State<PoolReader>) -> impl IntoResponse {
    ([(CONTENT_TYPE, prometheus::TEXT_FORMAT)], render(pool()))
}

/// Serves `/metrics` on `listener` until `shutdown` resolves.
pub async fn serve(listener: TcpListener, pool: PoolReader, shutdown: impl Future<Output = ()> + Send + 'static) {
    let address = listener.local_addr().ok();
    tracing::info!(address = address.map(|a: SocketAddr| a.to_string()), "metrics are served at /metrics");
    if let Err(error) = axum::serve(listener, router(pool)).with_graceful_shutdown(shutdown).await {
        tracing::error!(%error, "the metrics listener failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_lists_every_series_and_the_pool_use() {
        let page = render(PoolUse { connections: 5, idle: 2, max_connections: 10 });
        for series in [
            "kartka_connections ",
            "kartka_games{class=\"live\"}",
            "kartka_games{class=\"correspondence\"}",
            "kartka_moves_total ",
            "kartka_move_commit_seconds_bucket",
            "kartka_fanout_seconds_bucket",
            "kartka_commit_batch_changes_bucket",
            "kartka_lobby_waiting ",
            "kartka_lobby_wait_seconds_bucket",
            "kartka_db_connections{state=\"idle\"} 2",
            "kartka_db_connections{state=\"in_use\"} 3",
            "kartka_db_max_connections 10",
        ] {
            assert!(page.contains(series), "{series} missing from:\n{page}");
        }
    }

    #[test]
    fn errors_are_counted_by_code() {
        let counted = || METRICS.errors.with_label_values(&["unsupported_protocol"]).get();
        let before = counted();
        error_answered(ErrorCode::UnsupportedProtocol);
        error_answered(ErrorCode::UnsupportedProtocol);
        // Other tests of this process may answer errors too: the count only grows.
        assert!(counted() >= before + 2);
        assert!(render(PoolUse::default()).contains("kartka_errors_total{code=\"unsupported_protocol\"}"));
    }
}
