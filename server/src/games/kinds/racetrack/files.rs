//! The tracks a server adds to the shipped ones: the `*.track` files of its data directory's `tracks` folder
//! (docs/tracks.md), each checked as `kartka track check` checks before it is registered.

use kartka_engine::racetrack::{check, tracks};

use crate::games::data_files::{DataFiles, Refusal};

/// Racetrack's track files.
pub static TRACK_FILES: DataFiles = DataFiles { folder: "tracks", extension: "track", register };

/// Checks a track file and registers its track, known by its name and hash (`name@hash`).
fn register(bytes: Vec<u8>) -> Result<String, Refusal> {
    let text = String::from_utf8(bytes)?;
    check(&text)?;
    Ok(tracks::register(&text)?.id().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A track of its own name, so that the process-wide registry's other tests are not disturbed.
    const LOOP: &str = "name: dir-loop\nversion: 1\nmap:\n#########\n#...S...#\n#.>.S...#\n#...F...#\n#..###..#\n#.......#\n#########\n";

    #[test]
    fn a_track_file_is_checked_and_registered_and_an_open_lap_is_refused() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let folder = dir.path().join("tracks");
        std::fs::create_dir(&folder).expect("created");
        std::fs::write(folder.join("loop.track"), LOOP).expect("written");
        let loaded = TRACK_FILES.load(dir.path()).expect("loads");
        assert_eq!(loaded.len(), 1);
        let registered = tracks::latest("dir-loop").expect("registered");
        assert_eq!(loaded[0], registered.id().to_string());
        let open = LOOP.replace("#.......#\n#########", "#########\n#########").replace("dir-loop", "dir-open");
        std::fs::write(folder.join("open.track"), open).expect("written");
        let error = TRACK_FILES.load(dir.path()).expect_err("the open lap is refused").to_string();
        assert!(error.contains("open.track") && error.contains("lap is not closed"), "{error}");
        assert!(tracks::latest("dir-open").is_none(), "a refused track is not registered");
    }
}
