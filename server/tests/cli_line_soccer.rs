//! `kartka perft --rules` and `kartka replay` on the Paper Soccer variants, as a user runs them: the built
//! binary, its output lines and its errors.

use std::path::PathBuf;
use std::process::{Command, Output};

use kartka_engine::line_soccer::{LineGame, LineRules, TurnTokens, VariantRecord, VariantRules};
use kartka_engine::soccer::LineEnding;
use kartka_engine::Game;
use serde_json::Value;

fn kartka(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kartka")).args(args).output().expect("kartka runs")
}

fn stdout_of(output: &Output) -> String {
    assert!(output.status.success(), "kartka failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn perft_counts_turn_tokens_of_each_ruleset_one_line_per_depth() {
    // The engine's perft data (engine/tests/data/perft/line-soccer.txt) says what these positions give.
    assert_eq!(stdout_of(&kartka(&["perft", "--rules", "line", "--depth", "2"])), "1 360\n2 83984\n");
    assert_eq!(stdout_of(&kartka(&["perft", "--rules", "russian", "--moves", "012 765", "--depth", "1"])), "1 204\n");
    let opcja1 = kartka(&["perft", "--rules", "line/opcja1", "--moves", "012 765 456", "--depth", "1"]);
    assert_eq!(stdout_of(&opcja1), "1 256\n");
}

#[test]
fn perft_names_a_bad_ruleset_or_token() {
    let unknown = kartka(&["perft", "--rules", "xline", "--depth", "1"]);
    assert!(!unknown.status.success());
    let illegal = kartka(&["perft", "--rules", "line", "--moves", "012 7", "--depth", "1"]);
    assert!(!illegal.status.success());
    let stderr = String::from_utf8_lossy(&illegal.stderr);
    assert!(stderr.contains("--moves: token 2 (7)"), "{stderr}");
    let both = kartka(&["perft", "--rules", "line", "--game", "closing-in", "--depth", "1"]);
    assert!(!both.status.success(), "--rules chooses the game");
}

/// The tokens of a whole `line` game, each turn the first the engine lists, and the game at its end.
fn a_finished_game() -> (Vec<String>, LineGame) {
    let mut tokens = TurnTokens::<LineGame>::new(&LineRules::default());
    while tokens.game().to_act().is_some() {
        if tokens.next_is_pass() {
            tokens.play("-").expect("a pass is due");
            continue;
        }
        let mut first = None;
        tokens.for_each_turn(|text, _| {
            first.get_or_insert_with(|| text.to_owned());
        });
        tokens.play(&first.expect("a seat to act has a turn")).expect("a listed turn");
    }
    (tokens.tokens().to_vec(), tokens.game().clone())
}

#[test]
fn replay_reads_variant_records_and_reports_bad_ones() {
    let (tokens, game) = a_finished_game();
    let outcome = game.outcome().expect("over by the rules");
    let rules = VariantRules::Line(LineRules::default());
    let agreeing = VariantRecord::new(rules, tokens.clone(), Some(outcome)).write(LineEnding::Lf);
    let winner = format!(
        "[Winner \"{}\"]",
        match outcome.winner().map(|seat| seat.index()) {
            Some(0) => "P1",
            Some(_) => "P2",
            None => "draw",
        }
    );
    let disagreeing =
        agreeing.replace(&winner, if winner.contains("P1") { "[Winner \"P2\"]" } else { "[Winner \"P1\"]" });
    let illegal = VariantRecord::new(rules, vec!["012".into(), "7".into(), "000".into()], None).write(LineEnding::Lf);
    let unfinished = VariantRecord::new(rules, tokens[..2].to_vec(), None).write(LineEnding::Lf);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_line_soccer");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let file = dir.join("games.txt");
    std::fs::write(&file, format!("{agreeing}\n{disagreeing}\n{illegal}\n{unfinished}")).expect("write the records");

    let output = kartka(&["replay", "--json", file.to_str().expect("a UTF-8 path")]);
    let stdout = stdout_of(&output);
    let summary: Value = serde_json::from_str(stdout.lines().last().expect("a JSON line")).expect("JSON");
    assert_eq!(summary["games"], 4, "{stdout}");
    assert_eq!((summary["finished"].as_u64(), summary["unfinished"].as_u64()), (Some(2), Some(1)), "{stdout}");
    assert_eq!((summary["result_agrees"].as_u64(), summary["result_disagrees"].as_u64()), (Some(1), Some(1)));
    assert_eq!(summary["illegal"], 1);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("game 2") && stderr.contains("Winner"), "{stderr}");
    assert!(stderr.contains("game 3: illegal"), "{stderr}");
}
