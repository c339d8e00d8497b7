//! Five in a row in the server: the rules from a client's ruleset (a bounded board or the endless one, the
//! winning line, the win rule and the opening, validated by the engine), the rules' tagged record out and in,
//! the Gomocup board text as a foreign format, and the command-line tools.

mod import;
mod record;
mod tools;

use kartka_engine::five_in_a_row::{BoardShape, Opening, Rules, WinRule};
use kartka_engine::{GameKind, Ruleset};
use kartka_protocol::kinds::five_in_a_row::{FiveInARowOpening, FiveInARowOptions, FiveInARowWin, DEFAULT_SIDE};
use kartka_protocol::RulesetSpec;

use super::{Kind, RulesetError};
use crate::games::records::{ExportError, ForeignFormat, ReadGames, RecordParts};
use crate::games::tools::{Setup, Solved, Tally, ToolError};

/// Turns per player in a typical game: a gomoku game between people ends after 20 to 40 stones each, a
/// tic-tac-toe game after at most 5; the speed class is meant for gomoku.
const TYPICAL_TURNS_PER_PLAYER: u64 = 30;

/// Five in a row, as the registry lists it.
pub struct FiveInARow;

/// The rules of a client's options: a bounded board's sides default to 15, the endless board takes none; the
/// engine checks the ranges and which options go together.
pub fn ruleset(options: &FiveInARowOptions) -> Result<Ruleset, RulesetError> {
    let board = if options.endless {
        if options.width.is_some() || options.height.is_some() {
            return Err(RulesetError::Invalid("the endless board has no width or height".into()));
        }
        BoardShape::Endless
    } else {
        BoardShape::Bounded {
            width: options.width.unwrap_or(DEFAULT_SIDE),
            height: options.height.unwrap_or(DEFAULT_SIDE),
        }
    };
    let rules = Rules::new(board, options.line, win_rule(options.win), opening(options.opening))
        .map_err(RulesetError::invalid)?;
    Ok(Ruleset::FiveInARow(rules))
}

/// The protocol's ruleset of the engine's rules: a bounded board's sides always written.
pub fn spec(rules: &Rules) -> RulesetSpec {
    let (width, height, endless) = match rules.board() {
        BoardShape::Bounded { width, height } => (Some(width), Some(height), false),
        BoardShape::Endless => (None, None, true),
    };
    let win = match rules.win() {
        WinRule::Freestyle => FiveInARowWin::Freestyle,
        WinRule::Exact => FiveInARowWin::Exact,
        WinRule::Caro => FiveInARowWin::Caro,
        WinRule::Renju => FiveInARowWin::Renju,
    };
    let opening = match rules.opening() {
        Opening::None => FiveInARowOpening::None,
        Opening::Pro => FiveInARowOpening::Pro,
        Opening::LongPro => FiveInARowOpening::LongPro,
        Opening::Swap => FiveInARowOpening::Swap,
        Opening::Swap2 => FiveInARowOpening::Swap2,
    };
    RulesetSpec::FiveInARow(FiveInARowOptions { width, height, endless, line: rules.line(), win, opening })
}

fn win_rule(win: FiveInARowWin) -> WinRule {
    match win {
        FiveInARowWin::Freestyle => WinRule::Freestyle,
        FiveInARowWin::Exact => WinRule::Exact,
        FiveInARowWin::Caro => WinRule::Caro,
        FiveInARowWin::Renju => WinRule::Renju,
    }
}

fn opening(opening: FiveInARowOpening) -> Opening {
    match opening {
        FiveInARowOpening::None => Opening::None,
        FiveInARowOpening::Pro => Opening::Pro,
        FiveInARowOpening::LongPro => Opening::LongPro,
        FiveInARowOpening::Swap => Opening::Swap,
        FiveInARowOpening::Swap2 => Opening::Swap2,
    }
}

/// The engine's rules of a stored or sent ruleset that must be Five in a row's.
fn rules_of(spec: &RulesetSpec) -> Result<Rules, ExportError> {
    match super::ruleset(spec).map_err(|e| ExportError::Ruleset(e.to_string()))? {
        Ruleset::FiveInARow(rules) => Ok(rules),
        other => Err(ExportError::Ruleset(format!("{other:?} is not a Five in a row ruleset"))),
    }
}

impl Kind for FiveInARow {
    fn kind(&self) -> GameKind {
        GameKind::FiveInARow
    }

    fn display_name(&self) -> &'static str {
        "Five in a row"
    }

    fn typical_turns_per_player(&self) -> u64 {
        TYPICAL_TURNS_PER_PLAYER
    }

    fn record(&self, game: &RecordParts<'_>) -> Result<String, ExportError> {
        record::record(game)
    }

    fn foreign_formats(&self) -> &'static [ForeignFormat] {
        record::FORMATS
    }

    fn read_records(&self, text: &str) -> ReadGames {
        import::read_games(text)
    }

    fn sized_ruleset(&self, size: u8) -> Result<Ruleset, ToolError> {
        let options = FiveInARowOptions { width: Some(size), height: Some(size), ..FiveInARowOptions::default() };
        ruleset(&options).map_err(|error| ToolError(format!("--size: {error}")))
    }

    fn perft(&self, setup: &Setup, depth: usize) -> Result<Vec<u64>, ToolError> {
        tools::perft(setup, depth)
    }

    fn solve(&self, setup: &Setup, _budget: u64) -> Result<Solved, ToolError> {
        tools::solve(setup)
    }

    fn replay(&self, file: &str, text: &str) -> Tally {
        tools::replay(file, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(value: serde_json::Value) -> FiveInARowOptions {
        match serde_json::from_value(value) {
            Ok(RulesetSpec::FiveInARow(options)) => options,
            other => panic!("not five in a row options: {other:?}"),
        }
    }

    #[test]
    fn options_become_the_engines_rules_and_back() {
        let tic_tac_toe = options(serde_json::json!({ "kind": "five-in-a-row", "width": 3, "height": 3, "line": 3 }));
        assert_eq!(ruleset(&tic_tac_toe).ok(), Some(Ruleset::FiveInARow(Rules::TIC_TAC_TOE)));
        let gomoku = ruleset(&FiveInARowOptions::default()).expect("the defaults are valid");
        let Ruleset::FiveInARow(rules) = gomoku else { panic!("{gomoku:?}") };
        assert_eq!(rules.board(), BoardShape::Bounded { width: 15, height: 15 });
        assert_eq!((rules.line(), rules.win(), rules.opening()), (5, WinRule::Freestyle, Opening::None));
        let endless = options(serde_json::json!({ "kind": "five-in-a-row", "endless": true, "opening": "swap2" }));
        let endless_rules = ruleset(&endless).expect("the endless board");
        assert_eq!(super::super::ruleset(&super::super::spec(&endless_rules)).ok(), Some(endless_rules));
    }

    #[test]
    fn options_the_rules_refuse_are_ruleset_errors() {
        let cases = [
            (serde_json::json!({ "kind": "five-in-a-row", "endless": true, "width": 15 }), "no width or height"),
            (serde_json::json!({ "kind": "five-in-a-row", "width": 19, "height": 19, "win": "renju" }), "renju"),
            (serde_json::json!({ "kind": "five-in-a-row", "width": 26 }), "3 to 25 points"),
            (serde_json::json!({ "kind": "five-in-a-row", "line": 7 }), "3 to 6 stones"),
            (
                serde_json::json!({ "kind": "five-in-a-row", "width": 3, "height": 3, "line": 3, "opening": "swap2" }),
                "swap2",
            ),
        ];
        for (value, message) in cases {
            let error = ruleset(&options(value.clone())).expect_err("refused");
            assert!(matches!(&error, RulesetError::Invalid(text) if text.contains(message)), "{value}: {error}");
        }
    }
}
