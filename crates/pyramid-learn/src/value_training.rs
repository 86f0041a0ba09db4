//! Training a [`ValueNet`] from a teacher's games: the positions of
//! [`play_teacher_games`](crate::play_teacher_games), their value targets (the game's result, or who leads a few
//! plies later: [`TeacherConfig::value_plies`]) learned by the training loop every network
//! shares ([`Optimiser`]), one game in ten held out to measure, the weights of the epoch
//! best on the held-out games kept.

use std::collections::HashMap;
use std::time::Instant;

use pyramid_core::rand::SeedableRng;
use pyramid_core::rand::seq::SliceRandom;
use pyramid_core::{ChaCha8Rng, FullGame};
use serde::{Deserialize, Serialize};

use crate::error::ModelError;
use crate::learning::{Optimiser, TensorBatch, Trainable, value_batch};
use crate::model::default_device;
use crate::opponent::Opponent;
use crate::search_labels::label_by_search;
use crate::self_play::{Position, SelfPlayGame};
use crate::teacher::{TeacherConfig, play_teacher_round};
use crate::value_net::ValueNet;
use crate::value_net_candle::CandleValueNet;

/// How a value net is trained.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueTrainConfig {
    /// Units of the first hidden layer (default 64).
    pub hidden: usize,
    /// Units of the second hidden layer (default 32).
    pub hidden2: usize,
    /// Positions to gather from the teacher's games before training (default 50,000).
    pub positions: usize,
    /// Passes over the positions (default 30).
    pub epochs: u64,
    /// Positions a training step (default 256).
    pub batch: usize,
    /// AdamW's learning rate at the first epoch, falling linearly to a tenth of it at the
    /// last (default 0.002).
    pub learning_rate: f64,
    /// AdamW's weight decay (default 0.0001).
    pub weight_decay: f64,
    /// One game in this many is held out, not trained on, to measure (default 10).
    pub holdout_every: usize,
    /// How the teacher's games are played and their positions labelled.
    pub teacher: TeacherConfig,
    /// Threads playing the teacher's games (default 1).
    pub threads: usize,
    /// The seed of the games, the initial weights and the order of the positions.
    pub seed: u64,
}

impl Default for ValueTrainConfig {
    fn default() -> Self {
        ValueTrainConfig {
            hidden: 64,
            hidden2: 32,
            positions: 50_000,
            epochs: 30,
            batch: 256,
            learning_rate: 0.002,
            weight_decay: 1e-4,
            holdout_every: 10,
            teacher: TeacherConfig::default(),
            threads: 1,
            seed: 0,
        }
    }
}

/// One pass over the training positions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ValueEpoch {
    /// Its number, from 1.
    pub epoch: u64,
    /// The mean squared error of the values (summed over the seats) on the training
    /// positions, as the steps met them.
    pub train_loss: f64,
    /// The same on the held-out games' positions after the epoch.
    pub holdout_loss: f64,
    /// Seconds since the training began.
    pub elapsed_s: f64,
}

/// How far a value net's training is.
#[derive(Clone, Debug, PartialEq)]
pub enum ValueProgress {
    /// The teacher has played this many games and positions so far.
    Played {
        /// Games.
        games: usize,
        /// Positions.
        positions: usize,
    },
    /// An epoch ended.
    Epoch(ValueEpoch),
}

/// A trained value net and how it was trained.
#[derive(Clone, Debug)]
pub struct ValueTraining {
    /// The net, with the weights of its best epoch on the held-out games.
    pub net: ValueNet,
    /// Every epoch.
    pub epochs: Vec<ValueEpoch>,
    /// The epoch whose weights were kept.
    pub best_epoch: u64,
    /// The teacher's games played.
    pub games: usize,
    /// Positions trained on, and held out.
    pub train_positions: usize,
    /// Positions held out.
    pub holdout_positions: usize,
}

/// Trains a value net of game `G` under `rules` from `teacher`'s games against itself:
/// plays them (on `config.threads` threads) until `config.positions` positions or the
/// `deadline`, then trains on all but one game in `config.holdout_every`, keeping the
/// weights of the epoch with the least held-out loss. The same seed and settings give the
/// same net, whatever the thread count, when the teacher is itself reproducible (a
/// depth budget, not a time budget). A run that gets no position to learn from (none
/// asked for, a round of games that gives none, the deadline before the teacher's first
/// move) stops with [`ModelError::NoPositions`] saying why.
///
/// ```
/// use pyramid_core::nim::Nim;
/// use pyramid_learn::{Opponent, ValueTrainConfig, train_value_net};
/// let teacher = Opponent::<Nim> {
///     name: "greedy".into(),
///     make: Box::new(|seed| pyramid_bots::bot_from_spec::<Nim>("greedy", seed).expect("a spec")),
/// };
/// let config = ValueTrainConfig { positions: 200, epochs: 2, hidden: 8, hidden2: 4, ..Default::default() };
/// let trained = train_value_net(&teacher, &Default::default(), &config, None, &mut |_| {})?;
/// assert_eq!(trained.epochs.len(), 2);
/// assert!(trained.train_positions >= 150);
/// # Ok::<(), pyramid_learn::ModelError>(())
/// ```
pub fn train_value_net<G: FullGame>(
    teacher: &Opponent<G>,
    rules: &G::Rules,
    config: &ValueTrainConfig,
    deadline: Option<Instant>,
    progress: &mut dyn FnMut(&ValueProgress),
) -> Result<ValueTraining, ModelError> {
    if config.positions == 0 {
        return Err(ModelError::NoPositions(
            "0 positions were asked for".to_owned(),
        ));
    }
    let (mut games, scores) = gather_games(teacher, rules, config, deadline, progress)?;
    let target = if config.teacher.search_value {
        let every = config.holdout_every;
        let curve =
            label_by_search(&mut games, &scores, |i| !is_held_out(i, every)).ok_or_else(|| {
                ModelError::NoPositions(format!(
                    "the teacher {}'s searches gave no score to learn from (a search value \
                     needs a teacher that searches by a score, such as ab)",
                    teacher.name
                ))
            })?;
        format!(
            "its search's score (a logistic curve of scale {:.4} fitted to the results)",
            curve.scale
        )
    } else {
        match config.teacher.value_plies {
            0 => "the result".to_owned(),
            k => format!("the lead {k} plies later"),
        }
    };
    let (train, holdout) = split_games(&games, config.holdout_every);
    if train.is_empty() {
        return Err(ModelError::NoPositions(format!(
            "the teacher {}'s games left no position to train on",
            teacher.name
        )));
    }
    let source = format!(
        "{} games of {}, value target {target}",
        games.len(),
        teacher.name,
    );
    let mut net = ValueNet::new::<G>(rules, config.hidden, config.hidden2, config.seed)?;
    let epochs = fit(&mut net, &train, &holdout, config, progress)?;
    let best_epoch = net.info().epochs;
    net.set_training(train.len() as u64, best_epoch, source);
    Ok(ValueTraining {
        net,
        epochs,
        best_epoch,
        games: games.len(),
        train_positions: train.len(),
        holdout_positions: holdout.len(),
    })
}

/// For each game, each position's score by the teacher's search (`None` where none).
type SearchScores = Vec<Vec<Option<f64>>>;

/// The teacher's games, a round of `4 x threads` at a time, until enough positions or
/// the deadline. A round whose games give no position (a teacher that makes no move, games
/// cut off before its first) ends the run with [`ModelError::NoPositions`] saying why,
/// and so does a deadline reached before any position.
fn gather_games<G: FullGame>(
    teacher: &Opponent<G>,
    rules: &G::Rules,
    config: &ValueTrainConfig,
    deadline: Option<Instant>,
    progress: &mut dyn FnMut(&ValueProgress),
) -> Result<(Vec<SelfPlayGame>, SearchScores), ModelError> {
    let threads = config.threads.max(1);
    let round = 4 * threads;
    let mut games: Vec<SelfPlayGame> = Vec::new();
    let mut scores = Vec::new();
    let mut positions = 0;
    while positions < config.positions && deadline.is_none_or(|d| Instant::now() < d) {
        // A round's games are dealt from the seed plus the count of games before it, and
        // each game from its own seed, so the games do not depend on the thread count.
        let played = play_teacher_round(
            teacher,
            rules,
            round,
            config.seed.wrapping_add(games.len() as u64),
            &config.teacher,
            threads,
            deadline,
        );
        if let Some(why) = played.no_positions(&teacher.name, &config.teacher) {
            return Err(ModelError::NoPositions(why));
        }
        if played.games.is_empty() {
            break;
        }
        positions += played
            .games
            .iter()
            .map(|g| g.positions.len())
            .sum::<usize>();
        games.extend(played.games);
        scores.extend(played.scores);
        progress(&ValueProgress::Played {
            games: games.len(),
            positions,
        });
    }
    if positions == 0 {
        return Err(ModelError::NoPositions(format!(
            "the time for the teacher {}'s games was up before its first move",
            teacher.name
        )));
    }
    Ok((games, scores))
}

/// Whether game `i` is held out when one in `every` is (from the first).
fn is_held_out(i: usize, every: usize) -> bool {
    every > 1 && i % every == 0
}

/// The positions of `games`, those of every `every`-th game (from the first) held out.
fn split_games(games: &[SelfPlayGame], every: usize) -> (Vec<&Position>, Vec<&Position>) {
    let (mut train, mut holdout) = (Vec::new(), Vec::new());
    for (i, game) in games.iter().enumerate() {
        let to = if is_held_out(i, every) {
            &mut holdout
        } else {
            &mut train
        };
        to.extend(&game.positions);
    }
    (train, holdout)
}

/// Trains `net` on `train`, measuring on `holdout` after every epoch; leaves in `net` the
/// weights of the best epoch on `holdout` (the last when nothing is held out), its
/// number recorded as the net's epochs. Each epoch's learning rate falls linearly from
/// `config.learning_rate` towards a tenth of it ([`epoch_learning_rate`]), its positions
/// shuffled into batches of `config.batch` for [`Optimiser::train_steps`]. Returns every
/// epoch's losses.
fn fit(
    net: &mut ValueNet,
    train: &[&Position],
    holdout: &[&Position],
    config: &ValueTrainConfig,
    progress: &mut dyn FnMut(&ValueProgress),
) -> Result<Vec<ValueEpoch>, ModelError> {
    let started = Instant::now();
    let device = default_device();
    let candle = CandleValueNet::new(net, &device)?;
    let mut optimiser = Optimiser::new(&candle, config.learning_rate, config.weight_decay)?;
    let (inputs, seats) = (net.info().shape.inputs(), net.info().shape.seats);
    let stacked = |positions: &[&Position]| {
        TensorBatch::new(
            value_batch(positions, inputs, seats)?,
            inputs,
            seats,
            None,
            &device,
        )
    };
    let (train_batch, holdout_batch) = (stacked(train)?, stacked(holdout)?);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed ^ 0x5eed_5a1e);
    let mut epochs = Vec::new();
    let mut best: Option<(f64, u64, HashMap<String, Vec<f32>>)> = None;
    for epoch in 1..=config.epochs.max(1) {
        optimiser.set_learning_rate(epoch_learning_rate(config, epoch));
        order.shuffle(&mut rng);
        let batches = order
            .chunks(config.batch.max(1))
            .map(|chunk| train_batch.rows_at(chunk));
        let totals = optimiser.train_steps(&candle, batches)?;
        let holdout_loss = if holdout.is_empty() {
            f64::NAN
        } else {
            f64::from(candle.losses(&holdout_batch)?[0].to_scalar::<f32>()?)
        };
        let line = ValueEpoch {
            epoch,
            train_loss: totals.row_sum(0) / train.len().max(1) as f64,
            holdout_loss,
            elapsed_s: started.elapsed().as_secs_f64(),
        };
        progress(&ValueProgress::Epoch(line.clone()));
        epochs.push(line);
        let better = best
            .as_ref()
            .is_none_or(|(loss, _, _)| holdout.is_empty() || holdout_loss < *loss);
        if better {
            best = Some((holdout_loss, epoch, candle.weights()?));
        }
    }
    if let Some((_, epoch, tensors)) = best {
        let mut info = net.info().clone();
        info.epochs = epoch;
        *net = ValueNet::with_tensors(info, net.origin().to_owned(), tensors)?;
    }
    Ok(epochs)
}

/// The learning rate of `epoch` (from 1): `config.learning_rate` at the first, falling
/// linearly by `0.9 / epochs` of it an epoch.
fn epoch_learning_rate(config: &ValueTrainConfig, epoch: u64) -> f64 {
    let total = config.epochs.max(1);
    let fraction = (epoch - 1) as f64 / total as f64;
    config.learning_rate * (1.0 - 0.9 * fraction)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_learning_rate_falls_linearly_from_the_first_epoch() {
        let config = ValueTrainConfig {
            epochs: 10,
            learning_rate: 0.002,
            ..ValueTrainConfig::default()
        };
        assert_eq!(epoch_learning_rate(&config, 1), 0.002);
        assert!((epoch_learning_rate(&config, 6) - 0.002 * 0.55).abs() < 1e-12);
        assert!((epoch_learning_rate(&config, 10) - 0.002 * 0.19).abs() < 1e-12);
    }
}
