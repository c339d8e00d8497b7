//! Retrying what a game's deadline calls for (a fallen flag, a first-move time run out, a timed window's end)
//! while the store fails.
//!
//! The deadline stays in the past until the store records its consequence, so without a pause the actor's loop
//! would wake at once and try again, as fast as the store can fail: a tight loop on a core, and a log line per
//! try. After a failure the next try waits, from [`FIRST_WAIT`] doubling to [`LONGEST_WAIT`]; the outage is
//! logged once when it starts and once when it ends.

use std::time::Duration;

use tokio::time::Instant;
use uuid::Uuid;

use super::GameError;

/// What a fallen flag calls for, as [`DeadlineRetry::outcome`] names it.
pub(super) const FLAG_FALL: &str = "record a fallen flag";
/// What a timed window's end calls for, as [`DeadlineRetry::outcome`] names it.
pub(super) const WINDOW_CLOSE: &str = "close a timed window";

/// The wait after the first failure.
const FIRST_WAIT: Duration = Duration::from_millis(50);
/// The longest wait between two tries: a store that comes back is used within this.
const LONGEST_WAIT: Duration = Duration::from_secs(5);

/// The failures in a row of a game's deadline work, and when it may be tried again.
#[derive(Debug, Default)]
pub(super) struct DeadlineRetry {
    failures: u32,
    next_try: Option<Instant>,
}

impl DeadlineRetry {
    /// When the next try may run: `None` unless the last one failed.
    pub(super) fn next_try(&self) -> Option<Instant> {
        self.next_try
    }

    /// Takes the outcome of a try at `what` (a phrase: "record a fallen flag") for game `game`, logs the start
    /// and the end of an outage, and returns the outcome.
    pub(super) fn outcome(
        &mut self,
        game: Uuid,
        what: &'static str,
        outcome: Result<(), GameError>,
    ) -> Result<(), GameError> {
        match &outcome {
            Ok(()) => {
                if self.failures > 0 {
                    tracing::info!(%game, failures = self.failures, "could {what} again after the store failed");
                }
                *self = DeadlineRetry::default();
            }
            Err(error) => {
                if self.failures == 0 {
                    tracing::error!(
                        %game,
                        %error,
                        "could not {what}: trying again, at growing intervals up to {LONGEST_WAIT:?}, until the \
                         store answers"
                    );
                }
                self.failures = self.failures.saturating_add(1);
                self.next_try = Some(Instant::now() + wait_after(self.failures));
            }
        }
        outcome
    }
}

/// The wait after `failures` failures in a row.
fn wait_after(failures: u32) -> Duration {
    let doublings = failures.saturating_sub(1).min(16);
    FIRST_WAIT.saturating_mul(1 << doublings).min(LONGEST_WAIT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::StoreError;

    #[test]
    fn the_wait_doubles_up_to_the_cap() {
        let waits: Vec<u128> = (1..=9).map(|failures| wait_after(failures).as_millis()).collect();
        assert_eq!(waits, [50, 100, 200, 400, 800, 1_600, 3_200, 5_000, 5_000]);
        assert_eq!(wait_after(u32::MAX), LONGEST_WAIT);
    }

    /// Fails once more; the wait that sets, as measured around the call.
    fn fail(retry: &mut DeadlineRetry) -> (Duration, Duration) {
        let before = Instant::now();
        let outcome = retry.outcome(Uuid::nil(), "test", Err(GameError::Store(StoreError::CommitterGone)));
        let after = Instant::now();
        assert!(matches!(outcome, Err(GameError::Store(StoreError::CommitterGone))), "{outcome:?}");
        let next_try = retry.next_try().expect("a wait after a failure");
        (next_try - after, next_try - before)
    }

    #[test]
    fn failures_set_the_next_try_and_a_success_clears_it() {
        let mut retry = DeadlineRetry::default();
        assert_eq!(retry.next_try(), None);
        for failures in 1..=3 {
            let (least, most) = fail(&mut retry);
            assert!(least <= wait_after(failures) && wait_after(failures) <= most, "{least:?}..{most:?}");
        }
        assert!(retry.outcome(Uuid::nil(), "test", Ok(())).is_ok());
        assert_eq!(retry.next_try(), None, "no wait once it went through");
        let (least, most) = fail(&mut retry);
        assert!(least <= FIRST_WAIT && FIRST_WAIT <= most, "a new outage starts from the first wait");
    }
}
