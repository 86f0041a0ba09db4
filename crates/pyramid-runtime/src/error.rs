//! [`Error`]: why a runtime call was refused or failed.

use pyramid_bots::{MatchError, ReplayError, SpecError};
use pyramid_core::dynamic::RuntimeError;
#[cfg(feature = "learn")]
use pyramid_learn::{ModelError, TrainError};

use crate::OptionsError;

/// Why a call of the runtime was refused or failed: each variant keeps the typed error of
/// the layer that refused, so a tool can map it (an exit status, a Python exception, an
/// HTTP status). None of the calls panics on bad input.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The runtime interface refused: an unknown game, rules, a position, an action, a
    /// seat that is not one of the game's.
    #[error(transparent)]
    Runtime(#[from] RuntimeError),
    /// Rule options that could not be read.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// A match that cannot be set up or played (bots, seats, a game that failed, a record
    /// that is not one of the match's games).
    #[error(transparent)]
    Match(#[from] MatchError),
    /// A record whose actions or result do not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// A line that is not a game record.
    #[error("game {index}: not a game record: {reason}")]
    NotARecord {
        /// The game's number in its match.
        index: u64,
        /// Why it could not be read.
        reason: String,
    },
    /// A bot spec refused for an opponent of a training run (feature `learn`).
    #[cfg(feature = "learn")]
    #[error("opponent `{spec}`: {error}")]
    Opponent {
        /// The spec given.
        spec: String,
        /// Why it was refused.
        error: SpecError,
    },
    /// A bot spec the game cannot build.
    #[error(transparent)]
    Bot(#[from] SpecError),
    /// A game between bots that failed (a bot that chose nothing, an illegal action).
    #[error(transparent)]
    Arena(#[from] pyramid_core::arena::ArenaError),
    /// A model that could not be read, checked or run (feature `learn`).
    #[cfg(feature = "learn")]
    #[error(transparent)]
    Model(#[from] ModelError),
    /// A training run that cannot go on (feature `learn`).
    #[cfg(feature = "learn")]
    #[error(transparent)]
    Train(#[from] TrainError),
    /// Self-play positions that are not a replay buffer, or do not fit the model trained
    /// (feature `learn`).
    #[cfg(feature = "learn")]
    #[error("{0}")]
    Positions(String),
}

impl From<pyramid_core::RulesError> for Error {
    fn from(error: pyramid_core::RulesError) -> Error {
        Error::Runtime(error.into())
    }
}
