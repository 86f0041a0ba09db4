//! [`RuntimeError`]: what the runtime interface refuses, with the reason in words.

use crate::{NotationMovesError, PlayError, RulesError};

/// Why a runtime call was refused. Every variant says what was wrong in its message; no
/// call of the runtime panics on bad input.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RuntimeError {
    /// No game of that name is registered.
    #[error("unknown game `{name}` (games: {known}){}", suggestion.as_ref().map(|s| format!("; did you mean `{s}`?")).unwrap_or_default())]
    UnknownGame {
        /// The name asked for (shortened when long).
        name: String,
        /// The registered names, comma separated.
        known: String,
        /// The registered name closest to `name`, when one is close.
        suggestion: Option<String>,
    },
    /// A rule option was refused.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A position string, view string or RON state was refused.
    #[error("{0}")]
    Position(String),
    /// An action was refused (illegal, malformed, wrong seat, game over).
    #[error(transparent)]
    Play(#[from] PlayError),
    /// Moves in another notation were refused, or the game has no such notation.
    #[error(transparent)]
    Notation(#[from] NotationMovesError),
    /// No action has this id here.
    #[error("no action has the id {id} here (ids are below {bound})")]
    UnknownActionId {
        /// The id given.
        id: u64,
        /// The game's bound on ids.
        bound: u64,
    },
    /// No index of the policy space has this number.
    #[error("no index of the policy space is {step} (indices are below {policy_size})")]
    UnknownStep {
        /// The index given.
        step: u32,
        /// The game's policy-space size.
        policy_size: u32,
    },
    /// The seat number is not a seat of this game.
    #[error("seat {seat} is not a seat of this game (it has {seats})")]
    NoSuchSeat {
        /// The seat given.
        seat: usize,
        /// The number of seats.
        seats: usize,
    },
    /// A bot spec was refused.
    #[error("bot `{spec}`: {reason}")]
    Bot {
        /// The spec given (shortened when long).
        spec: String,
        /// Why it was refused.
        reason: String,
    },
    /// A state of one game was given where another game's was expected.
    #[error("a {got} state was given to a {expected} runtime")]
    WrongGame {
        /// The game expected.
        expected: &'static str,
        /// The game of the state given.
        got: &'static str,
    },
}
