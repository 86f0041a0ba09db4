//! The unvalidated form of a state (what serde and the position reader build), pure
//! data; its validation (nothing impossible gets through) is next to the state, in
//! `validate.rs`.

use pyramid_core::{Seat, Square};
use serde::{Deserialize, Serialize};

use crate::decision::Decision;
use crate::geometry::Base;
use crate::piece::Pieces;
use crate::rules::Rules;

/// One stack of a [`Setup`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupStack {
    /// Where it stands.
    pub square: Square,
    /// Its owner.
    pub owner: Seat,
    /// Its base.
    pub base: Base,
    /// Its pieces.
    pub pieces: Pieces,
}

/// An unvalidated state: the serde form of [`Stacktrices`](crate::Stacktrices). Converting it checks every rule
/// of a legal position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The rule options.
    pub rules: Rules,
    /// The stacks.
    pub stacks: Vec<SetupStack>,
    /// The store.
    pub store: Pieces,
    /// Pieces of a captured thief held apart during a steal.
    pub held: Pieces,
    /// Each seat's thief.
    pub thieves: [Option<Square>; 2],
    /// Each seat's last raider (barred while it is the thief).
    pub bars: [Option<Square>; 2],
    /// Variant 1: each seat's thief is exposed.
    pub exposed: [bool; 2],
    /// The pending decision.
    pub decision: Decision,
    /// Whether a raid follows the pending steal or victim hide.
    pub raid_due: bool,
    /// Where the stack of this turn's move stands, while a follow-up depends on it: a
    /// pending raid (`raid`, `+raid`) or a Variant 1 optional steal; `None` otherwise.
    #[serde(default)]
    pub lander: Option<Square>,
    /// The seat whose turn it is.
    pub turn: Seat,
    /// Decision points played.
    pub plies: u32,
}

/// Why a position (text or RON) was refused: the core's one
/// [`PositionError`](pyramid_core::PositionError), naming the field and the kind of problem
/// ([`PositionProblem`](pyramid_core::PositionProblem)).
pub use pyramid_core::PositionError;
