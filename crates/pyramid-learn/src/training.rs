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

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use candle_core::{D, Tensor};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use pyramid_core::arena::{game_seed, play_game};
use pyramid_core::prelude::*;
use pyramid_core::rand::SeedableRng;
use pyramid_core::{Bot, ChaCha8Rng, Seat};
use serde::{Deserialize, Serialize};

use crate::bot::{AzBot, AzBudget, AzConfig};
use crate::curve::write_curve;
use crate::model::{Model, ModelError};
use crate::replay_buffer::ReplayBuffer;
use crate::self_play::{SelfPlayConfig, play_games};

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
    /// Stop after this much time (checked between generations).
    pub time_limit: Option<Duration>,
    /// Stop after this many generations in all (counting those before a resume).
    pub generations: Option<u64>,
    /// Play the opponents every this many generations (default 5; 0 never), and after
    /// the last one.
    pub evaluate_every: u64,
    /// Games against each opponent, seats swapped each game (default 20).
    pub evaluation_games: usize,
    /// The `az` bot's search iterations in those games (default 100).
    pub evaluation_iterations: u64,
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
        }
    }
}

/// A fixed opponent the model is measured against during training.
pub struct Opponent<G: FullGame> {
    /// Its name in the log (a bot spec such as `mcts:iters=200`).
    pub name: String,
    /// Makes the bot, its random choices following from the seed.
    pub make: Box<dyn Fn(u64) -> Box<dyn Bot<G>> + Send + Sync>,
}

/// The score against one opponent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Score {
    /// The opponent.
    pub opponent: String,
    /// The model's mean reward (1 win, 0.5 draw, 0 loss).
    pub score: f64,
    /// Games played.
    pub games: usize,
}

/// What one generation did: a line of `log.jsonl`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenerationLog {
    /// Generations done, this one included.
    pub generation: u64,
    /// Seconds since this run (not the first run) started.
    pub elapsed_s: f64,
    /// Self-play games played in all.
    pub games: u64,
    /// Training steps taken in all.
    pub steps: u64,
    /// Positions in the replay buffer.
    pub buffer: usize,
    /// Self-play positions per second in this generation.
    pub positions_per_s: f64,
    /// Mean plies of this generation's games.
    pub mean_plies: f64,
    /// Training steps per second in this generation.
    pub steps_per_s: f64,
    /// Mean policy loss (cross-entropy) of this generation's steps.
    pub policy_loss: f64,
    /// Mean value loss (squared error summed over seats).
    pub value_loss: f64,
    /// Scores against the opponents, when they were played.
    pub evaluations: Vec<Score>,
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
/// measuring against `opponents` now and then. With `resume`, goes on from the model,
/// buffer and generation the directory holds. Returns the last generation's log.
///
/// ```no_run
/// use std::path::Path;
/// use martian_chess::MartianChess;
/// use pyramid_learn::{TrainConfig, train};
/// let config = TrainConfig { generations: Some(3), ..TrainConfig::default() };
/// let last = train::<MartianChess>(&Default::default(), Path::new("runs/mc"), &config, false, &[], &mut |_| {})?;
/// println!("{} games, policy loss {:.3}", last.games, last.policy_loss);
/// # Ok::<(), pyramid_learn::TrainError>(())
/// ```
pub fn train<G: FullGame>(
    rules: &G::Rules,
    out: &Path,
    config: &TrainConfig,
    resume: bool,
    opponents: &[Opponent<G>],
    progress: &mut dyn FnMut(&Progress),
) -> Result<GenerationLog, TrainError> {
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |source| TrainError::Io { path, source }
    };
    std::fs::create_dir_all(out).map_err(io(out))?;
    let (model_path, buffer_path, log_path) = (
        out.join(MODEL_FILE),
        out.join(BUFFER_FILE),
        out.join(LOG_FILE),
    );
    let held = model_path.exists() || buffer_path.exists();
    let (model, mut buffer, mut generation) = if resume {
        if !(model_path.exists() && buffer_path.exists()) {
            return Err(TrainError::NothingToResume(out.display().to_string()));
        }
        let model = Model::load::<G>(&model_path, rules)?;
        let (buffer, generation) = ReplayBuffer::load(&buffer_path, config.buffer_positions)?;
        (model, buffer, generation)
    } else {
        if held {
            return Err(TrainError::NotEmpty(out.display().to_string()));
        }
        let model = Model::new::<G>(rules, config.channels, config.blocks, config.seed)?;
        std::fs::write(&log_path, "").map_err(io(&log_path))?;
        (model, ReplayBuffer::new(config.buffer_positions), 0)
    };
    let model = Arc::new(model);
    let mut optimizer = AdamW::new(
        model.vars().all_vars(),
        ParamsAdamW {
            lr: config.learning_rate,
            weight_decay: config.weight_decay,
            ..ParamsAdamW::default()
        },
    )
    .map_err(ModelError::from)?;
    let started = Instant::now();
    let mut trained_steps = model.info().steps;
    let mut games_total = model.info().games;
    let mut last = None;
    loop {
        let finished = config.generations.is_some_and(|g| generation >= g)
            || config.time_limit.is_some_and(|t| started.elapsed() >= t);
        if finished {
            break;
        }
        generation += 1;
        let seed = game_seed(config.seed, generation);

        let clock = Instant::now();
        let games = play_games::<G>(
            &model,
            rules,
            config.games_per_generation,
            seed,
            &config.self_play,
            config.threads,
        )?;
        let positions: usize = games.iter().map(|g| g.positions.len()).sum();
        let positions_per_s = positions as f64 / clock.elapsed().as_secs_f64().max(1e-9);
        let mean_plies =
            games.iter().map(|g| f64::from(g.plies)).sum::<f64>() / games.len().max(1) as f64;
        games_total += games.len() as u64;
        progress(&Progress::SelfPlayed {
            generation,
            games: games.len(),
            positions_per_s,
        });
        buffer.extend(games.into_iter().flat_map(|g| g.positions));

        let clock = Instant::now();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7472_6169_6e);
        let (mut policy_loss, mut value_loss) = (0.0, 0.0);
        for _ in 0..config.steps_per_generation {
            let (p, v) = train_step(&model, &mut optimizer, &buffer, config.batch_size, &mut rng)?;
            policy_loss += p;
            value_loss += v;
        }
        let steps = config.steps_per_generation.max(1) as f64;
        let steps_per_s =
            config.steps_per_generation as f64 / clock.elapsed().as_secs_f64().max(1e-9);
        trained_steps += config.steps_per_generation as u64;

        let last_generation = config.generations.is_some_and(|g| generation >= g)
            || config.time_limit.is_some_and(|t| started.elapsed() >= t);
        let evaluations = if config.evaluate_every > 0
            && (generation % config.evaluate_every == 0 || last_generation)
        {
            opponents
                .iter()
                .map(|o| evaluate_against(&model, rules, o, config, seed))
                .collect::<Result<Vec<_>, _>>()?
        } else {
            Vec::new()
        };

        // The record counts every step and game, across resumes.
        let mut info = model.info().clone();
        info.steps = trained_steps;
        info.games = games_total;
        model.save_with(&model_path, &info)?;
        buffer.save(&buffer_path, generation)?;
        let log = GenerationLog {
            generation,
            elapsed_s: started.elapsed().as_secs_f64(),
            games: games_total,
            steps: trained_steps,
            buffer: buffer.len(),
            positions_per_s,
            mean_plies,
            steps_per_s,
            policy_loss: policy_loss / steps,
            value_loss: value_loss / steps,
            evaluations,
        };
        append_log(&log_path, &log).map_err(io(&log_path))?;
        let curve_path = out.join(CURVE_FILE);
        write_curve(&log_path, &curve_path, G::NAME).map_err(io(&curve_path))?;
        progress(&Progress::Generation(log.clone()));
        last = Some(log);
    }
    last.map_or_else(
        || {
            // Nothing left to do: report the last line of the log.
            read_log(&log_path)
                .map_err(io(&log_path))?
                .pop()
                .ok_or_else(|| TrainError::NothingToResume(out.display().to_string()))
        },
        Ok,
    )
}

/// One training step on a batch drawn from `buffer`: returns the policy and value losses.
fn train_step(
    model: &Model,
    optimizer: &mut AdamW,
    buffer: &ReplayBuffer,
    batch_size: usize,
    rng: &mut ChaCha8Rng,
) -> Result<(f64, f64), ModelError> {
    let shape = &model.info().shape;
    let batch = buffer.sample(batch_size.max(1), shape.policy_size, rng);
    if batch.rows == 0 {
        return Ok((0.0, 0.0));
    }
    let device = model.device();
    let rows = batch.rows;
    let observations =
        Tensor::from_vec(batch.observations, (rows, shape.observation_len()), device)?;
    let mask = Tensor::from_vec(batch.mask, (rows, shape.policy_size), device)?;
    let policy = Tensor::from_vec(batch.policy, (rows, shape.policy_size), device)?;
    let values = Tensor::from_vec(batch.values, (rows, shape.seats), device)?;
    let (logits, predicted) = model.network().forward(&observations)?;
    let log_p = candle_nn::ops::log_softmax(&(logits + mask)?, D::Minus1)?;
    let policy_loss = ((policy * log_p)?.sum_all()? / -(rows as f64))?;
    let value_loss = ((predicted - values)?.sqr()?.sum_all()? / rows as f64)?;
    let loss = (&policy_loss + &value_loss)?;
    optimizer.backward_step(&loss)?;
    Ok((
        f64::from(policy_loss.to_scalar::<f32>()?),
        f64::from(value_loss.to_scalar::<f32>()?),
    ))
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
                            match play_game(start, &mut seated, None) {
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

fn append_log(path: &Path, log: &GenerationLog) -> std::io::Result<()> {
    let line = serde_json::to_string(log).map_err(std::io::Error::other)?;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    writeln!(file, "{line}")
}

/// The lines of a training log; a line that does not parse (a crash in mid-write) is
/// skipped.
pub fn read_log(path: &Path) -> std::io::Result<Vec<GenerationLog>> {
    let text = std::fs::read_to_string(path)?;
    Ok(text
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect())
}

/// The files of a training directory.
pub fn run_files(out: &Path) -> [PathBuf; 4] {
    [MODEL_FILE, BUFFER_FILE, LOG_FILE, CURVE_FILE].map(|f| out.join(f))
}
