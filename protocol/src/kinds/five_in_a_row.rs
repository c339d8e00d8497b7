//! Five in a row's own wire types: the options of a ruleset (the board, the winning line, what wins and the
//! opening, rules §1–3) and their bounds. Which options go together (renju on 15 × 15 with a line of five only,
//! the `pro` openings' board sizes, swap2's line) is the engine's to check; a ruleset it refuses is refused as
//! an invalid ruleset.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The narrowest and lowest bounded board (tic-tac-toe's).
pub const MIN_SIDE: u8 = 3;
/// The widest and highest bounded board.
pub const MAX_SIDE: u8 = 25;
/// The shortest winning line.
pub const MIN_LINE: u8 = 3;
/// The longest winning line.
pub const MAX_LINE: u8 = 6;
/// A side of the board when `width` or `height` is left out (gomoku's 15 × 15).
pub const DEFAULT_SIDE: u8 = 15;

/// What wins (rules §2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum FiveInARowWin {
    /// `line` or more stones in a row.
    #[default]
    Freestyle,
    /// Exactly `line` stones; an overline does not win and play goes on.
    Exact,
    /// Exactly `line` stones not blocked at both ends by the opponent (an edge does not block), or an overline.
    Caro,
    /// Renju (a line of 5 on 15 × 15 only): Black wins with exactly five, White with five or more; Black's
    /// overlines, double fours and double threes are refused with the error `forbidden`.
    Renju,
}

/// How the game begins, and so which seat plays Black (rules §3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FiveInARowOpening {
    /// The first seat is Black.
    #[default]
    None,
    /// The first seat is Black; Black's first stone on the centre, its second at least 3 points from it.
    Pro,
    /// As `pro`, Black's second stone at least 4 points from the centre.
    LongPro,
    /// The first seat places black, white, black; the second seat chooses a colour (`=B` or `=W`); White moves
    /// next.
    Swap,
    /// The first seat places black, white, black; the second seat chooses Black (`=B`), or chooses White (`=W`)
    /// and places White's fourth stone, or places a black and a white stone and leaves the choice to the first
    /// seat.
    Swap2,
}

/// A Five in a row game: a bounded board of `width` × `height` points or the endless board, the winning
/// `line`, what wins and the opening; the options of `five-in-a-row`. Tic-tac-toe is `width` 3, `height` 3,
/// `line` 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct FiveInARowOptions {
    /// Columns of points (3–25; 15 when left out). Left out on the endless board: giving it there is refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = MIN_SIDE, max = MAX_SIDE))]
    pub width: Option<u8>,
    /// Rows of points (3–25; 15 when left out). Left out on the endless board: giving it there is refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = MIN_SIDE, max = MAX_SIDE))]
    pub height: Option<u8>,
    /// The endless board: points `x,y` around the first stone at `0,0` (|x|, |y| ≤ 1000).
    pub endless: bool,
    /// The length that wins (3–6; 5 when left out).
    #[schemars(range(min = MIN_LINE, max = MAX_LINE))]
    pub line: u8,
    /// What wins.
    pub win: FiveInARowWin,
    /// How the game begins.
    pub opening: FiveInARowOpening,
}

/// Gomoku on 15 × 15 with a line of five, freestyle, without an opening: what a ruleset of nothing but its
/// kind is.
impl Default for FiveInARowOptions {
    fn default() -> FiveInARowOptions {
        FiveInARowOptions {
            width: None,
            height: None,
            endless: false,
            line: 5,
            win: FiveInARowWin::default(),
            opening: FiveInARowOpening::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RulesetSpec;

    #[test]
    fn left_out_options_are_gomoku_without_an_opening_and_written_options_read_back() {
        let spec: RulesetSpec = serde_json::from_value(serde_json::json!({ "kind": "five-in-a-row" })).unwrap();
        let RulesetSpec::FiveInARow(options) = spec else { panic!("{spec:?}") };
        assert_eq!((options.width, options.height, options.endless), (None, None, false));
        assert_eq!(
            (options.line, options.win, options.opening),
            (5, FiveInARowWin::Freestyle, FiveInARowOpening::None)
        );
        let written = serde_json::json!({
            "kind": "five-in-a-row", "width": 15, "height": 15, "endless": false, "line": 5, "win": "renju",
            "opening": "long-pro"
        });
        let spec: RulesetSpec = serde_json::from_value(written.clone()).unwrap();
        assert_eq!(serde_json::to_value(spec).unwrap(), written);
        let endless = serde_json::json!({
            "kind": "five-in-a-row", "endless": true, "line": 6, "win": "caro", "opening": "swap2"
        });
        let spec: RulesetSpec = serde_json::from_value(endless.clone()).unwrap();
        assert_eq!(serde_json::to_value(spec).unwrap(), endless, "no width or height on the endless board");
    }
}
