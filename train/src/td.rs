//! Temporal-difference learning from many cheap games (issue #40): the regime QtPaperSoccer's network came from
//! (its `learnRL`), where every other training of kartka's learnt from a few thousand searched games a
//! generation. Each round plays a batch of self-play games with the weights as they stand, every turn a small
//! search over whole turns (a few hundred listed turns: about a hundred games a second on two cores), and moves
//! the weights once over their positions towards each position's λ-return: the search's values of the turns that
//! followed it, each `λ` times less trusted than the next, ending in the game's result. A round's games already
//! play with the last round's weights, so the targets follow the network as it learns, which is the difference
//! from a generation that trains once on games of fixed weights.
//!
//! λ = 1 teaches the game's result alone (as `soccer --self-play --value-share 0`); λ = 0 teaches each position
//! what the search thought of the next one (TD(0), bootstrapped by the search as TD-leaf is). The optimiser
//! (AdamW, or QtPaperSoccer's temporal-coherence rates: [`crate::coherence`]) keeps its state from round to
//! round.

use std::collections::HashMap;

use anyhow::Context;
use candle_core::Device;
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use kartka_bot::soccer_net::{active_inputs, Network, SoccerNetEvaluation};
use kartka_engine::soccer::{Pitch, Position};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use crate::coherence::TemporalCoherence;
use crate::corpus::Positions;
use crate::model::Model;
use crate::self_play::{self, Exploration, SelfPlayGame, SelfPlayOptions};
use crate::training::value_loss;

/// How to learn.
#[derive(Clone, Copy, Debug)]
pub struct TdOptions {
    /// How the games are played: `games.seed` and the game's index pick its opening, so round `r` plays games
    /// `r × games_per_round` onwards and no opening comes back.
    pub games: SelfPlayOptions,
    /// Games a round.
    pub games_per_round: usize,
    /// How far a position's target looks ahead: the weight of each later turn's value is `λ` times the one
    /// before's.
    pub lambda: f32,
    /// Which rule moves the weights.
    pub learner: Learner,
    /// AdamW's learning rate, constant over the run; with [`Learner::TemporalCoherence`], a position's rate
    /// before its coherence.
    pub learning_rate: f64,
    /// AdamW's weight decay (none with temporal coherence).
    pub weight_decay: f64,
    /// Positions per step of the optimiser.
    pub batch: usize,
    /// Turns played off the search's choice, so that the games reach what the network's choices avoid.
    pub exploration: Exploration,
}

/// The rule that moves the weights towards the targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Learner {
    /// AdamW over batches, one learning rate for every weight.
    Adamw,
    /// Gradient steps scaled per weight by its coherence (QtPaperSoccer's rule): [`crate::coherence`].
    TemporalCoherence,
}

/// The learner of a run, with its state.
enum Optimiser {
    Adamw(AdamW),
    TemporalCoherence(TemporalCoherence),
}

impl Optimiser {
    fn backward_step(&mut self, mean_loss: &candle_core::Tensor, positions: usize) -> candle_core::Result<()> {
        match self {
            Optimiser::Adamw(adamw) => adamw.backward_step(mean_loss),
            Optimiser::TemporalCoherence(learner) => learner.backward_step(mean_loss, positions),
        }
    }
}

/// What one round did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoundReport {
    /// The round, from 0 (or the run's first).
    pub round: usize,
    /// Games played to the end; the rest were given up at the turn limit and not trained on.
    pub decided: usize,
    /// Decided games the first seat won.
    pub first_won: usize,
    /// Positions trained on.
    pub positions: usize,
    /// The mean of |λ-return − the search's value| over those positions: how much the round had to teach.
    pub mean_td_error: f64,
    /// The mean binary cross-entropy over the round's batches, before each step.
    pub training_loss: f64,
}

/// The λ-return of the position at the start of every searched turn of a decided `game`, for the seat to act
/// there, in the order of the turns; empty for a game given up unfinished. The last searched turn's return is
/// the result; each earlier one is `(1 − λ) × v + λ × G` of the next searched turn's value `v` and return
/// `G`, both turned to the seat to act's side (a chance of the other seat's is 1 minus it).
pub fn lambda_returns(game: &SelfPlayGame, lambda: f32) -> anyhow::Result<Vec<(Position, f32)>> {
    let Some(winner) = game.winner else { return Ok(Vec::new()) };
    let mut position = Position::new(Pitch::STANDARD);
    let mut searched = Vec::new();
    for turn in &game.turns {
        if let Some(chance) = turn.label.chance() {
            searched.push((position, chance));
        }
        for &step in &turn.steps {
            position.step(step).context("a self-play game plays legal steps")?;
        }
    }
    let mut returns = vec![0.0; searched.len()];
    let mut next: Option<(&Position, f32, f32)> = None;
    for (index, (position, chance)) in searched.iter().enumerate().rev() {
        let seat = position.to_move();
        let target = match next {
            None => f32::from(u8::from(seat == winner)),
            Some((next_position, next_chance, next_return)) => {
                let blended = (1.0 - lambda) * next_chance + lambda * next_return;
                if next_position.to_move() == seat {
                    blended
                } else {
                    1.0 - blended
                }
            }
        };
        returns[index] = target;
        next = Some((position, *chance, target));
    }
    Ok(searched.into_iter().zip(returns).map(|((position, _), target)| (position, target)).collect())
}

/// A run of rounds: the model being trained and its optimiser.
pub struct TdRun {
    model: Model,
    optimiser: Optimiser,
    options: TdOptions,
    device: Device,
}

impl TdRun {
    /// A run that trains `model` from where it stands.
    pub fn new(model: Model, options: TdOptions) -> anyhow::Result<TdRun> {
        let optimiser = match options.learner {
            Learner::Adamw => Optimiser::Adamw(AdamW::new(
                model.variables(),
                ParamsAdamW { lr: options.learning_rate, weight_decay: options.weight_decay, ..ParamsAdamW::default() },
            )?),
            Learner::TemporalCoherence => {
                Optimiser::TemporalCoherence(TemporalCoherence::new(model.variables(), options.learning_rate)?)
            }
        };
        Ok(TdRun { model, optimiser, options, device: Device::Cpu })
    }

    /// The model as it stands.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Plays round `round`'s games with the weights as they stand and trains on them.
    pub fn round(&mut self, round: usize) -> anyhow::Result<RoundReport> {
        let options = self.options;
        let network = Network::from_safetensors(&self.model.safetensors(HashMap::new())?)?;
        let first = round * options.games_per_round;
        let games = self_play::play_games_exploring(
            options.games,
            first..first + options.games_per_round,
            SoccerNetEvaluation::with(&network),
            options.exploration,
        )?;
        let mut positions = Positions::default();
        let (mut decided, mut first_won, mut error_sum) = (0, 0, 0.0);
        for game in &games {
            let Some(winner) = game.winner else { continue };
            decided += 1;
            first_won += usize::from(winner == kartka_engine::Seat::FIRST);
            let chances = game.turns.iter().filter_map(|turn| turn.label.chance());
            for ((position, target), chance) in lambda_returns(game, options.lambda)?.into_iter().zip(chances) {
                if let Some(inputs) = active_inputs(&position, false) {
                    positions.push(inputs.as_slice(), target);
                    error_sum += f64::from((target - chance).abs());
                }
            }
        }
        let mut rng = StdRng::seed_from_u64(options.games.seed ^ (round as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
        let mut order: Vec<usize> = (0..positions.len()).collect();
        order.shuffle(&mut rng);
        let (mut loss_sum, mut batches, mut scratch) = (0.0, 0usize, Vec::new());
        for chunk in order.chunks(options.batch.max(1)) {
            let loss = value_loss(&self.model, &positions, chunk, &mut rng, &mut scratch, &self.device)?;
            self.optimiser.backward_step(&loss, chunk.len())?;
            loss_sum += f64::from(loss.to_scalar::<f32>()?);
            batches += 1;
        }
        Ok(RoundReport {
            round,
            decided,
            first_won,
            positions: positions.len(),
            mean_td_error: error_sum / positions.len().max(1) as f64,
            training_loss: loss_sum / batches.max(1) as f64,
        })
    }
}

#[cfg(test)]
mod tests {
    use kartka_engine::Seat;

    use super::*;
    use crate::self_play::{random_opening, SelfPlayTurn, TurnLabel};

    fn quick() -> TdOptions {
        TdOptions {
            games: SelfPlayOptions { nodes: 200, opening_steps: 4, max_turns: 300, seed: 3, threads: 1 },
            games_per_round: 3,
            lambda: 0.7,
            learner: Learner::Adamw,
            learning_rate: 1e-3,
            weight_decay: 0.0,
            batch: 64,
            exploration: Exploration::default(),
        }
    }

    /// A decided game of `quick()` with its searched chances replaced by `chances`, in order.
    fn with_chances(chances: &[f32]) -> SelfPlayGame {
        let mut game =
            self_play::play_games(quick().games, 0..1, SoccerNetEvaluation::embedded()).expect("a game").remove(0);
        let searched: Vec<&mut SelfPlayTurn> =
            game.turns.iter_mut().filter(|turn| turn.label.chance().is_some()).collect();
        assert!(searched.len() >= chances.len(), "a game of at least {} searched turns", chances.len());
        let skip = searched.len() - chances.len();
        for (index, turn) in searched.into_iter().enumerate() {
            turn.label = match index.checked_sub(skip) {
                Some(index) => TurnLabel::Searched(chances[index]),
                None => TurnLabel::Random,
            };
        }
        game
    }

    #[test]
    fn a_return_blends_the_next_turn_s_value_with_its_return_from_the_seat_to_act_s_side() {
        let game = with_chances(&[0.6, 0.3, 0.8]);
        let winner = game.winner.expect("decided");
        let returns = lambda_returns(&game, 0.5).expect("returns");
        assert_eq!(returns.len(), 3);
        let seats: Vec<Seat> = returns.iter().map(|(position, _)| position.to_move()).collect();
        assert!(seats.windows(2).all(|pair| pair[0] != pair[1]), "whole turns alternate the seats: {seats:?}");
        let last = f32::from(u8::from(seats[2] == winner));
        let middle = 1.0 - (0.5 * 0.8 + 0.5 * last);
        let first = 1.0 - (0.5 * 0.3 + 0.5 * middle);
        let targets: Vec<f32> = returns.iter().map(|(_, target)| *target).collect();
        for (target, expected) in targets.iter().zip([first, middle, last]) {
            assert!((target - expected).abs() < 1e-6, "{targets:?} against {first}, {middle}, {last}");
        }
    }

    #[test]
    fn lambda_one_teaches_the_result_and_lambda_zero_the_next_value() {
        let game = with_chances(&[0.6, 0.3, 0.8, 0.1]);
        let winner = game.winner.expect("decided");
        for (position, target) in lambda_returns(&game, 1.0).expect("returns") {
            assert_eq!(target, f32::from(u8::from(position.to_move() == winner)));
        }
        let targets: Vec<f32> =
            lambda_returns(&game, 0.0).expect("returns").iter().map(|(_, target)| *target).collect();
        assert_eq!(targets[..3], [1.0 - 0.3, 1.0 - 0.8, 1.0 - 0.1]);
        let unfinished = SelfPlayGame { winner: None, ..game };
        assert!(lambda_returns(&unfinished, 0.5).expect("returns").is_empty(), "no result, nothing to teach");
    }

    #[test]
    fn only_searched_turns_are_taught_and_the_opening_is_not() {
        let (_, turns) = random_opening(1, 4, 0).expect("an opening");
        let game = SelfPlayGame { turns: turns.clone(), winner: Some(Seat::FIRST) };
        assert!(lambda_returns(&game, 0.5).expect("returns").is_empty());
        assert!(turns.iter().all(|turn| turn.label == TurnLabel::Random));
    }

    #[test]
    fn rounds_train_on_their_games_and_move_the_weights_the_same_way_every_time() {
        let device = Device::Cpu;
        for (learner, learning_rate) in [(Learner::Adamw, 1e-3), (Learner::TemporalCoherence, 0.2)] {
            let options = TdOptions { learner, learning_rate, batch: 8, ..quick() };
            let start = Model::new(5, &device).expect("a model");
            let before = start.safetensors(HashMap::new()).expect("bytes");
            let mut run = TdRun::new(start, options).expect("a run");
            for round in 0..2 {
                let report = run.round(round).expect("a round");
                assert_eq!(report.round, round);
                assert!(report.decided > 0 && report.positions > 0, "{learner:?}: {report:?}");
                assert!(report.training_loss.is_finite() && report.mean_td_error.is_finite(), "{report:?}");
            }
            let after = run.model().safetensors(HashMap::new()).expect("bytes");
            assert_ne!(before, after, "{learner:?} moved the weights");
            Network::from_safetensors(&after).expect("the bot reads the trained weights");

            let mut again = TdRun::new(Model::new(5, &device).expect("a model"), options).expect("a run");
            for round in 0..2 {
                again.round(round).expect("a round");
            }
            let replayed = again.model().safetensors(HashMap::new()).expect("bytes");
            assert_eq!(replayed, after, "{learner:?}: a run is its options' alone");
        }
    }
}
