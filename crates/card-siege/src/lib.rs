#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod action;
mod action_ids;
mod card;
mod describe;
mod diagram;
mod evaluate;
mod explain;
mod game;
mod geometry;
mod movegen;
mod notation;
mod observation;
mod play;
mod playout;
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

pub use action::Action;
pub use card::{Card, CardParseError, Pattern, Rank, Suit};
pub use explain::{end_reason, seat_name};
pub use geometry::GRID;
pub use rules::{OPENING_TURNS, Rules, RulesSetup};
pub use setup::{Placement, PositionError, Setup, StackPlace};
pub use state::{CardSiege, Phase};

#[cfg(feature = "arbitrary")]
pyramid_testkit::impl_arbitrary!(CardSiege, Action);
