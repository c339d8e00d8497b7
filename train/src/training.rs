//! The training loop: shuffled batches of positions, each seen as it is or mirrored at random, the binary
//! cross-entropy of the logit against the position's target (who won, or a search's chance mixed in), AdamW;
//! a report of the loss and accuracy on the held-out games after every epoch.

use candle_core::{Device, Tensor};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use kartka_bot::soccer_net::mirrored;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::corpus::Positions;
use crate::model::{dense_batch, Model};

/// How to train.
#[derive(Clone, Copy, Debug)]
pub struct TrainingOptions {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per step of the optimiser.
    pub batch: usize,
    /// AdamW's learning rate at the start; it falls linearly to a tenth by the last epoch.
    pub learning_rate: f64,
    /// AdamW's weight decay.
    pub weight_decay: f64,
    /// Seeds the initial weights, the order of the positions and the mirroring.
    pub seed: u64,
}

/// How the network did on a set of positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// The mean binary cross-entropy.
    pub loss: f64,
    /// The share of positions whose likelier winner (by the target) the network's sign foretold.
    pub accuracy: f64,
}

/// One epoch's figures.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// The epoch, from 1.
    pub epoch: usize,
    /// The mean loss over the epoch's batches.
    pub training_loss: f64,
    /// On the held-out games.
    pub validation: Score,
}

/// Trains a network on `training`, from `start` or else from weights drawn from the seed, reporting each
/// epoch on `validation` through `report`.
pub fn train(
    training: &Positions,
    validation: &Positions,
    start: Option<Model>,
    options: TrainingOptions,
    mut report: impl FnMut(&EpochReport),
) -> anyhow::Result<Model> {
    let device = Device::Cpu;
    let model = match start {
        Some(model) => model,
        None => Model::new(options.seed, &device)?,
    };
    let mut optimiser = AdamW::new(
        model.variables(),
        ParamsAdamW { lr: options.learning_rate, weight_decay: options.weight_decay, ..ParamsAdamW::default() },
    )?;
    let mut rng = StdRng::seed_from_u64(options.seed);
    let mut order: Vec<usize> = (0..training.len()).collect();
    let mut mirrored_inputs = Vec::new();
    for epoch in 1..=options.epochs {
        let progress = (epoch - 1) as f64 / options.epochs.max(2).saturating_sub(1) as f64;
        optimiser.set_learning_rate(options.learning_rate * (1.0 - 0.9 * progress));
        order.shuffle(&mut rng);
        let (mut loss_sum, mut batches) = (0.0, 0usize);
        for chunk in order.chunks(options.batch) {
            mirrored_inputs.clear();
            let mut ends = Vec::with_capacity(chunk.len());
            for &index in chunk {
                let inputs = training.inputs(index);
                if rng.random_bool(0.5) {
                    mirrored_inputs.extend(inputs.iter().map(|&input| mirrored(input)));
                } else {
                    mirrored_inputs.extend_from_slice(inputs);
                }
                ends.push(mirrored_inputs.len());
            }
            let rows = ends.iter().scan(0, |start, &end| {
                let row = &mirrored_inputs[*start..end];
                *start = end;
                Some(row)
            });
            let inputs = dense_batch(rows, &device)?;
            let targets = labels(chunk.iter().map(|&index| training.target(index)), &device)?;
            let loss = candle_nn::loss::binary_cross_entropy_with_logit(&model.forward(&inputs)?, &targets)?;
            optimiser.backward_step(&loss)?;
            loss_sum += f64::from(loss.to_scalar::<f32>()?);
            batches += 1;
        }
        let validation = evaluate(&model, validation, options.batch, &device)?;
        report(&EpochReport { epoch, training_loss: loss_sum / batches.max(1) as f64, validation });
    }
    Ok(model)
}

/// The loss and accuracy of `model` on `positions`.
pub fn evaluate(model: &Model, positions: &Positions, batch: usize, device: &Device) -> anyhow::Result<Score> {
    let (mut loss_sum, mut correct) = (0.0, 0usize);
    let indices: Vec<usize> = (0..positions.len()).collect();
    for chunk in indices.chunks(batch) {
        let inputs = dense_batch(chunk.iter().map(|&index| positions.inputs(index)), device)?;
        let targets: Vec<f32> = chunk.iter().map(|&index| positions.target(index)).collect();
        let logits = model.forward(&inputs)?;
        let loss =
            candle_nn::loss::binary_cross_entropy_with_logit(&logits, &labels(targets.iter().copied(), device)?)?;
        loss_sum += f64::from(loss.to_scalar::<f32>()?) * chunk.len() as f64;
        correct += logits
            .to_vec1::<f32>()?
            .iter()
            .zip(&targets)
            .filter(|(logit, &target)| (**logit > 0.0) == (target > 0.5))
            .count();
    }
    let count = positions.len().max(1) as f64;
    Ok(Score { loss: loss_sum / count, accuracy: correct as f64 / count })
}

fn labels(targets: impl Iterator<Item = f32>, device: &Device) -> candle_core::Result<Tensor> {
    let values: Vec<f32> = targets.collect();
    let rows = values.len();
    Tensor::from_vec(values, rows, device)
}
