//! `kartka perft`: counts to a depth from a game's start or after moves; what is counted is the game's own
//! (distinct complete turns, or move sequences), as its module in `games/kinds/` decides.

use std::io::Write;

use kartka_engine::{GameKind, Ruleset};

use super::game::{game_parser, rules_parser, SetupArgs};
use crate::games::kinds;

/// Options of `kartka perft`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (the registry's default kind, Paper Soccer, when not given).
    #[arg(long, value_parser = game_parser(), default_value_t = GameKind::default(), conflicts_with = "rules")]
    game: GameKind,
    /// A Paper Soccer variant by its rules' name; its kind replaces --game, and --moves are its turn tokens.
    #[arg(long, value_parser = rules_parser(), conflicts_with = "game")]
    rules: Option<Ruleset>,
    /// Count up to this many turns deep (one line per depth).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    depth: u32,
    /// The position to count from.
    #[command(flatten)]
    setup: SetupArgs,
}

/// Runs `kartka perft`: prints `D COUNT` for every depth D from 1 to `--depth`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let kind = args.rules.map_or(args.game, |rules| rules.kind());
    let counts = kinds::of(kind).perft(&args.setup.setup(args.rules), args.depth as usize)?;
    let mut out = std::io::stdout().lock();
    for (depth, count) in (1..).zip(counts) {
        writeln!(out, "{depth} {count}")?;
    }
    Ok(())
}
