//! `kartka-loadgen`: the load generator's command line. See `docs/performance.md`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use kartka_loadgen::{check, Options};

/// Live games between guest pairs against a kartka server on this machine, with latency percentiles; exits
/// non-zero on any error frame or dropped connection.
#[derive(Parser)]
#[command(name = "kartka-loadgen", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    load: Options,
}

#[derive(Subcommand)]
enum Command {
    /// Start many correspondence games, leave them alone, and report the server's memory: an unwatched
    /// correspondence game should cost none once its actor has stopped.
    Correspondence(kartka_loadgen::stored::StoredOptions),
    /// Check that every move of a record (`--record` of an earlier run) is in the server's store; exits
    /// non-zero if any is missing.
    Check {
        /// The server's base URL (loopback only).
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        server: String,
        /// The record file.
        record: PathBuf,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("kartka-loadgen: starting the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match cli.command {
        Some(Command::Check { server, record, json }) => runtime.block_on(check_record(&server, &record, json)),
        Some(Command::Correspondence(options)) => runtime.block_on(stored_games(&options)),
        None => runtime.block_on(load(&cli.load)),
    }
}

async fn load(options: &Options) -> ExitCode {
    let report = match kartka_loadgen::run_until(options, interrupted()).await {
        Ok(report) => report,
        Err(error) => {
            eprintln!("kartka-loadgen: {error}");
            return ExitCode::FAILURE;
        }
    };
    if options.json {
        match serde_json::to_string(&report) {
            Ok(json) => println!("{json}"),
            Err(error) => eprintln!("kartka-loadgen: writing the report: {error}"),
        }
    } else {
        print!("{report}");
    }
    let failures = report.failures();
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        for failure in failures {
            eprintln!("kartka-loadgen: FAILED: {failure}");
        }
        if report.errors.contains_key("rate_limited") {
            eprintln!(
                "kartka-loadgen: rate_limited: run the server with KARTKA_ACCOUNT_RATE_ADDRESS above the number of \
                 guests (two per game, one per spectator), and KARTKA_WS_RATE higher for think times under 100 ms"
            );
        }
        ExitCode::FAILURE
    }
}

/// Resolves on Ctrl-C or SIGTERM: the games end as if their time were up, and the report is printed.
async fn interrupted() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
}

async fn check_record(server: &str, record: &std::path::Path, json: bool) -> ExitCode {
    match check::check(server, record).await {
        Ok(report) => {
            if json {
                match serde_json::to_string(&report) {
                    Ok(text) => println!("{text}"),
                    Err(error) => eprintln!("kartka-loadgen: writing the report: {error}"),
                }
            } else {
                println!(
                    "{} recorded moves in {} games; {} missing from the store",
                    report.moves, report.games, report.missing
                );
                for missing in &report.examples {
                    println!("missing: game {} ply {} {:?}", missing.game_id, missing.ply, missing.notation);
                }
            }
            if report.missing == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(error) => {
            eprintln!("kartka-loadgen: {error}");
            ExitCode::FAILURE
        }
    }
}

async fn stored_games(options: &kartka_loadgen::stored::StoredOptions) -> ExitCode {
    match kartka_loadgen::stored::run(options).await {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("kartka-loadgen: {error}");
            ExitCode::FAILURE
        }
    }
}
