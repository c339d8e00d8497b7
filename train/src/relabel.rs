//! Corpus games labelled by the search: the turns kurnik's players played, with level 8's search's value at the
//! start of some of them (issue #40 item 1). A game's result says who won between two people from a
//! position; the search's value says what the bot's own search makes of it, seeing a few turns further than
//! the network alone, cut-offs and traps included. Trained on as a share of the target (`soccer --self-play`),
//! it teaches the network to see what its search finds: each generation of weights, searched again, labels
//! the next (as engines trained on their own search's scores are).
//!
//! With an outside engine ([`relabel_by_engine`]) the label is that engine's judgement of the position instead,
//! no search: a network trained on it learns the engine's judgement in the bot's inputs, which measures what
//! that judgement is worth to the bot's search at the bot's speed (a bench tool: such weights are never the
//! bot's).
//!
//! The games are written in the self-play format ([`SelfPlayGame::line`]), a turn without a search being an
//! opening turn there (`-`), so `soccer --self-play` reads both alike. Held-out games are never labelled, so
//! the validation figures stay comparable with earlier runs.

use std::ops::Range;

use anyhow::Context;
use kartka_bot::soccer_net::SoccerNetEvaluation;
use kartka_bot::soccer_turns::{play_turn, Backup};
use kartka_bot::NoDeadline;
use kartka_engine::soccer::{write_turn, Pitch, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::corpus::DecidedGame;
use crate::engine::Engine;
use crate::parallel;
use crate::self_play::{chance_of, SelfPlayGame, SelfPlayTurn, TurnLabel};

/// How to label the games.
#[derive(Clone, Copy, Debug)]
pub struct RelabelOptions {
    /// The search's budget a labelled turn, in turns listed (as `play_turn` counts them).
    pub nodes: u64,
    /// The share of a game's turns that get the search's value, drawn at random from the seed.
    pub share: f64,
    /// Seeds which turns are labelled: game `i` of a seed is labelled alike whatever else is.
    pub seed: u64,
    /// Threads labelling games side by side; the labels do not depend on it.
    pub threads: usize,
}

/// Labels `games[indices]` that are not held out, in the order of their index whatever the threads; a held-out
/// game is left out.
pub fn relabel(
    games: &[DecidedGame],
    indices: Range<usize>,
    options: RelabelOptions,
    evaluator: SoccerNetEvaluation<'_>,
) -> anyhow::Result<Vec<SelfPlayGame>> {
    parallel::in_order(indices, options.threads, |index| {
        let game = &games[index];
        if game.held_out {
            return Ok(None);
        }
        relabel_game(game, index, options, evaluator).map(Some)
    })
}

/// Game `index` of the corpus with the search's value at the start of the turns drawn for it.
fn relabel_game(
    game: &DecidedGame,
    index: usize,
    options: RelabelOptions,
    evaluator: SoccerNetEvaluation<'_>,
) -> anyhow::Result<SelfPlayGame> {
    let mut rng = game_rng(options.seed, index);
    let mut position = Position::new(Pitch::STANDARD);
    let mut turns = Vec::with_capacity(game.turns.len());
    for steps in &game.turns {
        let label = if rng.random_bool(options.share) && !position.is_over() {
            let turn = play_turn(&position, &evaluator, Backup::STRONGEST, options.nodes, &NoDeadline)?;
            TurnLabel::Searched(chance_of(turn.evaluation))
        } else {
            TurnLabel::Random
        };
        for &step in steps {
            position.step(step).context("a corpus game was checked when read")?;
        }
        turns.push(SelfPlayTurn { steps: steps.clone(), label });
    }
    Ok(SelfPlayGame { turns, winner: Some(game.winner) })
}

/// Labels `games[indices]` that are not held out with `engine`'s judgement (its `eval`: the chance that the
/// seat to act wins, no search) at the start of the turns drawn for them, as [`relabel`] labels them with the
/// search's value: a network distilled from those labels learns the outside engine's judgement of the same
/// positions. The engine follows each game through `new` and `play`.
pub fn relabel_by_engine(
    games: &[DecidedGame],
    indices: Range<usize>,
    share: f64,
    seed: u64,
    engine: &mut Engine,
) -> anyhow::Result<Vec<SelfPlayGame>> {
    let mut labelled = Vec::with_capacity(indices.len());
    for index in indices {
        let game = &games[index];
        if game.held_out {
            continue;
        }
        let mut rng = game_rng(seed, index);
        engine.ask("new")?;
        let mut position = Position::new(Pitch::STANDARD);
        let mut turns = Vec::with_capacity(game.turns.len());
        for steps in &game.turns {
            let label = if rng.random_bool(share) && !position.is_over() {
                TurnLabel::Searched(engine.chance()?)
            } else {
                TurnLabel::Random
            };
            for &step in steps {
                position.step(step).context("a corpus game was checked when read")?;
            }
            engine.ask(&format!("play {}", write_turn(steps)))?;
            turns.push(SelfPlayTurn { steps: steps.clone(), label });
        }
        labelled.push(SelfPlayGame { turns, winner: Some(game.winner) });
    }
    Ok(labelled)
}

/// The random draws of game `index` of a run seeded `seed`: the same whatever else the run labels.
pub(crate) fn game_rng(seed: u64, index: usize) -> StdRng {
    StdRng::seed_from_u64(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A short decided game: the first seat walks the ball straight up into the goal, the second answers
    /// beside it.
    pub(crate) fn games() -> Vec<DecidedGame> {
        let mut position = Position::new(Pitch::STANDARD);
        let mut turns = Vec::new();
        while !position.is_over() {
            let mover = position.to_move();
            let mut steps = Vec::new();
            while !position.is_over() && position.to_move() == mover {
                let step = position.legal_directions().next().expect("a legal step");
                position.step(step).expect("legal");
                steps.push(step);
            }
            turns.push(steps);
        }
        let winner = position.outcome().and_then(|outcome| outcome.winner()).expect("decided");
        let game = DecidedGame { turns, winner, held_out: false, time_control: None };
        vec![DecidedGame { held_out: true, ..game.clone() }, game.clone(), game]
    }

    #[test]
    fn labels_are_the_same_whatever_the_threads_and_held_out_games_are_left_out() {
        let games = games();
        let options = RelabelOptions { nodes: 50, share: 0.5, seed: 3, threads: 1 };
        let one = relabel(&games, 0..3, options, SoccerNetEvaluation::embedded()).expect("labelled");
        let two = relabel(&games, 0..3, RelabelOptions { threads: 2, ..options }, SoccerNetEvaluation::embedded())
            .expect("labelled");
        assert_eq!(one, two);
        assert_eq!(one.len(), 2, "the held-out game is not labelled");
        for game in &one {
            assert_eq!(game.winner, Some(games[1].winner));
            let steps: Vec<_> = game.turns.iter().map(|turn| turn.steps.clone()).collect();
            assert_eq!(steps, games[1].turns, "the corpus's turns, as played");
            let line = game.line();
            assert_eq!(SelfPlayGame::parse(&line).expect("reads back").line(), line);
        }
        let labelled = one.iter().flat_map(|game| &game.turns).filter(|turn| turn.label.is_trained()).count();
        let turns = one.iter().map(|game| game.turns.len()).sum::<usize>();
        assert!(labelled > 0 && labelled < turns, "about half the turns labelled: {labelled} of {turns}");
    }

    #[test]
    fn the_share_decides_which_turns_are_labelled() {
        let games = &games()[1..2];
        let label = |share| {
            let options = RelabelOptions { nodes: 50, share, seed: 0, threads: 1 };
            relabel(games, 0..1, options, SoccerNetEvaluation::embedded()).expect("labelled").remove(0)
        };
        let all = label(1.0);
        assert!(all.turns.iter().all(|turn| turn.label.chance().is_some_and(|value| (0.0..=1.0).contains(&value))));
        assert!(label(0.0).turns.iter().all(|turn| turn.label == TurnLabel::Random));
    }
}
