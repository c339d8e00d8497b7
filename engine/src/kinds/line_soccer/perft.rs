//! Perft over turn tokens: `kartka perft --rules line|line/opcja1|russian [--moves "TOKENS"] --depth D` counts
//! the distinct sequences of D turn tokens, a `-` token counting as one.

use super::line::LineGame;
use super::record::VariantRules;
use super::russian::RussianGame;
use super::turns::{each_turn, TurnError, TurnTokens};
use super::{Action, IllegalAction};
use crate::game::Game;
use crate::Seat;

/// The number of distinct sequences of `depth` turn tokens from `tokens`' position (§5: `-` counts as a
/// token). A game that ends earlier contributes nothing beyond its end; perft(0) is 1.
#[must_use]
pub fn perft<G: Game<Action = Action, Illegal = IllegalAction>>(tokens: &TurnTokens<G>, depth: usize) -> u64 {
    count(&tokens.game, tokens.next, depth)
}

fn count<G: Game<Action = Action>>(game: &G, next: Seat, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some(to_act) = game.to_act() else {
        return 0;
    };
    if to_act != next {
        return count(game, next.other(), depth - 1);
    }
    let mut total = 0;
    let mut text = String::new();
    each_turn(game, &mut text, &mut |_, after: &G| total += count(after, next.other(), depth - 1));
    total
}

/// What `kartka perft --rules NAME [--moves "TOKENS"] --depth D` prints: perft(`depth`) after the
/// whitespace-separated turn tokens `moves`, from the start of a game by `rules`. A token that cannot be
/// played is reported with its index.
pub fn perft_after(rules: VariantRules, moves: &str, depth: usize) -> Result<u64, (usize, TurnError)> {
    match rules {
        VariantRules::Line(rules) => {
            let mut tokens = TurnTokens::<LineGame>::new(&rules);
            tokens.play_all(moves)?;
            Ok(perft(&tokens, depth))
        }
        VariantRules::Russian(rules) => {
            let mut tokens = TurnTokens::<RussianGame>::new(&rules);
            tokens.play_all(moves)?;
            Ok(perft(&tokens, depth))
        }
    }
}
