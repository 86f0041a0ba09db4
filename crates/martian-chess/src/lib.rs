#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod abstractplay;
mod action;
mod action_ids;
mod describe;
mod diagram;
mod evaluate;
mod explain;
pub use explain::{end_reason, seat_name};
mod fast;
mod game;
mod geometry;
mod movegen;
mod notation;
mod observation;
mod play;
mod playout;
mod policy;
mod rules;
mod running_totals;
mod setup;
mod state;
#[cfg(feature = "proptest")]
pub mod strategy;
mod svg;
mod validate;
mod view;
mod zobrist;

pub use action::Action;
pub use rules::{CLOCK_PLIES, FirstSeat, Rules, RulesSetup, Target, Undo, Variant};
pub use setup::{PositionError, Setup};
pub use state::{MartianChess, PIPS_PER_SEAT};

#[cfg(feature = "arbitrary")]
pyramid_testkit::impl_arbitrary!(MartianChess, Action);
