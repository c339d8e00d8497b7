//! What the per-game commands share: `--game` (a kind's name from the registry; the registry's first kind when
//! not given) and the position to start from (`--size`, `--moves`), which the kind reads.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use kartka_engine::GameKind;

use crate::games::tools::Setup;

/// `--game`: one of the registry's kind names.
pub fn game_parser() -> impl TypedValueParser<Value = GameKind> {
    PossibleValuesParser::new(GameKind::ALL.iter().map(|kind| kind.name()))
        .map(|name| GameKind::from_name(&name).expect("the parser accepts only the registry's names"))
}

/// `--rules`: one of the ruleset names the kinds answer to (see `Kind::variants`).
pub fn rules_parser() -> PossibleValuesParser {
    let kinds = GameKind::ALL.iter().map(|&kind| crate::games::kinds::of(kind));
    PossibleValuesParser::new(kinds.flat_map(|kind| kind.variants().iter().copied()))
}

/// The position a command starts from.
#[derive(Debug, clap::Args)]
pub struct SetupArgs {
    /// The board size, for games whose boards come in sizes (the game's default when not given).
    #[arg(long)]
    size: Option<u8>,
    /// Moves to play first, in the game's notation: for a game of steps, one flat run of them (turns run
    /// together); for a game of squares, squares such as "D5 B2 B3".
    #[arg(long, default_value = "")]
    moves: String,
}

impl SetupArgs {
    /// The setup these options describe, with a ruleset named by `rules`.
    pub fn setup(self, rules: Option<String>) -> Setup {
        Setup { size: self.size, moves: self.moves, rules }
    }
}
