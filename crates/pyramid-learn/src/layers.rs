//! The layers of the fast inference path ([`Inference`](crate::Inference)): their
//! weights read from a network's tensors and laid out for the matrix products, and the
//! passes over plain `f32` buffers (im2col, products, ReLU) that make a forward pass.

use ndarray::linalg::general_mat_mul;
use ndarray::{ArrayView2, ArrayViewMut2};

use crate::error::ModelError;

/// The `f32` values of the tensor `name` of a network, flattened (row-major).
pub(crate) type Weights<'a> = dyn Fn(&str) -> Result<Vec<f32>, ModelError> + 'a;

/// A 3x3 convolution (padding 1): weights `[(ky * 3 + kx) * in + i][out]`, as the im2col
/// rows are laid out.
pub(crate) struct Conv3x3 {
    /// Input channels.
    pub(crate) inputs: usize,
    /// Output channels.
    pub(crate) outputs: usize,
    /// `9 * inputs x outputs`, row-major.
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

/// The 3x3 convolution `name` (candle's weight `[out][in][3][3]`).
pub(crate) fn conv3x3(
    tensor: &Weights<'_>,
    name: &str,
    inputs: usize,
    outputs: usize,
) -> Result<Conv3x3, ModelError> {
    let w = read(tensor, &format!("{name}.weight"), outputs * inputs * 9)?;
    let bias = read(tensor, &format!("{name}.bias"), outputs)?;
    let mut weights = vec![0.0; w.len()];
    for o in 0..outputs {
        for i in 0..inputs {
            for k in 0..9 {
                weights[(k * inputs + i) * outputs + o] = w[(o * inputs + i) * 9 + k];
            }
        }
    }
    Ok(Conv3x3 {
        inputs,
        outputs,
        weights,
        bias,
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

/// The rows of a `[in][out]` weight whose input is candle's flattened planes (`plane *
/// cells + cell`) put in the order of NHWC activations (`cell * planes + plane`).
pub(crate) fn planes_to_cells(weights: &[f32], cells: usize, outputs: usize) -> Vec<f32> {
    let planes = weights.len() / (cells * outputs).max(1);
    let mut out = vec![0.0; weights.len()];
    for plane in 0..planes {
        for cell in 0..cells {
            let from = (plane * cells + cell) * outputs;
            let to = (cell * planes + plane) * outputs;
            out[to..to + outputs].copy_from_slice(&weights[from..from + outputs]);
        }
    }
    out
}

/// `observations` (`batch` of `[planes][cells]`) as NHWC rows `[batch * cells][planes]`.
pub(crate) fn nchw_to_nhwc(
    observations: &[f32],
    batch: usize,
    planes: usize,
    cells: usize,
    out: &mut Vec<f32>,
) {
    out.clear();
    out.resize(batch * cells * planes, 0.0);
    for (position, image) in observations.chunks_exact(planes * cells).enumerate() {
        let rows = &mut out[position * cells * planes..(position + 1) * cells * planes];
        for (plane, values) in image.chunks_exact(cells).enumerate() {
            for (cell, &value) in values.iter().enumerate() {
                rows[cell * planes + plane] = value;
            }
        }
    }
}

/// The im2col of NHWC activations `input` (`batch` positions of `height x width` cells,
/// `channels` each) for a 3x3 convolution with padding 1: a row per cell, its 9
/// neighbours' channels side by side (zeros off the board). The three neighbours of a
/// kernel row are adjacent in both, so each is one copy.
pub(crate) fn im2col(
    input: &[f32],
    batch: usize,
    height: usize,
    width: usize,
    channels: usize,
    columns: &mut Vec<f32>,
) {
    let row_len = 9 * channels;
    columns.resize(batch * height * width * row_len, 0.0);
    let mut rows = columns.chunks_exact_mut(row_len);
    for b in 0..batch {
        for y in 0..height {
            for x in 0..width {
                let Some(row) = rows.next() else { return };
                for (ky, part) in row.chunks_exact_mut(3 * channels).enumerate() {
                    let sy = (y + ky).checked_sub(1).filter(|&sy| sy < height);
                    let Some(sy) = sy else {
                        part.fill(0.0);
                        continue;
                    };
                    // Columns x - 1 ..= x + 1, cut to the board.
                    let first = x.saturating_sub(1);
                    let last = (x + 1).min(width - 1);
                    let skip = (first + 1 - x) * channels;
                    let len = (last + 1 - first) * channels;
                    let from = ((b * height + sy) * width + first) * channels;
                    part[..skip].fill(0.0);
                    part[skip..skip + len].copy_from_slice(&input[from..from + len]);
                    part[skip + len..].fill(0.0);
                }
            }
        }
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

/// The 1x1 convolution `conv` of the NHWC rows `input`, ReLU applied: `[rows][out]`.
pub(crate) fn pointwise_relu(conv: &Pointwise, input: &[f32], out: &mut Vec<f32>) {
    out.clear();
    for row in input.chunks_exact(conv.inputs) {
        for (weights, bias) in conv.weights.chunks_exact(conv.inputs).zip(&conv.bias) {
            let dot: f32 = row.iter().zip(weights).map(|(x, w)| x * w).sum();
            out.push((dot + bias).max(0.0));
        }
    }
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
