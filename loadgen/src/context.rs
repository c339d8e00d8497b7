//! What every task of a run shares.

use std::sync::Mutex;
use std::time::{Duration, Instant};

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

/// How long a server the generator could not reach is passed over, as a load balancer's health check passes
/// over a dead node: meanwhile the pairs it served reconnect to the others (when there are others).
const PASSED_OVER_FOR: Duration = Duration::from_secs(5);

/// One server (node) of a run.
pub struct Server {
    /// Its base URL.
    pub base: Url,
    /// Its REST API.
    pub rest: Rest,
    /// Until when it is passed over, after it could not be reached.
    passed_over_until: Mutex<Option<Instant>>,
}

impl Server {
    /// Notes that a connection to the server or a request could not get through (`error`, when a request
    /// failed; `None` for a socket that could not be opened): it is passed over for a while. A refusal the
    /// server answered is not such a failure.
    pub fn unreachable(&self, error: Option<&RestError>) {
        if error.is_none_or(|error| matches!(error, RestError::Transport(_))) {
            *self.passed_over_until.lock().unwrap_or_else(std::sync::PoisonError::into_inner) =
                Some(Instant::now() + PASSED_OVER_FOR);
        }
    }

    fn reachable(&self) -> bool {
        let until = *self.passed_over_until.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        until.is_none_or(|until| Instant::now() >= until)
    }
}

/// The shared state of a run.
pub struct Context {
    /// The servers, at least one: the nodes of one cluster when there are several.
    servers: Vec<Server>,
    /// The game kinds played: pair i plays kind i modulo their number.
    pub kinds: Vec<GameKind>,
    /// Mean think time before a turn.
    pub think: Duration,
    /// Whether dropped connections are expected.
    pub allow_disconnects: bool,
    /// How long a pair waits before each try to reconnect after a drop.
    pub retry: Duration,
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
    pub fn new(bases: Vec<Url>, kinds: Vec<GameKind>, run_tag: String) -> Context {
        Context {
            servers: bases
                .into_iter()
                .map(|base| Server { rest: Rest::new(base.clone()), base, passed_over_until: Mutex::new(None) })
                .collect(),
            kinds,
            think: Duration::ZERO,
            allow_disconnects: false,
            retry: Duration::from_millis(500),
            max_moves: None,
            metrics: Metrics::new(),
            recorder: None,
            stop: Stop::new(),
            setup: Semaphore::new(SETUP_AT_ONCE),
            run_tag,
        }
    }

    /// Server `number`, counted cyclically over the servers not passed over (every server, when all are):
    /// sockets and players numbered in a row are spread over every server that answers.
    #[must_use]
    pub fn server(&self, number: usize) -> &Server {
        let reachable = self.servers.iter().filter(|server| server.reachable()).count();
        if reachable == 0 {
            return &self.servers[number % self.servers.len()];
        }
        // A server may come back between the count and the walk: then the first one stands in.
        self.servers.iter().filter(|server| server.reachable()).nth(number % reachable).unwrap_or(&self.servers[0])
    }

    /// The kind pair `index` plays.
    #[must_use]
    pub fn kind_of_pair(&self, index: usize) -> GameKind {
        self.kinds[index % self.kinds.len()]
    }

    /// Counts a failed REST call, unless it is the missing answer of a server that is down while dropped
    /// connections are expected.
    pub fn rest_failed(&self, error: &RestError) {
        if self.allow_disconnects && matches!(error, RestError::Transport(_)) {
            return;
        }
        self.metrics.error(&error.kind());
    }

    /// Counts an acknowledged move of a game of `kind`, writes it to the record, and stops the run at the move limit.
    pub fn acknowledged(&self, kind: GameKind, recorded: &RecordedMove) {
        let moves = Metrics::count(&self.metrics.moves);
        self.metrics.count_move_of(kind);
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
