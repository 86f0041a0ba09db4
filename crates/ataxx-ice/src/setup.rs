//! The unvalidated form of a state ([`Setup`], what serde reads and writes, shared by RON
//! and the position string), pure data, and [`PositionError`], why a position was refused
//! (every message names the field or the rule that failed). Its validation is next to the
//! state, in `validate.rs`.

use pyramid_core::{Size, Square};
use serde::{Deserialize, Serialize};

use crate::rules::Rules;

/// A refused position string or [`crate::Setup`]: the core's one
/// [`PositionError`](pyramid_core::PositionError), naming the field and the kind of problem
/// ([`PositionProblem`](pyramid_core::PositionProblem)).
pub use pyramid_core::PositionError;

/// One piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedPiece {
    /// Where it stands.
    pub square: Square,
    /// Its owner.
    pub seat: u8,
    /// Its size.
    pub size: Size,
}

/// A state as plain data, not yet checked: what the RON form holds, and what
/// [`AtaxxIce::try_from`](crate::AtaxxIce::try_from) validates.
///
/// `stashes` and `eliminated` follow from the board (every piece is on the board or in
/// its owner's stash; a seat without pieces on the board is eliminated); when given they
/// must agree with it, when `None` they are derived.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The rule options (seats, board size, ply limit).
    pub rules: Rules,
    /// The pieces on the board, in any order.
    pub pieces: Vec<PlacedPiece>,
    /// Each seat's stash: how many small, medium and large pieces.
    #[serde(default)]
    pub stashes: Option<Vec<[u8; 3]>>,
    /// The eliminated seats.
    #[serde(default)]
    pub eliminated: Option<Vec<u8>>,
    /// The seat to move; `None` once the board has decided the game.
    pub to_move: Option<u8>,
    /// Decision points played so far.
    pub plies: u32,
}
