//! `kartka-bot-lab ladder` as a user runs it: the built binary, its table, and its refusals.

use std::process::{Command, Output};

fn ladder(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kartka-bot-lab")).arg("ladder").args(args).output().expect("the lab runs")
}

#[test]
fn a_small_closing_in_ladder_prints_a_row_a_pairing_and_the_ratings() {
    let output = ladder(&["--game", "closing-in", "--size", "4", "--levels", "1,8", "--games", "4", "--nodes", "2000"]);
    assert!(output.status.success(), "the ladder ran: {}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let row = text
        .lines()
        .find(|line| line.starts_with("| 1 | 8 |"))
        .unwrap_or_else(|| panic!("a row for 1 against 8:\n{text}"));
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    let counts: Vec<u32> = cells[3..=5].iter().map(|cell| cell.parse().expect("a count")).collect();
    assert_eq!(counts.iter().sum::<u32>(), 4, "four games: {row}");
    assert!(text.lines().last().is_some_and(|line| line.starts_with("ladder (level 1 at 0): 1: +0, 8: ")), "{text}");
}

#[test]
fn pit_prints_a_row_for_each_player_against_the_reference() {
    let output = ladder(&["--pit", "default,generic,mcts", "--games", "2", "--nodes", "500", "--jobs", "1"]);
    assert!(output.status.success(), "the ladder ran: {}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    for other in ["generic", "mcts"] {
        let row = text
            .lines()
            .find(|line| line.starts_with(&format!("| {other} | default |")))
            .unwrap_or_else(|| panic!("a row for {other}:\n{text}"));
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let counts: Vec<u32> = cells[3..=5].iter().map(|cell| cell.parse().expect("a count")).collect();
        assert_eq!(counts.iter().sum::<u32>(), 2, "two games: {row}");
    }
    let unknown = ladder(&["--pit", "default,nobody"]);
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no player is called"));
}

#[test]
fn one_level_or_an_unknown_one_is_refused() {
    let alone = ladder(&["--levels", "3"]);
    assert!(!alone.status.success());
    assert!(String::from_utf8_lossy(&alone.stderr).contains("at least two levels"));
    assert!(!ladder(&["--levels", "1,9"]).status.success(), "there is no level 9");
}
