//! `kartka replay` (being written).

/// Options of `kartka replay`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `kartka replay`.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("not written yet")
}
