//! The network being trained: the bot's architecture (`kartka_bot::soccer_net`), as candle variables, with the
//! forward pass on dense inputs, and the weights file the bot reads.

use std::collections::HashMap;
use std::path::Path;

use anyhow::Context;
use candle_core::{DType, Device, Tensor, Var, D};
use kartka_bot::soccer_net::{is_readable_width, HIDDEN_1, HIDDEN_2, INPUTS, MAX_HIDDEN_1, WIDTH_STEP};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The three linear layers, each a weight (outputs × inputs, as the bot reads them) and a bias.
pub struct Model {
    layers: [(Var, Var); 3],
}

/// The names of the layers in the weights file.
const NAMES: [&str; 3] = ["l1", "l2", "l3"];

impl Model {
    /// A network of the bot's default width ([`HIDDEN_1`]) initialised from `seed`: [`Model::of_width`].
    pub fn new(seed: u64, device: &Device) -> anyhow::Result<Model> {
        Model::of_width(HIDDEN_1, seed, device)
    }

    /// A network of `width` units in the first hidden layer (a multiple of [`WIDTH_STEP`] up to
    /// [`MAX_HIDDEN_1`], the widths the bot reads) initialised from `seed`: uniform weights in ±1/√fan-in (as
    /// common frameworks do for linear layers), zero biases, so that one seed gives one starting point on every
    /// machine.
    pub fn of_width(width: usize, seed: u64, device: &Device) -> anyhow::Result<Model> {
        check_width(width)?;
        let mut rng = StdRng::seed_from_u64(seed);
        let mut layer = |outputs: usize, inputs: usize| -> anyhow::Result<(Var, Var)> {
            let weight = Var::from_tensor(&uniform(&mut rng, outputs, inputs, device)?)?;
            let bias = Var::from_tensor(&Tensor::zeros(outputs, DType::F32, device)?)?;
            Ok((weight, bias))
        };
        Ok(Model { layers: [layer(width, INPUTS)?, layer(HIDDEN_2, width)?, layer(1, HIDDEN_2)?] })
    }

    /// Units of the first hidden layer.
    pub fn width(&self) -> usize {
        self.layers[0].1.as_tensor().dims()[0]
    }

    /// This network with its first hidden layer widened to `width` units, computing the same function: the new
    /// units' input weights are drawn from `seed` as [`Model::of_width`] draws them, their biases and their
    /// weights into the second layer are zero, so that they start to count only as training moves those. A
    /// trained network given more room to learn without losing what it knows.
    pub fn widened(&self, width: usize, seed: u64) -> anyhow::Result<Model> {
        check_width(width)?;
        let old = self.width();
        anyhow::ensure!(width >= old, "a network of {old} units cannot be narrowed to {width}");
        if width == old {
            return Ok(Model { layers: self.layers.clone() });
        }
        let [(weight_1, bias_1), (weight_2, bias_2), layer_3] = &self.layers;
        let device = weight_1.device();
        let mut rng = StdRng::seed_from_u64(seed);
        let added = width - old;
        let weight_1 = Tensor::cat(&[weight_1.as_tensor(), &uniform(&mut rng, added, INPUTS, device)?], 0)?;
        let bias_1 = Tensor::cat(&[bias_1.as_tensor(), &Tensor::zeros(added, DType::F32, device)?], 0)?;
        let weight_2 = Tensor::cat(&[weight_2.as_tensor(), &Tensor::zeros((HIDDEN_2, added), DType::F32, device)?], 1)?;
        Ok(Model {
            layers: [
                (Var::from_tensor(&weight_1)?, Var::from_tensor(&bias_1)?),
                (Var::from_tensor(&weight_2)?, Var::from_tensor(bias_2.as_tensor())?),
                (Var::from_tensor(layer_3.0.as_tensor())?, Var::from_tensor(layer_3.1.as_tensor())?),
            ],
        })
    }

    /// The mean of `models`' weights, tensor by tensor: stochastic weight averaging of one run's checkpoints,
    /// whose networks lie along one path of training and whose mean is often better than any one of them.
    /// Every model must have the same width.
    pub fn average(models: &[Model]) -> anyhow::Result<Model> {
        let (first, rest) = models.split_first().context("no weights to average")?;
        if let Some(other) = rest.iter().find(|model| model.width() != first.width()) {
            anyhow::bail!("weights of different widths ({} and {}) cannot be averaged", first.width(), other.width());
        }
        let share = 1.0 / models.len() as f64;
        let mean = |of: &dyn Fn(&Model) -> &Var| -> anyhow::Result<Var> {
            let mut sum = of(first).as_tensor().clone();
            for model in rest {
                sum = sum.add(of(model).as_tensor())?;
            }
            Ok(Var::from_tensor(&sum.affine(share, 0.0)?)?)
        };
        let layer = |index: usize| -> anyhow::Result<(Var, Var)> {
            Ok((mean(&|model: &Model| &model.layers[index].0)?, mean(&|model: &Model| &model.layers[index].1)?))
        };
        Ok(Model { layers: [layer(0)?, layer(1)?, layer(2)?] })
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

/// Refuses a first hidden layer the bot cannot read.
fn check_width(width: usize) -> anyhow::Result<()> {
    anyhow::ensure!(
        is_readable_width(width),
        "a first hidden layer of {width} units: the bot reads a multiple of {WIDTH_STEP} up to {MAX_HIDDEN_1}"
    );
    Ok(())
}

/// An `outputs` × `inputs` tensor of weights uniform in ±1/√inputs.
fn uniform(rng: &mut StdRng, outputs: usize, inputs: usize, device: &Device) -> candle_core::Result<Tensor> {
    let bound = 1.0 / (inputs as f32).sqrt();
    let weights: Vec<f32> = (0..outputs * inputs).map(|_| rng.random_range(-bound..bound)).collect();
    Tensor::from_vec(weights, (outputs, inputs), device)
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
    fn a_widened_network_computes_what_it_did_and_the_bot_reads_it() {
        let device = Device::Cpu;
        let model = Model::new(3, &device).expect("a model");
        let wide = model.widened(128, 4).expect("widened");
        assert_eq!((model.width(), wide.width()), (HIDDEN_1, 128));
        let bot = kartka_bot::soccer_net::Network::from_safetensors(&wide.safetensors(HashMap::new()).expect("bytes"))
            .expect("the bot reads the wider file");
        assert_eq!(bot.hidden_1(), 128);
        for active in [&[][..], &[0, 17, 400], &[5, 6, 7, 1000, 1071]] {
            let before = model.logit(active, &device).expect("a logit");
            let after = wide.logit(active, &device).expect("a logit");
            assert!((before - after).abs() < 1e-5, "{active:?}: {before} then {after}");
            assert!(
                (after - bot.logit(active)).abs() < 1e-4,
                "{active:?}: the trainer {after}, the bot {}",
                bot.logit(active)
            );
        }
        assert!(model.widened(32, 4).is_err(), "never narrowed");
        assert!(model.widened(100, 4).is_err(), "a width the bot cannot read");
        assert!(Model::of_width(300, 1, &device).is_err());
    }

    #[test]
    fn the_average_of_weights_is_their_mean_tensor_by_tensor() {
        let device = Device::Cpu;
        let seeded = |seed| Model::new(seed, &device).expect("a model");
        let (one, two) = (seeded(1), seeded(2));
        let mean = Model::average(&[seeded(1), seeded(2)]).expect("averaged");
        let mut differing = 0;
        for ((a, b), m) in one.variables().iter().zip(two.variables()).zip(mean.variables()) {
            let [a, b, m] = [a, &b, &m].map(|var| var.as_tensor().flatten_all().unwrap().to_vec1::<f32>().unwrap());
            assert!(a.iter().zip(&b).zip(&m).all(|((a, b), m)| (m - (a + b) / 2.0).abs() < 1e-6));
            differing += usize::from(a != b);
        }
        assert!(differing > 0, "two seeds gave the same weights: the mean tested nothing");
        let alone = Model::average(&[seeded(1)]).expect("one model");
        assert_eq!(alone.safetensors(HashMap::new()).unwrap(), one.safetensors(HashMap::new()).unwrap());
        assert!(Model::average(&[]).is_err(), "nothing to average");
        let wide = one.widened(128, 3).expect("widened");
        assert!(Model::average(&[one, wide]).is_err(), "widths differ");
    }

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
