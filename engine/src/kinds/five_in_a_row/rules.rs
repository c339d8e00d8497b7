//! The options of a Five in a row game (rules §1–3), validated: the board, the winning length, what wins, and
//! the opening.

use std::fmt;

use super::board::Point;
use super::limits::{ENDLESS_REACH, MAX_LINE, MAX_SIDE, MIN_LINE, MIN_SIDE};

/// The board: bounded, or endless around the first stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardShape {
    /// `width` × `height` points, each side 3–25.
    Bounded {
        /// Columns, `a` from the left.
        width: u8,
        /// Rows, `1` from the bottom.
        height: u8,
    },
    /// The endless board: points `x,y` with |x|, |y| ≤ [`ENDLESS_REACH`], the first stone at `0,0`.
    Endless,
}

impl BoardShape {
    /// Whether `point` lies on the board.
    #[must_use]
    pub const fn contains(self, point: Point) -> bool {
        match self {
            BoardShape::Bounded { width, height } => {
                point.x >= 0 && point.y >= 0 && point.x < width as i16 && point.y < height as i16
            }
            BoardShape::Endless => point.x.abs() <= ENDLESS_REACH && point.y.abs() <= ENDLESS_REACH,
        }
    }

    /// The centre the `pro` openings measure from: the middle point of a bounded board (the lower-left of the
    /// middle four on an even side), `0,0` on the endless board.
    #[must_use]
    pub const fn centre(self) -> Point {
        match self {
            BoardShape::Bounded { width, height } => Point::new((width as i16 - 1) / 2, (height as i16 - 1) / 2),
            BoardShape::Endless => Point::new(0, 0),
        }
    }
}

impl fmt::Display for BoardShape {
    /// `15x15`, or `endless`: the value of a record's `Board` tag.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardShape::Bounded { width, height } => write!(f, "{width}x{height}"),
            BoardShape::Endless => f.write_str("endless"),
        }
    }
}

/// What wins (rules §2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WinRule {
    /// `line` or more stones in a row.
    #[default]
    Freestyle,
    /// Exactly `line` stones; an overline does not win and play goes on.
    Exact,
    /// Exactly `line` stones not blocked at both ends by the opponent (an edge does not block), or an overline.
    Caro,
    /// Renju (line 5 on 15×15 only): Black wins with exactly five, White with five or more; Black's overlines,
    /// double-fours and double-threes are forbidden.
    Renju,
}

/// How the game begins, and so which seat plays which colour (rules §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opening {
    /// The first seat is Black.
    None,
    /// The first seat is Black; Black's first stone on the centre, its second at least 3 points from it.
    Pro,
    /// As `Pro`, Black's second stone at least 4 points from the centre.
    LongPro,
    /// The first seat places black, white, black; the second seat chooses a colour; White moves next.
    Swap,
    /// The first seat places black, white, black; the second seat chooses Black, or chooses White and places
    /// White's fourth stone, or places a black and a white stone and leaves the choice to the first seat.
    Swap2,
}

impl Opening {
    /// The option's name in records: `none`, `pro`, `long-pro`, `swap`, `swap2`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Opening::None => "none",
            Opening::Pro => "pro",
            Opening::LongPro => "long-pro",
            Opening::Swap => "swap",
            Opening::Swap2 => "swap2",
        }
    }

    /// The opening called `name` (see [`Opening::name`]).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Opening> {
        [Opening::None, Opening::Pro, Opening::LongPro, Opening::Swap, Opening::Swap2]
            .into_iter()
            .find(|opening| opening.name() == name)
    }

    /// How far (in rows or columns) Black's second stone must stand from the centre, for the `pro` openings.
    #[must_use]
    pub const fn second_black_distance(self) -> Option<i16> {
        match self {
            Opening::Pro => Some(3),
            Opening::LongPro => Some(4),
            Opening::None | Opening::Swap | Opening::Swap2 => None,
        }
    }
}

impl WinRule {
    /// The option's name in records: `freestyle`, `exact`, `caro`, `renju`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            WinRule::Freestyle => "freestyle",
            WinRule::Exact => "exact",
            WinRule::Caro => "caro",
            WinRule::Renju => "renju",
        }
    }

    /// The win rule called `name` (see [`WinRule::name`]).
    #[must_use]
    pub fn from_name(name: &str) -> Option<WinRule> {
        [WinRule::Freestyle, WinRule::Exact, WinRule::Caro, WinRule::Renju].into_iter().find(|win| win.name() == name)
    }
}

/// Options the rules do not allow together, or out of their ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A bounded board's side outside 3–25.
    #[error("a board is {MIN_SIDE} to {MAX_SIDE} points a side, not {width}x{height}")]
    BoardSize {
        /// The columns asked for.
        width: u8,
        /// The rows asked for.
        height: u8,
    },
    /// A winning length outside 3–6.
    #[error("the winning line is {MIN_LINE} to {MAX_LINE} stones, not {0}")]
    Line(u8),
    /// A line longer than both sides of the board: nobody could ever win.
    #[error("a line of {line} does not fit a {width}x{height} board")]
    LineDoesNotFit {
        /// The winning length.
        line: u8,
        /// The columns.
        width: u8,
        /// The rows.
        height: u8,
    },
    /// Renju on another board or line than 15×15 and five.
    #[error("renju is played with a line of 5 on 15x15 only")]
    RenjuBoard,
    /// A `pro` opening on a board without a point far enough from the centre for Black's second stone.
    #[error("the {opening} opening needs a board of at least {side}x{side}", side = .0, opening = .1.name())]
    OpeningBoard(u8, Opening),
    /// A swap opening with a line so short that the opening's stones could already win before the colours are
    /// chosen (swap2's third black stone with a line of 3).
    #[error("the {opening} opening needs a line of at least {line}", line = .0, opening = .1.name())]
    OpeningLine(u8, Opening),
}

/// The options of one game. The default is gomoku (15×15, five, freestyle) without an opening; the rules
/// document's gomoku with swap2 is [`Rules::GOMOKU`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    board: BoardShape,
    line: u8,
    win: WinRule,
    opening: Opening,
}

/// The rules of a game whose options are all left out, on the wire as here: 15×15, five, freestyle, and no
/// opening (the first seat is Black), so that a ruleset naming only its kind is these rules in every layer.
/// The rules document's own gomoku, with swap2, is [`Rules::GOMOKU`], chosen by naming the opening.
impl Default for Rules {
    fn default() -> Rules {
        Rules { opening: Opening::None, ..Rules::GOMOKU }
    }
}

impl Rules {
    /// Gomoku as the rules document defaults it: 15×15, five, freestyle, swap2.
    pub const GOMOKU: Rules = Rules {
        board: BoardShape::Bounded { width: 15, height: 15 },
        line: 5,
        win: WinRule::Freestyle,
        opening: Opening::Swap2,
    };

    /// Tic-tac-toe: 3×3, three, freestyle, no opening.
    pub const TIC_TAC_TOE: Rules = Rules {
        board: BoardShape::Bounded { width: 3, height: 3 },
        line: 3,
        win: WinRule::Freestyle,
        opening: Opening::None,
    };

    /// The rules of these options, if they are allowed together.
    pub const fn new(board: BoardShape, line: u8, win: WinRule, opening: Opening) -> Result<Rules, RulesError> {
        if line < MIN_LINE || line > MAX_LINE {
            return Err(RulesError::Line(line));
        }
        if let BoardShape::Bounded { width, height } = board {
            if width < MIN_SIDE || width > MAX_SIDE || height < MIN_SIDE || height > MAX_SIDE {
                return Err(RulesError::BoardSize { width, height });
            }
            if line > width && line > height {
                return Err(RulesError::LineDoesNotFit { line, width, height });
            }
            if let Some(distance) = opening.second_black_distance() {
                // The centre is at (side − 1) / 2; a point `distance` away exists when the side reaches past it.
                let needed = 2 * distance as u8 + 1;
                if width < needed && height < needed {
                    return Err(RulesError::OpeningBoard(needed, opening));
                }
            }
        }
        if matches!(win, WinRule::Renju)
            && !(line == 5 && matches!(board, BoardShape::Bounded { width: 15, height: 15 }))
        {
            return Err(RulesError::RenjuBoard);
        }
        if matches!(opening, Opening::Swap2) && line < 4 {
            return Err(RulesError::OpeningLine(4, opening));
        }
        Ok(Rules { board, line, win, opening })
    }

    /// The board.
    #[must_use]
    pub const fn board(self) -> BoardShape {
        self.board
    }

    /// The length that wins.
    #[must_use]
    pub const fn line(self) -> u8 {
        self.line
    }

    /// What wins.
    #[must_use]
    pub const fn win(self) -> WinRule {
        self.win
    }

    /// The opening.
    #[must_use]
    pub const fn opening(self) -> Opening {
        self.opening
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SQUARE_15: BoardShape = BoardShape::Bounded { width: 15, height: 15 };

    #[test]
    fn the_defaults_are_gomoku_and_tic_tac_toe_is_valid() {
        assert_eq!(Rules::default(), Rules::new(SQUARE_15, 5, WinRule::Freestyle, Opening::None).unwrap());
        assert_eq!(Rules::GOMOKU, Rules::new(SQUARE_15, 5, WinRule::Freestyle, Opening::Swap2).unwrap());
        let board = BoardShape::Bounded { width: 3, height: 3 };
        assert_eq!(Rules::new(board, 3, WinRule::Freestyle, Opening::None), Ok(Rules::TIC_TAC_TOE));
    }

    #[test]
    fn options_out_of_range_or_together_are_refused() {
        let cases = [
            (
                BoardShape::Bounded { width: 2, height: 5 },
                3,
                WinRule::Freestyle,
                Opening::None,
                RulesError::BoardSize { width: 2, height: 5 },
            ),
            (
                BoardShape::Bounded { width: 26, height: 5 },
                3,
                WinRule::Freestyle,
                Opening::None,
                RulesError::BoardSize { width: 26, height: 5 },
            ),
            (SQUARE_15, 2, WinRule::Freestyle, Opening::None, RulesError::Line(2)),
            (SQUARE_15, 7, WinRule::Freestyle, Opening::None, RulesError::Line(7)),
            (
                BoardShape::Bounded { width: 4, height: 3 },
                5,
                WinRule::Freestyle,
                Opening::None,
                RulesError::LineDoesNotFit { line: 5, width: 4, height: 3 },
            ),
            (BoardShape::Bounded { width: 19, height: 19 }, 5, WinRule::Renju, Opening::None, RulesError::RenjuBoard),
            (SQUARE_15, 6, WinRule::Renju, Opening::None, RulesError::RenjuBoard),
            (BoardShape::Endless, 5, WinRule::Renju, Opening::None, RulesError::RenjuBoard),
            (
                BoardShape::Bounded { width: 6, height: 6 },
                4,
                WinRule::Freestyle,
                Opening::Pro,
                RulesError::OpeningBoard(7, Opening::Pro),
            ),
            (
                BoardShape::Bounded { width: 8, height: 8 },
                4,
                WinRule::Freestyle,
                Opening::LongPro,
                RulesError::OpeningBoard(9, Opening::LongPro),
            ),
            (
                BoardShape::Bounded { width: 5, height: 5 },
                3,
                WinRule::Freestyle,
                Opening::Swap2,
                RulesError::OpeningLine(4, Opening::Swap2),
            ),
        ];
        for (board, line, win, opening, error) in cases {
            assert_eq!(Rules::new(board, line, win, opening), Err(error), "{board} {line} {win:?} {opening:?}");
        }
        assert!(Rules::new(SQUARE_15, 5, WinRule::Renju, Opening::Swap2).is_ok());
        assert!(Rules::new(BoardShape::Endless, 6, WinRule::Caro, Opening::LongPro).is_ok());
        assert!(Rules::new(BoardShape::Bounded { width: 7, height: 3 }, 3, WinRule::Exact, Opening::Pro).is_ok());
    }

    #[test]
    fn names_read_back() {
        for opening in [Opening::None, Opening::Pro, Opening::LongPro, Opening::Swap, Opening::Swap2] {
            assert_eq!(Opening::from_name(opening.name()), Some(opening));
        }
        for win in [WinRule::Freestyle, WinRule::Exact, WinRule::Caro, WinRule::Renju] {
            assert_eq!(WinRule::from_name(win.name()), Some(win));
        }
        assert_eq!(Opening::from_name("Swap2"), None);
        assert_eq!(BoardShape::Endless.to_string(), "endless");
        assert_eq!(SQUARE_15.centre(), Point::new(7, 7));
    }
}
