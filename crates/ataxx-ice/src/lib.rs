#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

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
mod policy;
mod rules;
mod setup;
mod state;
#[cfg(feature = "proptest")]
pub mod strategy;
mod svg;
mod validate;
mod view;
mod zobrist;

pub use action::{Action, ActionKind};
pub use rules::{Rules, RulesSetup};
pub use setup::{PlacedPiece, PositionError, Setup};
pub use state::{AtaxxIce, PIECES_PER_SEAT, PIECES_PER_SIZE};

#[cfg(feature = "arbitrary")]
pyramid_testkit::impl_arbitrary!(AtaxxIce, Action);
