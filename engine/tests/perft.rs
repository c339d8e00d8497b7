//! Paper Soccer perft regression values from `tests/data/perft/paper-soccer.txt`: the number of distinct-turn
//! sequences of each length from known positions.

#[path = "common/perft_data.rs"]
mod perft_data;

use kartka_engine::soccer::{Direction, Perft, Pitch, Position, TurnEnumerator};
use perft_data::{entries, Entry};

fn pitch(entry: &Entry) -> Pitch {
    let text = entry.field("pitch");
    let parsed = text.split_once('x').and_then(|(width, rest)| {
        let (height, goal) = rest.split_once('/')?;
        Pitch::new(width.parse().ok()?, height.parse().ok()?, goal.parse().ok()?).ok()
    });
    parsed.unwrap_or_else(|| panic!("line {}: pitch {text:?} is not WIDTHxHEIGHT/GOAL", entry.line))
}

fn position(entry: &Entry) -> Position {
    let mut position = Position::new(pitch(entry));
    for (index, digit) in entry.field("moves").chars().enumerate() {
        let direction = Direction::from_digit(digit).expect("a digit 0-7");
        if let Err(illegal) = position.step(direction) {
            panic!("{}: step {index} ({digit}) is illegal: {illegal}", entry.field("name"));
        }
    }
    position
}

fn named(name: &str) -> Position {
    let entries = entries("paper-soccer");
    let entry = entries.iter().find(|entry| entry.field("name") == name).expect("a named position");
    position(entry)
}

#[test]
fn perft_matches_the_data_file() {
    let mut perft = Perft::new();
    for entry in entries("paper-soccer") {
        let counts = perft.counts_by_depth(&position(&entry), entry.counts.len());
        assert_eq!(counts, entry.counts, "{}", entry.field("name"));
    }
}

#[test]
fn each_depth_alone_agrees_with_the_walk_of_all_depths() {
    let start = Position::default();
    let mut perft = Perft::new();
    assert_eq!(perft.count(&start, 0), 1);
    for (depth, expected) in (1..).zip([8, 56, 512, 5478]) {
        assert_eq!(perft.count(&start, depth), expected, "depth {depth}");
        assert_eq!(kartka_engine::soccer::perft(&start, depth), expected, "depth {depth}, fresh counter");
    }
}

#[test]
fn depth_one_is_the_number_of_distinct_turns() {
    // The big bounce networks are left to the perft walk: collecting their turns one vector each is slow in
    // debug builds and shows nothing more.
    for entry in entries("paper-soccer").into_iter().filter(|entry| entry.counts[0] <= 10_000) {
        let turns = kartka_engine::soccer::distinct_turns(&position(&entry));
        assert_eq!(turns.len() as u64, entry.counts[0], "{}", entry.field("name"));
    }
}

#[test]
fn the_bounce_networks_have_long_turns() {
    let mut enumerator = TurnEnumerator::new();
    for (name, longest_turn) in [("network-402", 41), ("network-464", 46)] {
        let mut longest = 0;
        enumerator.for_each_distinct_turn(&named(name), |steps, _| {
            longest = longest.max(steps.len());
        });
        assert_eq!(longest, longest_turn, "{name}");
    }
}
