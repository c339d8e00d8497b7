//! The summary of a run: what was played, how fast, how long moves took, what went wrong, and what the
//! server cost.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use crate::metrics::Percentiles;
use crate::process::ProcessReport;

/// The summary of a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The game kind as `--game` named it: a kind's name, or `all`.
    pub kind: String,
    /// The servers' base URLs: the nodes of one cluster when there are several.
    pub servers: Vec<String>,
    /// Games played at once.
    pub games: usize,
    /// Spectator sockets.
    pub spectators: usize,
    /// Idle sockets.
    pub idle_sockets: usize,
    /// Every socket of the run: two per game, spectators and idle ones.
    pub sockets: usize,
    /// Mean think time before a turn, in milliseconds.
    pub think_ms: u64,
    /// The seed of the random choices.
    pub seed: u64,
    /// Whether dropped connections were expected.
    pub allow_disconnects: bool,
    /// Seconds spent creating accounts, the first games and every socket.
    pub setup_s: f64,
    /// Seconds the games were played.
    pub played_s: f64,
    /// Moves (whole turns) acknowledged.
    pub moves: u64,
    /// Moves acknowledged in the games of each kind played, by the kind's name.
    pub moves_by_kind: BTreeMap<String, u64>,
    /// Acknowledged moves per second of play.
    pub moves_per_s: f64,
    /// Games started by challenges.
    pub games_started: u64,
    /// Games seen to end.
    pub games_finished: u64,
    /// From sending a move to its `ack`.
    pub move_to_ack: Percentiles,
    /// From sending a move to its `moved` event on the opponent's socket.
    pub move_to_push: Percentiles,
    /// From sending a move to its `moved` event on a spectator's socket.
    pub move_to_spectator: Percentiles,
    /// From a pair's dropped connection to its first move acknowledged after it (with `allow_disconnects`).
    pub drop_to_resume: Percentiles,
    /// Errors by kind: error frames by their code, and `timeout`, `connect`, HTTP failures by their code, ….
    pub errors: BTreeMap<String, u64>,
    /// Connections that dropped.
    pub disconnects: u64,
    /// Connections opened again after a drop.
    pub reconnects: u64,
    /// `internal` error frames (retry) met while drops were expected: not errors then, and retried.
    pub internal_retried: u64,
    /// Pairs that had no move accepted after their last drop when the run ended.
    pub unresumed_games: u64,
    /// The server process, when its pid was given (the first server's, when there are several).
    pub server: Option<ProcessReport>,
    /// Each server's process, in the order of the servers, when their pids were given; `None` for one that
    /// could not be read.
    pub server_processes: Vec<Option<ProcessReport>>,
    /// The load generator's own process.
    pub loadgen: Option<ProcessReport>,
}

impl Report {
    /// Why the run failed, if it did: errors, drops (unless expected), games that never resumed, or no move at
    /// all.
    #[must_use]
    pub fn failures(&self) -> Vec<String> {
        let mut failures = Vec::new();
        if !self.errors.is_empty() {
            failures.push(format!("errors: {:?}", self.errors));
        }
        if self.disconnects > 0 && !self.allow_disconnects {
            failures.push(format!("{} connections dropped", self.disconnects));
        }
        if self.unresumed_games > 0 {
            failures.push(format!("{} games had no move accepted after their last reconnect", self.unresumed_games));
        }
        if self.moves == 0 {
            failures.push("no move was acknowledged".to_owned());
        } else {
            let unplayed: Vec<&str> =
                self.moves_by_kind.iter().filter(|(_, moves)| **moves == 0).map(|(kind, _)| kind.as_str()).collect();
            if !unplayed.is_empty() {
                failures.push(format!("no move of {} was acknowledged", unplayed.join(", ")));
            }
        }
        failures
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} games of {} ({} spectators, {} idle sockets: {} sockets), think {} ms, seed {}",
            self.games, self.kind, self.spectators, self.idle_sockets, self.sockets, self.think_ms, self.seed
        )?;
        if self.servers.len() > 1 {
            writeln!(f, "servers: {}", self.servers.join(", "))?;
        }
        writeln!(f, "set up in {:.1} s, played {:.1} s", self.setup_s, self.played_s)?;
        if self.moves_by_kind.len() > 1 {
            let by_kind: Vec<String> =
                self.moves_by_kind.iter().map(|(kind, moves)| format!("{kind} {moves}")).collect();
            writeln!(f, "moves by kind: {}", by_kind.join(", "))?;
        }
        writeln!(
            f,
            "moves: {} ({:.1}/s); games started {}, finished {}",
            self.moves, self.moves_per_s, self.games_started, self.games_finished
        )?;
        for (name, p) in [
            ("move → ack      ", &self.move_to_ack),
            ("move → opponent ", &self.move_to_push),
            ("move → spectator", &self.move_to_spectator),
            ("drop → resumed  ", &self.drop_to_resume),
        ] {
            if p.count == 0 {
                continue;
            }
            writeln!(
                f,
                "{name} p50 {:>8.2} ms  p90 {:>8.2} ms  p99 {:>8.2} ms  max {:>8.2} ms  (n = {})",
                p.p50_ms, p.p90_ms, p.p99_ms, p.max_ms, p.count
            )?;
        }
        writeln!(
            f,
            "errors: {:?}; disconnects {}, reconnects {}, `internal` retried {}, unresumed games {}",
            self.errors, self.disconnects, self.reconnects, self.internal_retried, self.unresumed_games
        )?;
        let servers = self.server_processes.iter().enumerate().map(|(index, process)| {
            let name =
                if self.server_processes.len() > 1 { format!("server {}", index + 1) } else { "server".to_owned() };
            (name, process)
        });
        for (name, process) in servers.chain([("loadgen".to_owned(), &self.loadgen)]) {
            if let Some(p) = process {
                writeln!(
                    f,
                    "{name}: RSS {} → {} MiB (peak {} MiB), CPU {:.0} % of one core",
                    p.rss_start_kib / 1024,
                    p.rss_end_kib / 1024,
                    p.rss_peak_kib / 1024,
                    p.cpu_percent
                )?;
            }
        }
        Ok(())
    }
}
