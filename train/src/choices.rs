//! Choices: the turn a player chose beside turns it could have played, for training the network to rank
//! sibling positions as the player did (a comparison loss beside the value loss). A search picks between
//! siblings by their values, and the result a position's game went on to is a weak signal of that ranking:
//! between two strong players most positions stay close to even until late. The turn a stronger player chose
//! says directly which of a position's children it preferred.
//!
//! Each choice is a group of children of one position, the chosen one first, then [`Choices::siblings`]
//! others drawn from the seed among the position's distinct turns (among the first [`LISTED`] listed, evenly,
//! with replacement). Turns that end the game are left out of a group, and a
//! position whose chosen turn ends the game gives no choice: the search scores those exactly.

use std::ops::ControlFlow;

use anyhow::Context;
use kartka_bot::soccer_net::{active_inputs, Network};
use kartka_engine::soccer::{Pitch, Position, TurnEnumerator};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::self_play::SelfPlayGame;

/// Turns of a position listed at most to draw siblings from: deep positions have millions.
pub const LISTED: usize = 4_000;

/// Groups of children, each the chosen child first; the inputs of every child packed one after another.
#[derive(Clone, Debug)]
pub struct Choices {
    siblings: usize,
    inputs: Vec<u16>,
    ends: Vec<usize>,
}

impl Choices {
    /// No choices yet, each group to hold the chosen child and `siblings` others.
    #[must_use]
    pub fn new(siblings: usize) -> Choices {
        Choices { siblings, inputs: Vec::new(), ends: Vec::new() }
    }

    /// Children besides the chosen one in each group.
    #[must_use]
    pub fn siblings(&self) -> usize {
        self.siblings
    }

    /// How many groups there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.ends.len() / (self.siblings + 1)
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The active inputs of child `child` of group `group` (0 the chosen one), for the seat to act there.
    #[must_use]
    pub fn inputs(&self, group: usize, child: usize) -> &[u16] {
        let index = group * (self.siblings + 1) + child;
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        &self.inputs[start..self.ends[index]]
    }

    fn push(&mut self, child: &Position) {
        let inputs = active_inputs(child, false).expect("a child not over on kurnik's pitch");
        self.inputs.extend_from_slice(inputs.as_slice());
        self.ends.push(self.inputs.len());
    }

    /// Adds a choice for every trained turn of `games` (searched or played; random ones are nobody's choice),
    /// its siblings drawn from `seed`. Returns how many it added.
    pub fn add_games(&mut self, games: &[SelfPlayGame], seed: u64) -> anyhow::Result<usize> {
        self.add_games_against(games, seed, None)
    }

    /// [`Choices::add_games`], with `favourites` of each group's siblings (at most all of them) the listed
    /// children `network` rates best for the mover (the chosen one apart), the rest drawn at random: the
    /// mistakes a search with that network would make are the ones worth correcting.
    pub fn add_games_against(
        &mut self,
        games: &[SelfPlayGame],
        seed: u64,
        favourites: Option<(&Network, usize)>,
    ) -> anyhow::Result<usize> {
        let before = self.len();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut enumerator = TurnEnumerator::new();
        let mut others = Vec::new();
        for game in games {
            let mut position = Position::new(Pitch::STANDARD);
            for turn in &game.turns {
                let mut chosen = position;
                for &step in &turn.steps {
                    chosen.step(step).context("a recorded game was checked when read")?;
                }
                if turn.label.is_trained() && !chosen.is_over() && position.pitch() == Pitch::STANDARD {
                    others.clear();
                    let mut listed = 0;
                    enumerator.for_each_distinct_turn_until(&position, |_, after| {
                        if !after.is_over() && *after != chosen {
                            others.push(*after);
                        }
                        listed += 1;
                        if listed >= LISTED {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    });
                    if !others.is_empty() {
                        self.push(&chosen);
                        let mut drawn = 0;
                        if let Some((network, count)) = favourites {
                            // The mover's best children are those whose seat to act (the opponent) is rated worst.
                            let mut rated: Vec<(f32, usize)> = others
                                .iter()
                                .enumerate()
                                .map(|(index, child)| {
                                    let inputs = active_inputs(child, false).expect("a child not over");
                                    (network.logit(inputs.as_slice()), index)
                                })
                                .collect();
                            rated.sort_by(|a, b| a.0.total_cmp(&b.0));
                            for &(_, index) in rated.iter().take(count.min(self.siblings)) {
                                self.push(&others[index]);
                                drawn += 1;
                            }
                        }
                        while drawn < self.siblings {
                            let sibling = others[rng.random_range(0..others.len())];
                            self.push(&sibling);
                            drawn += 1;
                        }
                    }
                }
                position = chosen;
            }
        }
        Ok(self.len() - before)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::self_play::{play_games, SelfPlayOptions, TurnLabel};
    use kartka_bot::soccer_net::SoccerNetEvaluation;

    #[test]
    fn each_searched_turn_not_ending_the_game_gives_a_group_with_the_chosen_child_first() {
        let options = SelfPlayOptions { nodes: 300, opening_steps: 4, max_turns: 300, seed: 5, threads: 1 };
        let games = play_games(options, 0..2, SoccerNetEvaluation::embedded()).expect("self-play");
        let mut choices = Choices::new(5);
        let added = choices.add_games(&games, 1).expect("choices");
        assert_eq!(added, choices.len());
        // Every searched turn but the last of each game (which ends it) unless the position had one turn only.
        let searched: usize = games
            .iter()
            .map(|game| game.turns.iter().filter(|turn| matches!(turn.label, TurnLabel::Searched(_))).count() - 1)
            .sum();
        assert!(added <= searched && added * 10 >= searched * 9, "{added} of {searched}");
        // The first group's chosen child is the position after the game's first searched turn.
        let game = &games[0];
        let mut position = Position::new(Pitch::STANDARD);
        for turn in &game.turns {
            let before = position;
            for &step in &turn.steps {
                position.step(step).expect("legal");
            }
            if turn.label.is_trained() {
                assert_ne!(before, position);
                let expected = active_inputs(&position, false).expect("not over");
                assert_eq!(choices.inputs(0, 0), expected.as_slice());
                break;
            }
        }
        assert!((1..=5).any(|child| choices.inputs(0, child) != choices.inputs(0, 0)), "siblings differ");
        let again = {
            let mut again = Choices::new(5);
            again.add_games(&games, 1).expect("choices");
            again
        };
        assert_eq!(again.inputs, choices.inputs, "the same seed draws the same siblings");

        // With favourites, the first siblings are the children the network rates best for the mover (the
        // lowest logits for the opponent, who acts there), best first; the random rest are none better.
        let network = SoccerNetEvaluation::embedded().network();
        let mut favoured = Choices::new(5);
        assert_eq!(favoured.add_games_against(&games, 1, Some((network, 3))).expect("choices"), added);
        for group in 0..favoured.len() {
            let logits: Vec<f32> = (1..=5).map(|child| network.logit(favoured.inputs(group, child))).collect();
            assert!(logits[0] <= logits[1] && logits[1] <= logits[2], "{logits:?}");
            assert!(logits[3..].iter().all(|&logit| logit >= logits[0]), "{logits:?}");
        }
    }
}
