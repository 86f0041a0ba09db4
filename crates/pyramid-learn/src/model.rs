//! A model: a [`Network`] with its weights, what it was trained for, and its file.
//!
//! The file is [safetensors](https://huggingface.co/docs/safetensors): the weights as
//! `f32` tensors, and in the header's metadata the format version, the game, its rules
//! (JSON), the network's shape and how long it was trained. Loading checks all of it, and
//! checks the declared shape against the tensor table and the file's size before
//! allocating the network.

use std::path::Path;
use std::sync::{Arc, Mutex};

use candle_core::{DType, Device, Tensor};
use candle_nn::{VarBuilder, VarMap};
use pyramid_core::rand::{Rng, SeedableRng};
use pyramid_core::{ChaCha8Rng, FullGame};
use serde::{Deserialize, Serialize};

use crate::error::ModelError;
use crate::evaluation::Evaluation;
use crate::inference::Inference;
use crate::learned_format::{
    Header, LearnedFormat, LearnedShape, NamedTensor, check_fit, file_bytes, read_file,
};
use crate::network::{NetShape, Network, ShapeError, TensorSpec};
use crate::safe_file::write_file;

/// The version of the model file format this crate writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// What a model file records besides its weights.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelInfo {
    /// [`FORMAT_VERSION`] of the file.
    pub format: u32,
    /// The game's name (`martian-chess`).
    pub game: String,
    /// The rules it was trained under, as the game's rules serialize to JSON.
    pub rules: serde_json::Value,
    /// The network's shape.
    pub shape: NetShape,
    /// Training steps taken.
    pub steps: u64,
    /// Self-play games it learned from.
    pub games: u64,
}

/// A network with its weights, ready to evaluate positions or to be trained.
///
/// ```
/// use martian_chess::MartianChess;
/// use pyramid_core::prelude::*;
/// use pyramid_learn::Model;
/// let rules = Default::default();
/// let model = Model::new::<MartianChess>(&rules, 8, 1, 7)?;
/// let state = MartianChess::new(&rules);
/// let evaluation = model.evaluate_states(&[(&state, state.to_act().unwrap())])?;
/// assert_eq!(evaluation[0].logits.len(), MartianChess::policy_size(&rules) as usize);
/// assert_eq!(evaluation[0].values.len(), 2);
/// # Ok::<(), pyramid_learn::ModelError>(())
/// ```
pub struct Model {
    network: Network,
    vars: VarMap,
    info: ModelInfo,
    device: Device,
    /// Where it was read from (`new model` for one made here): errors name it.
    origin: String,
    /// The fast CPU path of the current weights, made at the first evaluation after
    /// they change ([`Model::inference`]).
    fast: Mutex<Option<Arc<Inference>>>,
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("info", &self.info)
            .finish_non_exhaustive()
    }
}

/// The device models run on: the first CUDA GPU when built with the `cuda` feature and
/// one is present, else the CPU.
pub fn default_device() -> Device {
    #[cfg(feature = "cuda")]
    if let Ok(device) = Device::new_cuda(0) {
        return device;
    }
    Device::Cpu
}

impl Model {
    /// A new model for game `G` under `rules`, with `channels` and `blocks` in its trunk,
    /// its weights drawn from `seed` (He-uniform, biases zero): the same seed gives the
    /// same model.
    pub fn new<G: FullGame>(
        rules: &G::Rules,
        channels: usize,
        blocks: usize,
        seed: u64,
    ) -> Result<Model, ModelError> {
        let shape = NetShape::for_game::<G>(rules, channels.max(1), blocks);
        let info = ModelInfo {
            format: FORMAT_VERSION,
            game: G::NAME.to_owned(),
            rules: serde_json::to_value(rules).unwrap_or(serde_json::Value::Null),
            shape,
            steps: 0,
            games: 0,
        };
        let model = Model::with_info(info, default_device())?;
        model.initialize(seed)?;
        Ok(model)
    }

    /// The network of `info.shape` on `device`, its tensors not yet set; refuses a shape
    /// [`NetShape::tensors`] refuses before allocating anything.
    fn with_info(info: ModelInfo, device: Device) -> Result<Model, ModelError> {
        info.shape
            .tensors()
            .map_err(|problem| ModelError::BadShape {
                path: "new model".to_owned(),
                problem,
            })?;
        let vars = VarMap::new();
        let vb = VarBuilder::from_varmap(&vars, DType::F32, &device);
        let network = Network::new(&info.shape, vb)?;
        Ok(Model {
            network,
            vars,
            info,
            device,
            origin: "new model".to_owned(),
            fast: Mutex::new(None),
        })
    }

    /// Draws every weight from `seed`: uniform in `±sqrt(6 / fan_in)`, biases zero.
    fn initialize(&self, seed: u64) -> Result<(), ModelError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let data = self.vars.data().lock().map_err(|_| poisoned())?;
        let mut names: Vec<&String> = data.keys().collect();
        names.sort();
        for name in names {
            let var = &data[name];
            let dims = var.dims().to_vec();
            let count: usize = dims.iter().product();
            let values: Vec<f32> = if dims.len() < 2 {
                vec![0.0; count]
            } else {
                let fan_in: usize = dims[1..].iter().product();
                let bound = (6.0 / fan_in.max(1) as f32).sqrt();
                (0..count)
                    .map(|_| rng.random_range(-bound..bound))
                    .collect()
            };
            var.set(&Tensor::from_vec(values, dims, &self.device)?)?;
        }
        self.weights_changed();
        Ok(())
    }

    /// What the model records: its game, rules, shape and training.
    pub fn info(&self) -> &ModelInfo {
        &self.info
    }

    /// The network.
    pub fn network(&self) -> &Network {
        &self.network
    }

    /// The trainable tensors.
    pub(crate) fn vars(&self) -> &VarMap {
        &self.vars
    }

    /// The device the model runs on.
    pub fn device(&self) -> &Device {
        &self.device
    }

    /// The number of weights.
    pub fn parameters(&self) -> usize {
        self.vars.all_vars().iter().map(|v| v.elem_count()).sum()
    }

    /// Evaluates `batch` observations laid end to end in `observations` (each
    /// [`NetShape::observation_len`] long) in one pass of the network: on the CPU by the
    /// fast path ([`Model::inference`]), on a GPU by candle ([`Model::evaluate_candle`]).
    pub fn evaluate(&self, observations: &[f32]) -> Result<Vec<Evaluation>, ModelError> {
        if self.device.is_cpu() {
            self.inference()?.evaluate(observations)
        } else {
            self.evaluate_candle(observations)
        }
    }

    /// [`Model::evaluate`] by candle's forward pass (the one training differentiates),
    /// on the model's device.
    pub fn evaluate_candle(&self, observations: &[f32]) -> Result<Vec<Evaluation>, ModelError> {
        let len = self.info.shape.observation_len();
        let batch = observations.len() / len.max(1);
        if batch == 0 {
            return Ok(Vec::new());
        }
        let input = Tensor::from_slice(&observations[..batch * len], (batch, len), &self.device)?;
        let (logits, values) = self.network.forward(&input)?;
        let logits = logits.to_vec2::<f32>()?;
        let values = values.to_vec2::<f32>()?;
        Ok(logits
            .into_iter()
            .zip(values)
            .map(|(logits, values)| Evaluation { logits, values })
            .collect())
    }

    /// The fast CPU inference path of the model's current weights: copied out of candle
    /// and laid out for the matrix products at the first call after the weights change,
    /// then shared.
    pub fn inference(&self) -> Result<Arc<Inference>, ModelError> {
        let mut fast = self.fast.lock().map_err(|_| poisoned())?;
        if let Some(inference) = fast.as_ref() {
            return Ok(Arc::clone(inference));
        }
        let data = self.vars.data().lock().map_err(|_| poisoned())?;
        let tensor = |name: &str| -> Result<Vec<f32>, ModelError> {
            let var = data.get(name).ok_or_else(|| {
                ModelError::Network(candle_core::Error::Msg(format!("no tensor `{name}`")))
            })?;
            Ok(var.flatten_all()?.to_vec1::<f32>()?)
        };
        let inference = Arc::new(Inference::new(&self.info.game, &self.info.shape, &tensor)?);
        *fast = Some(Arc::clone(&inference));
        Ok(inference)
    }

    /// Forgets the fast path: the weights have changed (a training step, a load).
    pub(crate) fn weights_changed(&self) {
        if let Ok(mut fast) = self.fast.lock() {
            *fast = None;
        }
    }

    /// Evaluates each `(state, seat)`: `seat`'s observation of `state`, in one batch.
    pub fn evaluate_states<G: FullGame>(
        &self,
        positions: &[(&G, pyramid_core::Seat)],
    ) -> Result<Vec<Evaluation>, ModelError> {
        let len = self.info.shape.observation_len();
        let mut observations = vec![0.0; positions.len() * len];
        for ((state, seat), out) in positions.iter().zip(observations.chunks_mut(len)) {
            state.write_observation(*seat, out);
        }
        self.evaluate(&observations)
    }

    /// Where the model was read from (`new model` for one made in this process).
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// Checks that this model was made for game `G` under `rules`: its game, seats,
    /// observation shape and policy size.
    pub fn check_game<G: FullGame>(&self, rules: &G::Rules) -> Result<(), ModelError> {
        check_fit::<NetShape, G>(
            Model::WHAT,
            &self.info.game,
            &self.info.shape,
            &self.origin,
            rules,
        )
    }

    /// Writes the model to `path` (safetensors) through [`write_file`](crate::write_file):
    /// a new temporary beside it renamed at the end, so a crash never leaves half a model
    /// under that name, and only where nothing or a regular file is. Weights that are not
    /// all finite (a training run that diverged) are refused ([`ModelError::NotFinite`]),
    /// so a good model is never replaced by a broken one.
    pub fn save(&self, path: &Path) -> Result<(), ModelError> {
        self.save_with(path, &self.info)
    }

    /// [`Model::save`] with `info` recorded instead of the model's own (a trainer's
    /// counts of steps and games).
    pub(crate) fn save_with(&self, path: &Path, info: &ModelInfo) -> Result<(), ModelError> {
        let io = |source| ModelError::Io {
            path: path.display().to_string(),
            source,
        };
        let bytes = self.bytes_with(info, &path.display().to_string())?;
        write_file(path, &bytes).map_err(io)
    }

    /// The model file's bytes (what a learner sends its self-play workers).
    pub fn to_bytes(&self) -> Result<Vec<u8>, ModelError> {
        self.bytes_with(&self.info, &self.origin)
    }

    /// The bytes of a model file of these weights recording `info` ([`file_bytes`]:
    /// weights that are not all finite refused); `name` names it in errors.
    fn bytes_with(&self, info: &ModelInfo, name: &str) -> Result<Vec<u8>, ModelError> {
        let mut tensors: Vec<NamedTensor> = Vec::new();
        {
            let data = self.vars.data().lock().map_err(|_| poisoned())?;
            for (tensor, var) in data.iter() {
                let values = var.flatten_all()?.to_vec1::<f32>()?;
                tensors.push((tensor.clone(), var.dims().to_vec(), values));
            }
        }
        file_bytes::<Model>(info, tensors, name)
    }

    /// Reads the model at `path` for game `G` under `rules`: refuses another game's model
    /// or one whose network does not fit the rules ([`ModelError::WrongGame`],
    /// [`ModelError::WrongRules`]), and any damaged file ([`ModelError::Damaged`]).
    pub fn load<G: FullGame>(path: &Path, rules: &G::Rules) -> Result<Model, ModelError> {
        let model = Model::load_any(path)?;
        model.check_game::<G>(rules)?;
        Ok(model)
    }

    /// Reads the model at `path`, whatever its game.
    pub fn load_any(path: &Path) -> Result<Model, ModelError> {
        let (buffer, name) = read_file(path)?;
        Model::from_bytes(&buffer, &name)
    }

    /// Reads a model from the bytes of a model file; `name` names it in errors.
    ///
    /// Before allocating anything of the network's size it reads the header, computes
    /// (with checked arithmetic) the tensors of the network the header declares
    /// ([`NetShape::tensors`]), and refuses a shape out of range or too large
    /// ([`ModelError::BadShape`]) and a file that does not hold exactly those tensors
    /// ([`ModelError::Mismatch`]).
    pub fn from_bytes(buffer: &[u8], name: &str) -> Result<Model, ModelError> {
        let header = Header::<Model>::read(buffer, name)?;
        let mut model = Model::with_info(header.info.clone(), default_device())?;
        model.origin = name.to_owned();
        {
            let data = model.vars.data().lock().map_err(|_| poisoned())?;
            for (tensor, var) in data.iter() {
                let values = header.values(tensor)?;
                var.set(&Tensor::from_vec(values, var.dims(), &model.device)?)?;
            }
        }
        model.weights_changed();
        Ok(model)
    }

    /// A copy of the model (weights and record), for a trainer that keeps playing with
    /// the old weights while it learns new ones.
    pub fn duplicate(&self) -> Result<Model, ModelError> {
        let mut copy = Model::with_info(self.info.clone(), self.device.clone())?;
        copy.origin.clone_from(&self.origin);
        {
            let from = self.vars.data().lock().map_err(|_| poisoned())?;
            let to = copy.vars.data().lock().map_err(|_| poisoned())?;
            for (name, var) in from.iter() {
                if let Some(target) = to.get(name) {
                    target.set(&var.as_tensor().copy()?)?;
                }
            }
        }
        Ok(copy)
    }
}

/// A model's shape: the rules fix its seats, observations and policy size.
impl LearnedShape for NetShape {
    fn wanted<G: FullGame>(&self, rules: &G::Rules) -> NetShape {
        NetShape::for_game::<G>(rules, self.channels, self.blocks)
    }

    fn fixed(&self) -> String {
        format!(
            "{} seats, observations {}x{}x{} and {} policy entries",
            self.seats, self.planes, self.height, self.width, self.policy_size
        )
    }
}

/// A model file: the record [`ModelInfo`] under `pyramid_model`, the tensors of its
/// [`NetShape`].
impl LearnedFormat for Model {
    const KEY: &'static str = "pyramid_model";
    const VERSION: u32 = FORMAT_VERSION;
    const WHAT: &'static str = "model";
    type Info = ModelInfo;

    fn version(info: &ModelInfo) -> u32 {
        info.format
    }

    fn tensors(info: &ModelInfo) -> Result<Vec<TensorSpec>, ShapeError> {
        info.shape.tensors()
    }
}

/// The error of a lock a panicking thread left.
pub(crate) fn poisoned() -> ModelError {
    ModelError::Network(candle_core::Error::Msg(
        "a training thread panicked".to_owned(),
    ))
}

/// The seat `offset` places after `seat` among `seats` (values are counted from the
/// observer).
pub(crate) fn seat_after(seat: usize, offset: usize, seats: usize) -> usize {
    (seat + offset) % seats.max(1)
}

#[cfg(test)]
mod tests;
