//! `kartka replay` as a user runs it: the built binary on the real kurnik corpus and on hand-made bad files.
//!
//! The corpus is read in place from `../shared/corpus/kurnik` beside the repository, or from the directory in
//! `KARTKA_CORPUS_DIR`; a missing corpus fails the test.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use flate2::write::GzEncoder;
use flate2::Compression;
use serde_json::{json, Value};

/// The first game of 2014-09-22: White scores in the top goal and the record says so (`0-1`, Black–White).
const GOOD_GAME: &str = "[Event \"?\"]\r\n[Site \"kurnik\"]\r\n[Date \"2014.09.22\"]\r\n[Round \"-\"]\r\n\
    [Black \"Black\"]\r\n[White \"White\"]\r\n[Result \"0-1\"]\r\n[TimeControl \"60\"]\r\n\r\n\
    1. 2 0 2. 53 4 3. 7 4 4. 16141 4 5. 720 0 6. 5257 445 7. 2212 35 8. 4 57 9. 41\r\n\
    65 10. 67 2 11. 506 0 12. 71 4 13. 7271 4 14. 7271 4 15. 721 6 16. 1411 0-1\r\n";

fn corpus_dir() -> PathBuf {
    match std::env::var_os("KARTKA_CORPUS_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/kurnik"),
    }
}

fn replay(files: &[PathBuf]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kartka")).arg("replay").arg("--json").args(files).output().expect("kartka runs")
}

fn json_summary(output: &Output) -> Value {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let last = stdout.lines().last().expect("some output");
    serde_json::from_str(last).unwrap_or_else(|error| panic!("the last line {last:?} is not JSON: {error}"))
}

/// A fresh scratch directory for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_replay").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

#[test]
fn replays_the_whole_corpus() {
    let dir = corpus_dir();
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|error| {
        panic!(
            "the kurnik corpus is not at {} ({error}); set KARTKA_CORPUS_DIR to the directory holding the \
             *.pgn.gz files",
            dir.display()
        )
    });
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a readable corpus directory").path())
        .filter(|path| path.to_string_lossy().ends_with(".pgn.gz"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no *.pgn.gz files in {}", dir.display());

    let output = replay(&files);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(
        json_summary(&output),
        json!({"games": 33549, "illegal": 0, "finished": 28513, "result_agrees": 28513, "result_disagrees": 0,
               "unfinished": 5036})
    );
}

#[test]
fn reports_each_bad_game_on_stderr_and_counts_it() {
    let dir = scratch("bad_games");
    let illegal = "[Result \"0-1\"]\r\n\r\n1. 0 4 0-1\r\n";
    let malformed = "[Result \"0-1\"\r\n\r\n1. 0 0-1\r\n";
    let cut_off_on_a_bounce = "[Result \"0-1\"]\r\n\r\n1. 0 3 2. 6 0-1\r\n";
    let wrong_result = GOOD_GAME.replace("0-1", "1-0");
    let text = [GOOD_GAME, illegal, malformed, cut_off_on_a_bounce, &wrong_result].join("\r\n");
    let file = dir.join("bad.pgn");
    std::fs::write(&file, text).expect("a scratch file");

    let output = replay(&[file]);
    assert!(output.status.success(), "bad games are findings, not a failure of the command");
    assert_eq!(
        json_summary(&output),
        json!({"games": 5, "illegal": 2, "finished": 2, "result_agrees": 1, "result_disagrees": 1, "unfinished": 1})
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    let reports: Vec<&str> = stderr.lines().collect();
    assert_eq!(reports.len(), 3, "{stderr}");
    assert!(reports[0].ends_with(
        "bad.pgn: game 2: illegal: move 1 Black, turn 2: step 1 (digit 4) is illegal: the segment is already drawn"
    ));
    assert!(reports[1]
        .ends_with("bad.pgn: malformed record: game 3, line 17: malformed tag pair; expected [Name \"value\"]"));
    assert!(reports[2].ends_with("bad.pgn: game 5: the rules give 0-1 (goal) but the record says 1-0"));
}

#[test]
fn reads_gzip_by_its_magic_bytes_whatever_the_name() {
    let dir = scratch("gzip");
    let mut packed = GzEncoder::new(Vec::new(), Compression::default());
    packed.write_all(GOOD_GAME.as_bytes()).expect("gzip in memory");
    let file = dir.join("game.txt");
    std::fs::write(&file, packed.finish().expect("gzip in memory")).expect("a scratch file");

    let output = replay(&[file]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(json_summary(&output)["result_agrees"], 1);
}

#[test]
fn an_unreadable_file_fails_the_command_after_the_others_are_replayed() {
    let dir = scratch("unreadable");
    let good = dir.join("good.pgn");
    std::fs::write(&good, GOOD_GAME).expect("a scratch file");
    let broken_gzip = dir.join("broken.pgn.gz");
    std::fs::write(&broken_gzip, [0x1f, 0x8b, 0x08, 0x00, 0x01]).expect("a scratch file");
    let missing = dir.join("missing.pgn");

    let output = replay(&[good, missing, broken_gzip]);
    assert!(!output.status.success());
    assert_eq!(json_summary(&output)["games"], 1, "the readable file is still replayed");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("missing.pgn: cannot read: "), "{stderr}");
    assert!(stderr.contains("broken.pgn.gz: cannot read: "), "{stderr}");
    assert!(stderr.contains("2 of 3 file(s) could not be read"), "{stderr}");
}

#[test]
fn each_file_is_read_by_the_game_its_records_name() {
    let dir = scratch("kinds");
    let closing_in = dir.join("closing-in.txt");
    let resigned = "[Game \"closing-in\"]\n[Board \"6x6\"]\n[Result \"0-1\"]\n\n\
        1. D5 B2 2. B3 C3 3. B5 C4 4. C5 D4 5. D6 F4 6. A6 C1 7. A1 B1 0-1\n";
    let stuck =
        "[Game \"closing-in\"]\n[Board \"3x3\"]\n[Result \"1-0\"]\n\n1. A1 B2 2. A2 B1 3. A3 C2 4. C3 C1 5. B3 1-0\n";
    let illegal = "[Game \"closing-in\"]\n[Board \"6x6\"]\n\n1. D5 D5 *\n";
    std::fs::write(&closing_in, format!("{resigned}\n{stuck}\n{illegal}")).expect("a scratch file");
    let kurnik = dir.join("kurnik.pgn");
    std::fs::write(&kurnik, GOOD_GAME).expect("a scratch file");
    let chess = dir.join("chess.pgn");
    std::fs::write(&chess, "[Game \"chess\"]\n\n1. e4 *\n").expect("a scratch file");

    let output = replay(&[closing_in, kurnik.clone()]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let summary = json_summary(&output);
    assert_eq!((summary["games"].as_u64(), summary["illegal"].as_u64()), (Some(4), Some(1)), "{summary}");
    assert_eq!(summary["unfinished"], 1, "the resigned Closing In game: {summary}");
    assert_eq!(summary["result_agrees"], 2, "the kurnik game and the Closing In game won by a stuck opponent");
    assert!(stderr.contains("game 3: move 1"), "the illegal record is named: {stderr}");

    let boxes = dir.join("dots-and-boxes.txt");
    let head = "[Game \"dots-and-boxes\"]\n[Boxes \"1x2\"]\n[Players \"2\"]\n";
    let finished = format!("{head}[Ranks \"2 1\"]\n\na1h\na2h\na1v\nc1v\nb1h\nb1v b2h\n");
    let resigned = format!("{head}[Ranks \"1 2\"]\n\na1h\n");
    let past_the_turn = format!("{head}\na1h\na2h\na1v\nc1v\nb1h\nb1v\nb2h\n");
    std::fs::write(&boxes, format!("{finished}\n{resigned}\n{past_the_turn}")).expect("a scratch file");
    let output = replay(&[boxes]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let summary = json_summary(&output);
    assert_eq!((summary["games"].as_u64(), summary["illegal"].as_u64()), (Some(3), Some(1)), "{summary}");
    assert_eq!((summary["finished"].as_u64(), summary["unfinished"].as_u64()), (Some(1), Some(1)), "{summary}");
    assert_eq!(summary["result_agrees"], 1, "the finished game's ranks are the rules': {summary}");
    assert!(stderr.contains("game 3: turn 6 ends after a completed box"), "the unfinished turn is named: {stderr}");

    let output = replay(&[kurnik, chess]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("chess.pgn: cannot read: its Game tag names no game"));
}

#[test]
fn five_in_a_row_records_are_replayed_by_their_game_tag() {
    let dir = scratch("five-in-a-row");
    let file = dir.join("five-in-a-row.txt");
    let head = "[Game \"five-in-a-row\"]\n[Board \"3x3\"]\n[Line \"3\"]\n[Win \"freestyle\"]\n[Opening \"none\"]\n";
    let won = format!("{head}[Result \"1-0\"]\n\n1. a1 b1 2. a2 b2 3. a3 1-0\n");
    let drawn = format!("{head}[Result \"1/2-1/2\"]\n\n1. b2 a1 2. c3 a3 3. a2 c2 4. b1 b3 5. c1 1/2-1/2\n");
    let resigned = format!("{head}[Result \"0-1\"]\n\n1. b2 a1 0-1\n");
    let illegal = format!("{head}[Result \"*\"]\n\n1. b2 b2 *\n");
    std::fs::write(&file, format!("{won}\n{drawn}\n{resigned}\n{illegal}")).expect("a scratch file");
    let output = replay(&[file]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let summary = json_summary(&output);
    assert_eq!(
        (&summary["games"], &summary["finished"], &summary["unfinished"], &summary["illegal"]),
        (&json!(4), &json!(2), &json!(1), &json!(1)),
        "{summary}"
    );
    assert_eq!(summary["result_agrees"], json!(2), "{summary}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("game 4"), "the illegal game is named");
}
