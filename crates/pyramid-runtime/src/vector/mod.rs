//! [`VectorEnv`]: a batch of games of one kind stepped together, one decision step per
//! game per call, for reinforcement learning. Observations, masks, rewards and ends are
//! written into the caller's buffers ([`Outputs`]: a Python binding hands numpy arrays
//! over), with no allocation per step once the games' buffers have grown, and finished
//! games start again in the same step.
//!
//! Conventions (docs/python.md, "Reinforcement learning"):
//! - an action is one decision step of the policy space (`PolicySpace`); an action of the
//!   game that takes several steps (Ataxx-ice relocations, Stacktrices trades) is played
//!   by the same seat over consecutive calls;
//! - a row of `observations` is what the seat to act sees: the game's observation tensor,
//!   flat, then, for games whose actions may take several steps, `policy_size` entries, 1
//!   at each step already chosen of the action under way (as the OpenSpiel binding);
//! - `rewards[i]` is the zero-sum return of the seat that made this step, 0 unless the
//!   step ended the game; `returns` holds every seat's return of a game that just ended;
//! - `terminations[i]`: the game ended by its rules; `truncations[i]`: it reached its ply
//!   limit (a draw by that rule), 1000 plies unless the options set `ply_limit`;
//! - the buffers belong to the environment between calls: a step writes only the entries
//!   of a row that change (the mask and steps entries it set before are cleared one by
//!   one), so a caller that writes into them must `reset` before stepping again;
//! - autoreset in the same step: a row whose game ended already holds the next game's
//!   start (its observation, mask and seat to act).
//!
//! ```
//! use pyramid_runtime::{RuleOptions, VectorEnv};
//! let mut env = VectorEnv::new("martian-chess", &RuleOptions::new(), 4, 7)?;
//! let mut buffers = env.buffers();
//! env.reset(Some(7), buffers.outputs())?;
//! let mut actions = vec![0i64; 4];
//! for _ in 0..100 {
//!     env.sample_legal(&mut actions)?;
//!     env.step(&actions, buffers.outputs())?;
//! }
//! assert!(buffers.masks.chunks(env.policy_size()).all(|row| row.contains(&true)));
//! # Ok::<(), pyramid_runtime::VectorError>(())
//! ```

mod batch;
mod slot;

use pyramid_core::FullGame;
use pyramid_core::dynamic::{DynState, RuntimeError};

use crate::RuleOptions;
use crate::games::{GameVisitor, visit};
use batch::{Batch, Games};

/// The ply limit of a [`VectorEnv`] whose options set none (a learning episode must end).
pub const DEFAULT_PLY_LIMIT: u32 = 1000;

/// What a [`VectorEnv`] refuses. A refused step changes no game.
#[derive(Debug, thiserror::Error)]
pub enum VectorError {
    /// The game or its rule options.
    #[error(transparent)]
    Runtime(#[from] RuntimeError),
    /// A batch of no game.
    #[error("a vector environment needs at least one game (num_envs=0)")]
    NoGames,
    /// Not one action per game.
    #[error("{got} actions for {expected} games: one policy step per game")]
    WrongLength {
        /// The number of games.
        expected: usize,
        /// The number of actions given.
        got: usize,
    },
    /// An action that is no index of the policy space.
    #[error("game {env}: {step} is not an index of the policy space (0 to {})", .size - 1)]
    OutOfRange {
        /// The game.
        env: usize,
        /// The action given.
        step: i64,
        /// The size of the policy space.
        size: usize,
    },
    /// A step that continues no legal action.
    #[error(
        "game {env}: step {step} ({text}) continues no legal action here (legal steps: {legal:?})"
    )]
    Illegal {
        /// The game.
        env: usize,
        /// The step.
        step: u32,
        /// What the step means.
        text: String,
        /// The legal steps.
        legal: Vec<u32>,
    },
    /// A buffer of the wrong size.
    #[error("buffer `{name}` holds {got} values where {expected} are needed")]
    BufferSize {
        /// The buffer.
        name: &'static str,
        /// The size needed.
        expected: usize,
        /// Its size.
        got: usize,
    },
}

/// The buffers a step writes, row-major, one row per game: `observations` (games x
/// [`VectorEnv::observation_len`]), `masks` (games x [`VectorEnv::policy_size`]: the legal
/// next steps), `rewards`, `terminations`, `truncations`, `to_play` (the seat to act next,
/// in the new game after an autoreset) and `returns` (games x seats: every seat's return
/// of a game that ended in this step, else 0).
#[derive(Debug)]
pub struct Outputs<'a> {
    /// Observations of the seat to act.
    pub observations: &'a mut [f32],
    /// Legal next steps.
    pub masks: &'a mut [bool],
    /// The reward of the seat that made the step.
    pub rewards: &'a mut [f32],
    /// Games that ended by their rules in this step.
    pub terminations: &'a mut [bool],
    /// Games that reached their ply limit in this step.
    pub truncations: &'a mut [bool],
    /// The seat to act.
    pub to_play: &'a mut [i64],
    /// Every seat's return of the games that ended in this step.
    pub returns: &'a mut [f32],
}

impl<'a> Outputs<'a> {
    /// Splits the rows into parts of `per` games (one per thread).
    fn split(self, per: usize, row: usize, policy: usize, seats: usize) -> Vec<Outputs<'a>> {
        let Outputs {
            observations,
            masks,
            rewards,
            terminations,
            truncations,
            to_play,
            returns,
        } = self;
        observations
            .chunks_mut(per * row)
            .zip(masks.chunks_mut(per * policy))
            .zip(rewards.chunks_mut(per))
            .zip(terminations.chunks_mut(per))
            .zip(truncations.chunks_mut(per))
            .zip(to_play.chunks_mut(per))
            .zip(returns.chunks_mut(per * seats))
            .map(|((((((o, m), r), te), tr), tp), re)| Outputs {
                observations: o,
                masks: m,
                rewards: r,
                terminations: te,
                truncations: tr,
                to_play: tp,
                returns: re,
            })
            .collect()
    }
}

/// Owned buffers of the right sizes for a [`VectorEnv`] (for Rust callers; the Python
/// binding writes into numpy arrays instead).
#[derive(Clone, Debug, Default)]
pub struct Buffers {
    /// See [`Outputs::observations`].
    pub observations: Vec<f32>,
    /// See [`Outputs::masks`].
    pub masks: Vec<bool>,
    /// See [`Outputs::rewards`].
    pub rewards: Vec<f32>,
    /// See [`Outputs::terminations`].
    pub terminations: Vec<bool>,
    /// See [`Outputs::truncations`].
    pub truncations: Vec<bool>,
    /// See [`Outputs::to_play`].
    pub to_play: Vec<i64>,
    /// See [`Outputs::returns`].
    pub returns: Vec<f32>,
}

impl Buffers {
    /// The buffers as [`Outputs`].
    pub fn outputs(&mut self) -> Outputs<'_> {
        Outputs {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            terminations: &mut self.terminations,
            truncations: &mut self.truncations,
            to_play: &mut self.to_play,
            returns: &mut self.returns,
        }
    }
}

/// A batch of games of one kind, stepped together (module documentation).
pub struct VectorEnv {
    game: &'static str,
    batch: Box<dyn Batch>,
    threads: usize,
}

impl std::fmt::Debug for VectorEnv {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VectorEnv")
            .field("game", &self.game)
            .field("num_envs", &self.batch.len())
            .field("threads", &self.threads)
            .finish()
    }
}

/// Makes the typed batch of the game chosen by name.
struct Maker<'a> {
    options: &'a RuleOptions,
    count: usize,
    seed: u64,
}

impl GameVisitor for Maker<'_> {
    type Output = Result<(&'static str, Box<dyn Batch>), RuntimeError>;

    fn visit<G: FullGame>(self) -> Self::Output {
        let rules = self.options.rules::<G::Rules>()?;
        Ok((
            G::NAME,
            Box::new(Games::<G>::new(rules, self.count, self.seed)),
        ))
    }
}

impl VectorEnv {
    /// `num_envs` games of `game` under `options` (ply limit [`DEFAULT_PLY_LIMIT`] unless
    /// they set one; `none` for none), dealt from `seed` (each game its own stream), not
    /// yet written: call [`VectorEnv::reset`] first.
    pub fn new(
        game: &str,
        options: &RuleOptions,
        num_envs: usize,
        seed: u64,
    ) -> Result<VectorEnv, VectorError> {
        if num_envs == 0 {
            return Err(VectorError::NoGames);
        }
        let mut options = options.clone();
        if options.get("ply_limit").is_none() {
            let _ = options.set("ply_limit", DEFAULT_PLY_LIMIT.to_string().into());
        }
        let maker = Maker {
            options: &options,
            count: num_envs,
            seed,
        };
        let (game, batch) = visit(game, maker)??;
        Ok(VectorEnv {
            game,
            batch,
            threads: 1,
        })
    }

    /// Steps on `threads` threads (1, the default, steps on the calling thread).
    pub fn with_threads(mut self, threads: usize) -> VectorEnv {
        self.threads = threads.max(1);
        self
    }

    /// The game's name.
    pub fn game(&self) -> &'static str {
        self.game
    }

    /// The number of games.
    pub fn num_envs(&self) -> usize {
        self.batch.len()
    }

    /// The number of threads a step uses.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.batch.seats()
    }

    /// The shape of the game's observation tensor (the first entries of a row).
    pub fn observation_shape(&self) -> Vec<usize> {
        self.batch.observation_shape()
    }

    /// The length of one observation row: the game's tensor, plus [`Self::policy_size`]
    /// entries (the steps chosen) when an action may take several steps.
    pub fn observation_len(&self) -> usize {
        self.tensor_len()
            + if self.max_steps() > 1 {
                self.policy_size()
            } else {
                0
            }
    }

    /// The size of the game's observation tensor.
    pub fn tensor_len(&self) -> usize {
        self.batch.tensor_len()
    }

    /// The size of the policy space: every action is a step below it.
    pub fn policy_size(&self) -> usize {
        self.batch.policy_size() as usize
    }

    /// The most steps an action of the game takes.
    pub fn max_steps(&self) -> usize {
        self.batch.max_steps()
    }

    /// Buffers of the right sizes.
    pub fn buffers(&self) -> Buffers {
        let n = self.num_envs();
        Buffers {
            observations: vec![0.0; n * self.observation_len()],
            masks: vec![false; n * self.policy_size()],
            rewards: vec![0.0; n],
            terminations: vec![false; n],
            truncations: vec![false; n],
            to_play: vec![0; n],
            returns: vec![0.0; n * self.seats()],
        }
    }

    fn check_sizes(&self, out: &Outputs<'_>) -> Result<(), VectorError> {
        let n = self.num_envs();
        let sizes = [
            (
                "observations",
                out.observations.len(),
                n * self.observation_len(),
            ),
            ("masks", out.masks.len(), n * self.policy_size()),
            ("rewards", out.rewards.len(), n),
            ("terminations", out.terminations.len(), n),
            ("truncations", out.truncations.len(), n),
            ("to_play", out.to_play.len(), n),
            ("returns", out.returns.len(), n * self.seats()),
        ];
        match sizes.into_iter().find(|(_, got, expected)| got != expected) {
            Some((name, got, expected)) => Err(VectorError::BufferSize {
                name,
                expected,
                got,
            }),
            None => Ok(()),
        }
    }

    /// Starts every game again (each game's deals drawn again from `seed` when given,
    /// else going on from its generator) and writes their start into `out` (rewards and
    /// ends cleared).
    pub fn reset(&mut self, seed: Option<u64>, out: Outputs<'_>) -> Result<(), VectorError> {
        self.check_sizes(&out)?;
        self.batch.reset(seed, out);
        Ok(())
    }

    /// Plays one decision step in every game (`actions[i]` in game `i`) and writes the
    /// results into `out`; games that end start again in the same step. Actions that are
    /// not one legal step per game are refused before any game moves.
    pub fn step(&mut self, actions: &[i64], out: Outputs<'_>) -> Result<(), VectorError> {
        self.check_sizes(&out)?;
        self.batch.check(actions)?;
        self.batch.step(actions, out, self.threads);
        Ok(())
    }

    /// Writes one legal next step per game into `out`, drawn uniformly among the legal
    /// next steps by the environment's own generator (seeded by `new` and `reset`).
    pub fn sample_legal(&mut self, out: &mut [i64]) -> Result<(), VectorError> {
        if out.len() != self.num_envs() {
            return Err(VectorError::BufferSize {
                name: "actions",
                expected: self.num_envs(),
                got: out.len(),
            });
        }
        self.batch.sample_legal(out);
        Ok(())
    }

    /// A copy of game `env`'s state and the steps already chosen of the action under way
    /// (`None` for no such game).
    pub fn state(&self, env: usize) -> Option<(Box<dyn DynState>, Vec<u32>)> {
        self.batch.state(env)
    }
}
