//! `--game` and `--size`: the game a lab run plays, by its default rules on the board size asked for. The
//! server's `kartka` has its own; the lab reads the engine's registry directly rather than depend on the
//! server.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use kartka_engine::{closing_in, dots, GameKind, Ruleset};

/// A game by its default rules, on the board size asked for.
#[derive(Debug, clap::Args)]
pub struct GameArgs {
    /// The game (the registry's default kind when not given), played by its default rules.
    #[arg(long, value_parser = game_parser(), default_value_t = GameKind::default())]
    pub game: GameKind,
    /// The board size, for games whose boards come in sizes (closing-in: the board's side; dots: a square
    /// field's), the other rules at their defaults; a game without sizes refuses it.
    #[arg(long)]
    size: Option<u8>,
}

/// `--game`: one of the registry's kind names.
fn game_parser() -> impl TypedValueParser<Value = GameKind> {
    PossibleValuesParser::new(GameKind::ALL.iter().map(|kind| kind.name()))
        .map(|name| GameKind::from_name(&name).expect("the parser accepts only the registry's names"))
}

impl GameArgs {
    /// The rules these options name.
    pub fn ruleset(&self) -> anyhow::Result<Ruleset> {
        let Some(size) = self.size else { return Ok(self.game.default_ruleset()) };
        Ok(match self.game {
            GameKind::ClosingIn => Ruleset::ClosingIn(
                closing_in::BoardSize::new(size).map_err(|error| anyhow::anyhow!("--size: {error}"))?,
            ),
            GameKind::Dots => {
                let size = dots::FieldSize::new(size, size).map_err(|error| anyhow::anyhow!("--size: {error}"))?;
                Ruleset::Dots(dots::DotsRules { size, ..dots::DotsRules::default() })
            }
            other => anyhow::bail!("--size: {other} is played on its default board"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(game: GameKind, size: Option<u8>) -> GameArgs {
        GameArgs { game, size }
    }

    #[test]
    fn a_size_sets_the_board_of_games_that_have_sizes_and_is_refused_elsewhere() {
        assert_eq!(args(GameKind::Dots, None).ruleset().expect("default"), GameKind::Dots.default_ruleset());
        let Ruleset::ClosingIn(board) = args(GameKind::ClosingIn, Some(5)).ruleset().expect("a board") else {
            panic!("Closing In's rules")
        };
        assert_eq!(board.get(), 5);
        let Ruleset::Dots(rules) = args(GameKind::Dots, Some(12)).ruleset().expect("a field") else {
            panic!("Dots' rules")
        };
        let field = dots::FieldSize::new(12, 12).expect("12 by 12");
        assert_eq!(rules, dots::DotsRules { size: field, ..dots::DotsRules::default() });
        assert!(args(GameKind::ClosingIn, Some(200)).ruleset().is_err(), "no such board");
        let error = args(GameKind::PaperSoccer, Some(6)).ruleset().expect_err("no sizes");
        assert!(error.to_string().contains("default board"), "{error}");
    }
}
