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
use pyramid_bots::BotSpec;
use pyramid_bots::pyramid_learn::{
    GenerationLog, MAX_MODEL_BYTES, Model, ModelError, Opponent, Position, ReplayBuffer,
    SelfPlayConfig, TrainConfig, TrainError, Trainer, play_games,
};
use pyramid_core::runtime::{RuntimeError, borrowed_options};
use pyramid_core::{FullGame, RuleSet};
use pyramid_games::GameVisitor;

use crate::errors::{InvalidModel, model_to_py, to_py, train_to_py};
use crate::options::pairs;

/// The name a worker's positions go by in errors.
const POSITIONS: &str = "self-play positions";

/// A training run of some game, its type erased: what the Python `Trainer` drives.
trait DynTrainer: Send {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// Generations done.
    fn generation(&self) -> u64;
    /// Whether the time or generation limit is reached.
    fn finished(&self) -> bool;
    /// The seed of the next generation's self-play games.
    fn next_seed(&self) -> u64;
    /// The model file's bytes, for the workers.
    fn model_bytes(&self) -> Result<Vec<u8>, ModelError>;
    /// Adds a worker's positions (a replay buffer's bytes) from `games` games; returns
    /// how many. Positions that do not fit the model are refused, nothing added.
    fn add_positions(&mut self, bytes: &[u8], games: u64) -> PyResult<usize>;
    /// The generation's self-play figures (positions, plies in all, wall time).
    fn self_played(&mut self, positions: usize, plies: u64, elapsed: Duration);
    /// The generation's training steps.
    fn learn(&mut self) -> Result<(), ModelError>;
    /// Ends the generation (opponents when due, checkpoint, log line): the log line.
    fn end_generation(&mut self) -> Result<GenerationLog, TrainError>;
}

/// A training run of game `G` and the opponents it is measured against.
struct Typed<G: FullGame> {
    trainer: Trainer<G>,
    opponents: Vec<Opponent<G>>,
}

impl<G: FullGame> DynTrainer for Typed<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn generation(&self) -> u64 {
        self.trainer.generation()
    }

    fn finished(&self) -> bool {
        self.trainer.finished()
    }

    fn next_seed(&self) -> u64 {
        self.trainer.next_seed()
    }

    fn model_bytes(&self) -> Result<Vec<u8>, ModelError> {
        self.trainer.model().to_bytes()
    }

    fn add_positions(&mut self, bytes: &[u8], games: u64) -> PyResult<usize> {
        let (buffer, _) = ReplayBuffer::from_bytes(bytes, POSITIONS, usize::MAX).map_err(|e| {
            let reason = match e {
                ModelError::Damaged { reason, .. } => reason,
                other => other.to_string(),
            };
            InvalidModel::new_err(format!("{POSITIONS}: not a replay buffer ({reason})"))
        })?;
        let positions: Vec<Position> = buffer.into_positions().collect();
        let shape = &self.trainer.model().info().shape;
        let (len, seats, policy) = (
            shape.observation_len(),
            shape.seats,
            shape.policy_size as u64,
        );
        let misfit = positions.iter().position(|p| {
            p.observation.len() != len
                || p.values.len() != seats
                || p.targets
                    .iter()
                    .any(|t| t.steps.iter().any(|&s| u64::from(s) >= policy))
        });
        if let Some(i) = misfit {
            return Err(InvalidModel::new_err(format!(
                "{POSITIONS}: position {i} does not fit the model of {} being trained \
                 (observations of {len} values, {seats} seats, {policy} policy entries): \
                 positions of another game or rules",
                G::NAME
            )));
        }
        let count = positions.len();
        let mut checked = ReplayBuffer::new(count);
        checked.extend(positions);
        self.trainer.add_positions(checked, games);
        Ok(count)
    }

    fn self_played(&mut self, positions: usize, plies: u64, elapsed: Duration) {
        self.trainer
            .self_played_elsewhere(positions, plies, elapsed);
    }

    fn learn(&mut self) -> Result<(), ModelError> {
        self.trainer.learn()
    }

    fn end_generation(&mut self) -> Result<GenerationLog, TrainError> {
        self.trainer.end_generation(&self.opponents)
    }
}

/// The rules of `G` from `key=value` pairs, or `InvalidRules`.
fn rules_of<G: FullGame>(pairs: &[(String, String)]) -> PyResult<G::Rules> {
    G::Rules::from_options(borrowed_options(pairs)).map_err(|e| to_py(RuntimeError::from(e)))
}

/// Opens the run for the game the visit picks.
struct Open {
    rules: Vec<(String, String)>,
    out: PathBuf,
    config: TrainConfig,
    resume: bool,
    opponents: Vec<BotSpec>,
}

impl GameVisitor for Open {
    type Output = PyResult<Box<dyn DynTrainer>>;

    fn visit<G: FullGame>(self) -> PyResult<Box<dyn DynTrainer>> {
        let rules = rules_of::<G>(&self.rules)?;
        let mut opponents = Vec::new();
        for spec in self.opponents {
            // Checked now: a bad opponent fails before any training.
            spec.build::<G>(0)
                .map_err(|e| PyValueError::new_err(format!("opponent `{spec}`: {e}")))?;
            opponents.push(Opponent::<G> {
                name: spec.to_string(),
                make: Box::new(move |seed| spec.build_or_forfeit::<G>(seed)),
            });
        }
        let trainer = Trainer::<G>::open(&rules, &self.out, &self.config, self.resume)
            .map_err(train_to_py)?;
        Ok(Box::new(Typed { trainer, opponents }))
    }
}

/// The learner of a training run (`pyramid_learn::Trainer`), one generation at a time:
/// it owns the model, the replay buffer and the run's directory; the self-play games are
/// played elsewhere (`self_play`) and their positions added here. `pyramid_games.learn`
/// drives it; the steps of a generation are `model_bytes` (to the workers),
/// `add_positions` (their answers), `self_played`, `learn` and `end_generation`.
/// Training and the checkpoint run without holding the GIL.
#[pyclass(module = "pyramid_games._native", name = "Trainer")]
pub struct PyTrainer {
    inner: Mutex<Box<dyn DynTrainer>>,
    game: &'static str,
}

impl PyTrainer {
    /// Runs `f` on the trainer without the GIL.
    fn with<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut dyn DynTrainer) -> PyResult<T> + Send,
    ) -> PyResult<T> {
        py.detach(|| {
            let mut inner = self
                .inner
                .lock()
                .map_err(|_| PyValueError::new_err("the trainer failed in an earlier call"))?;
            f(inner.as_mut())
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
        let open = Open {
            rules: pairs(None, options)?,
            out,
            config,
            resume,
            opponents: opponents
                .iter()
                .map(|o| {
                    o.parse::<BotSpec>()
                        .map_err(|e| PyValueError::new_err(format!("opponent `{o}`: {e}")))
                })
                .collect::<PyResult<Vec<_>>>()?,
        };
        let inner = py
            .detach(|| pyramid_games::visit(game, open))
            .map_err(to_py)??;
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

    /// Whether the time or generation limit is reached.
    fn finished(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |t| Ok(t.finished()))
    }

    /// The model being trained, as the bytes of its file (what the workers get).
    fn model_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self.with(py, |t| t.model_bytes().map_err(model_to_py))?;
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
        self.with(py, |t| t.learn().map_err(model_to_py))
    }

    /// Ends the generation: plays the opponents when due, writes the checkpoint (model,
    /// buffer), the log line and the learning curve. Returns the log line (JSON), as
    /// appended to `log.jsonl`.
    fn end_generation(&self, py: Python<'_>) -> PyResult<String> {
        let log = self.with(py, |t| t.end_generation().map_err(train_to_py))?;
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

/// What a worker's games gave.
struct Played {
    buffer: Vec<u8>,
    games: u64,
    positions: usize,
    plies: u64,
}

/// Plays self-play games for the game the visit picks.
struct SelfPlay<'a> {
    rules: Vec<(String, String)>,
    model: &'a [u8],
    games: usize,
    seed: u64,
    config: SelfPlayConfig,
    threads: usize,
}

impl GameVisitor for SelfPlay<'_> {
    type Output = PyResult<Played>;

    fn visit<G: FullGame>(self) -> PyResult<Played> {
        let rules = rules_of::<G>(&self.rules)?;
        let model = Model::from_bytes(self.model, "sent by the learner").map_err(model_to_py)?;
        model.check_game::<G>(&rules).map_err(model_to_py)?;
        let played = play_games::<G>(
            &model,
            &rules,
            self.games,
            self.seed,
            &self.config,
            self.threads,
        )
        .map_err(model_to_py)?;
        let plies = played.iter().map(|g| u64::from(g.plies)).sum();
        let positions: usize = played.iter().map(|g| g.positions.len()).sum();
        let mut buffer = ReplayBuffer::new(positions);
        buffer.extend(played.into_iter().flat_map(|g| g.positions));
        Ok(Played {
            buffer: buffer.to_bytes(0).map_err(model_to_py)?,
            games: self.games as u64,
            positions,
            plies,
        })
    }
}

/// Plays `games` self-play games of `game` (rule options `options`) with the model whose
/// file's bytes are `model`, game `i` dealt and searched from the seed `seed` and `i`
/// (the same seed gives the same games, whatever `threads`), `iterations` search
/// iterations a decision, a game cut off after `max_plies`. Returns `(positions, games,
/// count, plies)`: the positions as a replay buffer's bytes (for `Trainer.add_positions`),
/// the games played, the positions' count and the plies of all the games. Runs without
/// the GIL. A model of another game, or whose network does not fit the rules, raises
/// `InvalidModel`.
#[pyfunction]
#[pyo3(signature = (game, options, model, games, seed, iterations=100, max_plies=200, threads=1))]
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
) -> PyResult<(Bound<'py, PyBytes>, u64, usize, u64)> {
    if model.len() as u64 > MAX_MODEL_BYTES {
        return Err(InvalidModel::new_err(format!(
            "the model sent is {} bytes, more than the {MAX_MODEL_BYTES} a model may have",
            model.len()
        )));
    }
    within("threads", threads, 1, MAX_THREADS)?;
    let visit = SelfPlay {
        rules: pairs(None, options)?,
        model,
        games,
        seed,
        config: SelfPlayConfig {
            iterations: iterations.max(1),
            max_plies,
            ..SelfPlayConfig::default()
        },
        threads,
    };
    let played = py
        .detach(|| pyramid_games::visit(game, visit))
        .map_err(to_py)??;
    Ok((
        PyBytes::new(py, &played.buffer),
        played.games,
        played.positions,
        played.plies,
    ))
}
