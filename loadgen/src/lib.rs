//! kartka's load generator: N live games between pairs of guests (with spectators and idle sockets if asked)
//! through the public protocol only, on a server on this machine. It measures moves per second, move → ack
//! and move → opponent's push percentiles, counts errors by code, and reads the server's RSS and CPU from
//! `/proc`. [`run`] is the whole run, so tests call it in-process; `main.rs` is a thin command line around it
//! and [`check::check`], which compares a record of acknowledged moves with the store after a crash test.

pub mod check;
mod context;
pub mod error;
mod idle;
pub mod metrics;
pub mod options;
pub mod process;
pub mod record;
pub mod report;
pub mod rest;
mod slot;
mod socket;
mod stop;
pub mod stored;
pub mod turn;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;
use tokio::sync::Barrier;

pub use error::LoadError;
pub use options::Options;
pub use report::Report;

use context::Context;
use metrics::Metrics;
use process::{ProcessReport, Sampler};
use record::Recorder;
use reqwest::Url;
use slot::Slot;

/// How often the server's and the generator's memory is sampled for the peak.
const SAMPLE_EVERY: Duration = Duration::from_secs(1);

/// Runs the load `options` describe and reports what it measured. Problems of the server (error frames,
/// drops, timeouts) are in the report ([`Report::failures`]); an `Err` means the run could not be carried out.
pub async fn run(options: &Options) -> Result<Report, LoadError> {
    run_until(options, std::future::pending()).await
}

/// [`run`], ending the games early (as the duration would) when `interrupted` resolves: the command line
/// passes Ctrl-C and SIGTERM, so that a script can end an open-ended run and still get its report.
pub async fn run_until(
    options: &Options,
    interrupted: impl std::future::Future<Output = ()>,
) -> Result<Report, LoadError> {
    let bases = options.server_urls()?;
    let kinds = options.game_kinds()?;
    if options.games == 0 {
        return Err(LoadError::BadOptions("--games must be at least 1"));
    }
    if options.games < kinds.len() {
        return Err(LoadError::BadOptions("--game all needs --games at least the number of kinds, one pair each"));
    }
    // A drawn seed fits in 32 bits, so that every JSON reader takes it exactly (jq reads numbers as doubles).
    let seed = options.seed.unwrap_or_else(|| u64::from(rand::random::<u32>()));
    let servers = bases.iter().map(Url::to_string).collect();
    let mut context = Context::new(bases, kinds.clone(), format!("{:04x}", seed & 0xffff));
    context.think = Duration::from_millis(options.think_ms);
    context.allow_disconnects = options.allow_disconnects;
    context.retry = Duration::from_millis(options.retry_ms);
    context.max_moves = options.max_moves;
    context.recorder = options.record.as_deref().map(Recorder::create).transpose()?;
    let context = Arc::new(context);

    let setup_started = Instant::now();
    let tokens = Arc::new(Mutex::new(Vec::new()));
    let ready = Arc::new(Barrier::new(options.games + 1));
    let go = Arc::new(Barrier::new(options.games + 1));
    let mut seeds = SmallRng::seed_from_u64(seed);
    let slots: Vec<_> = (0..options.games)
        .map(|index| {
            let spectators =
                options.spectators / options.games + usize::from(index < options.spectators % options.games);
            let slot = Slot::new(index, spectators, Arc::clone(&context), SmallRng::from_rng(&mut seeds));
            tokio::spawn(slot.run(Arc::clone(&tokens), Arc::clone(&ready), Arc::clone(&go)))
        })
        .collect();
    ready.wait().await;
    let tokens = tokens.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
    let idle = idle::start(&context, options.idle_sockets, &tokens).await;
    let setup_s = setup_started.elapsed().as_secs_f64();

    let mut server_samplers: Vec<Sampler> =
        options.server_pids.iter().map(|pid| Sampler::start(pid.to_string())).collect();
    let mut loadgen = Sampler::start("self".to_owned());
    go.wait().await;
    let started = Instant::now();
    let until = tokio::time::Instant::now() + options.duration();
    let mut ticks = tokio::time::interval(SAMPLE_EVERY);
    let mut interrupted = std::pin::pin!(interrupted);
    while !context.stop.is_set() {
        tokio::select! {
            () = tokio::time::sleep_until(until) => context.stop.set(),
            () = &mut interrupted => context.stop.set(),
            () = context.stop.wait() => {}
            _ = ticks.tick() => {
                for server in &mut server_samplers {
                    server.sample();
                }
                loadgen.sample();
            }
        }
    }
    let stopped = context.stop.at().unwrap_or_else(Instant::now);
    let server_processes: Vec<Option<ProcessReport>> = server_samplers.into_iter().map(Sampler::finish).collect();
    let loadgen = loadgen.finish();

    let mut unresumed_games = 0;
    for slot in slots {
        match slot.await {
            Ok(outcome) => unresumed_games += u64::from(outcome.awaiting_resume),
            Err(_) => context.metrics.error("task_failed"),
        }
    }
    for watcher in idle {
        if watcher.await.is_err() {
            context.metrics.error("task_failed");
        }
    }

    let metrics = &context.metrics;
    let played_s = stopped.saturating_duration_since(started).as_secs_f64();
    let moves = Metrics::read(&metrics.moves);
    Ok(Report {
        kind: options.kind.clone(),
        servers,
        games: options.games,
        spectators: options.spectators,
        idle_sockets: options.idle_sockets,
        sockets: 2 * options.games + options.spectators + options.idle_sockets,
        think_ms: options.think_ms,
        seed,
        allow_disconnects: options.allow_disconnects,
        setup_s,
        played_s,
        moves,
        moves_by_kind: kinds.iter().map(|kind| (kind.name().to_owned(), metrics.moves_of(*kind))).collect(),
        moves_per_s: if played_s > 0.0 { moves as f64 / played_s } else { 0.0 },
        games_started: Metrics::read(&metrics.games_started),
        games_finished: Metrics::read(&metrics.games_finished),
        move_to_ack: metrics.move_to_ack.percentiles(),
        move_to_push: metrics.move_to_push.percentiles(),
        move_to_spectator: metrics.move_to_spectator.percentiles(),
        drop_to_resume: metrics.drop_to_resume.percentiles(),
        errors: metrics.errors(),
        disconnects: Metrics::read(&metrics.disconnects),
        reconnects: Metrics::read(&metrics.reconnects),
        internal_retried: Metrics::read(&metrics.internal_retried),
        unresumed_games,
        server: server_processes.first().copied().flatten(),
        server_processes,
        loadgen,
    })
}
