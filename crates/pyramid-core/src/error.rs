//! Errors shared by every game: action text, playing an action, rule options, positions.

use crate::Seat;

mod position;
pub use position::{PositionError, PositionProblem};

/// The most characters of a user's input that an error message repeats.
pub const EXCERPT_CHARS: usize = 80;

/// `text` as an error message repeats it: whole when short, otherwise its first
/// characters and how long it was, so a huge bad input never floods the terminal.
///
/// ```
/// use pyramid_core::excerpt;
/// assert_eq!(excerpt("c2-d3"), "c2-d3");
/// let long = "x".repeat(1000);
/// assert!(excerpt(&long).len() < 100 && excerpt(&long).contains("1000 characters"));
/// ```
pub fn excerpt(text: &str) -> String {
    let count = text.chars().count();
    if count <= EXCERPT_CHARS {
        return text.to_owned();
    }
    let head: String = text.chars().take(EXCERPT_CHARS - 20).collect();
    format!("{head}... ({count} characters)")
}

/// Action text that could not be read, with the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read action `{text}`: {reason}")]
pub struct ActionParseError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl ActionParseError {
    /// An error for `text` with `reason`.
    pub fn new(text: impl Into<String>, reason: impl Into<String>) -> Self {
        ActionParseError {
            text: excerpt(&text.into()),
            reason: reason.into(),
        }
    }
}

/// Why an action was not played. The state is unchanged whenever this is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game is over; no action can be played.
    #[error("the game is over")]
    GameOver,
    /// The action is well formed but not legal here.
    #[error("`{action}` is not a legal action in this position{}", because(reason.as_deref()))]
    Illegal {
        /// The action's text.
        action: String,
        /// Why, in words a player knows, where the engine can tell
        /// ([`Game::illegal_reason`](crate::Game::illegal_reason)).
        reason: Option<String>,
    },
    /// The action was submitted for a seat that is not the one to act.
    #[error("seat {got} cannot act now: seat {expected} is to act")]
    WrongSeat {
        /// The seat to act.
        expected: Seat,
        /// The seat named by the caller.
        got: Seat,
    },
    /// The action text could not be read.
    #[error(transparent)]
    Malformed(#[from] ActionParseError),
}

/// `": reason"`, or nothing when there is no reason.
fn because(reason: Option<&str>) -> String {
    reason.map(|r| format!(": {r}")).unwrap_or_default()
}

/// A rule option that could not be set.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum RulesError {
    /// The game is not played by this number of seats.
    #[error("{game} is played by {allowed} seats, not {got}")]
    Seats {
        /// The game's name.
        game: &'static str,
        /// The seat counts it allows, in words.
        allowed: String,
        /// The seat count asked for.
        got: usize,
    },
    /// No such option in this game.
    #[error("{game} has no rule option `{key}` (it has: {known})")]
    UnknownOption {
        /// The game's name.
        game: &'static str,
        /// The option asked for.
        key: String,
        /// The options the game has, comma separated.
        known: String,
    },
    /// The option exists but the value does not fit it.
    #[error("rule option `{key}` cannot be `{value}`: {expected}")]
    BadValue {
        /// The option.
        key: String,
        /// The value given.
        value: String,
        /// What the option takes.
        expected: &'static str,
    },
}

/// Reads an on/off value of option `key` (a rule option's or a bot spec's): `on`/`off`,
/// `true`/`false`, `yes`/`no`, `1`/`0`, as every switch reads ([`RuleValue`] for `bool`).
///
/// [`RuleValue`]: crate::RuleValue
pub fn parse_switch(key: &str, value: &str) -> Result<bool, RulesError> {
    crate::read_option::<bool>(key, value)
}
