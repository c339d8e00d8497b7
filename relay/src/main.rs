//! `kartka-relay`: the bare relay (`serve`) and its driver (`drive`), for the floor of a move's cost.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use kartka_relay::{drive, serve, DriveOptions};
use tokio::net::TcpListener;

/// A bare WebSocket relay carrying a move's frames, and the driver that measures it.
#[derive(Parser)]
#[command(name = "kartka-relay", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the relay until interrupted; prints `listening on ADDRESS` once it accepts sockets.
    Serve {
        /// The address to listen on (port 0: a free one).
        #[arg(long, default_value = "127.0.0.1:0")]
        listen: SocketAddr,
    },
    /// Play moves through a relay and print what they cost it, as one JSON line.
    Drive {
        /// The relay's address.
        #[arg(long)]
        relay: SocketAddr,
        /// Pairs of sockets playing at once.
        #[arg(long, default_value_t = 200)]
        games: usize,
        /// Seconds the moves go on.
        #[arg(long, default_value_t = 30)]
        duration_s: u64,
        /// The relay's process id, for its CPU per move.
        #[arg(long)]
        relay_pid: Option<u32>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("kartka-relay: starting the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let result = match cli.command {
        Command::Serve { listen } => runtime.block_on(relay(listen)),
        Command::Drive { relay, games, duration_s, relay_pid } => {
            let options = DriveOptions { relay, games, duration: Duration::from_secs(duration_s), relay_pid };
            runtime
                .block_on(async {
                    let report = drive(&options).await.map_err(|error| error.to_string())?;
                    serde_json::to_string(&report).map_err(|error| error.to_string())
                })
                .map(|line| println!("{line}"))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("kartka-relay: {error}");
            ExitCode::FAILURE
        }
    }
}

async fn relay(listen: SocketAddr) -> Result<(), String> {
    let listener = TcpListener::bind(listen).await.map_err(|error| format!("listening on {listen}: {error}"))?;
    let address = listener.local_addr().map_err(|error| error.to_string())?;
    println!("listening on {address}");
    let interrupted = async {
        // Without a signal handler the relay runs until killed, which ends it as well.
        let _ = tokio::signal::ctrl_c().await;
    };
    serve::run(listener, interrupted).await.map_err(|error| error.to_string())
}
