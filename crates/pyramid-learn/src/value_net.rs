//! A value network for alpha-beta's leaves ([`ValueNet`], `ab:model=FILE` naming a
//! value-net file): a small multilayer perceptron over a game's observation, cheap enough
//! to stand in for the hand-written evaluation at every leaf of a search of millions of
//! nodes, as NNUE stands in for a chess engine's.
//!
//! Layers: the observation (`planes x cells` values) -> `hidden` units (ReLU) ->
//! `hidden2` units (ReLU) -> one sigmoid per seat, each seat's expected reward in
//! `[0, 1]`, counted from the observer as [`Evaluation::values`](crate::Evaluation).
//!
//! The first layer is where the work is, and observations are mostly empty or constant
//! planes (a piece's square, a stash's count written on every cell). So the fast path
//! adds, per plane, either the weights of its non-zero cells or, for a plane of one value
//! on every cell, that value times the plane's summed weights: for a board game a few
//! dozen columns of `hidden` weights instead of thousands. Games that write their
//! observation sparse ([`Observation::write_sparse_observation`]: the constant planes and
//! the non-zero entries) spare even the writing and scanning of the dense tensor
//! ([`ValueNet::evaluate_sparse_with`]). Incremental updates (NNUE's accumulator carried
//! from move to move) would save only the few columns left: measured in docs/learning.md.
//!
//! [`Observation::write_sparse_observation`]: pyramid_core::Observation::write_sparse_observation
//!
//! The file is safetensors like a [`Model`](crate::Model)'s, its metadata under its own
//! key, and read with the same checks: the header's shape gives the tensors, checked
//! against the tensor table and the file's size before anything of their size is
//! allocated.

use std::collections::HashMap;
use std::path::Path;

use pyramid_core::{FullGame, SparseObservation};
use serde::{Deserialize, Serialize};

use crate::error::ModelError;
use crate::learned_format::{
    Header, LearnedFormat, LearnedShape, NamedTensor, check_fit, damaged_named, file_bytes,
    is_format, read_file,
};
use crate::limits::MAX_SEATS;
use crate::network::{MAX_ENTRIES, MAX_PARAMETERS, NetShape, ShapeError, TensorSpec};
use crate::safe_file::write_file;

/// The version of the value-net file format this crate writes and reads.
pub const VALUE_NET_FORMAT: u32 = 1;
/// The most units a hidden layer of a value net may have.
pub const MAX_VALUE_UNITS: usize = 4096;

/// Everything that fixes a value net's tensors.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueNetShape {
    /// Planes of the observation.
    pub planes: usize,
    /// Entries of each plane (rows x columns).
    pub cells: usize,
    /// Units of the first hidden layer.
    pub hidden: usize,
    /// Units of the second hidden layer.
    pub hidden2: usize,
    /// Seats, so values: one per seat.
    pub seats: usize,
}

impl ValueNetShape {
    /// The shape of a value net for game `G` under `rules` with hidden layers of
    /// `hidden` and `hidden2` units.
    pub fn for_game<G: FullGame>(rules: &G::Rules, hidden: usize, hidden2: usize) -> Self {
        let net = NetShape::for_game::<G>(rules, 1, 0);
        ValueNetShape {
            planes: net.planes,
            cells: net.height.saturating_mul(net.width),
            hidden,
            hidden2,
            seats: net.seats,
        }
    }

    /// Entries of one observation.
    pub fn inputs(&self) -> usize {
        self.planes.saturating_mul(self.cells)
    }

    /// The net's tensors, each name as the file has it and its dimensions (a layer's
    /// weight `[out, in]`, its bias `[out]`). Refuses, allocating nothing of the net's
    /// size, a field out of range, an observation of more than [`MAX_ENTRIES`] entries
    /// and more than [`MAX_PARAMETERS`] weights.
    pub fn tensors(&self) -> Result<Vec<TensorSpec>, ShapeError> {
        let fields = [
            ("planes", self.planes, MAX_ENTRIES),
            ("cells", self.cells, MAX_ENTRIES),
            ("hidden", self.hidden, MAX_VALUE_UNITS),
            ("hidden2", self.hidden2, MAX_VALUE_UNITS),
            ("seats", self.seats, MAX_SEATS),
        ];
        for (field, value, max) in fields {
            if !(1..=max).contains(&value) {
                return Err(ShapeError::OutOfRange {
                    field,
                    value,
                    min: 1,
                    max,
                });
            }
        }
        let inputs = self.planes * self.cells;
        if inputs > MAX_ENTRIES {
            return Err(ShapeError::OutOfRange {
                field: "planes x cells",
                value: inputs,
                min: 1,
                max: MAX_ENTRIES,
            });
        }
        let layers = [
            ("first", self.hidden, inputs),
            ("second", self.hidden2, self.hidden),
            ("out", self.seats, self.hidden2),
        ];
        let mut specs = Vec::with_capacity(6);
        let mut parameters = 0u64;
        for (name, out, input) in layers {
            // Each factor is at most 2^20, so the products fit a u64.
            parameters += (out as u64) * (input as u64 + 1);
            specs.push(TensorSpec::new(format!("{name}.bias"), vec![out]));
            specs.push(TensorSpec::new(format!("{name}.weight"), vec![out, input]));
        }
        if parameters > MAX_PARAMETERS {
            return Err(ShapeError::TooManyParameters { parameters });
        }
        Ok(specs)
    }
}

/// What a value-net file records besides its weights.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ValueNetInfo {
    /// [`VALUE_NET_FORMAT`] of the file.
    pub format: u32,
    /// The game's name.
    pub game: String,
    /// The rules it was trained under, as the game's rules serialize to JSON.
    pub rules: serde_json::Value,
    /// The net's shape.
    pub shape: ValueNetShape,
    /// Positions it learned from.
    pub positions: u64,
    /// Passes over them.
    pub epochs: u64,
    /// What the positions came from and were labelled by (`ab:ms=10 games, value 8 plies
    /// later`).
    pub source: String,
}

/// The buffers of one evaluation, kept by the caller between evaluations.
#[derive(Clone, Debug, Default)]
pub struct ValueScratch {
    hidden: Vec<f32>,
    hidden2: Vec<f32>,
}

/// A value net with its weights, laid out for the fast path.
///
/// ```
/// use pyramid_core::{nim::Nim, prelude::*, Seat};
/// use pyramid_learn::{ValueNet, ValueNetShape};
/// let rules = Default::default();
/// let net = ValueNet::new::<Nim>(&rules, 16, 8, 7)?;
/// let mut observation = vec![0.0; net.info().shape.inputs()];
/// Nim::new(&rules).write_observation(Seat(0), &mut observation);
/// let values = net.evaluate(&observation)?;
/// assert_eq!(values.len(), 2);
/// assert!(values.iter().all(|v| (0.0..=1.0).contains(v)));
/// // Saved and read back, it is the same net.
/// let again = ValueNet::from_bytes(&net.to_bytes()?, "nim.value.safetensors")?;
/// assert_eq!(again.evaluate(&observation)?, values);
/// # Ok::<(), pyramid_learn::ModelError>(())
/// ```
#[derive(Clone)]
pub struct ValueNet {
    info: ValueNetInfo,
    origin: String,
    /// The tensors as the file holds them, by name.
    tensors: HashMap<String, Vec<f32>>,
    /// The first layer's weights by input: `[input][hidden]`.
    first_by_input: Vec<f32>,
    /// The first layer's weights summed over each plane's cells: `[plane][hidden]`.
    first_by_plane: Vec<f32>,
    /// The second layer's weights by input: `[hidden][hidden2]`.
    second_by_input: Vec<f32>,
    /// The biases and the output layer, out of the map (a lookup by name costs more than
    /// a layer of this size).
    first_bias: Vec<f32>,
    second_bias: Vec<f32>,
    out_weight: Vec<f32>,
    out_bias: Vec<f32>,
}

impl std::fmt::Debug for ValueNet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ValueNet")
            .field("info", &self.info)
            .finish_non_exhaustive()
    }
}

impl ValueNet {
    /// A new value net for game `G` under `rules`, its weights drawn from `seed`
    /// (He-uniform, biases zero).
    pub fn new<G: FullGame>(
        rules: &G::Rules,
        hidden: usize,
        hidden2: usize,
        seed: u64,
    ) -> Result<ValueNet, ModelError> {
        use pyramid_core::ChaCha8Rng;
        use pyramid_core::rand::{Rng, SeedableRng};
        let info = ValueNetInfo {
            format: VALUE_NET_FORMAT,
            game: G::NAME.to_owned(),
            rules: serde_json::to_value(rules).unwrap_or(serde_json::Value::Null),
            shape: ValueNetShape::for_game::<G>(rules, hidden, hidden2),
            positions: 0,
            epochs: 0,
            source: "new".to_owned(),
        };
        let specs = shape_tensors(&info.shape, "new value net")?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut tensors = HashMap::new();
        for spec in specs {
            let count = spec.dims.iter().product();
            let values = match spec.dims[..] {
                [_, fan_in] => {
                    let bound = (6.0 / fan_in as f32).sqrt();
                    (0..count)
                        .map(|_| rng.random_range(-bound..bound))
                        .collect()
                }
                _ => vec![0.0; count],
            };
            tensors.insert(spec.name, values);
        }
        ValueNet::with_tensors(info, "new value net".to_owned(), tensors)
    }

    /// The net of `info` with `tensors` (by name, flattened row-major); refuses a shape
    /// out of range and a tensor missing or of another length.
    pub(crate) fn with_tensors(
        info: ValueNetInfo,
        origin: String,
        tensors: HashMap<String, Vec<f32>>,
    ) -> Result<ValueNet, ModelError> {
        let specs = shape_tensors(&info.shape, &origin)?;
        for spec in &specs {
            let len = tensors.get(&spec.name).map(Vec::len);
            let wanted = spec.dims.iter().product::<usize>();
            if len != Some(wanted) {
                return Err(damaged_named(
                    &origin,
                    format!(
                        "tensor `{}` has {} values, not {wanted}",
                        spec.name,
                        len.unwrap_or(0)
                    ),
                ));
            }
        }
        let shape = &info.shape;
        let (inputs, hidden) = (shape.inputs(), shape.hidden);
        let first_by_input = transposed(&tensors["first.weight"], inputs);
        let mut first_by_plane = vec![0.0; shape.planes * hidden];
        for (plane, sums) in first_by_plane.chunks_exact_mut(hidden).enumerate() {
            let cells = &first_by_input[plane * shape.cells * hidden..][..shape.cells * hidden];
            for column in cells.chunks_exact(hidden) {
                add_scaled(sums, 1.0, column);
            }
        }
        let second_by_input = transposed(&tensors["second.weight"], shape.hidden);
        Ok(ValueNet {
            first_bias: tensors["first.bias"].clone(),
            second_bias: tensors["second.bias"].clone(),
            out_weight: tensors["out.weight"].clone(),
            out_bias: tensors["out.bias"].clone(),
            info,
            origin,
            tensors,
            first_by_input,
            first_by_plane,
            second_by_input,
        })
    }

    /// What the file records: game, rules, shape, training.
    pub fn info(&self) -> &ValueNetInfo {
        &self.info
    }

    /// Records what the net learned from (a trainer's counts).
    pub(crate) fn set_training(&mut self, positions: u64, epochs: u64, source: String) {
        self.info.positions = positions;
        self.info.epochs = epochs;
        self.info.source = source;
    }

    /// Where it was read from (`new value net` for one made here).
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The tensor `name` as the file holds it (row-major).
    pub(crate) fn tensor(&self, name: &str) -> Option<&[f32]> {
        self.tensors.get(name).map(Vec::as_slice)
    }

    /// Each seat's expected reward for `observation` (one observation of the game's
    /// shape), seats counted from the observer.
    pub fn evaluate(&self, observation: &[f32]) -> Result<Vec<f32>, ModelError> {
        let mut values = vec![0.0; self.info.shape.seats];
        self.evaluate_with(observation, &mut ValueScratch::default(), &mut values)?;
        Ok(values)
    }

    /// [`ValueNet::evaluate`] into `values` (one per seat), with the caller's buffers:
    /// nothing is allocated once `scratch` has grown.
    pub fn evaluate_with(
        &self,
        observation: &[f32],
        scratch: &mut ValueScratch,
        values: &mut [f32],
    ) -> Result<(), ModelError> {
        let shape = &self.info.shape;
        if observation.len() != shape.inputs() || values.len() != shape.seats {
            return Err(ModelError::Network(candle_core::Error::Msg(format!(
                "value net {}: an observation of {} values and {} seats, not {} and {}",
                self.origin,
                shape.inputs(),
                shape.seats,
                observation.len(),
                values.len()
            ))));
        }
        let (hidden, cells) = (shape.hidden, shape.cells);
        let first = &mut scratch.hidden;
        first.clear();
        first.extend_from_slice(&self.first_bias);
        for (plane, entries) in observation.chunks_exact(cells).enumerate() {
            // Both scans are branch-free, so that they run as vector instructions.
            let value = entries[0];
            let same = entries
                .iter()
                .fold(0usize, |n, &v| n + usize::from(v == value));
            if same == cells {
                if value != 0.0 {
                    let sums = &self.first_by_plane[plane * hidden..][..hidden];
                    add_scaled(first, value, sums);
                }
                continue;
            }
            for (block, chunk) in entries.chunks(64).enumerate() {
                let mut nonzero = chunk
                    .iter()
                    .enumerate()
                    .fold(0u64, |mask, (i, &v)| mask | (u64::from(v != 0.0) << i));
                while nonzero != 0 {
                    let cell = block * 64 + nonzero.trailing_zeros() as usize;
                    nonzero &= nonzero - 1;
                    let column = &self.first_by_input[(plane * cells + cell) * hidden..][..hidden];
                    add_scaled(first, chunk[cell - block * 64], column);
                }
            }
        }
        self.output_layers(scratch, values);
        Ok(())
    }

    /// [`ValueNet::evaluate_with`] from an observation's non-zero entries (the game's
    /// [`Observation::write_sparse_observation`](pyramid_core::Observation::write_sparse_observation)):
    /// the same values without writing or scanning the dense tensor. An entry or plane
    /// outside the net's shape is refused.
    pub fn evaluate_sparse_with(
        &self,
        observation: &SparseObservation,
        scratch: &mut ValueScratch,
        values: &mut [f32],
    ) -> Result<(), ModelError> {
        let shape = &self.info.shape;
        let hidden = shape.hidden;
        let inside = observation.cells() == shape.cells
            && values.len() == shape.seats
            && observation
                .constant_planes()
                .iter()
                .all(|&(plane, _)| (plane as usize) < shape.planes)
            && observation
                .entries()
                .iter()
                .all(|&(index, _)| (index as usize) < shape.inputs());
        if !inside {
            return Err(ModelError::Network(candle_core::Error::Msg(format!(
                "value net {}: a sparse observation outside its {} planes of {} cells and {} seats",
                self.origin, shape.planes, shape.cells, shape.seats
            ))));
        }
        let first = &mut scratch.hidden;
        first.clear();
        first.extend_from_slice(&self.first_bias);
        for &(plane, value) in observation.constant_planes() {
            let sums = &self.first_by_plane[plane as usize * hidden..][..hidden];
            add_scaled(first, value, sums);
        }
        for &(index, value) in observation.entries() {
            let column = &self.first_by_input[index as usize * hidden..][..hidden];
            add_scaled(first, value, column);
        }
        self.output_layers(scratch, values);
        Ok(())
    }

    /// The layers after the first, from the first's sums in `scratch.hidden` (before
    /// ReLU): each seat's expected reward into `values`.
    fn output_layers(&self, scratch: &mut ValueScratch, values: &mut [f32]) {
        let shape = &self.info.shape;
        let first = &scratch.hidden;
        // The second layer column by column, skipping the units ReLU left at zero.
        let second = &mut scratch.hidden2;
        second.clear();
        second.extend_from_slice(&self.second_bias);
        for (unit, &x) in first.iter().enumerate() {
            if x > 0.0 {
                let column = &self.second_by_input[unit * shape.hidden2..][..shape.hidden2];
                add_scaled(second, x, column);
            }
        }
        second.iter_mut().for_each(|x| *x = x.max(0.0));
        for (seat, value) in values.iter_mut().enumerate() {
            let row = &self.out_weight[seat * shape.hidden2..][..shape.hidden2];
            let z = self.out_bias[seat] + dot(row, second);
            *value = 1.0 / (1.0 + (-z).exp());
        }
    }

    /// Checks that this net was made for game `G` under `rules`: its game, seats and
    /// observation shape.
    pub fn check_game<G: FullGame>(&self, rules: &G::Rules) -> Result<(), ModelError> {
        check_fit::<ValueNetShape, G>(
            ValueNet::WHAT,
            &self.info.game,
            &self.info.shape,
            &self.origin,
            rules,
        )
    }

    /// The file's bytes (weights that are not all finite refused).
    pub fn to_bytes(&self) -> Result<Vec<u8>, ModelError> {
        self.bytes_named(&self.origin)
    }

    /// The file's bytes, named `name` in errors.
    fn bytes_named(&self, name: &str) -> Result<Vec<u8>, ModelError> {
        let tensors: Vec<NamedTensor> = shape_tensors(&self.info.shape, name)?
            .into_iter()
            .map(|spec| {
                let values = self.tensors[&spec.name].clone();
                (spec.name, spec.dims, values)
            })
            .collect();
        file_bytes::<ValueNet>(&self.info, tensors, name)
    }

    /// Writes the file to `path` through [`write_file`](crate::write_file): a new
    /// temporary beside it renamed at the end, and only where nothing or a regular file
    /// is. Weights that are not all finite are refused ([`ModelError::NotFinite`]).
    pub fn save(&self, path: &Path) -> Result<(), ModelError> {
        let io = |source| ModelError::Io {
            path: path.display().to_string(),
            source,
        };
        let bytes = self.bytes_named(&path.display().to_string())?;
        write_file(path, &bytes).map_err(io)
    }

    /// Reads the value net at `path`, whatever its game.
    pub fn load_any(path: &Path) -> Result<ValueNet, ModelError> {
        let (buffer, name) = read_file(path)?;
        ValueNet::from_bytes(&buffer, &name)
    }

    /// Reads a value net from a file's bytes; `name` names it in errors. Reads the header
    /// first and refuses a shape out of range
    /// ([`ModelError::BadShape`]) or a tensor table that is not the declared net's
    /// ([`ModelError::Mismatch`]) before allocating anything of its size.
    pub fn from_bytes(buffer: &[u8], name: &str) -> Result<ValueNet, ModelError> {
        let header = Header::<ValueNet>::read(buffer, name)?;
        let mut tensors = HashMap::new();
        for spec in &header.specs {
            tensors.insert(spec.name.clone(), header.values(&spec.name)?);
        }
        ValueNet::with_tensors(header.info, name.to_owned(), tensors)
    }
}

/// A value net's shape: the rules fix its seats and observations.
impl LearnedShape for ValueNetShape {
    fn wanted<G: FullGame>(&self, rules: &G::Rules) -> ValueNetShape {
        ValueNetShape::for_game::<G>(rules, self.hidden, self.hidden2)
    }

    fn fixed(&self) -> String {
        format!(
            "{} seats and observations of {} planes x {} cells",
            self.seats, self.planes, self.cells
        )
    }
}

/// A value-net file: the record [`ValueNetInfo`] under `pyramid_value_net` (a
/// [`Model`](crate::Model)'s file has another key, so the two are told apart by their
/// header), the tensors of its [`ValueNetShape`].
impl LearnedFormat for ValueNet {
    const KEY: &'static str = "pyramid_value_net";
    const VERSION: u32 = VALUE_NET_FORMAT;
    const WHAT: &'static str = "value net";
    type Info = ValueNetInfo;

    fn version(info: &ValueNetInfo) -> u32 {
        info.format
    }

    fn tensors(info: &ValueNetInfo) -> Result<Vec<TensorSpec>, ShapeError> {
        info.shape.tensors()
    }
}

/// Whether the safetensors file in `buffer` declares a value net (its metadata has the
/// value net's key) rather than a [`Model`](crate::Model).
pub fn is_value_net_file(buffer: &[u8]) -> bool {
    is_format::<ValueNet>(buffer)
}

/// [`ValueNetShape::tensors`], its refusal as the error of a net named `name`.
fn shape_tensors(shape: &ValueNetShape, name: &str) -> Result<Vec<TensorSpec>, ModelError> {
    shape.tensors().map_err(|problem| ModelError::BadShape {
        path: name.to_owned(),
        problem,
    })
}

/// `to += scale * from`.
fn add_scaled(to: &mut [f32], scale: f32, from: &[f32]) {
    for (t, f) in to.iter_mut().zip(from) {
        *t += scale * f;
    }
}

/// The dot product, summed in eight lanes (which the compiler can keep in vector
/// registers; one running sum would be a chain of dependent additions).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (a8, b8) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = a8
        .remainder()
        .iter()
        .zip(b8.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in a8.zip(b8) {
        for lane in 0..8 {
            lanes[lane] += x[lane] * y[lane];
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// The transpose of `matrix`, `[rows][columns]` row-major with `columns` columns:
/// `[columns][rows]`.
fn transposed(matrix: &[f32], columns: usize) -> Vec<f32> {
    let rows = matrix.len() / columns.max(1);
    let mut out = vec![0.0; matrix.len()];
    for (row, values) in matrix.chunks_exact(columns).enumerate() {
        for (column, &v) in values.iter().enumerate() {
            out[column * rows + row] = v;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use martian_chess::{MartianChess, Rules};

    use super::*;

    #[test]
    fn a_value_net_with_non_finite_weights_is_never_saved_over_a_good_one() {
        let path = std::env::temp_dir().join(format!(
            "pyramid-learn-nan-value-{}.safetensors",
            std::process::id()
        ));
        let net = ValueNet::new::<MartianChess>(&Rules::default(), 8, 4, 1).expect("a net");
        net.save(&path).expect("a good net saved");
        let good = std::fs::read(&path).expect("readable");
        let mut tensors = net.tensors.clone();
        if let Some(values) = tensors.values_mut().next() {
            values[0] = f32::INFINITY;
        }
        let broken = ValueNet::with_tensors(net.info().clone(), "broken".to_owned(), tensors)
            .expect("a net of the same shape");
        let refused = broken.save(&path);
        let after = std::fs::read(&path).expect("readable");
        std::fs::remove_file(&path).ok();
        assert!(
            matches!(refused, Err(ModelError::NotFinite { .. })),
            "{refused:?}"
        );
        assert_eq!(after, good, "the good net is left as it was");
    }
}
