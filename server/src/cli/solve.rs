//! `kartka solve`: plays out perfect play of a Closing In position and names the winner.

use std::io::Write;

use anyhow::bail;
use kartka_engine::closing_in::{Solver, Verdict};

use super::closing_in::{position_after, GameName};

/// Options of `kartka solve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game to solve; only closing-in has a solver.
    #[arg(long, value_enum)]
    game: GameName,
    /// The board size, 3 to 12.
    #[arg(long)]
    size: Option<u8>,
    /// Moves to play first, as squares such as "D5 B2 B3" (the first two are the placements).
    #[arg(long, default_value = "")]
    moves: String,
    /// Give up after visiting this many positions.
    #[arg(long, default_value_t = 10_000_000_000)]
    budget: u64,
}

/// Runs `kartka solve`: prints the moves of perfect play, one `SEAT SQUARE` line each, then the winning seat
/// alone on the last line.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.game != GameName::ClosingIn {
        bail!("--game: only closing-in has a solver");
    }
    let position = position_after(args.size, &args.moves)?;
    let Verdict::Proven(solution) = Solver::new(args.budget).solve(&position) else {
        bail!("no proof within {} positions (raise --budget)", args.budget);
    };
    let mut out = std::io::stdout().lock();
    let mut seat = position.to_move();
    for square in solution.line {
        writeln!(out, "{seat} {square}")?;
        seat = seat.other();
    }
    writeln!(out, "{}", solution.winner)?;
    Ok(())
}
