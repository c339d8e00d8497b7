//! What every task of a run shares.

use std::time::Duration;

use kartka_engine::GameKind;
use reqwest::Url;
use tokio::sync::Semaphore;

use crate::metrics::Metrics;
use crate::record::{RecordedMove, Recorder};
use crate::rest::{Rest, RestError};
use crate::stop::Stop;

/// Sockets and games set up at once: enough to be quick, few enough not to overflow the server's accept
/// backlog.
const SETUP_AT_ONCE: usize = 32;

/// One server (node) of a run.
pub struct Server {
    /// Its base URL.
    pub base: Url,
    /// Its REST API.
    pub rest: Rest,
}

/// The shared state of a run.
pub struct Context {
    /// The servers, at least one: the nodes of one cluster when there are several.
    servers: Vec<Server>,
    /// The game kind played.
    pub kind: GameKind,
    /// Mean think time before a turn.
    pub think: Duration,
    /// Whether dropped connections are expected.
    pub allow_disconnects: bool,
    /// Stop after this many acknowledged moves.
    pub max_moves: Option<u64>,
    /// Everything measured.
    pub metrics: Metrics,
    /// Where acknowledged moves are written.
    pub recorder: Option<Recorder>,
    /// The end of the games.
    pub stop: Stop,
    /// Limits how many set-ups run at once.
    pub setup: Semaphore,
    /// Makes this run's account names its own.
    pub run_tag: String,
}

impl Context {
    /// A context for a run against the servers at `bases` (at least one).
    #[must_use]
    pub fn new(bases: Vec<Url>, kind: GameKind, run_tag: String) -> Context {
        Context {
            servers: bases.into_iter().map(|base| Server { rest: Rest::new(base.clone()), base }).collect(),
            kind,
            think: Duration::ZERO,
            allow_disconnects: false,
            max_moves: None,
            metrics: Metrics::new(),
            recorder: None,
            stop: Stop::new(),
            setup: Semaphore::new(SETUP_AT_ONCE),
            run_tag,
        }
    }

    /// Server `number`, counted cyclically: sockets and players numbered in a row are spread over every server.
    #[must_use]
    pub fn server(&self, number: usize) -> &Server {
        &self.servers[number % self.servers.len()]
    }

    /// Counts a failed REST call, unless it is the missing answer of a server that is down while dropped
    /// connections are expected.
    pub fn rest_failed(&self, error: &RestError) {
        if self.allow_disconnects && matches!(error, RestError::Transport(_)) {
            return;
        }
        self.metrics.error(&error.kind());
    }

    /// Counts an acknowledged move, writes it to the record, and stops the run at the move limit.
    pub fn acknowledged(&self, recorded: &RecordedMove) {
        let moves = Metrics::count(&self.metrics.moves);
        if let Some(recorder) = &self.recorder {
            if recorder.write(recorded).is_err() {
                self.metrics.error("record_write");
            }
        }
        if self.max_moves.is_some_and(|max| moves >= max) {
            self.stop.set();
        }
    }
}
