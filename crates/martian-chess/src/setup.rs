//! The unvalidated [`Setup`] (the serde form), pure data, and [`PositionError`] with its
//! named refusals; the checks that keep every state valid (pips, crossing) are next to
//! the state, in `validate.rs`.

use serde::{Deserialize, Serialize};

use crate::Rules;

/// Why a position string or a [`Setup`] was refused: the core's one
/// [`PositionError`](pyramid_core::PositionError), naming the field and the kind of problem
/// ([`PositionProblem`](pyramid_core::PositionProblem)).
pub use pyramid_core::PositionError;

/// The clock field `text` (rule option `clock=on`) breaks the clock's rule `rule`.
pub(crate) fn bad_clock(text: &str, rule: &'static str) -> PositionError {
    PositionError::invariant("clock", format!("`{}`", pyramid_core::excerpt(text)), rule)
}

/// The seat field `text` is not a seat of a game of `seats` seats.
pub(crate) fn bad_seat(text: &str, seats: usize) -> PositionError {
    match text.parse::<u64>() {
        Ok(seat) if !text.starts_with('+') => PositionError::out_of_range(
            "seat",
            "the seat to move",
            seat,
            0..=(seats as u64).saturating_sub(1),
        ),
        _ => PositionError::unreadable("seat", text, format!("a seat number below {seats}")),
    }
}

/// The scores field `text` is not one score per seat.
pub(crate) fn bad_scores(text: &str, seats: usize) -> PositionError {
    PositionError::unreadable("scores", text, format!("{seats} comma-separated scores"))
}

/// The unvalidated form of a state: what the serde (RON) form reads and writes. Turning
/// it into a [`MartianChess`](crate::MartianChess) runs every check of
/// [`Notation::from_position`](pyramid_core::Notation::from_position), so no invalid state can be
/// deserialised.
///
/// ```
/// use martian_chess::MartianChess;
/// use pyramid_core::prelude::*;
/// let start = MartianChess::new(&Default::default());
/// let text = ron::to_string(&start)?;
/// assert_eq!(ron::from_str::<MartianChess>(&text)?, start);
/// // A board of the wrong size is refused.
/// let bad = text.replace("\"1DQQ\"", "\"1DQQQ\"");
/// assert!(ron::from_str::<MartianChess>(&bad).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The rule options; the seat count must match the board (4 files: 2 seats, 8: 4).
    pub rules: Rules,
    /// The ranks from the top down, each as in the position string (`1DQQ`, `4`, ...).
    pub board: Vec<String>,
    /// The seat to move.
    pub to_move: u8,
    /// Captured pips, one entry per seat.
    pub scores: Vec<u16>,
    /// The previous ply's canal crossing as `from-to` (two seats only), if any.
    pub last_crossing: Option<String>,
    /// Decision points played so far.
    pub plies: u32,
    /// Rule option `clock=on` only: plies in a row without a capture (omitted when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub quiet_plies: u8,
    /// Rule option `clock=on` only: plies left on the called clock (omitted when it is
    /// not running).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub countdown: Option<u8>,
}

/// For `skip_serializing_if`.
fn is_zero(value: &u8) -> bool {
    *value == 0
}
