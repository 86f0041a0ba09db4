//! Training from Python: `Trainer`, the learner of a run one generation at a time (it
//! stays in the driver), and `self_play`, the games a worker plays with the model it is
//! sent (a Ray task each in `pyramid_games.learn`). What crosses between them is bytes:
//! the model file's out, a replay buffer's back.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use pyramid_runtime::pyramid_learn::{GenerationLog, MAX_MODEL_BYTES, SelfPlayConfig, TrainConfig};
use pyramid_runtime::{self as runtime, TrainSetup, Trainer};

use crate::errors::{InvalidModel, runtime_to_py};
use crate::options::options as rule_options;

/// The learner of a training run (`pyramid_learn::Trainer`), one generation at a time:
/// it owns the model, the replay buffer and the run's directory; the self-play games are
/// played elsewhere (`self_play`) and their positions added here. `pyramid_games.learn`
/// drives it; the steps of a generation are `model_bytes` (to the workers),
/// `add_positions` (their answers), `self_played`, `learn` and `end_generation`.
/// Training and the checkpoint run without holding the GIL.
#[pyclass(module = "pyramid_games._native", name = "Trainer")]
pub struct PyTrainer {
    inner: Mutex<Trainer>,
    game: &'static str,
}

impl PyTrainer {
    /// Runs `f` on the trainer without the GIL.
    fn with<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Trainer) -> Result<T, runtime::Error> + Send,
    ) -> PyResult<T> {
        py.detach(|| {
            let mut inner = self
                .inner
                .lock()
                .map_err(|_| PyValueError::new_err("the trainer failed in an earlier call"))?;
            f(&mut inner).map_err(runtime_to_py)
        })
    }
}

/// The most channels of a network (as `Model::from_bytes` reads them).
const MAX_CHANNELS: usize = 1024;
/// The most residual blocks of a network (as `Model::from_bytes` reads them).
const MAX_BLOCKS: usize = 64;
/// The most threads a trainer or a worker runs (as `pyrctl train --threads`).
const MAX_THREADS: usize = 256;

/// `value` of the setting `name` when it is in `low..=high`, else a `ValueError`.
fn within(name: &str, value: usize, low: usize, high: usize) -> PyResult<usize> {
    if (low..=high).contains(&value) {
        Ok(value)
    } else {
        Err(PyValueError::new_err(format!(
            "{name}={value}: from {low} to {high}"
        )))
    }
}

/// A positive, finite number of hours as a duration.
fn hours_limit(hours: Option<f64>) -> PyResult<Option<Duration>> {
    match hours {
        None => Ok(None),
        Some(h) if h.is_finite() && h > 0.0 && h < 10_000.0 => {
            Ok(Some(Duration::from_secs_f64(h * 3600.0)))
        }
        Some(h) => Err(PyValueError::new_err(format!(
            "hours={h}: a number of hours above 0 (and below 10,000)"
        ))),
    }
}

#[pymethods]
impl PyTrainer {
    /// Opens the run of game `game` in directory `out` (created if needed): a new model
    /// (a directory that already holds a run is refused with `FileExistsError`), or with
    /// `resume` the model, replay buffer and generation it holds (`FileNotFoundError`
    /// when it holds none). `generations` counts those before a resume too; `hours` is
    /// this run's time limit. `opponents` are bot specs the model plays every
    /// `evaluate_every` generations (0: never) and after the last, `evaluation_games`
    /// games each, here in the learner.
    #[new]
    #[pyo3(signature = (game, out, *, options=None, resume=false, generations=None, hours=None,
        steps=100, channels=32, blocks=2, seed=1, threads=2, opponents=Vec::new(),
        evaluate_every=5, evaluation_games=20, evaluation_iterations=100))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        out: PathBuf,
        options: Option<&Bound<'_, PyDict>>,
        resume: bool,
        generations: Option<u64>,
        hours: Option<f64>,
        steps: usize,
        channels: usize,
        blocks: usize,
        seed: u64,
        threads: usize,
        opponents: Vec<String>,
        evaluate_every: u64,
        evaluation_games: usize,
        evaluation_iterations: u64,
    ) -> PyResult<Self> {
        if generations == Some(0) {
            return Err(PyValueError::new_err("generations=0: at least 1"));
        }
        // The bounds a model file is read under: a network beyond them could not be loaded.
        within("channels", channels, 1, MAX_CHANNELS)?;
        within("blocks", blocks, 0, MAX_BLOCKS)?;
        within("threads", threads, 1, MAX_THREADS)?;
        let config = TrainConfig {
            channels,
            blocks,
            steps_per_generation: steps,
            threads,
            seed,
            time_limit: hours_limit(hours)?,
            generations,
            evaluate_every,
            evaluation_games,
            evaluation_iterations: evaluation_iterations.max(1),
            ..TrainConfig::default()
        };
        let options = rule_options(None, options)?;
        let opponents = opponents
            .iter()
            .map(|o| {
                runtime::parse_bot(o)
                    .map_err(|e| PyValueError::new_err(format!("opponent `{o}`: {e}")))
            })
            .collect::<PyResult<Vec<_>>>()?;
        let setup = TrainSetup {
            out: &out,
            config: &config,
            resume,
            opponents: &opponents,
            teacher: None,
        };
        let inner = py
            .detach(|| Trainer::open(game, &options, setup))
            .map_err(runtime_to_py)?;
        Ok(PyTrainer {
            game: inner.game(),
            inner: Mutex::new(inner),
        })
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.game
    }

    /// Generations done (those before a resume included).
    #[getter]
    fn generation(&self, py: Python<'_>) -> PyResult<u64> {
        self.with(py, |t| Ok(t.generation()))
    }

    /// The seed of the next generation's self-play games.
    #[getter]
    fn next_seed(&self, py: Python<'_>) -> PyResult<u64> {
        self.with(py, |t| Ok(t.next_seed()))
    }

    /// Seconds left before the run's time limit (`hours`), or `None` without one: what
    /// the workers' `self_play` is given as `seconds`, so a generation stops with the run.
    fn seconds_left(&self, py: Python<'_>) -> PyResult<Option<f64>> {
        self.with(py, |t| Ok(t.time_left().map(|d| d.as_secs_f64())))
    }

    /// Whether the time or generation limit is reached.
    fn finished(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |t| Ok(t.finished()))
    }

    /// The model being trained, as the bytes of its file (what the workers get).
    fn model_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self.with(py, |t| t.model_bytes())?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// Adds a worker's positions (the bytes `self_play` returned) from `games` games to
    /// the replay buffer; returns how many positions. Bytes that are not a replay buffer,
    /// or positions that do not fit the model (another game's), raise `InvalidModel`
    /// and add nothing.
    fn add_positions(&self, py: Python<'_>, data: &[u8], games: u64) -> PyResult<usize> {
        self.with(py, |t| t.add_positions(data, games))
    }

    /// Records the generation's self-play for its log line: `positions` positions from
    /// games of `plies` plies in all, in `seconds` (wall time, every worker together).
    /// Call it after the generation's last `add_positions`.
    fn self_played(
        &self,
        py: Python<'_>,
        positions: usize,
        plies: u64,
        seconds: f64,
    ) -> PyResult<()> {
        if !(seconds.is_finite() && seconds >= 0.0) {
            return Err(PyValueError::new_err(format!(
                "seconds={seconds}: a time of 0 or more"
            )));
        }
        self.with(py, |t| {
            t.self_played(positions, plies, Duration::from_secs_f64(seconds));
            Ok(())
        })
    }

    /// Takes the generation's training steps (batches drawn from the replay buffer).
    fn learn(&self, py: Python<'_>) -> PyResult<()> {
        self.with(py, |t| t.learn())
    }

    /// Ends the generation: plays the opponents when due, writes the checkpoint (model,
    /// buffer), the log line and the learning curve. Returns the log line (JSON), as
    /// appended to `log.jsonl`.
    fn end_generation(&self, py: Python<'_>) -> PyResult<String> {
        let log = self.with(py, |t| t.end_generation())?;
        serde_json_line(&log)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let generation = self.generation(py)?;
        Ok(format!("Trainer({:?}, generation={generation})", self.game))
    }
}

/// A log line as JSON.
fn serde_json_line(log: &GenerationLog) -> PyResult<String> {
    serde_json::to_string(log).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Plays `games` self-play games of `game` (rule options `options`) with the model whose
/// file's bytes are `model`, game `i` dealt and searched from the seed `seed` and `i`
/// (the same seed gives the same games, whatever `threads`), `iterations` search
/// iterations a decision, a game cut off after `max_plies`. Returns `(positions, games,
/// count, plies)`: the positions as a replay buffer's bytes (for `Trainer.add_positions`),
/// the games played, the positions' count and the plies of all the games. With `seconds`
/// (the learner's `Trainer.seconds_left()`), the games still being played when that time
/// is up are dropped: `games` then counts those finished. Runs without the GIL. A model of
/// another game, or whose network does not fit the rules, raises `InvalidModel`.
#[pyfunction]
#[pyo3(signature = (game, options, model, games, seed, iterations=100, max_plies=200, threads=1, seconds=None))]
#[allow(clippy::too_many_arguments)]
pub fn self_play<'py>(
    py: Python<'py>,
    game: &str,
    options: Option<&Bound<'py, PyDict>>,
    model: &[u8],
    games: usize,
    seed: u64,
    iterations: u64,
    max_plies: u32,
    threads: usize,
    seconds: Option<f64>,
) -> PyResult<(Bound<'py, PyBytes>, u64, usize, u64)> {
    if model.len() as u64 > MAX_MODEL_BYTES {
        return Err(InvalidModel::new_err(format!(
            "the model sent is {} bytes, more than the {MAX_MODEL_BYTES} a model may have",
            model.len()
        )));
    }
    within("threads", threads, 1, MAX_THREADS)?;
    let time_limit = match seconds {
        None => None,
        Some(s) if s.is_finite() && s >= 0.0 => Some(Duration::from_secs_f64(s.min(1e9))),
        Some(s) => {
            return Err(PyValueError::new_err(format!(
                "seconds={s}: a time of 0 or more"
            )));
        }
    };
    let options = rule_options(None, options)?;
    let config = SelfPlayConfig {
        iterations: iterations.max(1),
        max_plies,
        ..SelfPlayConfig::default()
    };
    let played = py
        .detach(|| {
            runtime::self_play(
                game, &options, model, games, seed, &config, threads, time_limit,
            )
        })
        .map_err(runtime_to_py)?;
    Ok((
        PyBytes::new(py, &played.buffer),
        played.games,
        played.positions,
        played.plies,
    ))
}
