//! `kartka track check FILE`: reads a Racetrack track file and checks it (docs/tracks.md); and the Racetrack
//! solver behind `kartka solve --game racetrack`.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use kartka_engine::racetrack::{check, fewest_moves, tracks, CarState, Checked, Track, DEFAULT_BUDGET};

/// Options of `kartka track`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Check a track file: the header and map read, the start/finish line, a closed lap with its touch points,
    /// a reachable finish and the recorded fewest moves; prints the track's identity and fewest moves.
    Check {
        /// The track file.
        file: PathBuf,
    },
}

/// Runs `kartka track`.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        Command::Check { file } => {
            let checked = check_file(&file)?;
            write_summary(&mut std::io::stdout().lock(), &checked)
        }
    }
}

/// Reads and checks the track file at `path`.
fn check_file(path: &Path) -> anyhow::Result<Checked> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    check(&text).with_context(|| format!("{}", path.display()))
}

/// Prints what a check found, one `key: value` line each.
fn write_summary(out: &mut impl Write, checked: &Checked) -> anyhow::Result<()> {
    let track = &checked.track;
    writeln!(out, "name: {}", track.id().name)?;
    writeln!(out, "version: {}", track.version())?;
    writeln!(out, "hash: {}", track.id().hash)?;
    writeln!(out, "size: {}x{}", track.width(), track.height())?;
    writeln!(out, "starts: {}", track.starts().len())?;
    writeln!(out, "touch-points: {}", track.touch_points().len())?;
    writeln!(out, "fewest-moves: {}", checked.fewest_moves)?;
    Ok(())
}

/// The track `kartka solve --game racetrack` solves: a registered one by name (the highest version), or a file.
#[derive(Debug, clap::Args)]
#[group(required = false, multiple = false)]
pub struct TrackArgs {
    /// A shipped track's name (Racetrack).
    #[arg(long)]
    track: Option<String>,
    /// A track file (Racetrack).
    #[arg(long)]
    track_file: Option<PathBuf>,
}

/// Prints the fewest moves of a lone car from the first start cell, then one line that takes them as the points
/// the car stops on, the start first: `moves N`, then `x,y x,y …`.
pub fn solve(args: &TrackArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let track = match (&args.track, &args.track_file) {
        (Some(name), _) => tracks::latest(name).with_context(|| format!("no track is named {name}"))?,
        (None, Some(path)) => std::sync::Arc::new(check_file(path)?.track),
        (None, None) => anyhow::bail!("racetrack: name the track with --track NAME or --track-file FILE"),
    };
    solve_track(&track, out)
}

fn solve_track(track: &Track, out: &mut impl Write) -> anyhow::Result<()> {
    let solution = fewest_moves(track, CarState::at_start(track.starts()[0]), DEFAULT_BUDGET)?;
    writeln!(out, "moves {}", solution.moves)?;
    let points: Vec<String> = solution.line.iter().map(ToString::to_string).collect();
    writeln!(out, "{}", points.join(" "))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_solver_prints_every_shipped_tracks_recorded_fewest_moves() {
        for track in tracks::all().iter().filter(|track| tracks::shipped(track.id().name.as_str()).is_some()) {
            let mut out = Vec::new();
            let args = TrackArgs { track: Some(track.id().name.to_string()), track_file: None };
            solve(&args, &mut out).expect("solved");
            let text = String::from_utf8(out).expect("text");
            let recorded = track.fewest_moves().expect("recorded");
            assert!(text.starts_with(&format!("moves {recorded}\n")), "{}: {text}", track.id().name);
            assert_eq!(text.lines().nth(1).map(|line| line.split(' ').count()), Some(recorded as usize + 1));
        }
        let missing = TrackArgs { track: Some("no-such-track".to_owned()), track_file: None };
        assert!(solve(&missing, &mut Vec::new()).is_err());
    }

    #[test]
    fn a_check_prints_the_tracks_identity_and_fewest_moves_and_names_the_file_of_an_error() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let (_, sprint) = tracks::SHIPPED.iter().find(|(file, _)| *file == "sprint.track").expect("shipped");
        let good = dir.path().join("sprint.track");
        std::fs::write(&good, sprint).expect("written");
        let mut out = Vec::new();
        write_summary(&mut out, &check_file(&good).expect("checks")).expect("written");
        let text = String::from_utf8(out).expect("text");
        let hash = tracks::shipped("sprint").expect("shipped").id().hash;
        assert!(text.contains(&format!("hash: {hash}\n")) && text.contains("fewest-moves: 13\n"), "{text}");
        let bad = dir.path().join("bad.track");
        std::fs::write(&bad, sprint.replacen("map:\n#", "map:\n?", 1)).expect("written");
        let error = format!("{:#}", check_file(&bad).expect_err("refused"));
        assert!(error.contains("bad.track") && error.contains("line 5, column 1"), "{error}");
    }
}
