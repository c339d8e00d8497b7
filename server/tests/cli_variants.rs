//! `kartka perft --rules` and `kartka replay` on the Paper Soccer variants `classic+centre` and `xrsoccer`, as
//! a user runs them: the built binary, its output lines, its JSON summary and its errors. Expected counts come
//! from the engine's own functions, so the test checks the command line, not the numbers.

use std::path::PathBuf;
use std::process::{Command, Output};

use kartka_engine::soccer::{Direction, Pitch};
use kartka_engine::{soccer_centre, xrsoccer, Game};
use serde_json::{json, Value};

fn kartka(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kartka")).args(args).output().expect("kartka runs")
}

fn stdout_of(output: &Output) -> String {
    assert!(output.status.success(), "kartka failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn lines(counts: &[u64]) -> String {
    counts.iter().enumerate().map(|(depth, count)| format!("{} {count}\n", depth + 1)).collect()
}

#[test]
fn perft_counts_turn_tokens_of_either_variant() {
    let centre = soccer_centre::Position::new(Pitch::STANDARD);
    let output = kartka(&["perft", "--rules", "classic+centre", "--depth", "3"]);
    assert_eq!(stdout_of(&output), lines(&soccer_centre::counts_by_depth(&centre, 3)));

    let rules = xrsoccer::XrRules::STANDARD;
    let after = xrsoccer::replay_tokens(rules, "000 222").expect("two lines");
    let output = kartka(&["perft", "--rules", "xrsoccer", "--moves", "000 222", "--depth", "2"]);
    assert_eq!(stdout_of(&output), lines(&xrsoccer::counts_by_depth(&after, 2)));
}

#[test]
fn perft_refuses_bad_tokens_and_a_second_game() {
    let output = kartka(&["perft", "--rules", "xrsoccer", "--moves", "000 444", "--depth", "1"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("token 2"), "the token is named");
    let output = kartka(&["perft", "--rules", "classic+centre", "--game", "closing-in", "--depth", "1"]);
    assert!(!output.status.success(), "--rules names the game already");
    let output = kartka(&["perft", "--rules", "classic", "--depth", "1"]);
    assert!(!output.status.success(), "an unknown variant");
    assert_eq!(stdout_of(&kartka(&["perft", "--depth", "1"])), "1 8\n", "--game's default is unchanged");
}

/// A finished match of each variant, played by always taking the `n`-th legal step, as a record.
fn finished_records() -> (String, String) {
    let mut centre = soccer_centre::Position::new(Pitch::STANDARD);
    let mut centre_steps: Vec<Direction> = Vec::new();
    while centre.to_act().is_some() {
        let step = centre.pick_legal_action(centre_steps.len() as u64 * 7).expect("a step");
        centre.apply(step).expect("a legal step");
        centre_steps.push(step);
    }
    let centre_record = soccer_centre::CentreRecord::from_actions(Pitch::STANDARD, &centre_steps).expect("replays");
    let rules = xrsoccer::XrRules::new(6, 6, 2).expect("a small field");
    let mut xr = xrsoccer::Position::new(rules);
    let mut xr_steps: Vec<Direction> = Vec::new();
    while xr.to_act().is_some() {
        let step = xr.pick_legal_action(xr_steps.len() as u64 * 5).expect("a step");
        xr.apply(step).expect("a legal step");
        xr_steps.push(step);
    }
    let xr_record = xrsoccer::XrRecord::from_actions(rules, &xr_steps).expect("replays");
    (centre_record.write(), xr_record.write())
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_variants").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn json_summary(output: &Output) -> Value {
    let text = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(text.lines().last().expect("a summary line")).expect("the last line is JSON")
}

#[test]
fn replay_reads_each_variant_by_its_tag_and_reports_bad_games() {
    let (centre, xr) = finished_records();
    let score = |text: &str| text.lines().find(|line| line.starts_with("[Score")).expect("a score").to_owned();
    let wrong_score = centre.replace(&score(&centre), "[Score \"99-0\"]");
    // The first token gets a fourth step: a line is three.
    let illegal = xr.replacen("\n1. ", "\n1. 5", 1);
    let unfinished = "[Variant \"xrsoccer\"]\n[Board \"6x6\"]\n[Target \"2\"]\n\n1. 00\n";
    let dir = scratch("replay");
    let (centre_file, xr_file) = (dir.join("centre.txt"), dir.join("xr.txt"));
    std::fs::write(&centre_file, format!("{centre}\n{wrong_score}")).expect("write");
    std::fs::write(&xr_file, format!("{xr}\n{illegal}\n{unfinished}")).expect("write");
    let output = kartka(&["replay", "--json", centre_file.to_str().unwrap(), xr_file.to_str().unwrap()]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(
        json_summary(&output),
        json!({"games": 5, "illegal": 1, "finished": 3, "result_agrees": 2, "result_disagrees": 1, "unfinished": 1})
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("centre.txt: game 2:") && stderr.contains("99"), "the wrong score, per file: {stderr}");
    assert!(stderr.contains("xr.txt: game 2: illegal"), "{stderr}");
}
