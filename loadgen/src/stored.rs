//! `kartka-loadgen correspondence`: many correspondence games at once, none of them watched, to see what
//! they cost the server's memory. Correspondence games last days and nobody needs to stay connected, so a
//! server holds far more of them than live games; their memory should follow the games in use, not the games
//! stored. The games are made through the public REST interface (guest pairs, challenges, acceptances), then
//! left alone while the server's resident memory is read.

use std::time::{Duration, Instant};

use futures_util::stream::{self, StreamExt};
use kartka_protocol::rest::Session;
use kartka_protocol::TimeControl;
use serde::Serialize;

use crate::error::LoadError;
use crate::options::loopback_url;
use crate::process;
use crate::rest::Rest;

/// Requests in flight while the games are made.
const CONCURRENCY: usize = 32;

/// What to make and watch.
#[derive(Clone, Debug, clap::Args)]
pub struct StoredOptions {
    /// The server's base URL (loopback only).
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    pub server: String,
    /// Correspondence games to start.
    #[arg(long, default_value_t = 1_000)]
    pub games: usize,
    /// Guest pairs the games are spread over (each pair plays many games at once).
    #[arg(long, default_value_t = 100)]
    pub pairs: usize,
    /// The game kind, by its wire name; played with the kind's default options.
    #[arg(long = "game", default_value = "paper-soccer")]
    pub kind: String,
    /// Days per move of every game.
    #[arg(long, default_value_t = 14)]
    pub days_per_move: u32,
    /// The server's process id, whose resident memory is read from `/proc`.
    #[arg(long)]
    pub server_pid: u32,
    /// How long to leave the games alone before the last reading, in seconds: longer than the server's
    /// `KARTKA_CORRESPONDENCE_IDLE_MS`, so that the actors of the games have had time to stop.
    #[arg(long, default_value_t = 70)]
    pub settle_s: u64,
}

/// What the games cost.
#[derive(Clone, Debug, Serialize)]
pub struct StoredReport {
    /// Games started.
    pub games: usize,
    /// Seconds it took to start them.
    pub setup_s: f64,
    /// The server's resident memory before the first game, in KiB.
    pub rss_before_kib: u64,
    /// Right after the last game started, in KiB.
    pub rss_started_kib: u64,
    /// After the games were left alone for `settle_s`, in KiB.
    pub rss_settled_kib: u64,
}

impl std::fmt::Display for StoredReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mib = |kib: u64| kib as f64 / 1024.0;
        writeln!(f, "correspondence games started: {} in {:.1} s", self.games, self.setup_s)?;
        writeln!(f, "server RSS before:   {:8.1} MiB", mib(self.rss_before_kib))?;
        writeln!(f, "server RSS started:  {:8.1} MiB", mib(self.rss_started_kib))?;
        writeln!(f, "server RSS settled:  {:8.1} MiB", mib(self.rss_settled_kib))
    }
}

/// Starts the games, leaves them alone, and reports the server's memory along the way.
pub async fn run(options: &StoredOptions) -> Result<StoredReport, LoadError> {
    let rest = Rest::new(loopback_url(&options.server)?);
    if options.games == 0 || options.pairs == 0 {
        return Err(LoadError::BadOptions("--games and --pairs must be at least 1"));
    }
    kartka_engine::GameKind::from_name(&options.kind).ok_or_else(|| LoadError::UnknownKind(options.kind.clone()))?;
    let pid = options.server_pid.to_string();
    let rss = || process::read(&pid).map(|reading| reading.rss_kib).ok_or(LoadError::NoProcess(options.server_pid));
    let rss_before_kib = rss()?;
    let started = Instant::now();
    let pairs = guest_pairs(&rest, options.pairs).await?;
    let time_control = TimeControl::Correspondence { days_per_move: options.days_per_move, vacation_allowed: true };
    let made: Vec<Result<_, _>> = stream::iter(0..options.games)
        .map(|game| {
            let (first, second) = &pairs[game % pairs.len()];
            rest.start_timed_game(first, second, &options.kind, time_control)
        })
        .buffer_unordered(CONCURRENCY)
        .collect()
        .await;
    if let Some(Err(error)) = made.into_iter().find(Result::is_err) {
        return Err(LoadError::Setup(error.to_string()));
    }
    let setup_s = started.elapsed().as_secs_f64();
    let rss_started_kib = rss()?;
    tokio::time::sleep(Duration::from_secs(options.settle_s)).await;
    Ok(StoredReport { games: options.games, setup_s, rss_before_kib, rss_started_kib, rss_settled_kib: rss()? })
}

async fn guest_pairs(rest: &Rest, pairs: usize) -> Result<Vec<(Session, Session)>, LoadError> {
    let tag = format!("{:04x}", rand::random::<u16>());
    let guest = |name: String| async move { rest.guest(&name).await.map_err(|e| LoadError::Setup(e.to_string())) };
    let mut made = Vec::with_capacity(pairs);
    for pair in 0..pairs {
        made.push((guest(format!("c{tag}a{pair}")).await?, guest(format!("c{tag}b{pair}")).await?));
    }
    Ok(made)
}
