//! Learning for a game chosen by name: [`train`] (a whole run, as `pyrctl train` drives it),
//! [`Trainer`] (the learner of a run one generation at a time, as Python's
//! `pyramid_games.learn` drives it) and [`self_play`] (a worker's games).

use std::path::Path;
use std::time::{Duration, Instant};

use pyramid_bots::BotSpec;
use pyramid_core::FullGame;
use pyramid_learn::{
    GenerationLog, Model, ModelError, Opponent, Position, Progress, ReplayBuffer, SelfPlayConfig,
    TrainConfig, Trainer as TypedTrainer, play_games_until,
};

use crate::games::{GameVisitor, visit};
use crate::{Error, RuleOptions};

/// The name a worker's positions go by in errors.
const POSITIONS: &str = "self-play positions";

/// The opponents (or teacher) of a run, each spec built and checked against `rules` now
/// (a bad opponent, or a learned file of other rules, fails before any training).
pub(crate) fn opponents<G: FullGame>(
    specs: &[BotSpec],
    rules: &G::Rules,
) -> Result<Vec<Opponent<G>>, Error> {
    let mut opponents = Vec::new();
    for spec in specs {
        spec.build::<G>(0)
            .and_then(|_| spec.check_rules::<G>(rules))
            .map_err(|error| Error::Opponent {
                spec: spec.to_string(),
                error,
            })?;
        let owned = spec.clone();
        opponents.push(Opponent::<G> {
            name: spec.to_string(),
            make: Box::new(move |seed| owned.build_or_forfeit::<G>(seed)),
        });
    }
    Ok(opponents)
}

/// The teacher of a run: [`opponents`] of the one spec.
pub(crate) fn teacher<G: FullGame>(spec: &BotSpec, rules: &G::Rules) -> Result<Opponent<G>, Error> {
    opponents::<G>(std::slice::from_ref(spec), rules)?
        .pop()
        .ok_or_else(|| Error::Positions("no teacher".to_owned()))
}

/// What a training run is given.
#[derive(Clone, Debug)]
pub struct TrainSetup<'a> {
    /// The run's directory.
    pub out: &'a Path,
    /// The settings.
    pub config: &'a TrainConfig,
    /// Go on from the model, replay buffer and generation in `out`.
    pub resume: bool,
    /// The bots the model is measured against.
    pub opponents: &'a [BotSpec],
    /// A bot whose games against itself the model learns from instead of self-play
    /// (`pyramid_learn::Trainer::teacher_play`); [`train`] only (a [`Trainer`] learns what
    /// its workers send).
    pub teacher: Option<&'a BotSpec>,
}

/// A whole training run for the game the visit picks.
struct Train<'a> {
    options: &'a RuleOptions,
    setup: TrainSetup<'a>,
    progress: &'a mut dyn FnMut(&Progress),
}

impl GameVisitor for Train<'_> {
    type Output = Result<GenerationLog, Error>;

    fn visit<G: FullGame>(self) -> Self::Output {
        let rules = self.options.rules::<G::Rules>()?;
        let teacher = match self.setup.teacher {
            Some(spec) => Some(teacher::<G>(spec, &rules)?),
            None => None,
        };
        let opponents = opponents::<G>(self.setup.opponents, &rules)?;
        let TrainSetup {
            out,
            config,
            resume,
            ..
        } = self.setup;
        Ok(pyramid_learn::train::<G>(
            &rules,
            out,
            config,
            resume,
            &opponents,
            teacher.as_ref(),
            self.progress,
        )?)
    }
}

/// Trains a model of game `name` by self-play, or from a teacher's games
/// (`pyramid_learn::train`): generations of games, training steps and checkpoints into
/// `setup.out`, reporting each step to `progress`. Returns the last generation's log line.
pub fn train(
    name: &str,
    options: &RuleOptions,
    setup: TrainSetup<'_>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<GenerationLog, Error> {
    visit(
        name,
        Train {
            options,
            setup,
            progress,
        },
    )?
}

/// A training run of some game, its type erased.
trait DynTrainer: Send {
    fn game(&self) -> &'static str;
    fn generation(&self) -> u64;
    fn finished(&self) -> bool;
    fn next_seed(&self) -> u64;
    fn time_left(&self) -> Option<Duration>;
    fn model_bytes(&self) -> Result<Vec<u8>, ModelError>;
    fn add_positions(&mut self, bytes: &[u8], games: u64) -> Result<usize, Error>;
    fn self_played(&mut self, positions: usize, plies: u64, elapsed: Duration);
    fn learn(&mut self) -> Result<(), ModelError>;
    fn end_generation(&mut self) -> Result<GenerationLog, Error>;
}

/// A training run of game `G` and the opponents it is measured against.
struct Typed<G: FullGame> {
    trainer: TypedTrainer<G>,
    opponents: Vec<Opponent<G>>,
}

impl<G: FullGame> Typed<G> {
    /// The positions in `bytes`, or why they cannot be added.
    fn positions(&self, bytes: &[u8]) -> Result<Vec<Position>, Error> {
        let (buffer, _) = ReplayBuffer::from_bytes(bytes, POSITIONS, usize::MAX).map_err(|e| {
            let reason = match e {
                ModelError::Damaged { reason, .. } => reason,
                other => other.to_string(),
            };
            Error::Positions(format!("{POSITIONS}: not a replay buffer ({reason})"))
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
        match misfit {
            Some(i) => Err(Error::Positions(format!(
                "{POSITIONS}: position {i} does not fit the model of {} being trained \
                 (observations of {len} values, {seats} seats, {policy} policy entries): \
                 positions of another game or rules",
                G::NAME
            ))),
            None => Ok(positions),
        }
    }
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

    fn time_left(&self) -> Option<Duration> {
        self.trainer.time_left()
    }

    fn model_bytes(&self) -> Result<Vec<u8>, ModelError> {
        self.trainer.model().to_bytes()
    }

    fn add_positions(&mut self, bytes: &[u8], games: u64) -> Result<usize, Error> {
        let positions = self.positions(bytes)?;
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

    fn end_generation(&mut self) -> Result<GenerationLog, Error> {
        Ok(self.trainer.end_generation(&self.opponents)?)
    }
}

/// Opens a run for the game the visit picks.
struct Open<'a> {
    options: &'a RuleOptions,
    setup: TrainSetup<'a>,
}

impl GameVisitor for Open<'_> {
    type Output = Result<Box<dyn DynTrainer>, Error>;

    fn visit<G: FullGame>(self) -> Self::Output {
        let rules = self.options.rules::<G::Rules>()?;
        let opponents = opponents::<G>(self.setup.opponents, &rules)?;
        let trainer =
            TypedTrainer::<G>::open(&rules, self.setup.out, self.setup.config, self.setup.resume)?;
        Ok(Box::new(Typed { trainer, opponents }))
    }
}

/// The learner of a training run of a game chosen by name (`pyramid_learn::Trainer`),
/// one generation at a time: it owns the model, the replay buffer and the run's
/// directory; the self-play games are played elsewhere ([`self_play`]) and their
/// positions added here. A generation is [`Trainer::model_bytes`] (to the workers),
/// [`Trainer::add_positions`] (their answers), [`Trainer::self_played`],
/// [`Trainer::learn`] and [`Trainer::end_generation`].
pub struct Trainer {
    inner: Box<dyn DynTrainer>,
}

impl Trainer {
    /// Opens the run of game `name` in `setup.out` (created if needed): a new model, or
    /// with `setup.resume` the model, replay buffer and generation it holds.
    pub fn open(
        name: &str,
        options: &RuleOptions,
        setup: TrainSetup<'_>,
    ) -> Result<Trainer, Error> {
        let inner = visit(name, Open { options, setup })??;
        Ok(Trainer { inner })
    }

    /// The game's name.
    pub fn game(&self) -> &'static str {
        self.inner.game()
    }

    /// Generations done (those before a resume included).
    pub fn generation(&self) -> u64 {
        self.inner.generation()
    }

    /// Whether the time or generation limit is reached.
    pub fn finished(&self) -> bool {
        self.inner.finished()
    }

    /// The seed of the next generation's self-play games.
    pub fn next_seed(&self) -> u64 {
        self.inner.next_seed()
    }

    /// The time left before the run's limit, if it has one (zero once it is up): what the
    /// workers' self-play is given, so a generation stops with the run.
    pub fn time_left(&self) -> Option<Duration> {
        self.inner.time_left()
    }

    /// The model being trained, as the bytes of its file (what the workers get).
    pub fn model_bytes(&self) -> Result<Vec<u8>, Error> {
        Ok(self.inner.model_bytes()?)
    }

    /// Adds a worker's positions (a replay buffer's bytes, as [`self_play`] returns
    /// them) from `games` games; returns how many. Bytes that are not a replay buffer, or
    /// positions that do not fit the model (another game's), are refused
    /// ([`Error::Positions`]) and nothing is added.
    pub fn add_positions(&mut self, bytes: &[u8], games: u64) -> Result<usize, Error> {
        self.inner.add_positions(bytes, games)
    }

    /// Records the generation's self-play for its log line: `positions` positions from
    /// games of `plies` plies in all, in `elapsed` (wall time, every worker together).
    pub fn self_played(&mut self, positions: usize, plies: u64, elapsed: Duration) {
        self.inner.self_played(positions, plies, elapsed);
    }

    /// Takes the generation's training steps.
    pub fn learn(&mut self) -> Result<(), Error> {
        Ok(self.inner.learn()?)
    }

    /// Ends the generation (opponents when due, checkpoint, log line): the log line.
    pub fn end_generation(&mut self) -> Result<GenerationLog, Error> {
        self.inner.end_generation()
    }
}

impl std::fmt::Debug for Trainer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Trainer")
            .field("game", &self.game())
            .field("generation", &self.generation())
            .finish()
    }
}

/// What a worker's self-play games gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfPlayed {
    /// The positions, as a replay buffer's bytes (for [`Trainer::add_positions`]).
    pub buffer: Vec<u8>,
    /// The games played to their end (all those asked for, unless the time was up).
    pub games: u64,
    /// The positions' count.
    pub positions: usize,
    /// The plies of all the games.
    pub plies: u64,
}

/// Self-play games for the game the visit picks.
struct SelfPlay<'a> {
    options: &'a RuleOptions,
    model: &'a [u8],
    games: usize,
    seed: u64,
    config: &'a SelfPlayConfig,
    threads: usize,
    deadline: Option<Instant>,
}

impl GameVisitor for SelfPlay<'_> {
    type Output = Result<SelfPlayed, Error>;

    fn visit<G: FullGame>(self) -> Self::Output {
        let rules = self.options.rules::<G::Rules>()?;
        let model = Model::from_bytes(self.model, "sent by the learner")?;
        model.check_game::<G>(&rules)?;
        let played = play_games_until::<G>(
            &model,
            &rules,
            self.games,
            self.seed,
            self.config,
            self.threads,
            self.deadline,
        )?;
        let games = played.len() as u64;
        let plies = played.iter().map(|g| u64::from(g.plies)).sum();
        let positions: usize = played.iter().map(|g| g.positions.len()).sum();
        let mut buffer = ReplayBuffer::new(positions);
        buffer.extend(played.into_iter().flat_map(|g| g.positions));
        Ok(SelfPlayed {
            buffer: buffer.to_bytes(0)?,
            games,
            positions,
            plies,
        })
    }
}

/// Plays `games` self-play games of game `name` with the model whose file's bytes are
/// `model`, game `i` dealt and searched from `seed` and `i` (the same seed gives the same
/// games, whatever `threads`). A model of another game, or whose network does not fit
/// the rules, is refused ([`Error::Model`]). With a `time_limit` (the run's
/// [`Trainer::time_left`]) the games still being played when it is up are dropped and
/// those finished returned ([`SelfPlayed::games`] counts them).
#[allow(clippy::too_many_arguments)]
pub fn self_play(
    name: &str,
    options: &RuleOptions,
    model: &[u8],
    games: usize,
    seed: u64,
    config: &SelfPlayConfig,
    threads: usize,
    time_limit: Option<Duration>,
) -> Result<SelfPlayed, Error> {
    visit(
        name,
        SelfPlay {
            options,
            model,
            games,
            seed,
            config,
            threads,
            deadline: time_limit.map(|t| Instant::now() + t),
        },
    )?
}
