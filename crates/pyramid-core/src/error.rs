//! Errors shared by every game: action text, playing an action, rule options.

use crate::Seat;

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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
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

/// Reads an on/off rule option value: `on`/`off`, `true`/`false`, `yes`/`no`, `1`/`0`.
pub fn parse_switch(key: &str, value: &str) -> Result<bool, RulesError> {
    match value {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(RulesError::BadValue {
            key: key.to_owned(),
            value: value.to_owned(),
            expected: "on or off",
        }),
    }
}

/// Why a position was refused, whether read from a position string or built from a
/// game's setup (its serde form): the field that is wrong and the problem with it. Every
/// game reports refused positions with this one type (each game crate re-exports it as
/// its `PositionError`).
///
/// `field` is the name of the field as the input spells it (`board`, `seat`, `plies`,
/// ...; a RON setup's own field names where they differ), or [`PositionError::WHOLE`]
/// when the text as a whole is wrong (the number of fields). The message is
/// ``field `<field>`: <problem>``, or the problem alone for the whole text.
///
/// ```
/// use pyramid_core::PositionError;
/// let error = PositionError::new("seat", "`7` is not 0 or 1");
/// assert_eq!(error.to_string(), "field `seat`: `7` is not 0 or 1");
/// assert_eq!((error.field, error.problem.as_str()), ("seat", "`7` is not 0 or 1"));
/// let count = PositionError::whole("expected 3 space-separated fields, found 2");
/// assert_eq!(count.to_string(), "expected 3 space-separated fields, found 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{}", self.message())]
pub struct PositionError {
    /// The field that is wrong, or [`PositionError::WHOLE`].
    pub field: &'static str,
    /// What is wrong with it, in words.
    pub problem: String,
}

impl PositionError {
    /// The `field` of an error about the text as a whole (its number of fields).
    pub const WHOLE: &'static str = "position";

    /// The problem `problem` with the field `field`.
    pub fn new(field: &'static str, problem: impl Into<String>) -> Self {
        PositionError {
            field,
            problem: problem.into(),
        }
    }

    /// A problem with the text as a whole ([`PositionError::WHOLE`]).
    pub fn whole(problem: impl Into<String>) -> Self {
        PositionError::new(PositionError::WHOLE, problem)
    }

    /// The message: the field, then the problem.
    fn message(&self) -> String {
        if self.field == PositionError::WHOLE {
            self.problem.clone()
        } else {
            format!("field `{}`: {}", self.field, self.problem)
        }
    }
}

impl From<crate::notation::NotationError> for PositionError {
    fn from(error: crate::notation::NotationError) -> Self {
        use crate::notation::NotationError;
        match error {
            NotationError::FieldCount {
                expected,
                found,
                names,
            } => PositionError::whole(format!(
                "expected {expected} space-separated fields ({names}), found {found}"
            )),
            NotationError::Field {
                field,
                text,
                expected,
            } => PositionError::new(field, format!("`{text}` is not {expected}")),
            NotationError::RowCount { expected, found } => PositionError::new(
                "board",
                format!("expected {expected} rows separated by `/`, found {found}"),
            ),
            NotationError::RowLength {
                rank,
                expected,
                found,
            } => PositionError::new(
                "board",
                format!("rank {rank} covers {found} squares, expected {expected}"),
            ),
            NotationError::BadPiece { rank, found } => PositionError::new(
                "board",
                format!(
                    "rank {rank} has `{found}`, which is not a piece or a count of empty squares"
                ),
            ),
        }
    }
}

impl From<RulesError> for PositionError {
    /// Rule options a position's own form (RON) carries that cannot be set.
    fn from(error: RulesError) -> Self {
        PositionError::new("rules", error.to_string())
    }
}
