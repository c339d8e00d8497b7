//! What the command-line tools (`kartka perft`, `solve`, `replay`) ask of a game kind, whatever the kind: the
//! position a command starts from, a solved line, and the tally of a replayed record file. Each kind's module
//! in `kinds/` answers them.

use std::collections::BTreeMap;
use std::fmt;

use kartka_engine::{Ruleset, Seat};
use serde::Serialize;

/// The position a command starts from: a board size (for kinds that have one), or rows and columns (for kinds
/// whose fields have both), and moves in the game's notation, played from the start.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// The board size, for kinds whose boards come in sizes.
    pub size: Option<u8>,
    /// The board's width and height, for kinds whose boards need not be square (Five in a row).
    pub width: Option<u8>,
    /// See `width`.
    pub height: Option<u8>,
    /// The length of a winning row, for kinds that choose it (Five in a row).
    pub line: Option<u8>,
    /// Rows of the field, for kinds whose fields have rows and columns of their own (Dots and Boxes).
    pub rows: Option<u8>,
    /// Columns of the field, for the same kinds.
    pub cols: Option<u8>,
    /// Moves to play first, in the game's notation.
    pub moves: String,
    /// The rules `--rules` named, for kinds whose variants are named (`classic+centre`, `xrsoccer`).
    pub ruleset: Option<Ruleset>,
}

/// Why a command cannot do what it was asked.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ToolError(pub String);

/// Perfect play from a position: each move with its seat (for solvers that give a line), the margin (for games
/// that score), then the winner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The moves, in the game's notation.
    pub line: Vec<(Seat, String)>,
    /// The first seat's points minus the second's with perfect play, for games that score (Dots and Boxes).
    pub margin: Option<i32>,
    /// Who wins; `None` for a draw.
    pub winner: Option<Seat>,
}

/// What replaying record files found. Every game counts once as illegal (a malformed record included),
/// finished by the rules or unfinished; the first six fields are the JSON summary.
#[derive(Debug, Default, Serialize)]
pub struct Tally {
    /// Games found.
    pub games: usize,
    /// Games that do not replay by the rules, malformed ones included.
    pub illegal: usize,
    /// Games the rules ended.
    pub finished: usize,
    /// Finished games whose recorded result is the rules'.
    pub result_agrees: usize,
    /// Finished games whose recorded result is not the rules'.
    pub result_disagrees: usize,
    /// Games that stop before the rules end them (time, resignation).
    pub unfinished: usize,
    /// Records that cannot be read.
    #[serde(skip)]
    pub malformed: usize,
    /// Unfinished games that stop in the middle of a turn.
    #[serde(skip)]
    pub mid_turn: usize,
    /// Finished games without a recorded result.
    #[serde(skip)]
    pub no_result: usize,
    /// Finished games by how the rules ended them (`goal`, `stuck`, …).
    #[serde(skip)]
    pub endings: BTreeMap<&'static str, usize>,
}

impl Tally {
    /// Counts game `game` of `file` as a record that cannot be read (and so as illegal), saying why on stderr.
    pub fn malformed(&mut self, file: &str, game: usize, error: impl fmt::Display) {
        eprintln!("{file}: game {game}: malformed record: {error}");
        self.illegal += 1;
        self.malformed += 1;
    }

    /// Adds another file's counts.
    pub fn add(&mut self, other: &Tally) {
        self.games += other.games;
        self.illegal += other.illegal;
        self.finished += other.finished;
        self.result_agrees += other.result_agrees;
        self.result_disagrees += other.result_disagrees;
        self.unfinished += other.unfinished;
        self.malformed += other.malformed;
        self.mid_turn += other.mid_turn;
        self.no_result += other.no_result;
        for (ending, count) in &other.endings {
            *self.endings.entry(ending).or_default() += count;
        }
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let endings: Vec<String> = self.endings.iter().map(|(ending, count)| format!("{count} {ending}")).collect();
        write!(
            f,
            "{} games; {} finished by the rules ({}); {} unfinished ({} mid-turn); {} illegal ({} malformed); \
             results: {} agree, {} disagree, {} not recorded",
            self.games,
            self.finished,
            endings.join(", "),
            self.unfinished,
            self.mid_turn,
            self.illegal,
            self.malformed,
            self.result_agrees,
            self.result_disagrees,
            self.no_result
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_add_up_and_say_how_games_ended() {
        let mut total = Tally::default();
        let one =
            Tally { games: 2, finished: 2, endings: BTreeMap::from([("goal", 1), ("stuck", 1)]), ..Tally::default() };
        total.add(&one);
        total.add(&one);
        assert_eq!((total.games, total.finished), (4, 4));
        assert!(total.to_string().starts_with("4 games; 4 finished by the rules (2 goal, 2 stuck);"), "{total}");
    }
}
