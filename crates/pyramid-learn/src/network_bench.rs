//! The network's speed on one thread (`pyrctl bench --model`): evaluations per second at
//! batch 1 and 64 by the fast path and by candle, the FLOPs of one evaluation, and the
//! core's practical peak measured in the same run (a large matrix product by the same
//! kernels).

use std::time::{Duration, Instant};

use pyramid_core::ChaCha8Rng;
use pyramid_core::rand::{Rng, SeedableRng};
use serde::Serialize;

use crate::error::ModelError;
use crate::evaluator::{CandleEvaluator, Evaluator};
use crate::layers::matmul_add;
use crate::model::Model;
use crate::network::{NetShape, POLICY_PLANES, VALUE_HIDDEN};

/// The side of the square matrices of the peak reference.
const PEAK_SIDE: usize = 1024;
/// The larger batch measured.
const LARGE_BATCH: usize = 64;

/// One game's network measured (the names of the fields are a contract: scripts read
/// them from `pyrctl bench --model FILE --json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NetworkBench {
    /// The model's game.
    pub game: String,
    /// Channels of the trunk.
    pub channels: usize,
    /// Residual blocks.
    pub blocks: usize,
    /// Evaluations a second at batch 1, fast path, one thread.
    pub evals_per_s_batch1: f64,
    /// Evaluations a second at batch 64, fast path, one thread.
    pub evals_per_s_batch64: f64,
    /// Evaluations a second at batch 1 by candle's forward pass (its own threads).
    pub candle_evals_per_s_batch1: f64,
    /// Evaluations a second at batch 64 by candle's forward pass (its own threads).
    pub candle_evals_per_s_batch64: f64,
    /// Floating-point operations of one evaluation (a multiply-add counts two; biases
    /// and activations not counted).
    pub flops_per_eval: u64,
    /// GFLOP/s of the fast path at batch 64.
    pub gflops_batch64: f64,
    /// The core's practical peak in GFLOP/s: a 1024x1024x1024 `f32` product by the
    /// same kernels on one thread, measured in the same run.
    pub peak_gflops: f64,
    /// `gflops_batch64` as a percentage of `peak_gflops`.
    pub percent_of_peak: f64,
}

impl std::fmt::Display for NetworkBench {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:<14} {:>3}x{:<2} {:>10.0} {:>10.0} {:>10.0} {:>10.0} {:>11} {:>8.1} {:>7.1} {:>6.1}%",
            self.game,
            self.channels,
            self.blocks,
            self.evals_per_s_batch1,
            self.evals_per_s_batch64,
            self.candle_evals_per_s_batch1,
            self.candle_evals_per_s_batch64,
            self.flops_per_eval,
            self.gflops_batch64,
            self.peak_gflops,
            self.percent_of_peak
        )
    }
}

/// The header of [`NetworkBench`]'s lines.
pub const NETWORK_BENCH_HEADER: &str = "game           net         b1/s      b64/s candle b1/s candle b64/s  FLOPs/eval  GFLOP/s    peak  %peak";

/// The floating-point operations of one evaluation by a network of `shape` (a
/// multiply-add counts two), saturating.
pub fn flops_per_eval(shape: &NetShape) -> u64 {
    let n = |x: usize| x as u64;
    let cells = n(shape.height).saturating_mul(n(shape.width));
    let c = n(shape.channels);
    let terms = [
        cells * c * n(shape.planes) * 9,
        n(shape.blocks) * 2 * cells * c * c * 9,
        cells * c * n(POLICY_PLANES),
        n(POLICY_PLANES) * cells * n(shape.policy_size),
        cells * c,
        cells * n(VALUE_HIDDEN),
        n(VALUE_HIDDEN) * n(shape.seats),
    ];
    terms.iter().fold(0u64, |sum, t| sum.saturating_add(*t)) * 2
}

/// The best rate of `work` (which does `units` of something a call) over rounds of
/// about 20 ms each for about `budget`: units a second.
fn best_rate(
    budget: Duration,
    units: f64,
    mut work: impl FnMut() -> Result<(), ModelError>,
) -> Result<f64, ModelError> {
    work()?;
    let start = Instant::now();
    let mut best: f64 = 0.0;
    while best == 0.0 || start.elapsed() < budget {
        let round = Instant::now();
        let mut calls = 0u32;
        while calls == 0 || round.elapsed() < Duration::from_millis(20) {
            work()?;
            calls += 1;
        }
        best = best.max(units * f64::from(calls) / round.elapsed().as_secs_f64());
    }
    Ok(best)
}

/// The core's practical peak in GFLOP/s: the best rate over about `budget` of a
/// 1024x1024x1024 `f32` product by the kernels the fast path uses, on this thread.
pub fn peak_gflops(budget: Duration) -> Result<f64, ModelError> {
    let side = PEAK_SIDE;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let a: Vec<f32> = (0..side * side).map(|_| rng.random::<f32>()).collect();
    let b: Vec<f32> = (0..side * side).map(|_| rng.random::<f32>()).collect();
    let mut c = vec![0.0; side * side];
    let flops = 2.0 * (side as f64).powi(3);
    let rate = best_rate(budget, flops, || {
        matmul_add(&a, &b, &mut c, side, side, side)
    })?;
    Ok(rate / 1e9)
}

/// Measures `model` for about `budget` (a quarter each for the fast path and candle at
/// batch 1 and 64), against the `peak` measured by [`peak_gflops`]. The observations are
/// random zeros and ones (the network's work does not depend on them).
pub fn bench_network(
    model: &Model,
    budget: Duration,
    peak: f64,
) -> Result<NetworkBench, ModelError> {
    let shape = model.info().shape.clone();
    let len = shape.observation_len();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let observations: Vec<f32> = (0..len * LARGE_BATCH)
        .map(|_| f32::from(u8::from(rng.random_bool(0.3))))
        .collect();
    let fast = model.inference()?;
    let candle = CandleEvaluator(model);
    let share = budget / 4;
    let rate = |evaluator: &dyn Evaluator, batch: usize| {
        let slice = &observations[..batch * len];
        best_rate(share, batch as f64, || {
            evaluator.evaluate_batch(slice).map(|_| ())
        })
    };
    let batch1 = rate(&*fast, 1)?;
    let batch64 = rate(&*fast, LARGE_BATCH)?;
    let candle1 = rate(&candle, 1)?;
    let candle64 = rate(&candle, LARGE_BATCH)?;
    let flops = flops_per_eval(&shape);
    let gflops = batch64 * flops as f64 / 1e9;
    Ok(NetworkBench {
        game: model.info().game.clone(),
        channels: shape.channels,
        blocks: shape.blocks,
        evals_per_s_batch1: batch1,
        evals_per_s_batch64: batch64,
        candle_evals_per_s_batch1: candle1,
        candle_evals_per_s_batch64: candle64,
        flops_per_eval: flops,
        gflops_batch64: gflops,
        peak_gflops: peak,
        percent_of_peak: if peak > 0.0 {
            100.0 * gflops / peak
        } else {
            0.0
        },
    })
}
