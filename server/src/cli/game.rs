//! What the per-game commands share: `--game` (a kind's name from the registry; the registry's default kind
//! when not given), `--rules` (a Paper Soccer variant's name) and the position to start from (`--size`, or
//! `--rows` and `--cols`, and `--moves`), which the kind reads.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use kartka_engine::{GameKind, Ruleset};

use crate::games::kinds::{self, variants};
use crate::games::tools::Setup;

/// `--game`: one of the registry's kind names.
pub fn game_parser() -> impl TypedValueParser<Value = GameKind> {
    PossibleValuesParser::new(GameKind::ALL.iter().map(|kind| kind.name()))
        .map(|name| GameKind::from_name(&name).expect("the parser accepts only the registry's names"))
}

/// `--rules`: one of the Paper Soccer variants' names (`games::kinds::variants`), as the rules they name.
pub fn rules_parser() -> impl TypedValueParser<Value = Ruleset> {
    PossibleValuesParser::new(variants::names())
        .map(|name| variants::ruleset(&name).expect("the parser accepts only the variants' names"))
}

/// A game by its default rules, on the board size asked for: what the bot's commands play.
#[derive(Debug, clap::Args)]
pub struct GameArgs {
    /// The game (the registry's default kind when not given), played by its default rules.
    #[arg(long, value_parser = game_parser(), default_value_t = GameKind::default())]
    pub game: GameKind,
    /// The board size, for games whose boards come in sizes (the game's default when not given), the other rules
    /// at their defaults; a game without sizes refuses it.
    #[arg(long)]
    size: Option<u8>,
}

impl GameArgs {
    /// The rules these options name.
    pub fn ruleset(&self) -> anyhow::Result<Ruleset> {
        Ok(match self.size {
            None => self.game.default_ruleset(),
            Some(size) => kinds::of(self.game).sized_ruleset(size)?,
        })
    }
}

/// The position a command starts from.
#[derive(Debug, clap::Args)]
pub struct SetupArgs {
    /// The board size, for games whose boards come in sizes (the game's default when not given).
    #[arg(long)]
    size: Option<u8>,
    /// The board's width, for games whose boards need not be square (five-in-a-row; 15 when not given).
    #[arg(long, conflicts_with = "size")]
    width: Option<u8>,
    /// The board's height, for games whose boards need not be square (five-in-a-row; 15 when not given).
    #[arg(long, conflicts_with = "size")]
    height: Option<u8>,
    /// The length of a winning row (five-in-a-row; 5 when not given).
    #[arg(long)]
    line: Option<u8>,
    /// Rows of the field, for games whose fields have rows and columns (Dots and Boxes: rows of boxes; 5 when
    /// not given).
    #[arg(long)]
    rows: Option<u8>,
    /// Columns of the field, for the same games (Dots and Boxes: columns of boxes; 5 when not given).
    #[arg(long)]
    cols: Option<u8>,
    /// The start, for games whose start is more than a size (points-and-segments: "convex", "lattice" or
    /// "lattice:SEED"; "lattice" for seed 0 when not given).
    #[arg(long)]
    start: Option<String>,
    /// Moves to play first, in the game's notation: for a game of steps, one flat run of them (turns run
    /// together); for a game of squares, squares such as "D5 B2 B3"; for a variant named by --rules, its turn
    /// tokens separated by spaces, "-" for a skipped slot ("012 - r7,3:654"); for a game of edges, edges such as
    /// "a1h b1v"; for a game of segments, segments such as "3-11 4-5".
    #[arg(long, default_value = "")]
    moves: String,
}

impl SetupArgs {
    /// The setup these options describe, with the rules `--rules` named, if it was given.
    pub fn setup(self, ruleset: Option<Ruleset>) -> Setup {
        Setup {
            size: self.size,
            width: self.width,
            height: self.height,
            line: self.line,
            rows: self.rows,
            cols: self.cols,
            start: self.start,
            moves: self.moves,
            ruleset,
        }
    }
}
