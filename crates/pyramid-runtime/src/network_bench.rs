//! The network's speed (`pyrctl bench --model`): a model file's network, or a new one of
//! the default training shape, measured on one thread by
//! [`pyramid_learn::bench_network`] against the core's peak.

use std::path::Path;
use std::time::Duration;

use pyramid_core::FullGame;
use pyramid_learn::{Model, ModelError, NetworkBench, TrainConfig};

use crate::Error;
use crate::games::{GameVisitor, visit};

/// The core's practical peak in GFLOP/s ([`pyramid_learn::peak_gflops`]): a large
/// single-thread `f32` product by the inference path's kernels, best over `budget`.
pub fn peak_gflops(budget: Duration) -> Result<f64, Error> {
    Ok(pyramid_learn::peak_gflops(budget)?)
}

/// Measures the network of the model file `path` for about `budget` against `peak`;
/// with `game`, refuses a model of another game first.
pub fn bench_model(
    path: &Path,
    game: Option<&str>,
    budget: Duration,
    peak: f64,
) -> Result<NetworkBench, Error> {
    let model = Model::load_any(path)?;
    if let Some(name) = game {
        let expected = crate::registry().get(name)?.name();
        if model.info().game != expected {
            return Err(ModelError::WrongGame {
                path: path.display().to_string(),
                expected: expected.to_owned(),
                found: model.info().game.clone(),
            }
            .into());
        }
    }
    Ok(pyramid_learn::bench_network(&model, budget, peak)?)
}

/// A new network of the game the visit picks, of the default training shape.
struct NewNetwork;

impl GameVisitor for NewNetwork {
    type Output = Result<Model, Error>;

    fn visit<G: FullGame>(self) -> Self::Output {
        let config = TrainConfig::default();
        let rules = G::Rules::default();
        Ok(Model::new::<G>(&rules, config.channels, config.blocks, 1)?)
    }
}

/// Measures a new network of game `name` (default rules) of the default training shape
/// (`pyrctl train`'s 32 channels and 2 blocks) for about `budget` against `peak`.
pub fn bench_new_network(name: &str, budget: Duration, peak: f64) -> Result<NetworkBench, Error> {
    let model = visit(name, NewNetwork)??;
    Ok(pyramid_learn::bench_network(&model, budget, peak)?)
}
