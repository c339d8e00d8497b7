//! Counting repeated warnings instead of logging each: while a node is down, every retrying client's every
//! forwarded request failed the same way, and logged it (thousands of lines per node in five minutes).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often one cause is logged at most: one line a minute per unreachable node is enough to see an outage
/// begin and go on (it lasts about a TTL and two heartbeats), and bounds the log whatever the load.
pub(in crate::games) const REPEAT_LOG_INTERVAL: Duration = Duration::from_secs(60);

/// Decides, per cause, which occurrences to log: the first at once, then at most one per `interval`, which
/// carries how many occurrences went unlogged since the last line.
pub(in crate::games) struct Repeats<K> {
    interval: Duration,
    causes: Mutex<HashMap<K, Window>>,
}

/// One cause's last logged line and what followed it unlogged.
struct Window {
    logged_at: Instant,
    unlogged: u64,
}

impl<K: Eq + Hash> Repeats<K> {
    pub(in crate::games) fn new(interval: Duration) -> Repeats<K> {
        Repeats { interval, causes: Mutex::new(HashMap::new()) }
    }

    /// Notes an occurrence of `cause` at `now`: `Some(unlogged)`, how many earlier occurrences went unlogged, when
    /// this one is to be logged; `None` when it is only counted.
    pub(in crate::games) fn note(&self, cause: K, now: Instant) -> Option<u64> {
        let mut causes = self.causes.lock().expect("repeats lock");
        // Causes with nothing unlogged are forgotten once their interval has passed, so the map holds only the
        // causes seen lately (nodes come and go).
        causes.retain(|_, window| window.unlogged > 0 || now.duration_since(window.logged_at) < self.interval);
        match causes.get_mut(&cause) {
            Some(window) if now.duration_since(window.logged_at) < self.interval => {
                window.unlogged += 1;
                None
            }
            Some(window) => {
                let unlogged = window.unlogged;
                *window = Window { logged_at: now, unlogged: 0 };
                Some(unlogged)
            }
            None => {
                causes.insert(cause, Window { logged_at: now, unlogged: 0 });
                Some(0)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_occurrence_is_logged_then_one_line_per_interval_with_the_count() {
        let repeats = Repeats::new(Duration::from_secs(60));
        let start = Instant::now();
        let at = |seconds: u64| start + Duration::from_secs(seconds);
        assert_eq!(repeats.note("a", at(0)), Some(0), "the first is logged");
        for second in 1..60 {
            assert_eq!(repeats.note("a", at(second)), None, "counted within the interval");
        }
        assert_eq!(repeats.note("b", at(30)), Some(0), "another cause is logged apart");
        assert_eq!(repeats.note("a", at(60)), Some(59), "the next line says how many went unlogged");
        assert_eq!(repeats.note("a", at(61)), None);
        assert_eq!(repeats.note("a", at(200)), Some(1));
    }

    #[test]
    fn a_cause_with_nothing_unlogged_is_forgotten_after_its_interval() {
        let repeats = Repeats::new(Duration::from_secs(60));
        let start = Instant::now();
        assert_eq!(repeats.note(1, start), Some(0));
        assert_eq!(repeats.note(2, start + Duration::from_secs(61)), Some(0));
        assert_eq!(repeats.causes.lock().unwrap().len(), 1, "cause 1 is gone");
    }
}
