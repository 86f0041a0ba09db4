//! The replay buffer: the latest self-play positions, sampled into training batches, and
//! its file (safetensors, so a resumed run learns from what the crashed one had).

use std::collections::{HashMap, VecDeque};
use std::path::Path;

use pyramid_core::rand::Rng;
use safetensors::tensor::{Dtype, TensorView};

use crate::error::ModelError;
use crate::safe_file::write_file;
use crate::search::StepTarget;
use crate::self_play::Position;

/// The metadata key of the buffer file that holds the generation reached.
const GENERATION_KEY: &str = "generation";

/// The last [`ReplayBuffer::capacity`] positions of self-play.
#[derive(Clone, Debug, Default)]
pub struct ReplayBuffer {
    positions: VecDeque<Position>,
    capacity: usize,
}

/// A training batch: dense tensors' data, row-major.
#[derive(Clone, Debug, PartialEq)]
pub struct Batch {
    /// Rows.
    pub rows: usize,
    /// Observations, `rows * observation_len`.
    pub observations: Vec<f32>,
    /// 0 for the legal steps of each row's target, a large negative number elsewhere
    /// (added to the logits before the softmax), `rows * policy_size`.
    pub mask: Vec<f32>,
    /// Each row's visit shares over the policy space, `rows * policy_size` (all zero in a
    /// row without a target).
    pub policy: Vec<f32>,
    /// Each row's value targets, `rows * seats`.
    pub values: Vec<f32>,
}

impl ReplayBuffer {
    /// An empty buffer keeping at most `capacity` positions.
    pub fn new(capacity: usize) -> Self {
        ReplayBuffer {
            positions: VecDeque::new(),
            capacity: capacity.max(1),
        }
    }

    /// The most positions it keeps.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Positions held.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Adds positions, dropping the oldest beyond the capacity.
    pub fn extend(&mut self, positions: impl IntoIterator<Item = Position>) {
        for position in positions {
            if self.positions.len() == self.capacity {
                self.positions.pop_front();
            }
            self.positions.push_back(position);
        }
    }

    /// `rows` positions drawn uniformly (with replacement), each with one of its step
    /// targets drawn uniformly, as dense tensors for a network of `policy_size` entries.
    pub fn sample<R: Rng + ?Sized>(&self, rows: usize, policy_size: usize, rng: &mut R) -> Batch {
        let Some(first) = self.positions.front() else {
            return Batch {
                rows: 0,
                observations: Vec::new(),
                mask: Vec::new(),
                policy: Vec::new(),
                values: Vec::new(),
            };
        };
        let (len, seats) = (first.observation.len(), first.values.len());
        let mut batch = Batch {
            rows,
            observations: Vec::with_capacity(rows * len),
            mask: vec![0.0; rows * policy_size],
            policy: vec![0.0; rows * policy_size],
            values: Vec::with_capacity(rows * seats),
        };
        for row in 0..rows {
            let position = &self.positions[rng.random_range(0..self.positions.len())];
            batch.observations.extend_from_slice(&position.observation);
            batch.values.extend_from_slice(&position.values);
            if position.targets.is_empty() {
                continue;
            }
            let target = &position.targets[rng.random_range(0..position.targets.len())];
            let mask = &mut batch.mask[row * policy_size..(row + 1) * policy_size];
            mask.fill(-1.0e9);
            let policy = &mut batch.policy[row * policy_size..(row + 1) * policy_size];
            for (&step, &share) in target.steps.iter().zip(&target.shares) {
                if let Some(m) = mask.get_mut(step as usize) {
                    *m = 0.0;
                    policy[step as usize] = share;
                }
            }
        }
        batch
    }

    /// Its positions, oldest first.
    pub fn into_positions(self) -> impl Iterator<Item = Position> {
        self.positions.into_iter()
    }

    /// Writes the buffer and the `generation` reached to `path` (safetensors) through
    /// [`write_file`](crate::write_file): a new temporary beside it renamed at the end,
    /// and only where nothing or a regular file is.
    pub fn save(&self, path: &Path, generation: u64) -> Result<(), ModelError> {
        let bytes = self.to_bytes(generation)?;
        write_file(path, &bytes).map_err(|source| ModelError::Io {
            path: path.display().to_string(),
            source,
        })
    }

    /// The buffer and `generation` as the bytes of a safetensors file (what a self-play
    /// worker sends its learner).
    pub fn to_bytes(&self, generation: u64) -> Result<Vec<u8>, ModelError> {
        let path = Path::new("replay buffer");
        let n = self.positions.len();
        let len = self.positions.front().map_or(0, |p| p.observation.len());
        let seats = self.positions.front().map_or(0, |p| p.values.len());
        let mut observations = Vec::with_capacity(n * len * 4);
        let mut values = Vec::with_capacity(n * seats * 4);
        let mut owners = Vec::new();
        let mut offsets: Vec<u8> = 0u32.to_le_bytes().to_vec();
        let mut steps = Vec::new();
        let mut shares = Vec::new();
        let mut total_steps = 0u32;
        for (i, p) in self.positions.iter().enumerate() {
            observations.extend(p.observation.iter().flat_map(|v| v.to_le_bytes()));
            values.extend(p.values.iter().flat_map(|v| v.to_le_bytes()));
            for t in &p.targets {
                owners.extend((i as u32).to_le_bytes());
                total_steps += t.steps.len() as u32;
                offsets.extend(total_steps.to_le_bytes());
                steps.extend(t.steps.iter().flat_map(|v| v.to_le_bytes()));
                shares.extend(t.shares.iter().flat_map(|v| v.to_le_bytes()));
            }
        }
        let targets = owners.len() / 4;
        let damaged = |e: safetensors::SafeTensorError| ModelError::Damaged {
            path: path.display().to_string(),
            reason: e.to_string(),
        };
        let views = vec![
            (
                "observations",
                TensorView::new(Dtype::F32, vec![n, len], &observations),
            ),
            (
                "values",
                TensorView::new(Dtype::F32, vec![n, seats], &values),
            ),
            (
                "target_owner",
                TensorView::new(Dtype::U32, vec![targets], &owners),
            ),
            (
                "target_offsets",
                TensorView::new(Dtype::U32, vec![targets + 1], &offsets),
            ),
            (
                "steps",
                TensorView::new(Dtype::U32, vec![steps.len() / 4], &steps),
            ),
            (
                "shares",
                TensorView::new(Dtype::F32, vec![shares.len() / 4], &shares),
            ),
        ]
        .into_iter()
        .map(|(name, view)| view.map(|v| (name, v)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(damaged)?;
        let metadata = HashMap::from([
            (GENERATION_KEY.to_owned(), generation.to_string()),
            ("capacity".to_owned(), self.capacity.to_string()),
        ]);
        safetensors::serialize(views, Some(metadata)).map_err(damaged)
    }

    /// Reads a buffer [`ReplayBuffer::save`] wrote, and the generation it records; the
    /// buffer keeps at most `capacity` positions (the newest).
    pub fn load(path: &Path, capacity: usize) -> Result<(ReplayBuffer, u64), ModelError> {
        let name = path.display().to_string();
        let buffer = std::fs::read(path).map_err(|source| ModelError::Io {
            path: name.clone(),
            source,
        })?;
        ReplayBuffer::from_bytes(&buffer, &name, capacity)
    }

    /// Reads the bytes [`ReplayBuffer::to_bytes`] made; `name` names them in errors.
    /// Refuses damaged bytes ([`ModelError::Damaged`]) and any observation, value or
    /// policy target that is not finite ([`ModelError::NotFinite`]): training on one
    /// would make every weight NaN.
    pub fn from_bytes(
        buffer: &[u8],
        name: &str,
        capacity: usize,
    ) -> Result<(ReplayBuffer, u64), ModelError> {
        let name = name.to_owned();
        let damaged = |reason: String| ModelError::Damaged {
            path: name.clone(),
            reason,
        };
        let file =
            safetensors::SafeTensors::deserialize(buffer).map_err(|e| damaged(e.to_string()))?;
        let (_, metadata) =
            safetensors::SafeTensors::read_metadata(buffer).map_err(|e| damaged(e.to_string()))?;
        let generation = metadata
            .metadata()
            .as_ref()
            .and_then(|m| m.get(GENERATION_KEY))
            .and_then(|g| g.parse().ok())
            .ok_or_else(|| damaged("no generation in its metadata".to_owned()))?;
        let tensor = |key: &str| {
            file.tensor(key)
                .map_err(|e| damaged(format!("tensor `{key}`: {e}")))
        };
        let floats = |key: &str| -> Result<(Vec<usize>, Vec<f32>), ModelError> {
            let t = tensor(key)?;
            Ok((t.shape().to_vec(), le_words(t.data(), f32::from_le_bytes)))
        };
        let words = |key: &str| tensor(key).map(|t| le_words(t.data(), u32::from_le_bytes));
        let (shape, observations) = floats("observations")?;
        let (_, values) = floats("values")?;
        let (owners, offsets, steps) = (
            words("target_owner")?,
            words("target_offsets")?,
            words("steps")?,
        );
        let (_, shares) = floats("shares")?;
        let (n, len) = (
            shape.first().copied().unwrap_or(0),
            shape.get(1).copied().unwrap_or(0),
        );
        let seats = values.len().checked_div(n).unwrap_or(0);
        if observations.len() != n * len
            || values.len() != n * seats
            || offsets.len() != owners.len() + 1
            || steps.len() != shares.len()
            || offsets.last().copied().unwrap_or(0) as usize != steps.len()
        {
            return Err(damaged("its tensors do not agree in size".to_owned()));
        }
        check_finite(
            &name,
            [(&observations, len), (&values, seats), (&shares, 0)],
        )?;
        let mut positions: Vec<Position> = (0..n)
            .map(|i| Position {
                observation: observations[i * len..(i + 1) * len].to_vec(),
                targets: Vec::new(),
                values: values[i * seats..(i + 1) * seats].to_vec(),
            })
            .collect();
        for (t, &owner) in owners.iter().enumerate() {
            let (from, to) = (offsets[t] as usize, offsets[t + 1] as usize);
            let position = positions
                .get_mut(owner as usize)
                .filter(|_| from <= to && to <= steps.len())
                .ok_or_else(|| damaged(format!("target {t} points outside the buffer")))?;
            position.targets.push(StepTarget {
                prefix: Vec::new(),
                steps: steps[from..to].to_vec(),
                shares: shares[from..to].to_vec(),
            });
        }
        let mut replay = ReplayBuffer::new(capacity);
        replay.extend(positions);
        Ok((replay, generation))
    }
}

/// Refuses a buffer named `name` whose observations, value targets (each of `width`
/// values a position) or policy shares (width 0: not by position) hold a value that is
/// not finite ([`ModelError::NotFinite`], naming which and where).
fn check_finite(name: &str, tensors: [(&[f32], usize); 3]) -> Result<(), ModelError> {
    let kinds = [
        "the observations",
        "the value targets",
        "the policy targets",
    ];
    for ((values, width), kind) in tensors.into_iter().zip(kinds) {
        if let Some(i) = values.iter().position(|v| !v.is_finite()) {
            let what = match width {
                0 => format!("{kind} (share {i})"),
                width => format!("{kind} of position {}", i / width),
            };
            return Err(ModelError::NotFinite {
                path: name.to_owned(),
                what,
            });
        }
    }
    Ok(())
}

/// Little-endian 4-byte words of `data`, each read by `read`.
fn le_words<T>(data: &[u8], read: fn([u8; 4]) -> T) -> Vec<T> {
    data.chunks_exact(4)
        .map(|b| read([b[0], b[1], b[2], b[3]]))
        .collect()
}
