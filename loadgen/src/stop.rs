//! The end of the games: set once, by the clock or by the move count, seen by every task.

use std::sync::OnceLock;
use std::time::Instant;

use tokio::sync::watch;

/// Whether (and when) the run was told to stop.
pub struct Stop {
    flag: watch::Sender<bool>,
    at: OnceLock<Instant>,
}

impl Stop {
    /// Not stopped.
    #[must_use]
    pub fn new() -> Stop {
        Stop { flag: watch::Sender::new(false), at: OnceLock::new() }
    }

    /// Stops the run; the first call decides when it stopped.
    pub fn set(&self) {
        let _ = self.at.set(Instant::now());
        self.flag.send_replace(true);
    }

    /// Whether the run was stopped.
    #[must_use]
    pub fn is_set(&self) -> bool {
        *self.flag.borrow()
    }

    /// When it was stopped.
    #[must_use]
    pub fn at(&self) -> Option<Instant> {
        self.at.get().copied()
    }

    /// Waits until the run is stopped.
    pub async fn wait(&self) {
        let mut flag = self.flag.subscribe();
        let _ = flag.wait_for(|stopped| *stopped).await;
    }
}

impl Default for Stop {
    fn default() -> Self {
        Stop::new()
    }
}
