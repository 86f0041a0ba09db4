//! The fast CPU inference path: the network's forward pass on plain `f32` buffers, its
//! weights laid out once for the matrix products, scratch buffers kept between calls.
//!
//! Activations are channel-major over the whole batch (`[channels][batch * rows *
//! columns]`), so a 3x3 convolution is one matrix product for the batch: the weights
//! (`out x 9 * in`, candle's order) times the im2col (`9 * in x batch * cells`, each row
//! a shifted plane). Both operands are then contiguous in the direction matrixmultiply
//! packs them, which its packing needs to be fast. The products are matrixmultiply's
//! kernels through ndarray's safe API (docs/learning.md, "Inference speed", says why), on
//! the calling thread. Biases enter each product as its starting value; ReLU and the skip
//! connection are one pass over the output.

use std::sync::Mutex;

use crate::error::ModelError;
use crate::evaluation::Evaluation;
use crate::layers::{
    Conv3x3, Dense, Pointwise, Weights, conv3x3, dense, dense_forward, fill_planes, im2col_planes,
    matmul_add, planes_to_positions, pointwise, pointwise_relu, positions_to_planes, relu,
};
use crate::network::{NetShape, POLICY_PLANES, VALUE_HIDDEN};

/// The buffers of one forward pass, kept for the next one (their sizes grow to the
/// largest batch seen and stay).
#[derive(Default)]
struct Scratch {
    /// Activations, channel-major (three, for a residual block's input, middle and
    /// output; `b` also holds the policy head's planes).
    a: Vec<f32>,
    b: Vec<f32>,
    c: Vec<f32>,
    /// The im2col of a 3x3 convolution's input.
    columns: Vec<f32>,
    /// The policy head's planes by position, `[batch][plane * cells + cell]`.
    policy: Vec<f32>,
    /// Logits, `[batch][policy_size]`.
    logits: Vec<f32>,
    /// The value head's plane `[batch][cell]`, its hidden layer and its outputs.
    value_plane: Vec<f32>,
    hidden: Vec<f32>,
    values: Vec<f32>,
}

/// The network of a [`Model`](crate::Model), ready for fast evaluation on the CPU: its
/// weights copied out of candle once ([`Model::inference`](crate::Model::inference)) and
/// laid out for the matrix products. It agrees with the candle network to 1e-4 (float
/// rounding, in another order of summation; the tests check it). Safe to share between
/// threads: each call takes a scratch of its own from a pool.
pub struct Inference {
    game: String,
    shape: NetShape,
    stem: Conv3x3,
    blocks: Vec<(Conv3x3, Conv3x3)>,
    policy_conv: Pointwise,
    policy_out: Dense,
    value_conv: Pointwise,
    value_hidden: Dense,
    value_out: Dense,
    pool: Mutex<Vec<Scratch>>,
}

impl std::fmt::Debug for Inference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inference")
            .field("shape", &self.shape)
            .finish_non_exhaustive()
    }
}

impl Inference {
    /// The network of `game` and `shape`, each tensor read by `tensor` (by its name in
    /// [`NetShape::tensors`], flattened row-major); refuses a shape that `tensors`
    /// refuses and a tensor of another length.
    pub(crate) fn new(
        game: &str,
        shape: &NetShape,
        tensor: &Weights<'_>,
    ) -> Result<Inference, ModelError> {
        shape.tensors().map_err(|problem| ModelError::BadShape {
            path: "new model".to_owned(),
            problem,
        })?;
        let c = shape.channels;
        let cells = shape.height * shape.width;
        let blocks = (0..shape.blocks)
            .map(|i| {
                Ok((
                    conv3x3(tensor, &format!("block{i}.first"), c, c)?,
                    conv3x3(tensor, &format!("block{i}.second"), c, c)?,
                ))
            })
            .collect::<Result<Vec<_>, ModelError>>()?;
        let policy_out = dense(
            tensor,
            "policy_out",
            POLICY_PLANES * cells,
            shape.policy_size,
        )?;
        Ok(Inference {
            game: game.to_owned(),
            shape: shape.clone(),
            stem: conv3x3(tensor, "stem", shape.planes, c)?,
            blocks,
            policy_conv: pointwise(tensor, "policy_conv", c, POLICY_PLANES)?,
            policy_out,
            value_conv: pointwise(tensor, "value_conv", c, 1)?,
            value_hidden: dense(tensor, "value_hidden", cells, VALUE_HIDDEN)?,
            value_out: dense(tensor, "value_out", VALUE_HIDDEN, shape.seats)?,
            pool: Mutex::new(Vec::new()),
        })
    }

    /// The game of the network.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The network's shape.
    pub fn shape(&self) -> &NetShape {
        &self.shape
    }

    /// Evaluates the observations laid end to end in `observations` (each
    /// [`NetShape::observation_len`] long; a shorter rest is ignored) in one pass.
    pub fn evaluate(&self, observations: &[f32]) -> Result<Vec<Evaluation>, ModelError> {
        let len = self.shape.observation_len();
        let batch = observations.len() / len.max(1);
        if batch == 0 {
            return Ok(Vec::new());
        }
        let mut scratch = self.take_scratch();
        let result = self
            .forward(&observations[..batch * len], batch, &mut scratch)
            .map(|()| self.answers(batch, &scratch));
        if let Ok(mut pool) = self.pool.lock() {
            pool.push(scratch);
        }
        result
    }

    /// A scratch from the pool, or a new one.
    fn take_scratch(&self) -> Scratch {
        self.pool
            .lock()
            .ok()
            .and_then(|mut pool| pool.pop())
            .unwrap_or_default()
    }

    /// The forward pass of `batch` observations into `s.logits` and `s.values`.
    fn forward(
        &self,
        observations: &[f32],
        batch: usize,
        s: &mut Scratch,
    ) -> Result<(), ModelError> {
        let sh = &self.shape;
        let (cells, c) = (sh.height * sh.width, sh.channels);
        let rows = batch * cells;
        positions_to_planes(observations, batch, sh.planes, cells, &mut s.c);
        self.conv(&self.stem, batch, &s.c, &mut s.a, &mut s.columns)?;
        relu(&mut s.a);
        for (first, second) in &self.blocks {
            self.conv(first, batch, &s.a, &mut s.b, &mut s.columns)?;
            relu(&mut s.b);
            self.conv(second, batch, &s.b, &mut s.c, &mut s.columns)?;
            for (out, skip) in s.c.iter_mut().zip(&s.a) {
                *out = (*out + skip).max(0.0);
            }
            std::mem::swap(&mut s.a, &mut s.c);
        }
        let trunk = &s.a[..rows * c];
        pointwise_relu(&self.policy_conv, trunk, rows, &mut s.b);
        planes_to_positions(&s.b, batch, POLICY_PLANES, cells, &mut s.policy);
        dense_forward(&self.policy_out, &s.policy, batch, &mut s.logits)?;
        // One plane: `[batch * cells]` is already `batch` rows of `cells`.
        pointwise_relu(&self.value_conv, trunk, rows, &mut s.value_plane);
        dense_forward(&self.value_hidden, &s.value_plane, batch, &mut s.hidden)?;
        relu(&mut s.hidden);
        dense_forward(&self.value_out, &s.hidden, batch, &mut s.values)?;
        for v in &mut s.values {
            *v = 1.0 / (1.0 + (-*v).exp());
        }
        Ok(())
    }

    /// `conv` of the channel-major activations `input` (of `batch` positions) into
    /// `out`, biases added, no ReLU.
    fn conv(
        &self,
        conv: &Conv3x3,
        batch: usize,
        input: &[f32],
        out: &mut Vec<f32>,
        columns: &mut Vec<f32>,
    ) -> Result<(), ModelError> {
        let (height, width) = (self.shape.height, self.shape.width);
        im2col_planes(input, (batch, height, width), conv.inputs, columns);
        let rows = batch * height * width;
        fill_planes(out, rows, &conv.bias);
        matmul_add(
            &conv.weights,
            columns,
            out,
            conv.outputs,
            9 * conv.inputs,
            rows,
        )
    }

    /// The evaluations of the `batch` positions whose outputs `s` holds.
    fn answers(&self, batch: usize, s: &Scratch) -> Vec<Evaluation> {
        let (policy, seats) = (self.shape.policy_size, self.shape.seats);
        (0..batch)
            .map(|i| Evaluation {
                logits: s.logits[i * policy..(i + 1) * policy].to_vec(),
                values: s.values[i * seats..(i + 1) * seats].to_vec(),
            })
            .collect()
    }
}
