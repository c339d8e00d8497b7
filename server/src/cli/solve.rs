//! `kartka solve`: plays out perfect play of a position and names the winner, for games that have a solver.

use std::io::Write;

use kartka_engine::GameKind;

use super::game::SetupArgs;
use super::track::{self, TrackArgs};
use crate::games::kinds;

/// Options of `kartka solve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game to solve.
    #[arg(long, value_parser = super::game::game_parser())]
    game: GameKind,
    /// The position to solve.
    #[command(flatten)]
    setup: SetupArgs,
    /// The track, for Racetrack: it prints the fewest moves of a lone car and one line that takes them.
    #[command(flatten)]
    track: TrackArgs,
    /// Give up after visiting this many positions.
    #[arg(long, default_value_t = 10_000_000_000)]
    budget: u64,
}

/// Runs `kartka solve`: prints the moves of perfect play, one `SEAT MOVE` line each (for solvers that give a
/// line), `margin N` for a game that scores (the first seat's points minus the second's), then the winning seat,
/// or `draw`, alone on the last line. For Racetrack: `moves N` and the line's points (`track::solve`).
pub fn run(args: Args) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    // Racetrack's solver answers for a track, which `--track` names, rather than for a position.
    if args.game == GameKind::Racetrack {
        return track::solve(&args.track, &mut out);
    }
    let solved = kinds::of(args.game).solve(&args.setup.setup(None), args.budget)?;
    for (seat, action) in solved.line {
        writeln!(out, "{seat} {action}")?;
    }
    if let Some(margin) = solved.margin {
        writeln!(out, "margin {margin}")?;
    }
    match solved.winner {
        Some(winner) => writeln!(out, "{winner}")?,
        None => writeln!(out, "draw")?,
    }
    Ok(())
}
