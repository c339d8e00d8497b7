//! Reading files of Dots SGF records (zagram's, or ours): each game tree replayed through the engine, its
//! players, date and main time taken from the root, its rules refused when the lobby cannot play them.

use kartka_engine::dots::{read_sgf, DotsRecord, Entry, Margin};
use kartka_engine::{Game, Progress};
use kartka_protocol::EndReasonName;

use super::try_spec;
use crate::games::convert;
use crate::games::records::{moment_of, player_name, unrecorded_ending, ReadGame, ReadGames, ReadMove};

/// Whether a record file is SGF: it opens a game tree.
pub fn is_sgf(text: &str) -> bool {
    text.trim_start_matches('\u{feff}').trim_start().starts_with("(;")
}

/// The game trees of an SGF collection, each from its `(` to its matching `)`; text between trees is ignored,
/// and an unclosed last tree is kept whole (its reader reports it).
pub fn game_trees(text: &str) -> Vec<&str> {
    let mut trees = Vec::new();
    let (mut depth, mut start, mut in_value, mut escaped) = (0usize, 0usize, false, false);
    for (at, character) in text.char_indices() {
        if in_value {
            match character {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                ']' => in_value = false,
                _ => {}
            }
            continue;
        }
        match character {
            '[' if depth > 0 => in_value = true,
            '(' => {
                if depth == 0 {
                    start = at;
                }
                depth += 1;
            }
            ')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    trees.push(&text[start..=at]);
                }
            }
            _ => {}
        }
    }
    if depth > 0 {
        trees.push(&text[start..]);
    }
    trees
}

/// The first value of property `name` in the root node of one game tree, unescaped.
pub fn root_property(tree: &str, name: &str) -> Option<String> {
    let bytes = tree.as_bytes();
    let mut at = 0;
    let mut in_root = false;
    while at < bytes.len() {
        match bytes[at] {
            b';' if in_root => return None,
            b';' => in_root = true,
            b'[' => {
                let (value, next) = value_at(tree, at);
                let ident_start =
                    tree[..at].trim_end().rfind(|c: char| !c.is_ascii_uppercase()).map_or(0, |index| index + 1);
                if tree[ident_start..at].trim_end() == name {
                    return Some(value);
                }
                at = next;
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    None
}

/// The value starting at the `[` at `open`, unescaped, and where the text goes on after its `]`.
fn value_at(tree: &str, open: usize) -> (String, usize) {
    let mut value = String::new();
    let mut escaped = false;
    for (offset, character) in tree[open + 1..].char_indices() {
        match character {
            _ if escaped => {
                value.push(character);
                escaped = false;
            }
            '\\' => escaped = true,
            ']' => return (value, open + 1 + offset + 1),
            _ => value.push(character),
        }
    }
    (value, tree.len())
}

/// Every game of a file of Dots SGF records, replayed and checked; the refused ones with the reason.
pub fn read_games(text: &str) -> ReadGames {
    let records = game_trees(text)
        .into_iter()
        .map(|tree| read_sgf(tree).map(|record| (tree, record)).map_err(|e| format!("malformed, {e}")));
    ReadGames::of_records(records, |index, (tree, record)| checked(index, tree, record))
}

/// A record replayed through the engine, with its result: the rules' outcome when they ended the game, else
/// the recorded winner (by resignation or on time when `RE` says so).
fn checked(index: u64, tree: &str, record: &DotsRecord) -> Result<ReadGame, String> {
    let ruleset = try_spec(&record.rules)?;
    let mut position = record.start_position().map_err(|e| format!("illegal: {e}"))?;
    let mut moves = Vec::with_capacity(record.entries.len());
    for (number, entry) in record.entries.iter().enumerate() {
        let Entry::Action(action) = *entry else { break };
        let seat = position.to_move();
        let progress = position.apply(action).map_err(|e| format!("illegal: action {}: {e}", number + 1))?;
        let mut notation = String::new();
        kartka_engine::dots::write_action(action, &mut notation);
        moves.push(ReadMove { seat, notation, actions: 1, turn_ended: progress != Progress::TurnContinues });
    }
    let result = match (position.outcome(), record.result) {
        (Some(outcome), _) => Some(convert::game_result(outcome)),
        (None, None) => None,
        (None, Some(recorded)) => {
            let mut result = unrecorded_ending(recorded.win.map(|(seat, _)| seat));
            result.reason = match recorded.win.map(|(_, margin)| margin) {
                Some(Margin::Resign) => EndReasonName::Resignation,
                Some(Margin::Time) => EndReasonName::Time,
                _ => EndReasonName::Unknown,
            };
            Some(result)
        }
    };
    let date = root_property(tree, "DT").map(|date| date.replace('-', "."));
    let initial_seconds = root_property(tree, "TM").and_then(|value| value.trim().parse().ok()).unwrap_or(0);
    Ok(ReadGame {
        index,
        names: vec![
            player_name(root_property(tree, "PB").as_deref()),
            player_name(root_property(tree, "PW").as_deref()),
        ],
        created_at: moment_of(date.as_deref(), None)?,
        ruleset,
        initial_seconds,
        rated: false,
        moves,
        result,
        departures: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The corpus game, read in place from the shared folder beside the checkout.
    fn corpus() -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus/dots/zagram352562.sgf");
        std::fs::read_to_string(path).expect("the shared corpus beside the checkout")
    }

    /// A zagram-style game on an empty 10x10 field: Black (first) captures at ef and White resigns.
    const SMALL: &str = "(;FF[4]GM[40]SZ[10:10]PB[Ala]PW[Ola]DT[2021-01-18]TM[300]RE[B+R];B[ed];W[ee];B[de];W[aa];B[fe];W[ba];B[ef.edfeefdeed])";

    #[test]
    fn reads_players_date_time_and_the_resignation() {
        let read = read_games(SMALL);
        assert_eq!((read.count, read.games.len()), (1, 1), "{:?}", read.rejections);
        let game = &read.games[0];
        assert_eq!(game.names, ["Ala".to_owned(), "Ola".to_owned()]);
        assert_eq!(
            game.moves.iter().map(|m| m.notation.as_str()).collect::<Vec<_>>(),
            ["ed", "ee", "de", "aa", "fe", "ba", "ef"]
        );
        assert_eq!(game.initial_seconds, 300);
        assert_eq!(moment_of(Some("2021.01.18"), None), Ok(game.created_at));
        let result = game.result.clone().expect("White resigned");
        assert_eq!(
            (result.winner, result.reason),
            (Some(kartka_protocol::SeatName::First), EndReasonName::Resignation)
        );
    }

    #[test]
    fn the_zagram_start_is_refused_as_a_custom_start() {
        // zagram's four crosses are not the rules' cross4: the lobby's rulesets cannot say them.
        let read = read_games(&corpus());
        assert_eq!((read.count, read.games.len()), (1, 0));
        assert!(read.rejections[0].1.contains("custom start"), "{:?}", read.rejections);
    }

    #[test]
    fn a_collection_splits_into_its_trees_and_bad_ones_are_refused() {
        let out_of_turn = "(;GM[40]SZ[10:10];B[aa];B[bb])";
        let file = format!("{SMALL}\n{out_of_turn}\n(;GM[1]SZ[19])");
        assert_eq!(game_trees(&file).len(), 3);
        let read = read_games(&file);
        assert_eq!((read.count, read.games.len()), (3, 1));
        assert_eq!(read.rejections.iter().map(|(index, _)| *index).collect::<Vec<_>>(), [2, 3]);
        assert!(is_sgf("\n (;FF[4]") && !is_sgf("[Game \"dots\"]"));
        assert_eq!(root_property("(;PB[a\\]b]PW[c];B[aa])", "PB").as_deref(), Some("a]b"));
        assert_eq!(root_property("(;PB[x];PW[c])", "PW"), None, "only the root");
    }
}
