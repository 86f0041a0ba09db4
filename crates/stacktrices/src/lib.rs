#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod action;
mod action_ids;
mod describe;
mod diagram;
mod evaluate;
mod explain;
pub use explain::{end_reason, seat_name};
mod decision;
mod game;
mod geometry;
mod movegen;
mod notation;
mod observation;
mod piece;
mod play;
mod policy;
mod rules;
mod setup;
mod state;
#[cfg(feature = "proptest")]
pub mod strategy;
mod svg;
mod trade;
mod trade_draw;
mod validate;
mod view;
mod zobrist;

pub use action::{Action, PieceAt, Trade};
pub use geometry::{Base, GRID, Stack, StackKind};
pub use piece::{Piece, Pieces};
pub use rules::{Rules, RulesSetup, Start};
pub use setup::{PositionError, Setup, SetupStack};
pub use state::{Decision, RECEIVED, START_STORE, Stacktrices};
pub use view::StacktricesView;

#[cfg(feature = "arbitrary")]
pyramid_testkit::impl_arbitrary!(Stacktrices, Action);
