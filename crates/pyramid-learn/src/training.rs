//! The learning loop: self-play games into the replay buffer, training steps on batches
//! drawn from it, a checkpoint, and now and then games against fixed opponents, over and
//! over. Everything is written to one directory:
//!
//! - `model.safetensors`: the latest model (a checkpoint each generation);
//! - `buffer.safetensors`: the replay buffer and the generation reached (for `--resume`);
//! - `log.jsonl`: one JSON line per generation ([`GenerationLog`]);
//! - `curve.svg`: the learning curve, score against each opponent by generation.
//!
//! A crash loses at most the generation in progress.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use candle_core::{D, Tensor, Var};
use pyramid_core::arena::{game_seed, play_game};
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{Bot, ChaCha8Rng, Seat};

use crate::bot::{AzBot, AzBudget, AzConfig};
use crate::curve::write_curve;
use crate::error::ModelError;
use crate::learning::{Optimiser, TensorBatch, Trainable, squared_error};
use crate::model::Model;
use crate::opponent::Opponent;
use crate::replay_buffer::ReplayBuffer;
use crate::run_log::{GenerationLog, Score, append_log, read_log};
use crate::safe_file::{check_folder, check_target, write_file};
use crate::self_play::{SelfPlayConfig, SelfPlayGame, play_games_until};
use crate::teacher::{TeacherConfig, play_teacher_round};

/// Plies after which an evaluation game is cut off (a draw: 0.5 each), as `pyrctl
/// match` cuts its games.
pub const EVALUATION_PLY_LIMIT: u32 = 1000;

/// The model file in a training directory.
pub const MODEL_FILE: &str = "model.safetensors";
/// The replay buffer file in a training directory.
pub const BUFFER_FILE: &str = "buffer.safetensors";
/// The log in a training directory.
pub const LOG_FILE: &str = "log.jsonl";
/// The learning curve in a training directory.
pub const CURVE_FILE: &str = "curve.svg";

/// How to train.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// Channels of a new network's trunk (default 32).
    pub channels: usize,
    /// Residual blocks of a new network (default 2).
    pub blocks: usize,
    /// Self-play games per generation (default 32).
    pub games_per_generation: usize,
    /// How self-play games are played.
    pub self_play: SelfPlayConfig,
    /// Positions the replay buffer keeps (default 20,000).
    pub buffer_positions: usize,
    /// Positions per training step (default 64).
    pub batch_size: usize,
    /// Training steps per generation (default 100).
    pub steps_per_generation: usize,
    /// AdamW's learning rate (default 0.001).
    pub learning_rate: f64,
    /// AdamW's weight decay (default 0.0001).
    pub weight_decay: f64,
    /// Threads for self-play and evaluation games (default 2).
    pub threads: usize,
    /// Everything random follows from it (default 1).
    pub seed: u64,
    /// Stop after this much time: honoured within a generation (no self-play game goes
    /// on and no training step starts after it; the generation is then saved).
    pub time_limit: Option<Duration>,
    /// Stop after this many generations in all (counting those before a resume).
    pub generations: Option<u64>,
    /// Play the opponents every this many generations (default 5; 0 never), and after
    /// the last one.
    pub evaluate_every: u64,
    /// Games against each opponent, seats swapped each game (default 20), each cut off
    /// after [`EVALUATION_PLY_LIMIT`] plies.
    pub evaluation_games: usize,
    /// The `az` bot's search iterations in those games (default 100).
    pub evaluation_iterations: u64,
    /// With a teacher ([`train`]'s `teacher`): plies played at random at the start of
    /// each teacher game, not learned from (default 2).
    pub teacher_opening_plies: u32,
    /// With a teacher: the value target ([`TeacherConfig::value_plies`]; default 0, the
    /// game's result).
    pub teacher_value_plies: u32,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            channels: 32,
            blocks: 2,
            games_per_generation: 32,
            self_play: SelfPlayConfig::default(),
            buffer_positions: 20_000,
            batch_size: 64,
            steps_per_generation: 100,
            learning_rate: 1e-3,
            weight_decay: 1e-4,
            threads: 2,
            seed: 1,
            time_limit: None,
            generations: None,
            evaluate_every: 5,
            evaluation_games: 20,
            evaluation_iterations: 100,
            teacher_opening_plies: 2,
            teacher_value_plies: 0,
        }
    }
}

/// What a training run tells its caller while it goes.
#[derive(Clone, Debug, PartialEq)]
pub enum Progress {
    /// Self-play of a generation is done.
    SelfPlayed {
        /// The generation.
        generation: u64,
        /// Its games.
        games: usize,
        /// Its positions per second.
        positions_per_s: f64,
    },
    /// A generation is done and saved.
    Generation(GenerationLog),
}

/// Why training stopped early.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// The model or buffer failed.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// The directory already holds a run and `resume` was not asked for.
    #[error("{0} already holds a training run: resume it, or pick another directory")]
    NotEmpty(String),
    /// `resume` was asked for but the directory holds no run.
    #[error("nothing to resume in {0}: it holds no {MODEL_FILE} and {BUFFER_FILE}")]
    NothingToResume(String),
    /// The log or the curve could not be written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
}

/// Trains a model of `G` under `rules` in the directory `out` (created if needed):
/// generations of self-play and training until `config`'s time or generation limit,
/// measuring against `opponents` now and then. With a `teacher`, each generation's games
/// are the teacher's against itself instead of self-play ([`Trainer::teacher_play`]):
/// the model learns the teacher's moves and the games' results. With `resume`, goes on
/// from the model, buffer and generation the directory holds. Returns the last
/// generation's log.
///
/// ```no_run
/// use std::path::Path;
/// use martian_chess::MartianChess;
/// use pyramid_learn::{TrainConfig, train};
/// let config = TrainConfig { generations: Some(3), ..TrainConfig::default() };
/// let last = train::<MartianChess>(&Default::default(), Path::new("runs/mc"), &config, false, &[], None, &mut |_| {})?;
/// println!("{} games, policy loss {:.3}", last.games, last.policy_loss);
/// # Ok::<(), pyramid_learn::TrainError>(())
/// ```
pub fn train<G: FullGame>(
    rules: &G::Rules,
    out: &Path,
    config: &TrainConfig,
    resume: bool,
    opponents: &[Opponent<G>],
    teacher: Option<&Opponent<G>>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<GenerationLog, TrainError> {
    let mut trainer = Trainer::<G>::open(rules, out, config, resume)?;
    let mut last = None;
    while !trainer.finished() {
        let clock = Instant::now();
        let games = match teacher {
            Some(teacher) => trainer.teacher_play(teacher)?,
            None => trainer.self_play()?,
        };
        if !games.is_empty() && games.iter().all(|g| g.positions.is_empty()) {
            return Err(ModelError::NoPositions(format!(
                "the {} self-play games of generation {} gave none",
                games.len(),
                trainer.generation() + 1
            ))
            .into());
        }
        let played = games.len();
        let positions_per_s = trainer.add_games(games, clock.elapsed());
        progress(&Progress::SelfPlayed {
            generation: trainer.generation() + 1,
            games: played,
            positions_per_s,
        });
        trainer.learn()?;
        let log = trainer.end_generation(opponents)?;
        progress(&Progress::Generation(log.clone()));
        last = Some(log);
    }
    match last {
        Some(log) => Ok(log),
        // Nothing left to do: the last line of the log.
        None => trainer.last_log(),
    }
}

/// The learner's side of a training run, one generation at a time: what [`train`] loops
/// over, and what a cluster's driver calls while workers elsewhere play the self-play
/// games ([`play_games`](crate::play_games) on their machines, sent back with
/// [`ReplayBuffer::to_bytes`]).
pub struct Trainer<G: FullGame> {
    rules: G::Rules,
    out: PathBuf,
    config: TrainConfig,
    model: Arc<Model>,
    buffer: ReplayBuffer,
    learner: Learner,
    generation: u64,
    steps: u64,
    games: u64,
    started: Instant,
    /// This generation so far: games, positions/s, mean plies, losses, steps/s.
    current: GenerationLog,
}

impl<G: FullGame> Trainer<G> {
    /// Opens the run in `out`: a new model (refusing a directory that holds a run), or
    /// with `resume` the model, buffer and generation the directory holds. A directory
    /// that cannot hold a run ([`check_run_dir`]) is refused first.
    pub fn open(
        rules: &G::Rules,
        out: &Path,
        config: &TrainConfig,
        resume: bool,
    ) -> Result<Trainer<G>, TrainError> {
        check_run_dir(out)?;
        std::fs::create_dir_all(out).map_err(io_at(out))?;
        let [model_path, buffer_path, log_path, _] = run_files(out);
        let (model, buffer, generation) = if resume {
            if !(model_path.exists() && buffer_path.exists()) {
                return Err(TrainError::NothingToResume(out.display().to_string()));
            }
            let model = Model::load::<G>(&model_path, rules)?;
            let (buffer, generation) = ReplayBuffer::load(&buffer_path, config.buffer_positions)?;
            (model, buffer, generation)
        } else {
            if model_path.exists() || buffer_path.exists() {
                return Err(TrainError::NotEmpty(out.display().to_string()));
            }
            let model = Model::new::<G>(rules, config.channels, config.blocks, config.seed)?;
            write_file(&log_path, b"").map_err(io_at(&log_path))?;
            (model, ReplayBuffer::new(config.buffer_positions), 0)
        };
        let learner = Learner::new(&model, config.learning_rate, config.weight_decay)?;
        Ok(Trainer {
            rules: rules.clone(),
            out: out.to_path_buf(),
            config: config.clone(),
            steps: model.info().steps,
            games: model.info().games,
            model: Arc::new(model),
            buffer,
            learner,
            generation,
            started: Instant::now(),
            current: GenerationLog::default(),
        })
    }

    /// Generations done.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The model being trained.
    pub fn model(&self) -> &Arc<Model> {
        &self.model
    }

    /// The seed of the next generation's self-play games.
    pub fn next_seed(&self) -> u64 {
        game_seed(self.config.seed, self.generation + 1)
    }

    /// Whether the time or generation limit is reached.
    pub fn finished(&self) -> bool {
        self.config
            .generations
            .is_some_and(|g| self.generation >= g)
            || self
                .config
                .time_limit
                .is_some_and(|t| self.started.elapsed() >= t)
    }

    /// The time left before the run's limit, if it has one (zero once it is up).
    pub fn time_left(&self) -> Option<Duration> {
        self.deadline()
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// When the run's time limit is up, if it has one.
    fn deadline(&self) -> Option<Instant> {
        self.config.time_limit.map(|t| self.started + t)
    }

    /// Whether the run's time limit is up.
    fn out_of_time(&self) -> bool {
        is_past(self.deadline())
    }

    /// Plays the next generation's self-play games here, on the configured threads; when
    /// the time limit comes first, the games finished by then.
    pub fn self_play(&self) -> Result<Vec<SelfPlayGame>, ModelError> {
        play_games_until::<G>(
            &*self.model,
            &self.rules,
            self.config.games_per_generation,
            self.next_seed(),
            &self.config.self_play,
            self.config.threads,
            self.deadline(),
        )
    }

    /// Plays the next generation's games with `teacher` in every seat instead of the
    /// model ([`play_teacher_games`](crate::play_teacher_games)): its decisions become the
    /// positions learned from. Games that give no position (a teacher that makes no move,
    /// games cut off before its first) are refused with [`ModelError::NoPositions`]
    /// saying why, so a run never goes on learning nothing.
    pub fn teacher_play(&self, teacher: &Opponent<G>) -> Result<Vec<SelfPlayGame>, ModelError> {
        let config = TeacherConfig {
            opening_random_plies: self.config.teacher_opening_plies,
            max_plies: self.config.self_play.max_plies,
            value_plies: self.config.teacher_value_plies,
            search_value: false,
        };
        let round = play_teacher_round::<G>(
            teacher,
            &self.rules,
            self.config.games_per_generation,
            self.next_seed(),
            &config,
            self.config.threads,
            self.deadline(),
        );
        match round.no_positions(&teacher.name, &config) {
            Some(why) => Err(ModelError::NoPositions(why)),
            None => Ok(round.games),
        }
    }

    /// Adds self-play games (played here or elsewhere, in `elapsed`) to the replay buffer;
    /// returns their positions per second.
    pub fn add_games(&mut self, games: Vec<SelfPlayGame>, elapsed: Duration) -> f64 {
        let positions: usize = games.iter().map(|g| g.positions.len()).sum();
        let per_s = positions as f64 / elapsed.as_secs_f64().max(1e-9);
        self.current.games += games.len() as u64;
        self.current.mean_plies =
            games.iter().map(|g| f64::from(g.plies)).sum::<f64>() / games.len().max(1) as f64;
        self.current.positions_per_s = per_s;
        self.buffer
            .extend(games.into_iter().flat_map(|g| g.positions));
        per_s
    }

    /// Adds positions a worker sent ([`ReplayBuffer::to_bytes`]) to the replay buffer,
    /// counting `games` games.
    pub fn add_positions(&mut self, buffer: ReplayBuffer, games: u64) {
        self.current.games += games;
        self.buffer.extend(buffer.into_positions());
    }

    /// Records the generation's self-play figures when its games were played elsewhere
    /// and came in through [`Trainer::add_positions`]: `positions` positions from games of
    /// `plies` plies in all, played in `elapsed` (wall time, all workers together). Call it
    /// after the generation's last `add_positions`: the mean plies are over its games.
    pub fn self_played_elsewhere(&mut self, positions: usize, plies: u64, elapsed: Duration) {
        self.current.positions_per_s = positions as f64 / elapsed.as_secs_f64().max(1e-9);
        self.current.mean_plies = plies as f64 / self.current.games.max(1) as f64;
    }

    /// Takes the generation's training steps (the training loop every network shares),
    /// on batches drawn from the replay buffer, until the steps per generation or the time
    /// limit.
    pub fn learn(&mut self) -> Result<(), ModelError> {
        let clock = Instant::now();
        let mut rng = ChaCha8Rng::seed_from_u64(self.next_seed() ^ 0x0074_7261_696e);
        let deadline = self.deadline();
        let (model, buffer, batch_size) = (&*self.model, &self.buffer, self.config.batch_size);
        // The time limit is honoured within the generation: no step starts after it.
        let batches = (0..self.config.steps_per_generation)
            .take_while(|_| !is_past(deadline))
            .map(|_| sampled_batch(model, buffer, batch_size, &mut rng));
        let totals = self.learner.optimiser.train_steps(model, batches)?;
        let (policy, value) = policy_and_value(&totals.mean_per_step());
        self.current.policy_loss = policy;
        self.current.value_loss = value;
        self.current.steps_per_s = totals.steps as f64 / clock.elapsed().as_secs_f64().max(1e-9);
        self.steps += totals.steps as u64;
        Ok(())
    }

    /// Ends the generation: plays the opponents when it is their turn (every
    /// `evaluate_every` generations and after the last), writes the checkpoint (model and
    /// buffer), the log line and the learning curve. Returns the log line.
    pub fn end_generation(
        &mut self,
        opponents: &[Opponent<G>],
    ) -> Result<GenerationLog, TrainError> {
        self.generation += 1;
        let seed = game_seed(self.config.seed, self.generation);
        // Measured on schedule and after the last generation, but not once the time is
        // up (a run stops within a generation's work of its limit, not a match later).
        let due = self.config.evaluate_every > 0
            && (self.generation % self.config.evaluate_every == 0 || self.finished())
            && !self.out_of_time();
        let evaluations = if due {
            opponents
                .iter()
                .map(|o| evaluate_against(&self.model, &self.rules, o, &self.config, seed))
                .collect::<Result<Vec<_>, _>>()?
        } else {
            Vec::new()
        };
        let [model_path, buffer_path, log_path, curve_path] = run_files(&self.out);
        self.games += self.current.games;
        // The record counts every step and game, across resumes.
        let mut info = self.model.info().clone();
        info.steps = self.steps;
        info.games = self.games;
        self.model.save_with(&model_path, &info)?;
        self.buffer.save(&buffer_path, self.generation)?;
        let log = GenerationLog {
            generation: self.generation,
            elapsed_s: self.started.elapsed().as_secs_f64(),
            games: self.games,
            steps: self.steps,
            buffer: self.buffer.len(),
            evaluations,
            ..std::mem::take(&mut self.current)
        };
        append_log(&log_path, &log).map_err(io_at(&log_path))?;
        write_curve(&log_path, &curve_path, G::NAME).map_err(io_at(&curve_path))?;
        Ok(log)
    }

    /// The last line of the run's log.
    pub fn last_log(&self) -> Result<GenerationLog, TrainError> {
        let [_, _, log_path, _] = run_files(&self.out);
        read_log(&log_path)
            .map_err(io_at(&log_path))?
            .pop()
            .ok_or_else(|| TrainError::NothingToResume(self.out.display().to_string()))
    }
}

/// Whether `deadline` has come (never without one).
fn is_past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

fn io_at(path: &Path) -> impl FnOnce(std::io::Error) -> TrainError + use<> {
    let path = path.display().to_string();
    move |source| TrainError::Io { path, source }
}

/// The optimiser of a model's weights (AdamW): takes training steps on batches drawn
/// from a replay buffer.
pub struct Learner {
    optimiser: Optimiser,
}

impl Learner {
    /// A learner of `model`'s weights with AdamW's `learning_rate` and `weight_decay`.
    pub fn new(
        model: &Model,
        learning_rate: f64,
        weight_decay: f64,
    ) -> Result<Learner, ModelError> {
        let optimiser = Optimiser::new(model, learning_rate, weight_decay)?;
        Ok(Learner { optimiser })
    }

    /// One step on `batch_size` positions drawn from `buffer`: the loss is the policy's
    /// cross-entropy against the search's visit shares (softmax over the legal steps
    /// only) plus the values' squared error. Returns the two losses (zero from an empty
    /// buffer, which takes no step).
    pub fn step<R: pyramid_core::rand::Rng + ?Sized>(
        &mut self,
        model: &Model,
        buffer: &ReplayBuffer,
        batch_size: usize,
        rng: &mut R,
    ) -> Result<(f64, f64), ModelError> {
        let batch = sampled_batch(model, buffer, batch_size, rng)?;
        let losses = self.optimiser.step(model, &batch)?;
        Ok(policy_and_value(&losses))
    }
}

/// `batch_size` positions drawn from `buffer` as a model learns them.
fn sampled_batch<R: pyramid_core::rand::Rng + ?Sized>(
    model: &Model,
    buffer: &ReplayBuffer,
    batch_size: usize,
    rng: &mut R,
) -> Result<TensorBatch, ModelError> {
    let shape = &model.info().shape;
    let batch = buffer.sample(batch_size.max(1), shape.policy_size, rng);
    TensorBatch::new(
        batch,
        shape.observation_len(),
        shape.seats,
        Some(shape.policy_size),
        model.device(),
    )
}

/// A model's two losses, in [`Trainable::losses`]'s order (zero where none).
fn policy_and_value(losses: &[f64]) -> (f64, f64) {
    let loss = |i: usize| losses.get(i).copied().unwrap_or(0.0);
    (loss(0), loss(1))
}

/// A model learns the search's visit shares and the games' results: its losses are the
/// policy's cross-entropy (softmax over the legal steps only) and the values' squared
/// error, in that order.
impl Trainable for Model {
    fn vars(&self) -> Vec<Var> {
        Model::vars(self).all_vars()
    }

    fn losses(&self, batch: &TensorBatch) -> Result<Vec<Tensor>, ModelError> {
        let policy = batch.policy.as_ref().ok_or_else(|| {
            ModelError::Network(candle_core::Error::Msg(
                "a model learns from a batch with policy targets".to_owned(),
            ))
        })?;
        let (logits, predicted) = self.network().forward(&batch.observations)?;
        let log_p = candle_nn::ops::log_softmax(&(logits + &policy.mask)?, D::Minus1)?;
        let policy_loss = ((&policy.shares * log_p)?.sum_all()? / -(batch.rows as f64))?;
        let value_loss = squared_error(&predicted, &batch.values)?;
        Ok(vec![policy_loss, value_loss])
    }

    fn weights_changed(&self) {
        Model::weights_changed(self);
    }
}

/// Plays [`TrainConfig::evaluation_games`] games of the model (no noise, most visited
/// action) against `opponent`, the model's seat moving round the table game by game.
fn evaluate_against<G: FullGame>(
    model: &Arc<Model>,
    rules: &G::Rules,
    opponent: &Opponent<G>,
    config: &TrainConfig,
    seed: u64,
) -> Result<Score, ModelError> {
    let games = config.evaluation_games;
    let threads = config.threads.clamp(1, games.max(1));
    let az = AzConfig {
        budget: AzBudget::Iterations(config.evaluation_iterations),
        ..AzConfig::default()
    };
    let scores: Vec<f64> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let az = az.clone();
                scope.spawn(move || {
                    (t..games)
                        .step_by(threads)
                        .map(|i| {
                            let game_seed = game_seed(seed ^ 0x6576_616c, i as u64);
                            let mut rng = ChaCha8Rng::seed_from_u64(game_seed);
                            let start = G::deal(rules, &mut rng);
                            let seats = start.seats();
                            let me = i % seats;
                            let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
                                .map(|s| {
                                    if s == me {
                                        Box::new(AzBot::<G>::new(
                                            model.clone(),
                                            az.clone(),
                                            game_seed,
                                        ))
                                            as Box<dyn Bot<G>>
                                    } else {
                                        (opponent.make)(game_seed + s as u64)
                                    }
                                })
                                .collect();
                            let mut seated: Vec<&mut dyn Bot<G>> = bots
                                .iter_mut()
                                .map(|b| &mut **b as &mut dyn Bot<G>)
                                .collect();
                            match play_game(start, &mut seated, Some(EVALUATION_PLY_LIMIT)) {
                                Ok(record) => {
                                    record.outcome().map_or(0.5, |o| o.reward(Seat(me as u8)))
                                }
                                Err(_) => 0.0,
                            }
                        })
                        .collect::<Vec<f64>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    });
    Ok(Score {
        opponent: opponent.name.clone(),
        score: scores.iter().sum::<f64>() / scores.len().max(1) as f64,
        games: scores.len(),
    })
}

/// Checks, before any work, that `out` can hold a training run: absent or a directory
/// (not a symbolic link, a device or a file), and each of its [`run_files`] absent or a
/// regular file ([`check_target`]); refused otherwise ([`TrainError::Io`] naming the path
/// and what is there), nothing changed.
///
/// ```
/// let file = std::env::temp_dir().join(format!("pyramid-learn-run-doc-{}", std::process::id()));
/// std::fs::write(&file, "not a directory")?;
/// let error = pyramid_learn::check_run_dir(&file).expect_err("a file");
/// assert!(error.to_string().contains("not a directory"), "{error}");
/// # std::fs::remove_file(&file)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn check_run_dir(out: &Path) -> Result<(), TrainError> {
    check_folder(out).map_err(io_at(out))?;
    for file in run_files(out) {
        check_target(&file).map_err(io_at(&file))?;
    }
    Ok(())
}

/// The files of a training directory.
pub fn run_files(out: &Path) -> [PathBuf; 4] {
    [MODEL_FILE, BUFFER_FILE, LOG_FILE, CURVE_FILE].map(|f| out.join(f))
}
