//! Temporal-coherence learning rates (Beal and Smith's TC, the rule QtPaperSoccer's `learnRL` applies to its
//! network): every weight keeps the sum `N` of its steps and the sum `A` of their sizes, and its next step is
//! scaled by `|N| / A`. A weight whose steps keep one sign learns at the full rate; one whose steps cancel out is
//! slowed towards zero. So each weight anneals on its own, as the targets it is taught settle, where AdamW's one
//! learning rate stays constant over a temporal-difference run.
//!
//! The steps are plain gradient steps on the summed loss of a batch (the rate is a position's, as in an online
//! update), so a batch of one is QtPaperSoccer's online rule.

use candle_core::{Tensor, Var};

/// Temporal-coherence gradient descent over a model's variables.
pub struct TemporalCoherence {
    variables: Vec<Var>,
    /// The sum of every step taken, per weight.
    steps: Vec<Tensor>,
    /// The sum of every step's size, per weight.
    sizes: Vec<Tensor>,
    rate: f64,
}

impl TemporalCoherence {
    /// A learner of `variables` whose steps are `rate` × the gradient of a position's loss before coherence.
    pub fn new(variables: Vec<Var>, rate: f64) -> candle_core::Result<TemporalCoherence> {
        let zeros = |variable: &Var| variable.as_tensor().zeros_like();
        let steps = variables.iter().map(zeros).collect::<candle_core::Result<_>>()?;
        let sizes = variables.iter().map(zeros).collect::<candle_core::Result<_>>()?;
        Ok(TemporalCoherence { variables, steps, sizes, rate })
    }

    /// One step down the gradient of `mean_loss`, the mean over `positions` positions' losses.
    pub fn backward_step(&mut self, mean_loss: &Tensor, positions: usize) -> candle_core::Result<()> {
        let gradients = mean_loss.backward()?;
        for ((variable, steps), sizes) in self.variables.iter().zip(&mut self.steps).zip(&mut self.sizes) {
            let Some(gradient) = gradients.get(variable.as_tensor()) else { continue };
            let step = (gradient * (-self.rate * positions as f64))?;
            // A weight never stepped has A = 0 and learns at the full rate, as QtPaperSoccer's rule starts.
            let never_stepped = sizes.eq(0.0)?;
            let coherence = never_stepped.where_cond(&sizes.ones_like()?, &(steps.abs()? / sizes.maximum(1e-30)?)?)?;
            variable.set(&(variable.as_tensor() + (&step * &coherence)?)?)?;
            *steps = (&*steps + &step)?;
            *sizes = (&*sizes + step.abs()?)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use candle_core::Device;

    use super::*;

    /// The loss `Σ (w − target)²` over a variable of two weights.
    fn squared_distance(variable: &Var, target: &[f32]) -> Tensor {
        let target = Tensor::new(target, &Device::Cpu).expect("a target");
        (variable.as_tensor() - target).expect("a difference").sqr().expect("a square").sum_all().expect("a sum")
    }

    fn weights(variable: &Var) -> Vec<f32> {
        variable.as_tensor().to_vec1().expect("weights")
    }

    #[test]
    fn the_first_step_is_plain_gradient_descent() {
        let variable = Var::new(&[1.0f32, -1.0], &Device::Cpu).expect("a variable");
        let mut learner = TemporalCoherence::new(vec![variable.clone()], 0.1).expect("a learner");
        learner.backward_step(&squared_distance(&variable, &[0.0, 0.0]), 1).expect("a step");
        // The gradient is 2w: w − 0.1 × 2w = 0.8 w.
        let after = weights(&variable);
        assert!((after[0] - 0.8).abs() < 1e-6 && (after[1] + 0.8).abs() < 1e-6, "{after:?}");
    }

    #[test]
    fn a_weight_whose_steps_cancel_slows_and_one_whose_steps_agree_does_not() {
        // The loss `s·w₀ + w₁`: the first weight's gradient changes sign every step (s = ±1), the second's never.
        let variable = Var::new(&[0.0f32, 0.0], &Device::Cpu).expect("a variable");
        let mut learner = TemporalCoherence::new(vec![variable.clone()], 0.5).expect("a learner");
        let mut previous = weights(&variable);
        let mut moves = Vec::new();
        for step in 0..7 {
            let sign = if step % 2 == 0 { 1.0f32 } else { -1.0 };
            let slopes = Tensor::new(&[sign, 1.0f32], &Device::Cpu).expect("slopes");
            let loss = (variable.as_tensor() * slopes).expect("a product").sum_all().expect("a sum");
            learner.backward_step(&loss, 1).expect("a step");
            let now = weights(&variable);
            moves.push([now[0] - previous[0], now[1] - previous[1]]);
            previous = now;
        }
        // Steps of ±0.5 before coherence: sums N = −0.5, 0, −0.5, 0 … over sizes A = 0.5, 1, 1.5 …, so the
        // incoherent weight moves 0.5, 0.5, 0, 0.5/3, 0, 0.5/5, 0.
        let incoherent: Vec<f32> = moves.iter().map(|step| step[0].abs()).collect();
        for (taken, expected) in incoherent.iter().zip([0.5, 0.5, 0.0, 0.5 / 3.0, 0.0, 0.1, 0.0]) {
            assert!((taken - expected).abs() < 1e-6, "{incoherent:?}");
        }
        assert!(moves.iter().all(|step| (step[1] + 0.5).abs() < 1e-6), "the coherent weight keeps its rate: {moves:?}");
    }

    #[test]
    fn a_batch_s_step_is_its_positions_steps_summed() {
        let one = Var::new(&[2.0f32, 2.0], &Device::Cpu).expect("a variable");
        let mut single = TemporalCoherence::new(vec![one.clone()], 0.05).expect("a learner");
        single.backward_step(&(squared_distance(&one, &[0.0, 0.0]) * 2.0).expect("twice"), 1).expect("a step");
        let batched = Var::new(&[2.0f32, 2.0], &Device::Cpu).expect("a variable");
        let mut learner = TemporalCoherence::new(vec![batched.clone()], 0.05).expect("a learner");
        learner.backward_step(&squared_distance(&batched, &[0.0, 0.0]), 2).expect("a step");
        assert_eq!(weights(&one), weights(&batched));
    }
}
