//! [`Decision`]: the decision pending in a state (what the state, its setup and its
//! notation share).

use serde::{Deserialize, Serialize};

/// The decision pending in a state (each is its own decision point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Decision {
    /// Setup phase: the seat on turn hides its vulnerability (`hide=SQ`).
    SetupHide,
    /// Setup phase: the seat on turn places a received piece (`place=K@SQ`).
    Place,
    /// The main action of the seat on turn: a move or a warp.
    Main,
    /// The mover steals from the captured thief (`steal=K@SQ`); compulsory.
    Steal,
    /// Variant 1: a drone-base stack of the mover captured; `steal=none`, or a steal
    /// (`steal=K@SQ`) when that stack is the thief.
    OptionalSteal,
    /// The victim of a thief capture hides its vulnerability again (the seat NOT on turn acts).
    VictimHide,
    /// A drone-base stack of the mover ended its move on the opponent's home row: raid
    /// (only an unbarred thief can) or `raid=none`.
    Raid,
    /// After a raid the mover hides its vulnerability again.
    Rehide,
    /// The trade at the end of the turn (or `trade=none`).
    Trade,
    /// The game is over (a side has no stack left).
    Over,
}

impl std::fmt::Display for Decision {
    /// The decision in words a player knows (`Debug` gives the variant's name).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Decision::SetupHide => "hide your thief under a drone base (setup)",
            Decision::Place => "place a received piece (setup)",
            Decision::Main => "move or warp a stack",
            Decision::Steal => "steal a piece of the captured thief",
            Decision::OptionalSteal => "steal a piece of the captured stack, or not",
            Decision::VictimHide => "hide your thief again (it was captured)",
            Decision::Raid => "raid, or not",
            Decision::Rehide => "hide your thief again after the raid",
            Decision::Trade => "trade at the trading post, or not",
            Decision::Over => "the game is over",
        })
    }
}
