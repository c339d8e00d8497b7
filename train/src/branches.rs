//! Branches off the corpus's games: positions one turn away from a position people reached, as the bot's
//! search meets them (issue #40 item 1). The search judges, at every node it expands, the
//! [`EVALUATED_TURNS`] turns the cheap guess rates best, most of them turns nobody would play; a network
//! trained only on the positions of games has never seen those, yet they are nearly every position it is asked
//! about. A branch draws such a turn at random from a corpus turn's start, exactly among the turns the search
//! would judge there, and has an outside engine's `judge` label the position it reaches
//! (bench/qtpapersoccer/README.md): a network distilled from games and branches together learns that engine's
//! judgement where the bot's search uses it (a bench tool, as `soccer-relabel --engine`: such weights are never
//! the bot's).
//!
//! A branch is written as a self-play line without a winner: the game's turns up to the branch (`-`), the
//! branch's turn (`-`) and the judged end (`:CHANCE`), which `soccer --self-play` trains on its chance alone.
//! Held-out games are never branched from, so the validation figures stay comparable with earlier runs.

use std::cmp::Reverse;
use std::ops::{ControlFlow, Range};

use anyhow::Context;
use kartka_bot::soccer_net::{asks_outside, SoccerNetEvaluation};
use kartka_bot::soccer_turns::{EVALUATED_TURNS, LISTED_TURNS};
use kartka_bot::Evaluate;
use kartka_engine::soccer::{Direction, Pitch, Position, TurnEnumerator};
use rand::seq::index::sample;
use rand::Rng;

use crate::corpus::DecidedGame;
use crate::engine::Engine;
use crate::parallel;
use crate::relabel::game_rng;
use crate::self_play::{SelfPlayGame, SelfPlayTurn, TurnLabel};

/// How to branch off the games.
#[derive(Clone, Copy, Debug)]
pub struct BranchOptions {
    /// The share of a game's turns branched from, drawn at random from the seed.
    pub share: f64,
    /// Branches from each turn drawn (fewer where the search would judge fewer turns).
    pub per_turn: usize,
    /// Seeds the turns drawn and the branches: game `i` of a seed branches alike whatever else is branched.
    pub seed: u64,
    /// Threads listing turns side by side; the branches do not depend on it.
    pub threads: usize,
}

/// One branch: a turn off a game, before it is judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Branch {
    /// How many of the game's turns come before it.
    pub after_turns: usize,
    /// The branch's turn.
    pub steps: Vec<Direction>,
    /// The position it reaches, the opponent to act.
    pub end: Position,
}

/// The branches of `games[indices]` that are not held out, in the order of their index whatever the threads:
/// for each game, its branches in the order of its turns.
pub fn branches(
    games: &[DecidedGame],
    indices: Range<usize>,
    options: BranchOptions,
) -> anyhow::Result<Vec<(usize, Vec<Branch>)>> {
    parallel::in_order(indices, options.threads, |index| {
        let game = &games[index];
        if game.held_out {
            return Ok(None);
        }
        game_branches(game, index, options).map(|branches| Some((index, branches)))
    })
}

/// Game `index`'s branches: from each turn start drawn, [`BranchOptions::per_turn`] of the turns the search
/// would judge there, drawn without repeats.
fn game_branches(game: &DecidedGame, index: usize, options: BranchOptions) -> anyhow::Result<Vec<Branch>> {
    let mut rng = game_rng(options.seed, index);
    let mut enumerator = TurnEnumerator::new();
    let mut position = Position::new(Pitch::STANDARD);
    let mut branches = Vec::new();
    for (after_turns, steps) in game.turns.iter().enumerate() {
        if rng.random_bool(options.share) && !position.is_over() {
            let judged = judged_turns(&mut enumerator, &position);
            for chosen in sample(&mut rng, judged.len(), options.per_turn.min(judged.len())) {
                let (steps, end) = judged[chosen].clone();
                branches.push(Branch { after_turns, steps, end });
            }
        }
        for &step in steps {
            position.step(step).context("a corpus game was checked when read")?;
        }
    }
    Ok(branches)
}

/// The turns of `position` whose ends level 8's search judges when it expands the position (the children's
/// listing in bot/src/soccer_turns/children.rs): of its first [`LISTED_TURNS`] turns, the
/// [`EVALUATED_TURNS`] the cheap guess rates best among those that do not end the game, less those after
/// which the opponent scores at once and those it knows exactly ([`asks_outside`]). In the enumerator's order.
pub fn judged_turns(enumerator: &mut TurnEnumerator, position: &Position) -> Vec<(Vec<Direction>, Position)> {
    let evaluation = SoccerNetEvaluation::embedded();
    let mut listed = Vec::new();
    let mut count = 0;
    enumerator.for_each_distinct_turn_until(position, |steps, after| {
        count += 1;
        if !after.is_over() {
            listed.push((-evaluation.guess(after), steps.to_vec(), *after));
        }
        if count >= LISTED_TURNS {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if listed.len() > EVALUATED_TURNS {
        // Stable: ties at the bar go to the turns listed first, as the search's listing keeps them.
        let mut ranked: Vec<usize> = (0..listed.len()).collect();
        ranked.sort_by_key(|&turn| Reverse(listed[turn].0));
        ranked.truncate(EVALUATED_TURNS);
        ranked.sort_unstable();
        listed = ranked.into_iter().map(|turn| listed[turn].clone()).collect();
    }
    listed
        .into_iter()
        .filter(|(_, _, after)| !after.scores_within_turn(after.to_move()) && asks_outside(after))
        .map(|(_, steps, after)| (steps, after))
        .collect()
}

/// `branches` of `games` judged by `engine` (its `judge`, a few hundred positions a question), as self-play
/// lines without a winner.
pub fn judge_branches(
    games: &[DecidedGame],
    branches: &[(usize, Vec<Branch>)],
    engine: &mut Engine,
) -> anyhow::Result<Vec<SelfPlayGame>> {
    const BATCH: usize = 256;
    let all: Vec<(usize, &Branch)> =
        branches.iter().flat_map(|(index, branches)| branches.iter().map(move |branch| (*index, branch))).collect();
    let mut lines = Vec::with_capacity(all.len());
    for chunk in all.chunks(BATCH) {
        let ends: Vec<Position> = chunk.iter().map(|(_, branch)| branch.end).collect();
        let chances = engine.judge(&ends)?;
        for (&(index, branch), chance) in chunk.iter().zip(chances) {
            let mut turns: Vec<SelfPlayTurn> = games[index].turns[..branch.after_turns]
                .iter()
                .map(|steps| SelfPlayTurn { steps: steps.clone(), label: TurnLabel::Random })
                .collect();
            turns.push(SelfPlayTurn { steps: branch.steps.clone(), label: TurnLabel::Random });
            turns.push(SelfPlayTurn { steps: Vec::new(), label: TurnLabel::Searched(chance) });
            lines.push(SelfPlayGame { turns, winner: None });
        }
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    use super::*;
    use crate::relabel::tests::games;
    use crate::self_play::play_whole_turn;

    #[test]
    fn branches_are_turns_the_search_judges_the_same_whatever_the_threads() {
        let games = games();
        let options = BranchOptions { share: 1.0, per_turn: 3, seed: 5, threads: 1 };
        let one = branches(&games, 0..2, options).expect("branches");
        let two = branches(&games, 0..2, BranchOptions { threads: 2, ..options }).expect("branches");
        assert_eq!(one, two, "the threads changed the branches");
        assert_eq!(one.len(), 1, "the held-out game is not branched from");
        let (index, branches) = &one[0];
        assert_eq!(*index, 1);
        assert!(branches.len() > 3, "three a turn: {}", branches.len());
        let mut enumerator = TurnEnumerator::new();
        for branch in branches {
            let mut position = Position::new(Pitch::STANDARD);
            for steps in &games[1].turns[..branch.after_turns] {
                play_whole_turn(&mut position, steps).expect("the game's turns");
            }
            let judged = judged_turns(&mut enumerator, &position);
            assert!(judged.iter().any(|(steps, _)| *steps == branch.steps), "a turn the search would judge");
            play_whole_turn(&mut position, &branch.steps).expect("a whole legal turn");
            assert_eq!(position, branch.end);
            assert!(asks_outside(&branch.end));
        }
    }

    #[test]
    fn the_judged_turns_are_the_best_guessed_of_a_position_with_many() {
        // Random steps draw a web of lines: the middle of a long random game has thousands of turns.
        let evaluation = SoccerNetEvaluation::embedded();
        let mut enumerator = TurnEnumerator::new();
        let mut rng = StdRng::seed_from_u64(11);
        let mut position = Position::new(Pitch::STANDARD);
        let mut cut = 0;
        for _ in 0..400 {
            if position.is_over() {
                break;
            }
            let legal: Vec<Direction> = position.legal_directions().collect();
            position.step(legal[rng.random_range(0..legal.len())]).expect("legal");
            if position.must_continue() || position.is_over() {
                continue;
            }
            let mut going_on = Vec::new();
            let mut listed = 0;
            enumerator.for_each_distinct_turn_until(&position, |steps, after| {
                listed += 1;
                if !after.is_over() {
                    going_on.push((steps.to_vec(), -evaluation.guess(after)));
                }
                if going_on.len() > 4 * EVALUATED_TURNS || listed >= LISTED_TURNS {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            if going_on.len() <= EVALUATED_TURNS || going_on.len() > 4 * EVALUATED_TURNS || listed >= LISTED_TURNS {
                continue;
            }
            let judged = judged_turns(&mut enumerator, &position);
            assert!(judged.len() <= EVALUATED_TURNS);
            cut += 1;
            let guess_of = |steps: &Vec<Direction>| going_on.iter().find(|(turn, _)| turn == steps).expect("listed").1;
            let bar = judged.iter().map(|(steps, _)| guess_of(steps)).min().expect("some judged");
            let beaten_left_out = going_on.iter().filter(|(steps, guess)| {
                *guess > bar && !judged.iter().any(|(turn, _)| turn == steps) && {
                    let mut after = position;
                    play_whole_turn(&mut after, steps).expect("legal");
                    !after.scores_within_turn(after.to_move()) && asks_outside(&after)
                }
            });
            assert_eq!(beaten_left_out.count(), 0, "a turn guessed better than a judged one was left out");
            if cut == 3 {
                break;
            }
        }
        assert!(cut > 0, "no position had more turns than the search judges");
    }

    /// A shell engine answering `judge` with a chance a position, the ball's column over ten.
    #[test]
    fn judged_branches_are_lines_of_the_game_s_turns_the_branch_and_its_chance() {
        let script = r#"while read -r command rest; do
            if [ "$command" = quit ]; then exit; fi
            if [ "$command" = judge ]; then
                echo "$rest" | tr '|' '\n' | while read -r _ x _; do printf '0.%s ' "$x"; done; echo
            else echo error; fi
        done"#;
        let mut engine = Engine::start("sh", &["-c".to_owned(), script.to_owned()]).expect("sh runs");
        let games = games();
        let options = BranchOptions { share: 0.5, per_turn: 2, seed: 1, threads: 1 };
        let branches = branches(&games, 0..2, options).expect("branches");
        let lines = judge_branches(&games, &branches, &mut engine).expect("judged");
        assert_eq!(lines.len(), branches[0].1.len());
        for (line, branch) in lines.iter().zip(&branches[0].1) {
            assert_eq!(line.winner, None);
            let read = SelfPlayGame::parse(&line.line()).expect("reads back");
            assert_eq!(&read, line);
            let chance = f32::from(branch.end.ball().x as u8) / 10.0;
            assert_eq!(line.turns.last().map(|turn| turn.label), Some(TurnLabel::Searched(chance)));
            assert_eq!(line.turns.len(), branch.after_turns + 2);
        }
    }
}
