//! `kartka perft` (being written).

/// Options of `kartka perft`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `kartka perft`.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("not written yet")
}
