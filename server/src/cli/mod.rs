//! The `kartka` command line: `serve` (the default), `admin`, `replay`, `perft`, `solve`, `track`, `dictionary`,
//! `verify` and `bot`.

mod admin;
mod bot;
mod dictionary;
mod game;
mod perft;
mod replay;
mod serve;
mod solve;
mod track;
mod verify;

use clap::{Parser, Subcommand};

/// kartka: an authoritative server for the games people play on squared paper.
#[derive(Debug, Parser)]
#[command(name = "kartka", version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Options of `serve`, also accepted without the command name.
    #[command(flatten)]
    serve: crate::config::ServeArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the game server (the default when no command is given).
    // Boxed: the server's options are by far the largest.
    Serve(Box<crate::config::ServeArgs>),
    /// Admin work on the database: grant or revoke the admin role, import record files.
    Admin(admin::Args),
    /// Replay record files through the engine and summarise them.
    Replay(replay::Args),
    /// Count turns or move sequences to a depth (perft), for any game.
    Perft(perft::Args),
    /// Play out perfect play of a position and name the winner, for games that have a solver.
    Solve(solve::Args),
    /// Racetrack tracks: check a track file.
    Track(track::Args),
    /// The word games' dictionaries: build one from a word list, check a dictionary file.
    Dictionary(dictionary::Args),
    /// Check a finished Sea Battle or Bulls and Cows record: its commitments and every answer.
    Verify(verify::Args),
    /// The built-in bot: play on a server through the protocol, or print the turn it would play in a position.
    Bot(bot::Args),
}

/// Parses the command line and runs the chosen command.
pub fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Admin(args)) => admin::run(args),
        Some(Command::Replay(args)) => replay::run(args),
        Some(Command::Perft(args)) => perft::run(args),
        Some(Command::Solve(args)) => solve::run(args),
        Some(Command::Track(args)) => track::run(args),
        Some(Command::Dictionary(args)) => dictionary::run(args),
        Some(Command::Verify(args)) => verify::run(args),
        Some(Command::Bot(args)) => bot::run(args),
        Some(Command::Serve(args)) => serve::run(*args),
        None => serve::run(cli.serve),
    }
}
