//! `kartka solve`: plays out perfect play of a position and names the winner, for games that have a solver.

use std::io::Write;

use kartka_engine::GameKind;

use super::game::{game_parser, SetupArgs};
use crate::games::kinds;

/// Options of `kartka solve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game to solve.
    #[arg(long, value_parser = game_parser())]
    game: GameKind,
    /// The position to solve.
    #[command(flatten)]
    setup: SetupArgs,
    /// Give up after visiting this many positions.
    #[arg(long, default_value_t = 10_000_000_000)]
    budget: u64,
}

/// Runs `kartka solve`: prints the moves of perfect play, one `SEAT MOVE` line each, then the winning seat
/// (`first`, `second`) or `draw` alone on the last line.
pub fn run(args: Args) -> anyhow::Result<()> {
    let solved = kinds::of(args.game).solve(&args.setup.setup(None), args.budget)?;
    let mut out = std::io::stdout().lock();
    for (seat, action) in solved.line {
        writeln!(out, "{seat} {action}")?;
    }
    match solved.winner {
        Some(winner) => writeln!(out, "{winner}")?,
        None => writeln!(out, "draw")?,
    }
    Ok(())
}
