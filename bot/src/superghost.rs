//! Superghost's player: no adversarial search, the game's own word list. It challenges when no word of the list
//! holds the fragment (the previous player bluffed); otherwise it adds a letter, at either end, that keeps the
//! fragment inside some word without completing one of four letters or more, drawn by the seed among all such
//! letters. When every letter would complete a word or leave none possible, it challenges if it may (the
//! challenge may fail, but so would any letter), else it plays the alphabet's first letter.
//!
//! [`play_any_turn`](crate::play_any_turn) plays Superghost's turns with it, at every level.

use kartka_engine::superghost::{Action, Position, Side, MIN_WORD_LETTERS};

use crate::rng::SplitMix64;

/// The action the player takes for the seat to move, or `None` once the game is over. The same for the same
/// position and seed.
#[must_use]
pub fn superghost_action(game: &Position, seed: u64) -> Option<Action> {
    superghost_action_weighing(game, seed).map(|(action, _)| action)
}

/// [`superghost_action`], with how many fragments it looked up in the list to choose it (the work it did).
#[must_use]
pub fn superghost_action_weighing(game: &Position, seed: u64) -> Option<(Action, u64)> {
    game.outcome().is_none().then_some(())?;
    let list = game.dictionary();
    let fragment = game.fragment().to_string();
    let may_challenge = game.last_adder().is_some();
    let mut looked_up = u64::from(may_challenge);
    if may_challenge && !list.contains_fragment(&fragment) {
        return Some((Action::Challenge, looked_up));
    }
    let alphabet = game.rules().language().alphabet();
    let mut safe = Vec::new();
    for side in [Side::Start, Side::End] {
        if side == Side::Start && fragment.is_empty() {
            continue;
        }
        for &letter in alphabet {
            let grown = match side {
                Side::Start => format!("{letter}{fragment}"),
                Side::End => format!("{fragment}{letter}"),
            };
            looked_up += 1;
            let completes = grown.chars().count() >= MIN_WORD_LETTERS && list.contains(&grown);
            if !completes && list.contains_fragment(&grown) {
                safe.push(Action::Add { side, letter });
            }
        }
    }
    if safe.is_empty() {
        let action =
            if may_challenge { Action::Challenge } else { Action::Add { side: Side::End, letter: alphabet[0] } };
        return Some((action, looked_up));
    }
    // Fewer letters than a u64 counts.
    let chosen = SplitMix64::new(seed).next_u64() % safe.len() as u64;
    Some((safe[chosen as usize], looked_up))
}

#[cfg(test)]
mod tests {
    use kartka_engine::dictionary::{build, registry, DictionaryName, Language};
    use kartka_engine::superghost::{parse_actions, SuperghostRules};

    use super::*;

    fn game(moves: &str) -> Position {
        let name = DictionaryName::new("bot-superghost").expect("a name");
        let bytes = build(Language::En, name, ["cat", "cats", "scatter", "bath", "zoo"]).expect("builds");
        let rules = SuperghostRules::new(registry::register(bytes).expect("registers").id(), 2).expect("rules");
        let mut game = Position::new(rules);
        for text in moves.split_whitespace() {
            game.play(parse_actions(text).expect("notation")[0]).expect("legal");
        }
        game
    }

    #[test]
    fn it_challenges_a_fragment_no_word_holds() {
        assert_eq!(superghost_action(&game(">c >q"), 1), Some(Action::Challenge));
    }

    #[test]
    fn it_keeps_the_fragment_inside_a_word_without_completing_one() {
        for seed in 0..40 {
            let position = game(">c >a >t");
            let action = superghost_action(&position, seed).expect("an action");
            assert_eq!(Some(action), superghost_action(&position, seed), "the same for the same seed");
            let mut after = position.clone();
            after.play(action).expect("legal");
            // "cats" would complete a word: the only safe letters make "scat" or "catt".
            assert!(
                [Action::Add { side: Side::Start, letter: 's' }, Action::Add { side: Side::End, letter: 't' }]
                    .contains(&action),
                "{action:?}"
            );
            assert_eq!(after.last_round(), None);
        }
    }

    #[test]
    fn with_no_safe_letter_it_challenges_and_at_the_end_it_stops() {
        // "zoo" is a word of three letters; every letter after it leaves no word or completes none: challenge.
        assert_eq!(superghost_action(&game(">z >o >o"), 3), Some(Action::Challenge));
        let mut over = game("");
        while over.outcome().is_none() {
            over.play(Action::Add { side: Side::End, letter: 'q' }).expect("legal");
            over.play(Action::Challenge).expect("legal");
        }
        assert_eq!(superghost_action(&over, 0), None);
    }
}
