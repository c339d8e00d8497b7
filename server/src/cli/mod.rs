//! The `kartka` command line: `serve` (the default), `replay` and `perft`.

mod perft;
mod replay;

use clap::{Parser, Subcommand};

/// kartka: an authoritative server for the games people play on squared paper.
#[derive(Debug, Parser)]
#[command(name = "kartka", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Replay kurnik record files through the engine and summarise them.
    Replay(replay::Args),
    /// Count distinct complete turns to a depth (Paper Soccer perft).
    Perft(perft::Args),
}

/// Parses the command line and runs the chosen command.
pub fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Replay(args)) => replay::run(args),
        Some(Command::Perft(args)) => perft::run(args),
        None => anyhow::bail!("the server is not built yet"),
    }
}
