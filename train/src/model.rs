//! The network being trained: the bot's architecture (`kartka_bot::soccer_net`), as candle variables, with the
//! forward pass on dense inputs, and the weights file the bot reads.

use std::collections::HashMap;
use std::path::Path;

use anyhow::Context;
use candle_core::{DType, Device, Tensor, Var, D};
use kartka_bot::soccer_net::{HIDDEN_1, HIDDEN_2, INPUTS};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The three linear layers, each a weight (outputs × inputs, as the bot reads them) and a bias.
pub struct Model {
    layers: [(Var, Var); 3],
}

/// The names of the layers in the weights file.
const NAMES: [&str; 3] = ["l1", "l2", "l3"];

impl Model {
    /// A network initialised from `seed`: uniform weights in ±1/√fan-in (as common frameworks do for linear
    /// layers), zero biases, so that one seed gives one starting point on every machine.
    pub fn new(seed: u64, device: &Device) -> anyhow::Result<Model> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut layer = |outputs: usize, inputs: usize| -> anyhow::Result<(Var, Var)> {
            let bound = 1.0 / (inputs as f32).sqrt();
            let weights: Vec<f32> = (0..outputs * inputs).map(|_| rng.random_range(-bound..bound)).collect();
            let weight = Var::from_tensor(&Tensor::from_vec(weights, (outputs, inputs), device)?)?;
            let bias = Var::from_tensor(&Tensor::zeros(outputs, DType::F32, device)?)?;
            Ok((weight, bias))
        };
        Ok(Model { layers: [layer(HIDDEN_1, INPUTS)?, layer(HIDDEN_2, HIDDEN_1)?, layer(1, HIDDEN_2)?] })
    }

    /// Reads a weights file written by [`Model::save`].
    pub fn load(path: &Path, device: &Device) -> anyhow::Result<Model> {
        let tensors = candle_core::safetensors::load(path, device)?;
        let get = |name: String| -> anyhow::Result<Var> {
            Ok(Var::from_tensor(tensors.get(&name).with_context(|| format!("no tensor {name}"))?)?)
        };
        let layer = |name: &str| -> anyhow::Result<(Var, Var)> {
            Ok((get(format!("{name}.weight"))?, get(format!("{name}.bias"))?))
        };
        Ok(Model { layers: [layer(NAMES[0])?, layer(NAMES[1])?, layer(NAMES[2])?] })
    }

    /// Every variable, for the optimiser.
    pub fn variables(&self) -> Vec<Var> {
        self.layers.iter().flat_map(|(weight, bias)| [weight.clone(), bias.clone()]).collect()
    }

    /// The logits for a batch of dense inputs (batch × [`INPUTS`]), one per row.
    pub fn forward(&self, inputs: &Tensor) -> candle_core::Result<Tensor> {
        let mut hidden = inputs.clone();
        for (index, (weight, bias)) in self.layers.iter().enumerate() {
            hidden = hidden.matmul(&weight.as_tensor().t()?)?.broadcast_add(bias.as_tensor())?;
            if index + 1 < self.layers.len() {
                hidden = hidden.relu()?;
            }
        }
        hidden.squeeze(D::Minus1)
    }

    /// The logit of one position given by its active inputs, through [`Model::forward`].
    pub fn logit(&self, active: &[u16], device: &Device) -> anyhow::Result<f32> {
        let dense = dense_batch([active], device)?;
        Ok(self.forward(&dense)?.to_vec1::<f32>()?[0])
    }

    /// Writes the weights as a safetensors file with `metadata` in its header (the training command and the
    /// data it read), for the bot to embed.
    pub fn save(&self, path: &Path, metadata: HashMap<String, String>) -> anyhow::Result<()> {
        let file = self.safetensors(metadata)?;
        std::fs::write(path, file).with_context(|| path.display().to_string())?;
        Ok(())
    }

    /// The bytes [`Model::save`] writes: what the bot's `Network::from_safetensors` reads, so that a trainer
    /// can play with the weights it is training without a file between.
    pub fn safetensors(&self, metadata: HashMap<String, String>) -> anyhow::Result<Vec<u8>> {
        let mut tensors = Vec::new();
        for (name, (weight, bias)) in NAMES.iter().zip(&self.layers) {
            tensors.push((format!("{name}.weight"), weight.as_tensor().clone()));
            tensors.push((format!("{name}.bias"), bias.as_tensor().clone()));
        }
        let mut bytes: Vec<(String, Vec<usize>, Vec<u8>)> = Vec::new();
        for (name, tensor) in tensors {
            let values = tensor.flatten_all()?.to_vec1::<f32>()?;
            anyhow::ensure!(
                values.iter().all(|value| value.is_finite()),
                "the training diverged: `{name}` holds values that are not finite numbers; nothing was written"
            );
            let data: Vec<u8> = values.iter().flat_map(|value| value.to_le_bytes()).collect();
            bytes.push((name, tensor.dims().to_vec(), data));
        }
        let views = bytes
            .iter()
            .map(|(name, shape, data)| {
                Ok((name.clone(), safetensors::tensor::TensorView::new(safetensors::Dtype::F32, shape.clone(), data)?))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(safetensors::serialize(views, Some(metadata))?)
    }
}

/// A batch of positions given by their active inputs as a dense tensor of 0s and 1s (batch × [`INPUTS`]).
pub fn dense_batch<'a>(batch: impl IntoIterator<Item = &'a [u16]>, device: &Device) -> candle_core::Result<Tensor> {
    let mut dense = Vec::new();
    let mut rows = 0;
    for active in batch {
        let start = dense.len();
        dense.resize(start + INPUTS, 0f32);
        for &input in active {
            dense[start + usize::from(input)] = 1.0;
        }
        rows += 1;
    }
    Tensor::from_vec(dense, (rows, INPUTS), device)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_model_that_diverged_is_not_written() {
        let device = Device::Cpu;
        let dir = tempfile::tempdir().expect("a temporary directory");
        let model = Model::new(1, &device).expect("a model");
        let finite = dir.path().join("finite.safetensors");
        model.save(&finite, HashMap::new()).expect("finite weights are written");
        assert!(Model::load(&finite, &device).is_ok());

        let bias = &model.layers[1].1;
        let mut values = bias.as_tensor().to_vec1::<f32>().expect("the bias");
        values[3] = f32::NAN;
        bias.set(&Tensor::from_vec(values, HIDDEN_2, &device).expect("a tensor")).expect("set");
        let diverged = dir.path().join("diverged.safetensors");
        let error = model.save(&diverged, HashMap::new()).expect_err("a NaN is refused");
        assert!(error.to_string().contains("l2.bias"), "{error}");
        assert!(!diverged.exists(), "nothing written");
    }
}
