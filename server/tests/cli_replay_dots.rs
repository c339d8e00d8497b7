//! `kartka replay` on Dots SGF files, as a user runs it: the built binary on the zagram corpus game (read in
//! place from `../shared/corpus/dots` beside the repository) and on a file of bad records.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{json, Value};

fn corpus_game() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/dots/zagram352562.sgf")
}

fn replay(files: &[PathBuf]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kartka")).arg("replay").arg("--json").args(files).output().expect("kartka runs")
}

fn json_summary(output: &Output) -> Value {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let last = stdout.lines().last().expect("some output");
    serde_json::from_str(last).unwrap_or_else(|error| panic!("the last line {last:?} is not JSON: {error}"))
}

#[test]
fn the_zagram_game_replays_to_its_known_captures() {
    let output = replay(&[corpus_game()]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let line = stdout.lines().find(|line| line.contains("captures")).expect("a line per game");
    assert!(line.ends_with("game 1: captures first=3 second=60"), "{line}");
    // White won by resignation: the rules did not end the game.
    let summary = json_summary(&output);
    assert_eq!(
        summary,
        json!({"games": 1, "illegal": 0, "finished": 0, "result_agrees": 0, "result_disagrees": 0, "unfinished": 1})
    );
}

#[test]
fn bad_records_are_reported_and_counted_never_a_panic() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_replay_dots");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let file = dir.join("mixed.sgf");
    let corpus = std::fs::read_to_string(corpus_game()).expect("the shared corpus beside the checkout");
    let bad =
        ["(;GM[40]SZ[10:10];B[aa];B[bb])", "(;GM[40]SZ[10:10];B[zz])", "(;GM[40]SZ[1:1])", "(;GM[40]SZ[10:10];B[a"];
    std::fs::write(&file, format!("{corpus}\n{}", bad.join("\n"))).expect("written");
    let output = replay(&[file]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    for game in 2..=5 {
        assert!(stderr.contains(&format!("game {game}:")), "game {game} is reported: {stderr}");
    }
    let summary = json_summary(&output);
    assert_eq!((summary["games"].as_u64(), summary["illegal"].as_u64()), (Some(5), Some(4)));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("game 1: captures first=3 second=60"), "{stdout}");
}
