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
    /// Where the pieces of the start stand, for kinds whose start is more than a size (Points and segments:
    /// `convex`, `lattice` or `lattice:SEED`).
    pub start: Option<String>,
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

/// What replaying one readable record found, as a kind judges it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replayed {
    /// The rules ended the game (`ending`: how, when known); `recorded` is how its recorded result compares.
    Finished {
        /// How the rules ended it (`goal`, `stuck`, `row`, …); `None` when the replay stopped at the result.
        ending: Option<&'static str>,
        /// The recorded result beside the rules'.
        recorded: Recorded,
    },
    /// The record stops before the rules end the game; `mid_turn` when inside a turn.
    Unfinished {
        /// Whether it stops in the middle of a turn.
        mid_turn: bool,
    },
    /// A move is illegal (or the record contradicts itself where the rules give nothing to compare): why.
    Illegal(String),
}

/// A finished game's recorded result beside the rules'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// The record gives the rules' result.
    Agrees,
    /// The record gives another result: how they differ.
    Disagrees(String),
    /// The record gives none.
    Missing,
}

impl Tally {
    /// The tally of `records` (each read, or why not) of `file`, each readable one judged by `judge`; what is
    /// wrong with a game is said on stderr.
    pub fn of_records<R, E: fmt::Display>(
        file: &str,
        records: impl IntoIterator<Item = Result<R, E>>,
        mut judge: impl FnMut(R) -> Replayed,
    ) -> Tally {
        let mut tally = Tally::default();
        for (index, record) in records.into_iter().enumerate() {
            let game = index + 1;
            tally.games += 1;
            match record {
                Ok(record) => tally.count(file, game, judge(record)),
                Err(error) => tally.malformed(file, game, error),
            }
        }
        tally
    }

    /// Counts game `game` of `file` by what its replay found.
    fn count(&mut self, file: &str, game: usize, verdict: Replayed) {
        match verdict {
            Replayed::Finished { ending, recorded } => {
                self.finished += 1;
                if let Some(ending) = ending {
                    *self.endings.entry(ending).or_default() += 1;
                }
                match recorded {
                    Recorded::Agrees => self.result_agrees += 1,
                    Recorded::Missing => self.no_result += 1,
                    Recorded::Disagrees(why) => {
                        eprintln!("{file}: game {game}: {why}");
                        self.result_disagrees += 1;
                    }
                }
            }
            Replayed::Unfinished { mid_turn } => {
                self.unfinished += 1;
                self.mid_turn += usize::from(mid_turn);
            }
            Replayed::Illegal(why) => {
                eprintln!("{file}: game {game}: {why}");
                self.illegal += 1;
            }
        }
    }

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
    fn records_are_counted_by_their_verdicts_and_unreadable_ones_as_malformed() {
        let verdicts = [
            Ok(Replayed::Finished { ending: Some("row"), recorded: Recorded::Agrees }),
            Ok(Replayed::Finished { ending: None, recorded: Recorded::Disagrees("not so".to_owned()) }),
            Ok(Replayed::Finished { ending: Some("row"), recorded: Recorded::Missing }),
            Ok(Replayed::Unfinished { mid_turn: true }),
            Ok(Replayed::Illegal("a bad move".to_owned())),
            Err("no tags"),
        ];
        let tally = Tally::of_records("f", verdicts, |verdict| verdict);
        assert_eq!((tally.games, tally.finished, tally.unfinished, tally.mid_turn), (6, 3, 1, 1));
        assert_eq!((tally.result_agrees, tally.result_disagrees, tally.no_result), (1, 1, 1));
        assert_eq!((tally.illegal, tally.malformed), (2, 1));
        assert_eq!(tally.endings, BTreeMap::from([("row", 2)]));
    }

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
