//! `kartka-bot-lab`: the bot's research tools, apart from the production server. `ladder` measures the levels
//! against each other, or the bot's parts against each other and against a plain UCT opponent (docs/bot.md);
//! `versus` plays an outside engine; `engine` is the bot as such an engine, for one build to play another.
//!
//! The library stays pure; this binary is where the files, the threads, the random openings and the printing
//! happen.

mod lab;

use clap::{Parser, Subcommand};

/// kartka-bot-lab: measurements of kartka's built-in bot.
#[derive(Debug, Parser)]
#[command(name = "kartka-bot-lab", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Measure the levels against each other: an Elo ladder at a fixed node budget per turn.
    Ladder(lab::ladder::LadderArgs),
    /// Play Paper Soccer against an outside engine at equal time per turn (bench/qtpapersoccer).
    Versus(lab::versus::VersusArgs),
    /// Be an outside engine for `versus` (its line protocol on stdin and stdout): one build against another.
    Engine(lab::engine::EngineArgs),
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Ladder(args) => lab::ladder::run(args),
        Command::Versus(args) => lab::versus::run(args),
        Command::Engine(args) => lab::engine::run(args),
    }
}
