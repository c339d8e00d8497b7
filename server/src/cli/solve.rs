//! `kartka solve`: plays out perfect play of a position and names the winner, for games that have a solver.

use std::io::Write;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use kartka_engine::GameKind;

use super::game::SetupArgs;
use super::track::{self, TrackArgs};
use crate::games::kinds;

/// The name `--game` takes for Racetrack, whose kind is not yet in the registry: its solver is reached through
/// its tracks (`--track`, `--track-file`).
const RACETRACK: &str = "racetrack";

/// What `--game` names: a registered kind, or Racetrack.
#[derive(Clone, Copy, Debug)]
enum Solved {
    Kind(GameKind),
    Racetrack,
}

/// `--game`: one of the registry's kind names, or `racetrack`.
fn solved_parser() -> impl TypedValueParser<Value = Solved> {
    let names = GameKind::ALL.iter().map(|kind| kind.name()).chain([RACETRACK]);
    PossibleValuesParser::new(names).map(|name| match GameKind::from_name(&name) {
        Some(kind) => Solved::Kind(kind),
        None => Solved::Racetrack,
    })
}

/// Options of `kartka solve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game to solve.
    #[arg(long, value_parser = solved_parser())]
    game: Solved,
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
    let kind = match args.game {
        Solved::Kind(kind) => kind,
        Solved::Racetrack => return track::solve(&args.track, &mut out),
    };
    let solved = kinds::of(kind).solve(&args.setup.setup(None), args.budget)?;
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
