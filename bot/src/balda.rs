//! Balda's player: no adversarial search, but the strongest word the dictionary allows now. Every placement is
//! found by the engine's walk of the board's paths against the list's automaton (prefix pruning:
//! [`for_each_word_move`]); the bot plays the longest word (a point per letter), the first the walk meets among
//! equally long ones, so the same position always gets the same move; with no word it passes.
//!
//! [`play_any_turn`](crate::play_any_turn) plays Balda's turns with it, at every level.

use kartka_engine::balda::{for_each_word_move, Move, Placement, Position};
use kartka_engine::Game;

/// The move the bot plays for the seat to move, or `None` once the game is over, with the placements the walk
/// met (the work behind the move).
#[must_use]
pub fn strongest_move(game: &Position) -> Option<(Move, u64)> {
    game.to_act()?;
    let mut best: Option<Placement> = None;
    let mut met = 0u64;
    for_each_word_move(game, |placement| {
        met += 1;
        if best.is_none_or(|best| placement.path.len() > best.path.len()) {
            best = Some(placement);
        }
    });
    Some((best.map_or(Move::Pass, Move::Place), met))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kartka_engine::balda::{parse_moves, BaldaRules};
    use kartka_engine::dictionary::{build, registry, DictionaryName, Language};

    #[test]
    fn the_bot_plays_the_longest_word_and_passes_without_one() {
        let name = DictionaryName::new("bot-stone").expect("a name");
        let words = ["stone", "tot", "ton", "tone", "tons", "note", "notes", "toe"];
        let list = registry::register(build(Language::En, name, words).expect("builds")).expect("registers");
        let mut game = Position::new(BaldaRules::drawn(5, 2, list.id(), 0).expect("rules"));
        let (action, met) = strongest_move(&game).expect("the game goes on");
        assert!(met > 1, "several words to choose from");
        let Move::Place(placement) = action else { panic!("a word, not a pass") };
        assert_eq!(placement.path.len(), 4, "tone or note, not tot");
        assert_eq!(strongest_move(&game), Some((action, met)), "the same move again");
        game.play(action).expect("legal");
        let only_short = registry::register(
            build(Language::En, DictionaryName::new("bot-none").expect("a name"), ["stone"]).expect("builds"),
        )
        .expect("registers");
        let mut stuck = Position::new(BaldaRules::drawn(5, 2, only_short.id(), 0).expect("rules"));
        assert_eq!(strongest_move(&stuck).map(|(action, _)| action), Some(Move::Pass));
        for action in parse_moves("pass pass pass pass pass pass").expect("passes") {
            stuck.play(action).expect("a pass");
        }
        assert_eq!(strongest_move(&stuck), None, "over after three passes each");
    }
}
