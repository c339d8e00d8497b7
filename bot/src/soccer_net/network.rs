//! The learned evaluation's network: [`INPUTS`] inputs of 0 or 1, two hidden layers of rectified units, one
//! output, the logit of the seat to act's chance to win. Only the inputs that are 1 are read, a column of the
//! first layer each, which is what makes it cheap enough for the leaves of the search.
//!
//! The weights come from a safetensors file written by the trainer (`kartka-train soccer`), with the tensors of
//! three linear layers named as the trainer names them: `l1.weight` (width × [`INPUTS`]), `l1.bias`,
//! `l2.weight` ([`HIDDEN_2`] × width), `l2.bias`, `l3.weight` (1 × [`HIDDEN_2`]), `l3.bias`, each of `f32`. The
//! width of the first hidden layer is the file's (`l1.bias`'s length, at most [`MAX_HIDDEN_1`]), so that a
//! wider network is a new weights file, not a new build.

use safetensors::{Dtype, SafeTensors};

use super::features::INPUTS;

/// Units of the first hidden layer of a new network (the trainer's default), and of the embedded one.
pub const HIDDEN_1: usize = 64;
/// The most units of the first hidden layer a weights file may have: the evaluation sums them on the stack.
pub const MAX_HIDDEN_1: usize = 256;
/// Units of the second hidden layer.
pub const HIDDEN_2: usize = 32;
/// The first hidden layer's width is a multiple of this, up to [`MAX_HIDDEN_1`]: the evaluation is compiled
/// once for each such width.
pub const WIDTH_STEP: usize = 32;

/// Whether a network may have `width` units in its first hidden layer: a multiple of [`WIDTH_STEP`] up to
/// [`MAX_HIDDEN_1`], the widths the evaluation is compiled for. The trainer asks it before it makes one.
#[must_use]
pub const fn is_readable_width(width: usize) -> bool {
    width >= WIDTH_STEP && width <= MAX_HIDDEN_1 && width % WIDTH_STEP == 0
}

/// Why a weights file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    /// The file cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: std::path::PathBuf,
        /// What reading it found.
        source: std::io::Error,
    },
    /// The file is no safetensors file.
    #[error("not a safetensors file: {0}")]
    Format(#[from] safetensors::SafeTensorError),
    /// A tensor the network needs is missing.
    #[error("the weights have no tensor `{0}`")]
    Missing(&'static str),
    /// A tensor has the wrong shape or element type.
    #[error("tensor `{name}` is {found}, the network needs {expected:?} of f32")]
    Shape {
        /// The tensor's name.
        name: &'static str,
        /// Its shape and type as found.
        found: String,
        /// The shape the network needs.
        expected: Vec<usize>,
    },
    /// The first hidden layer's width is not a multiple of [`WIDTH_STEP`] up to [`MAX_HIDDEN_1`].
    #[error("the first hidden layer has {0} units; a network has a multiple of {WIDTH_STEP} up to {MAX_HIDDEN_1}")]
    Width(usize),
    /// A tensor holds a value that is not a finite number (a training that diverged): every evaluation would
    /// be meaningless, so the file is refused rather than played.
    #[error("tensor `{0}` holds a value that is not a finite number")]
    NotFinite(&'static str),
}

/// A network with its weights, laid out for evaluation: the first layer's weights by input.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// Units of the first hidden layer.
    width: usize,
    /// `INPUTS` rows of `width`, one after another: the weights from each input to every first-layer unit.
    by_input: Vec<f32>,
    bias_1: Vec<f32>,
    /// `width` rows of `HIDDEN_2`: the weights from each first-layer unit to every second-layer unit.
    by_unit_2: Vec<[f32; HIDDEN_2]>,
    bias_2: [f32; HIDDEN_2],
    weight_3: [f32; HIDDEN_2],
    bias_3: f32,
}

impl Network {
    /// Reads the weights file at `path` (written by `kartka-train`) into a network kept for the rest of the
    /// program, as the embedded one is, so that options parsed once can hand it to every game of a run. For
    /// programs that load one file once (the trainer, the lab), never per game; weights that change as they
    /// are trained are borrowed for a scope instead ([`SoccerNetEvaluation::with`](super::SoccerNetEvaluation::with)).
    pub fn load_for_program(path: &std::path::Path) -> Result<&'static Network, WeightsError> {
        let bytes = std::fs::read(path).map_err(|source| WeightsError::Read { path: path.to_owned(), source })?;
        Ok(Box::leak(Box::new(Network::from_safetensors(&bytes)?)))
    }

    /// Reads the weights from the bytes of a safetensors file.
    pub fn from_safetensors(bytes: &[u8]) -> Result<Network, WeightsError> {
        let tensors = SafeTensors::deserialize(bytes)?;
        let read = |name: &'static str, shape: &[usize]| -> Result<Vec<f32>, WeightsError> {
            let view = tensors.tensor(name).map_err(|_| WeightsError::Missing(name))?;
            if view.dtype() != Dtype::F32 || view.shape() != shape {
                return Err(WeightsError::Shape {
                    name,
                    found: format!("{:?} of {:?}", view.shape(), view.dtype()),
                    expected: shape.to_vec(),
                });
            }
            let values: Vec<f32> = view
                .data()
                .chunks_exact(4)
                .map(|bytes| f32::from_le_bytes(bytes.try_into().expect("4 bytes")))
                .collect();
            if !values.iter().all(|value| value.is_finite()) {
                return Err(WeightsError::NotFinite(name));
            }
            Ok(values)
        };
        let width = tensors.tensor("l1.bias").map_err(|_| WeightsError::Missing("l1.bias"))?.shape().iter().product();
        if !is_readable_width(width) {
            return Err(WeightsError::Width(width));
        }
        let bias_1 = read("l1.bias", &[width])?;
        let weight_1 = read("l1.weight", &[width, INPUTS])?;
        let mut by_input = vec![0.0; INPUTS * width];
        for (unit, row) in weight_1.chunks_exact(INPUTS).enumerate() {
            for (input, &weight) in row.iter().enumerate() {
                by_input[input * width + unit] = weight;
            }
        }
        let mut by_unit_2 = vec![[0.0; HIDDEN_2]; width];
        for (unit, row) in read("l2.weight", &[HIDDEN_2, width])?.chunks_exact(width).enumerate() {
            for (from, &weight) in row.iter().enumerate() {
                by_unit_2[from][unit] = weight;
            }
        }
        Ok(Network {
            width,
            by_input,
            bias_1,
            by_unit_2,
            bias_2: read("l2.bias", &[HIDDEN_2])?.try_into().expect("HIDDEN_2 biases"),
            weight_3: read("l3.weight", &[1, HIDDEN_2])?.try_into().expect("HIDDEN_2 weights"),
            bias_3: read("l3.bias", &[1])?[0],
        })
    }

    /// Units of the first hidden layer (the weights file's).
    #[must_use]
    pub fn hidden_1(&self) -> usize {
        self.width
    }

    /// The output for the inputs whose indices are `active` (each below [`INPUTS`], each once; the others are
    /// 0): the logit of the chance that the seat to act wins.
    ///
    /// Both hidden layers are summed a whole row of units at a time (a row of weights added to every unit at
    /// once, which the compiler turns into vector additions), never one unit's dot product after another: a
    /// dot product is a chain of dependent additions the processor cannot overlap. First-layer units the
    /// rectifier zeroes, about half, are skipped.
    ///
    /// The sums are compiled twice, for the x86-64 baseline (four lanes) and for processors with AVX2 (eight),
    /// and the processor is asked once which to run (`pulp`'s dispatch, safe code on both sides): the default
    /// build runs on any x86-64 machine and still uses the wider lanes where they exist. Each lane adds the
    /// same numbers in the same order either way, and Rust never fuses a multiplication with an addition on
    /// its own, so the logit is the same to the bit on every processor (tested against the plain sums).
    #[must_use]
    pub fn logit(&self, active: &[u16]) -> f32 {
        static ARCH: std::sync::LazyLock<pulp::Arch> = std::sync::LazyLock::new(pulp::Arch::new);
        ARCH.dispatch(Logit { network: self, active })
    }

    /// [`Network::logit`] in whatever instructions the caller's function is compiled for, for the network's
    /// width.
    #[inline(always)]
    fn portable_logit(&self, active: &[u16]) -> f32 {
        match self.width {
            32 => self.logit_of_width::<32>(active),
            64 => self.logit_of_width::<64>(active),
            96 => self.logit_of_width::<96>(active),
            128 => self.logit_of_width::<128>(active),
            160 => self.logit_of_width::<160>(active),
            192 => self.logit_of_width::<192>(active),
            224 => self.logit_of_width::<224>(active),
            256 => self.logit_of_width::<256>(active),
            width => unreachable!("a network of {width} units is refused as it loads"),
        }
    }

    /// The logit for a first layer of `W` units (the network's width). A width known to the compiler is what
    /// lets it keep the first layer's sums in vector registers across all the active inputs, rather than load
    /// and store them for each input's row: twice as fast as the same sums over a width known only at run time.
    #[inline(always)]
    fn logit_of_width<const W: usize>(&self, active: &[u16]) -> f32 {
        let mut hidden_1: [f32; W] = self.bias_1.as_slice().try_into().expect("the width's biases");
        for &input in active {
            let start = usize::from(input) * W;
            add_row(&mut hidden_1, self.by_input[start..start + W].try_into().expect("a row of the width"), 1.0);
        }
        let mut hidden_2 = self.bias_2;
        for (&unit, row) in hidden_1.iter().zip(&self.by_unit_2) {
            if unit > 0.0 {
                add_row(&mut hidden_2, row, unit);
            }
        }
        hidden_2.iter().zip(&self.weight_3).fold(self.bias_3, |output, (&unit, weight)| output + weight * unit.max(0.0))
    }
}

/// One logit, as the operation `pulp` compiles for each instruction set it dispatches to.
struct Logit<'a> {
    network: &'a Network,
    active: &'a [u16],
}

impl pulp::WithSimd for Logit<'_> {
    type Output = f32;

    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, _simd: S) -> f32 {
        self.network.portable_logit(self.active)
    }
}

/// `sums[i] += scale * row[i]` for every `i`.
#[inline(always)]
fn add_row<const N: usize>(sums: &mut [f32; N], row: &[f32; N], scale: f32) {
    for index in 0..N {
        sums[index] += scale * row[index];
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use safetensors::tensor::TensorView;

    use super::*;

    /// A weights file of the network's tensors, each filled by `value(name, index)`.
    fn weights_file(value: impl Fn(&str, usize) -> f32, skip: Option<&str>) -> Vec<u8> {
        weights_file_of_width(HIDDEN_1, value, skip)
    }

    /// [`weights_file`] with `width` units in the first hidden layer.
    fn weights_file_of_width(width: usize, value: impl Fn(&str, usize) -> f32, skip: Option<&str>) -> Vec<u8> {
        let shapes: [(&str, Vec<usize>); 6] = [
            ("l1.weight", vec![width, INPUTS]),
            ("l1.bias", vec![width]),
            ("l2.weight", vec![HIDDEN_2, width]),
            ("l2.bias", vec![HIDDEN_2]),
            ("l3.weight", vec![1, HIDDEN_2]),
            ("l3.bias", vec![1]),
        ];
        let data: Vec<(&str, Vec<usize>, Vec<u8>)> = shapes
            .into_iter()
            .filter(|(name, _)| Some(*name) != skip)
            .map(|(name, shape)| {
                let count: usize = shape.iter().product();
                let bytes = (0..count).flat_map(|index| value(name, index).to_le_bytes()).collect();
                (name, shape, bytes)
            })
            .collect();
        let views = data
            .iter()
            .map(|(name, shape, bytes)| (*name, TensorView::new(Dtype::F32, shape.clone(), bytes).expect("a view")));
        safetensors::serialize(views, None::<HashMap<String, String>>).expect("serialised")
    }

    /// Unit 0 of the first layer adds input 0 and subtracts input 1; unit 1 adds input 2; the second layer's unit
    /// 0 takes twice unit 0 and unit 1; the output is unit 0 of the second layer less a half.
    #[test]
    fn the_logit_is_the_forward_pass_over_the_active_inputs() {
        let file = weights_file(
            |name, index| match (name, index) {
                ("l1.weight", 0) => 1.0,
                ("l1.weight", 1) => -1.0,
                ("l1.weight", index) if index == INPUTS + 2 => 1.0,
                ("l2.weight", 0) => 2.0,
                ("l2.weight", 1) => 1.0,
                ("l3.weight", 0) => 1.0,
                ("l3.bias", 0) => -0.5,
                _ => 0.0,
            },
            None,
        );
        let network = Network::from_safetensors(&file).expect("the weights load");
        assert_eq!(network.logit(&[]), -0.5);
        assert_eq!(network.logit(&[0]), 1.5);
        assert_eq!(network.logit(&[0, 2]), 2.5);
        // Unit 0 is rectified: input 1 alone drives it below zero, which counts as zero.
        assert_eq!(network.logit(&[1, 2]), 0.5);
        assert_eq!(network.logit(&[0, 1]), -0.5);
    }

    /// The forward pass of a file's weights, unit by unit, as the layers are written down.
    fn plain_logit(width: usize, value: &dyn Fn(&str, usize) -> f32, active: &[u16]) -> f32 {
        let hidden_1: Vec<f32> = (0..width)
            .map(|unit| {
                let sum = active.iter().fold(value("l1.bias", unit), |sum, &input| {
                    sum + value("l1.weight", unit * INPUTS + usize::from(input))
                });
                sum.max(0.0)
            })
            .collect();
        let hidden_2: Vec<f32> = (0..HIDDEN_2)
            .map(|unit| {
                let sum = (0..width).fold(value("l2.bias", unit), |sum, from| {
                    sum + value("l2.weight", unit * width + from) * hidden_1[from]
                });
                sum.max(0.0)
            })
            .collect();
        (0..HIDDEN_2).fold(value("l3.bias", 0), |sum, unit| sum + value("l3.weight", unit) * hidden_2[unit])
    }

    #[test]
    fn the_width_of_the_first_layer_is_the_files() {
        // Small multiples of 1/8 add up exactly in any order, so the plain sums must match to the bit.
        let value = |name: &str, index: usize| ((index * 7 + name.len() * 3) % 17) as f32 / 8.0 - 1.0;
        for width in [WIDTH_STEP, 96, 160, MAX_HIDDEN_1] {
            let network = Network::from_safetensors(&weights_file_of_width(width, value, None)).expect("loads");
            assert_eq!(network.hidden_1(), width);
            for active in [&[][..], &[0, 5, 9], &[3, 100, 1000, INPUTS as u16 - 1]] {
                assert_eq!(network.logit(active), plain_logit(width, &value, active), "width {width}, {active:?}");
            }
        }
        for width in [0, 1, 60, 100, MAX_HIDDEN_1 + WIDTH_STEP] {
            let refused = Network::from_safetensors(&weights_file_of_width(width, value, None));
            assert!(matches!(refused, Err(WeightsError::Width(found)) if found == width), "width {width}");
        }
    }

    #[test]
    fn the_dispatched_logit_is_the_baseline_one_to_the_bit() {
        let file = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/data/soccer-net.safetensors"))
            .expect("the embedded weights are in the repository");
        let network = Network::from_safetensors(&file).expect("the embedded weights load");
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..500 {
            let mut active: Vec<u16> = Vec::new();
            for input in 0..INPUTS {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if state % 7 == 0 {
                    active.push(input as u16);
                }
            }
            assert_eq!(network.logit(&active).to_bits(), network.portable_logit(&active).to_bits());
        }
    }

    #[test]
    fn a_file_without_a_tensor_or_of_another_shape_is_refused() {
        let missing = weights_file(|_, _| 0.0, Some("l2.bias"));
        assert!(matches!(Network::from_safetensors(&missing), Err(WeightsError::Missing("l2.bias"))));
        assert!(matches!(Network::from_safetensors(b"not weights"), Err(WeightsError::Format(_))));
    }

    #[test]
    fn a_file_with_a_value_that_is_not_a_finite_number_is_refused() {
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            let diverged = weights_file(|name, index| if name == "l2.weight" && index == 7 { bad } else { 0.0 }, None);
            assert!(matches!(Network::from_safetensors(&diverged), Err(WeightsError::NotFinite("l2.weight"))), "{bad}");
        }
        assert!(Network::from_safetensors(&weights_file(|_, _| 0.0, None)).is_ok(), "the same file, finite, loads");
    }

    #[test]
    fn a_weights_file_loads_for_the_program_and_a_missing_one_is_named() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("net.safetensors");
        let bytes = weights_file(|name, index| if name == "l3.bias" { 0.25 } else { index as f32 * 1e-3 }, None);
        std::fs::write(&path, &bytes).expect("write the weights");
        let loaded = Network::load_for_program(&path).expect("the file loads");
        let read = Network::from_safetensors(&bytes).expect("the bytes load");
        assert_eq!(loaded.logit(&[0, 5, 9]), read.logit(&[0, 5, 9]), "the same network");
        let missing = dir.path().join("none.safetensors");
        match Network::load_for_program(&missing) {
            Err(error @ WeightsError::Read { .. }) => {
                assert!(error.to_string().contains("none.safetensors"), "{error}")
            }
            other => panic!("a missing file: {:?}", other.map(|_| ())),
        }
    }
}
