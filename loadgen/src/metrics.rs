//! What the run measures, shared by every game and socket task: latency histograms, counters, and problems
//! counted by kind.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use hdrhistogram::Histogram;
use kartka_engine::GameKind;
use serde::Serialize;

/// The longest latency a histogram records exactly (longer ones are clamped to it): a minute, in
/// microseconds.
const LONGEST_RECORDED_US: u64 = 60_000_000;

/// A latency distribution.
pub struct Latency(Mutex<Histogram<u64>>);

impl Latency {
    fn new() -> Latency {
        let histogram = Histogram::new_with_bounds(1, LONGEST_RECORDED_US, 3).expect("valid histogram bounds");
        Latency(Mutex::new(histogram))
    }

    /// Adds one measurement.
    pub fn record(&self, latency: Duration) {
        let micros = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX).clamp(1, LONGEST_RECORDED_US);
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).saturating_record(micros);
    }

    /// Its percentiles so far.
    pub fn percentiles(&self) -> Percentiles {
        let histogram = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let ms = |micros: u64| micros as f64 / 1000.0;
        Percentiles {
            count: histogram.len(),
            p50_ms: ms(histogram.value_at_quantile(0.50)),
            p90_ms: ms(histogram.value_at_quantile(0.90)),
            p99_ms: ms(histogram.value_at_quantile(0.99)),
            max_ms: ms(histogram.max()),
        }
    }
}

/// Percentiles of a latency, in milliseconds (zero when nothing was measured).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Percentiles {
    /// How many measurements.
    pub count: u64,
    /// Median.
    pub p50_ms: f64,
    /// 90th percentile.
    pub p90_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// The slowest.
    pub max_ms: f64,
}

/// Everything measured during a run.
pub struct Metrics {
    /// From sending a move to its `ack` on the mover's socket.
    pub move_to_ack: Latency,
    /// From sending a move to its `moved` event on the opponent's socket.
    pub move_to_push: Latency,
    /// From sending a move to its `moved` event on a spectator's socket.
    pub move_to_spectator: Latency,
    /// From the moment a pair's connection dropped to the first of its moves acknowledged after that (with
    /// `--allow-disconnects`): how long its game stood still, as its players saw it.
    pub drop_to_resume: Latency,
    /// Moves acknowledged.
    pub moves: AtomicU64,
    /// Games started by a challenge.
    pub games_started: AtomicU64,
    /// Games seen to end by their rules.
    pub games_finished: AtomicU64,
    /// Connections that dropped (the server closed them, or they broke).
    pub disconnects: AtomicU64,
    /// Connections opened again after a drop (with `--allow-disconnects`).
    pub reconnects: AtomicU64,
    /// `internal` error frames (nothing changed, retry) met while drops are expected, and retried.
    pub internal_retried: AtomicU64,
    problems: Mutex<BTreeMap<String, u64>>,
    moves_by_kind: Mutex<BTreeMap<GameKind, u64>>,
}

impl Metrics {
    /// Nothing measured yet.
    #[must_use]
    pub fn new() -> Metrics {
        Metrics {
            move_to_ack: Latency::new(),
            move_to_push: Latency::new(),
            move_to_spectator: Latency::new(),
            drop_to_resume: Latency::new(),
            moves: AtomicU64::new(0),
            games_started: AtomicU64::new(0),
            games_finished: AtomicU64::new(0),
            disconnects: AtomicU64::new(0),
            reconnects: AtomicU64::new(0),
            internal_retried: AtomicU64::new(0),
            problems: Mutex::new(BTreeMap::new()),
            moves_by_kind: Mutex::new(BTreeMap::new()),
        }
    }

    /// Counts one acknowledged move of a game of `kind` (besides [`Metrics::moves`], which counts them all).
    pub fn count_move_of(&self, kind: GameKind) {
        *self.moves_by_kind.lock().unwrap_or_else(std::sync::PoisonError::into_inner).entry(kind).or_default() += 1;
    }

    /// The moves of games of `kind` acknowledged so far.
    #[must_use]
    pub fn moves_of(&self, kind: GameKind) -> u64 {
        self.moves_by_kind.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&kind).copied().unwrap_or(0)
    }

    /// Counts one error of `kind`: an error frame's code, or what else went wrong (`timeout`, `http_500`, …).
    pub fn error(&self, kind: &str) {
        let mut problems = self.problems.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        *problems.entry(kind.to_owned()).or_default() += 1;
    }

    /// Counts an error frame, under its code.
    pub fn error_frame(&self, code: kartka_protocol::ErrorCode) {
        let name = serde_json::to_value(code).ok();
        self.error(name.as_ref().and_then(serde_json::Value::as_str).unwrap_or("unknown_error_code"));
    }

    /// The errors so far, by kind.
    #[must_use]
    pub fn errors(&self) -> BTreeMap<String, u64> {
        self.problems.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    /// Adds one to a counter.
    pub fn count(counter: &AtomicU64) -> u64 {
        counter.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// A counter's value.
    #[must_use]
    pub fn read(counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_follow_the_measurements() {
        let latency = Latency::new();
        for ms in 1..=100 {
            latency.record(Duration::from_millis(ms));
        }
        let p = latency.percentiles();
        assert_eq!(p.count, 100);
        assert!((p.p50_ms - 50.0).abs() < 0.1, "{p:?}");
        assert!((p.p90_ms - 90.0).abs() < 0.1, "{p:?}");
        assert!((p.p99_ms - 99.0).abs() < 0.1, "{p:?}");
        assert!((p.max_ms - 100.0).abs() < 0.1, "{p:?}");
    }

    #[test]
    fn errors_are_counted_by_kind() {
        let metrics = Metrics::new();
        metrics.error("timeout");
        metrics.error("illegal_move");
        metrics.error("timeout");
        assert_eq!(
            metrics.errors().into_iter().collect::<Vec<_>>(),
            [("illegal_move".into(), 1), ("timeout".into(), 2)]
        );
    }
}
