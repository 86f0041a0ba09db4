//! The layers of the fast inference path ([`Inference`](crate::Inference)): their
//! weights read from a network's tensors and laid out for the matrix products, and the
//! passes over plain `f32` buffers (layouts, im2col, products, ReLU) that make a forward
//! pass.

use ndarray::linalg::general_mat_mul;
use ndarray::{ArrayView2, ArrayViewMut2};

use crate::error::ModelError;

/// The `f32` values of the tensor `name` of a network, flattened (row-major).
pub(crate) type Weights<'a> = dyn Fn(&str) -> Result<Vec<f32>, ModelError> + 'a;

/// A 3x3 convolution (padding 1): weights `[out][in * 9]` (candle's order), as the
/// im2col's rows are laid out.
pub(crate) struct Conv3x3 {
    /// Input channels.
    pub(crate) inputs: usize,
    /// Output channels.
    pub(crate) outputs: usize,
    /// `outputs x 9 * inputs`, row-major.
    pub(crate) weights: Vec<f32>,
    /// One per output channel.
    pub(crate) bias: Vec<f32>,
}

/// A 1x1 convolution to a few planes: weights `[out][in]`.
pub(crate) struct Pointwise {
    inputs: usize,
    weights: Vec<f32>,
    bias: Vec<f32>,
}

/// A linear layer: weights `[in][out]` (the transpose of candle's `[out][in]`).
pub(crate) struct Dense {
    inputs: usize,
    outputs: usize,
    /// `inputs x outputs`, row-major.
    pub(crate) weights: Vec<f32>,
    bias: Vec<f32>,
}

/// The tensor `name` of `len` values, or why not.
fn read(tensor: &Weights<'_>, name: &str, len: usize) -> Result<Vec<f32>, ModelError> {
    let values = tensor(name)?;
    if values.len() != len {
        return Err(bug(format!(
            "tensor `{name}` has {} values, not {len}",
            values.len()
        )));
    }
    Ok(values)
}

/// An error of the inference path that the shape checks should have made impossible.
fn bug(reason: String) -> ModelError {
    ModelError::Network(candle_core::Error::Msg(format!("inference: {reason}")))
}

/// The 3x3 convolution `name` (candle's weight `[out][in][3][3]`, kept as it is: the
/// rows of the im2col follow it).
pub(crate) fn conv3x3(
    tensor: &Weights<'_>,
    name: &str,
    inputs: usize,
    outputs: usize,
) -> Result<Conv3x3, ModelError> {
    Ok(Conv3x3 {
        inputs,
        outputs,
        weights: read(tensor, &format!("{name}.weight"), outputs * inputs * 9)?,
        bias: read(tensor, &format!("{name}.bias"), outputs)?,
    })
}

/// The 1x1 convolution `name` (candle's weight `[out][in][1][1]`, kept as it is).
pub(crate) fn pointwise(
    tensor: &Weights<'_>,
    name: &str,
    inputs: usize,
    outputs: usize,
) -> Result<Pointwise, ModelError> {
    Ok(Pointwise {
        inputs,
        weights: read(tensor, &format!("{name}.weight"), outputs * inputs)?,
        bias: read(tensor, &format!("{name}.bias"), outputs)?,
    })
}

/// The linear layer `name` (candle's weight `[out][in]`, transposed).
pub(crate) fn dense(
    tensor: &Weights<'_>,
    name: &str,
    inputs: usize,
    outputs: usize,
) -> Result<Dense, ModelError> {
    let w = read(tensor, &format!("{name}.weight"), outputs * inputs)?;
    let mut weights = vec![0.0; w.len()];
    for (o, row) in w.chunks_exact(inputs).enumerate() {
        for (i, &value) in row.iter().enumerate() {
            weights[i * outputs + o] = value;
        }
    }
    Ok(Dense {
        inputs,
        outputs,
        weights,
        bias: read(tensor, &format!("{name}.bias"), outputs)?,
    })
}

/// `observations` (`batch` of `[planes][cells]`) as channel-major activations
/// `[planes][batch * cells]`.
pub(crate) fn positions_to_planes(
    observations: &[f32],
    batch: usize,
    planes: usize,
    cells: usize,
    out: &mut Vec<f32>,
) {
    let rows = batch * cells;
    out.clear();
    out.resize(planes * rows, 0.0);
    for (b, image) in observations.chunks_exact(planes * cells).enumerate() {
        for (plane, values) in image.chunks_exact(cells).enumerate() {
            let to = plane * rows + b * cells;
            out[to..to + cells].copy_from_slice(values);
        }
    }
}

/// Channel-major activations `[planes][batch * cells]` as `batch` rows of
/// `[planes][cells]` (candle's flattening of a position's planes).
pub(crate) fn planes_to_positions(
    input: &[f32],
    batch: usize,
    planes: usize,
    cells: usize,
    out: &mut Vec<f32>,
) {
    let rows = batch * cells;
    out.clear();
    out.resize(planes * rows, 0.0);
    for (b, position) in out.chunks_exact_mut(planes * cells).enumerate() {
        for (plane, values) in position.chunks_exact_mut(cells).enumerate() {
            let from = plane * rows + b * cells;
            values.copy_from_slice(&input[from..from + cells]);
        }
    }
}

/// The im2col of channel-major activations `input` (`[channels][batch * height *
/// width]`) for a 3x3 convolution with padding 1, transposed: a row per (channel, kernel
/// cell), in candle's weight order, each the input plane shifted by the kernel cell.
/// Each row is one copy of the whole batch's plane: what the shift carries across a
/// board's edge (into the next row or position) lands on that edge's row or column,
/// which is then zeroed, as padding is.
pub(crate) fn im2col_planes(
    input: &[f32],
    (batch, height, width): (usize, usize, usize),
    channels: usize,
    columns: &mut Vec<f32>,
) {
    let rows = batch * height * width;
    columns.resize(channels * 9 * rows, 0.0);
    for (index, out) in columns.chunks_exact_mut(rows).enumerate() {
        let (channel, k) = (index / 9, index % 9);
        let plane = &input[channel * rows..(channel + 1) * rows];
        let (dy, dx) = (k / 3, k % 3);
        // out[r] = plane[r + shift], shift = (dy - 1) * width + dx - 1.
        let ahead = dy * width + dx;
        let back = width + 1;
        if ahead >= back {
            let s = (ahead - back).min(rows);
            out[..rows - s].copy_from_slice(&plane[s..]);
            out[rows - s..].fill(0.0);
        } else {
            let s = (back - ahead).min(rows);
            out[s..].copy_from_slice(&plane[..rows - s]);
            out[..s].fill(0.0);
        }
        if dy != 1 {
            let y = if dy == 0 { 0 } else { height - 1 };
            for position in out.chunks_exact_mut(height * width) {
                position[y * width..(y + 1) * width].fill(0.0);
            }
        }
        if dx != 1 {
            let x = if dx == 0 { 0 } else { width - 1 };
            for line in out.chunks_exact_mut(width) {
                line[x] = 0.0;
            }
        }
    }
}

/// Sets `out` to `planes` planes of `rows` entries, plane `i` all `bias[i]`.
pub(crate) fn fill_planes(out: &mut Vec<f32>, rows: usize, bias: &[f32]) {
    out.clear();
    for &value in bias {
        out.resize(out.len() + rows, value);
    }
}

/// Sets `out` to `rows` copies of `bias`, side by side.
pub(crate) fn fill_rows(out: &mut Vec<f32>, rows: usize, bias: &[f32]) {
    out.clear();
    for _ in 0..rows {
        out.extend_from_slice(bias);
    }
}

/// `c += a * b` for row-major `a` (`m x k`), `b` (`k x n`) and `c` (`m x n`), on this
/// thread (matrixmultiply's kernels, through ndarray).
pub(crate) fn matmul_add(
    a: &[f32],
    b: &[f32],
    c: &mut [f32],
    m: usize,
    k: usize,
    n: usize,
) -> Result<(), ModelError> {
    let shape_error = |e: ndarray::ShapeError| bug(format!("a {m}x{k}x{n} product: {e}"));
    let short = || bug(format!("a {m}x{k}x{n} product: a buffer too short"));
    let a =
        ArrayView2::from_shape((m, k), a.get(..m * k).ok_or_else(short)?).map_err(shape_error)?;
    let b =
        ArrayView2::from_shape((k, n), b.get(..k * n).ok_or_else(short)?).map_err(shape_error)?;
    let mut c = ArrayViewMut2::from_shape((m, n), c.get_mut(..m * n).ok_or_else(short)?)
        .map_err(shape_error)?;
    general_mat_mul(1.0, &a, &b, 1.0, &mut c);
    Ok(())
}

/// ReLU in place.
pub(crate) fn relu(values: &mut [f32]) {
    for v in values {
        *v = v.max(0.0);
    }
}

/// The 1x1 convolution `conv` of channel-major activations `input` (`[in][rows]`),
/// ReLU applied: `[out][rows]`.
pub(crate) fn pointwise_relu(conv: &Pointwise, input: &[f32], rows: usize, out: &mut Vec<f32>) {
    fill_planes(out, rows, &conv.bias);
    for (plane, weights) in out
        .chunks_exact_mut(rows)
        .zip(conv.weights.chunks_exact(conv.inputs))
    {
        for (channel, &weight) in input.chunks_exact(rows).zip(weights) {
            for (o, x) in plane.iter_mut().zip(channel) {
                *o += weight * x;
            }
        }
    }
    relu(out);
}

/// The linear layer `dense` of `batch` rows `input` into `out` (`[batch][out]`), no
/// activation.
pub(crate) fn dense_forward(
    dense: &Dense,
    input: &[f32],
    batch: usize,
    out: &mut Vec<f32>,
) -> Result<(), ModelError> {
    fill_rows(out, batch, &dense.bias);
    matmul_add(
        input,
        &dense.weights,
        out,
        batch,
        dense.inputs,
        dense.outputs,
    )
}
