//! Racetrack tracks a server adds to the shipped ones: every `*.track` file of its tracks directory
//! (`--tracks-dir`), checked as `kartka track check` checks and registered in the engine's registry when the
//! server starts (docs/tracks.md). The engine does no I/O: this reads the files and hands it their text.

use std::path::{Path, PathBuf};

use anyhow::Context;
use kartka_engine::racetrack::{check, tracks, TrackId};

/// Checks and registers every `*.track` file of `dir`, in the order of their names; the first that does not
/// read, fails a check or conflicts with a registered track stops the loading with its file's name and error.
pub fn load_dir(dir: &Path) -> anyhow::Result<Vec<TrackId>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("reading the tracks directory {}", dir.display()))?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<_, _>>()
        .with_context(|| format!("listing {}", dir.display()))?;
    files.retain(|path| path.extension().is_some_and(|extension| extension == "track"));
    files.sort();
    files.iter().map(|path| load_file(path)).collect()
}

/// Checks and registers one track file.
pub fn load_file(path: &Path) -> anyhow::Result<TrackId> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    check(&text).with_context(|| format!("{}", path.display()))?;
    let track = tracks::register(&text).with_context(|| format!("{}", path.display()))?;
    Ok(track.id())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A track of its own name, so that the process-wide registry's other tests are not disturbed.
    const LOOP: &str = "name: dir-loop\nversion: 1\nmap:\n#########\n#...S...#\n#.>.S...#\n#...F...#\n#..###..#\n#.......#\n#########\n";

    #[test]
    fn a_directory_registers_its_track_files_and_a_bad_one_is_named() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        std::fs::write(dir.path().join("loop.track"), LOOP).expect("written");
        std::fs::write(dir.path().join("notes.txt"), "not a track").expect("written");
        let loaded = load_dir(dir.path()).expect("loads");
        assert_eq!(loaded.len(), 1);
        assert_eq!(tracks::find(&loaded[0]).map(|track| track.id()), Some(loaded[0]));
        std::fs::write(
            dir.path().join("open.track"),
            LOOP.replace("#.......#\n#########", "#########\n#########").replace("dir-loop", "dir-open"),
        )
        .expect("written");
        let error = format!("{:#}", load_dir(dir.path()).expect_err("the open lap is refused"));
        assert!(error.contains("open.track") && error.contains("lap is not closed"), "{error}");
    }
}
