//! The training loop: shuffled batches of positions, each seen as it is or mirrored at random, the binary
//! cross-entropy of the logit against the position's target (who won, or a search's chance mixed in), AdamW;
//! a report of the loss and accuracy on the held-out games after every epoch. With [`Choices`], each step also
//! adds the comparison loss of a batch of them: the cross-entropy of the chosen child among its group, each
//! child scored by the mover as the negation of its own logit (the seat to act there is the opponent).

use candle_core::{Device, Tensor};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use kartka_bot::soccer_net::mirrored;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::choices::Choices;
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

/// The comparison loss's share of training: its choices and weight.
#[derive(Clone, Copy, Debug)]
pub struct ChoiceTraining<'a> {
    /// The groups trained on, a batch of them a step (cycled through in a shuffled order).
    pub choices: &'a Choices,
    /// The groups held out, scored after every epoch.
    pub held_out: &'a Choices,
    /// The comparison loss's weight beside the value loss's 1.
    pub weight: f64,
    /// Groups a step.
    pub batch: usize,
}

/// How the network ranks held-out choices.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChoiceScore {
    /// The mean cross-entropy of the chosen child among its group.
    pub loss: f64,
    /// The share of groups whose chosen child the network scores above every sibling.
    pub accuracy: f64,
}

/// One epoch's figures.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// The epoch, from 1.
    pub epoch: usize,
    /// The mean loss over the epoch's batches.
    pub training_loss: f64,
    /// On the held-out games; none when no position was held out.
    pub validation: Option<Score>,
    /// On the held-out choices, when training on choices.
    pub choices: Option<ChoiceScore>,
}

/// Trains a network on `training`, from `start` or else from weights drawn from the seed, reporting each
/// epoch on `validation` through `report`.
pub fn train(
    training: &Positions,
    validation: &Positions,
    start: Option<Model>,
    options: TrainingOptions,
    choice_training: Option<ChoiceTraining>,
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
    let mut choice_order: Vec<usize> = (0..choice_training.map_or(0, |training| training.choices.len())).collect();
    let mut next_choice = choice_order.len();
    for epoch in 1..=options.epochs {
        let progress = (epoch - 1) as f64 / options.epochs.max(2).saturating_sub(1) as f64;
        optimiser.set_learning_rate(options.learning_rate * (1.0 - 0.9 * progress));
        order.shuffle(&mut rng);
        let (mut loss_sum, mut batches) = (0.0, 0usize);
        for chunk in order.chunks(options.batch) {
            let mut loss = value_loss(&model, training, chunk, &mut rng, &mut mirrored_inputs, &device)?;
            if let Some(training) = choice_training.filter(|training| !training.choices.is_empty()) {
                let mut groups = Vec::with_capacity(training.batch);
                while groups.len() < training.batch {
                    if next_choice == choice_order.len() {
                        choice_order.shuffle(&mut rng);
                        next_choice = 0;
                    }
                    groups.push(choice_order[next_choice]);
                    next_choice += 1;
                }
                let scores = group_scores(&model, training.choices, &groups, Some(&mut rng), &device)?;
                let comparison = comparison_loss(&scores)?;
                loss = (loss + (comparison * training.weight)?)?;
            }
            optimiser.backward_step(&loss)?;
            loss_sum += f64::from(loss.to_scalar::<f32>()?);
            batches += 1;
        }
        let validation = evaluate(&model, validation, options.batch, &device)?;
        let choices = match choice_training {
            Some(training) if !training.held_out.is_empty() => {
                Some(evaluate_choices(&model, training.held_out, training.batch, &device)?)
            }
            _ => None,
        };
        report(&EpochReport { epoch, training_loss: loss_sum / batches.max(1) as f64, validation, choices });
    }
    Ok(model)
}

/// The binary cross-entropy of `model` on the positions `chunk` of `training`, each mirrored left to right at
/// random; `scratch` keeps its allocation from batch to batch.
pub(crate) fn value_loss(
    model: &Model,
    training: &Positions,
    chunk: &[usize],
    rng: &mut StdRng,
    scratch: &mut Vec<u16>,
    device: &Device,
) -> candle_core::Result<Tensor> {
    scratch.clear();
    let mut ends = Vec::with_capacity(chunk.len());
    for &index in chunk {
        let inputs = training.inputs(index);
        if rng.random_bool(0.5) {
            scratch.extend(inputs.iter().map(|&input| mirrored(input)));
        } else {
            scratch.extend_from_slice(inputs);
        }
        ends.push(scratch.len());
    }
    let rows = ends.iter().scan(0, |start, &end| {
        let row = &scratch[*start..end];
        *start = end;
        Some(row)
    });
    let inputs = dense_batch(rows, device)?;
    let targets = labels(chunk.iter().map(|&index| training.target(index)), device)?;
    cross_entropy_of_logits(&model.forward(&inputs)?, &targets)
}

/// The loss and accuracy of `model` on `positions`; none when there are none, so that a run with nothing held
/// out never reports a figure.
pub fn evaluate(model: &Model, positions: &Positions, batch: usize, device: &Device) -> anyhow::Result<Option<Score>> {
    if positions.is_empty() {
        return Ok(None);
    }
    let (mut loss_sum, mut correct) = (0.0, 0usize);
    let indices: Vec<usize> = (0..positions.len()).collect();
    for chunk in indices.chunks(batch) {
        let inputs = dense_batch(chunk.iter().map(|&index| positions.inputs(index)), device)?;
        let targets: Vec<f32> = chunk.iter().map(|&index| positions.target(index)).collect();
        let logits = model.forward(&inputs)?;
        let loss = cross_entropy_of_logits(&logits, &labels(targets.iter().copied(), device)?)?;
        loss_sum += f64::from(loss.to_scalar::<f32>()?) * chunk.len() as f64;
        correct += logits
            .to_vec1::<f32>()?
            .iter()
            .zip(&targets)
            .filter(|(logit, &target)| (**logit > 0.0) == (target > 0.5))
            .count();
    }
    let count = positions.len() as f64;
    Ok(Some(Score { loss: loss_sum / count, accuracy: correct as f64 / count }))
}

/// The mover's scores of the children of each of `groups` of `choices` (groups × children, the chosen one
/// first): the negation of each child's logit, its seat to act being the opponent. Each group is mirrored at
/// random when `rng` is given.
fn group_scores(
    model: &Model,
    choices: &Choices,
    groups: &[usize],
    mut rng: Option<&mut StdRng>,
    device: &Device,
) -> anyhow::Result<Tensor> {
    let width = choices.siblings() + 1;
    let mut rows: Vec<Vec<u16>> = Vec::with_capacity(groups.len() * width);
    for &group in groups {
        let mirror = rng.as_mut().is_some_and(|rng| rng.random_bool(0.5));
        for child in 0..width {
            let inputs = choices.inputs(group, child);
            rows.push(if mirror { inputs.iter().map(|&input| mirrored(input)).collect() } else { inputs.to_vec() });
        }
    }
    let inputs = dense_batch(rows.iter().map(Vec::as_slice), device)?;
    Ok(model.forward(&inputs)?.neg()?.reshape((groups.len(), width))?)
}

/// The mean cross-entropy of the chosen child (the first column) among the scores of its group.
fn comparison_loss(scores: &Tensor) -> anyhow::Result<Tensor> {
    let log_chances = candle_nn::ops::log_softmax(scores, 1)?;
    Ok(log_chances.narrow(1, 0, 1)?.mean_all()?.neg()?)
}

/// The comparison loss over every group of `choices`, and the share whose chosen child scores above every
/// sibling.
pub fn evaluate_choices(
    model: &Model,
    choices: &Choices,
    batch: usize,
    device: &Device,
) -> anyhow::Result<ChoiceScore> {
    let (mut loss_sum, mut best) = (0.0, 0usize);
    let groups: Vec<usize> = (0..choices.len()).collect();
    for chunk in groups.chunks(batch.max(1)) {
        let scores = group_scores(model, choices, chunk, None, device)?;
        loss_sum += f64::from(comparison_loss(&scores)?.to_scalar::<f32>()?) * chunk.len() as f64;
        best += scores
            .to_vec2::<f32>()?
            .iter()
            .filter(|group| group[1..].iter().all(|&sibling| sibling < group[0]))
            .count();
    }
    let count = choices.len().max(1) as f64;
    Ok(ChoiceScore { loss: loss_sum / count, accuracy: best as f64 / count })
}

/// The mean binary cross-entropy of `logits` against `targets` (chances from 0 to 1), from the logits as
/// max(x, 0) − x·t + ln(1 + e^−|x|). candle's `binary_cross_entropy_with_logit` takes the sigmoid first and
/// then its logarithm, which is −∞ once a logit passes about 17 in `f32`, and 0 × −∞ is NaN for a target of
/// exactly 0 or 1: a network taught only chances, sure ones among them (a won position's 1.000), diverged
/// in its first epoch.
fn cross_entropy_of_logits(logits: &Tensor, targets: &Tensor) -> candle_core::Result<Tensor> {
    let softplus_of_minus_magnitude = logits.abs()?.neg()?.exp()?.affine(1.0, 1.0)?.log()?;
    ((logits.relu()? - (logits * targets)?)? + softplus_of_minus_magnitude)?.mean_all()
}

fn labels(targets: impl Iterator<Item = f32>, device: &Device) -> candle_core::Result<Tensor> {
    let values: Vec<f32> = targets.collect();
    let rows = values.len();
    Tensor::from_vec(values, rows, device)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cross_entropy_is_finite_for_sure_targets_and_far_logits_and_is_the_textbook_one_elsewhere() {
        let device = Device::Cpu;
        let loss = |logit: f32, target: f32| {
            let logits = Tensor::new(&[logit], &device).expect("a logit");
            let targets = Tensor::new(&[target], &device).expect("a target");
            f64::from(
                cross_entropy_of_logits(&logits, &targets).and_then(|loss| loss.to_scalar::<f32>()).expect("a loss"),
            )
        };
        for (logit, target) in [(0.3_f32, 0.7_f32), (-2.0, 0.1), (4.0, 1.0), (-1.5, 0.0)] {
            let chance = 1.0 / (1.0 + (-f64::from(logit)).exp());
            let textbook = -(f64::from(target) * chance.ln() + (1.0 - f64::from(target)) * (1.0 - chance).ln());
            assert!((loss(logit, target) - textbook).abs() < 1e-5, "{logit} {target}");
        }
        assert!(loss(40.0, 1.0).abs() < 1e-6);
        assert!((loss(40.0, 0.0) - 40.0).abs() < 1e-4);
        assert!((loss(-40.0, 1.0) - 40.0).abs() < 1e-4);
        let logits = Tensor::new(&[40.0_f32, -40.0], &device).expect("logits");
        let variable = candle_core::Var::from_tensor(&logits).expect("a variable");
        let targets = Tensor::new(&[0.0_f32, 0.0], &device).expect("targets");
        let gradients =
            cross_entropy_of_logits(variable.as_tensor(), &targets).and_then(|loss| loss.backward()).expect("backward");
        let gradient = gradients.get(variable.as_tensor()).expect("a gradient").to_vec1::<f32>().expect("values");
        assert!(gradient.iter().all(|value| value.is_finite()), "{gradient:?}");
        assert!((gradient[0] - 0.5).abs() < 1e-4 && gradient[1].abs() < 1e-4, "{gradient:?}");
    }

    #[test]
    fn a_score_is_given_only_for_positions_held_out() {
        let device = Device::Cpu;
        let model = Model::new(1, &device).expect("a model");
        assert_eq!(evaluate(&model, &Positions::default(), 16, &device).expect("evaluated"), None);
        let mut positions = Positions::default();
        positions.push(&[0, 5, 700], 1.0);
        positions.push(&[1, 9], 0.0);
        let score = evaluate(&model, &positions, 16, &device).expect("evaluated").expect("a score");
        assert!(score.loss > 0.0 && score.loss.is_finite(), "{score:?}");
        assert!([0.0, 0.5, 1.0].contains(&score.accuracy), "{score:?}");
    }
}
