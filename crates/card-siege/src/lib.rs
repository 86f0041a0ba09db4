//! Card-siege: the 3x15 card game with conveyor slides and sieges, as a rules engine on
//! the [`pyramid_core`] traits.
//!
//! Two seats, Hearts (seat 0, moves first, home row 1) and Spades (seat 1, home row 3),
//! each with thirteen cards on a board of 15 files by 3 ranks. Cards slide along their
//! rank like a conveyor (the cards passed shift back toward the start square), and a
//! slide in a home row drags that row's suit's cards in the neutral row along with it
//! (the belt), which can capture or besiege. Capturing a King starts a siege that both
//! sides answer in turn until one cannot. The rules, notation, position format and every
//! choice where the rulings are silent are in `crates/card-siege/docs/rules.md`.
//!
//! ```
//! use card_siege::{CardSiege, Rules};
//! use pyramid_core::prelude::*;
//! use pyramid_core::{Seat, perft};
//!
//! // The start, with the opening restriction (home-row slides only) on by default.
//! let start = CardSiege::new(&Rules::default());
//! assert_eq!(perft(&start, 1), 75);
//!
//! // The full game from move one.
//! let rules = Rules::default().with_opening(false);
//! let mut game = CardSiege::new(&rules);
//! assert_eq!(game.count_actions(), 91);
//!
//! // The Jack of Hearts on g1 captures the Queen of Spades on i3 (an archer's leap).
//! let capture = game.parse_action("g1xi3")?;
//! game.play(capture)?;
//! assert_eq!(game.to_act(), Some(Seat(1)));
//! let again = CardSiege::from_position(&game.position(), &rules).expect("round trip");
//! assert_eq!(again, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod action;
mod action_ids;
mod card;
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
mod view;
mod zobrist;

pub use action::Action;
pub use card::{Card, CardParseError, Pattern, Rank, Suit};
pub use explain::{end_reason, seat_name};
pub use geometry::GRID;
pub use rules::{OPENING_TURNS, Rules};
pub use setup::{Placement, PositionError, Setup, StackPlace};
pub use state::{CardSiege, Phase};

#[cfg(feature = "arbitrary")]
pyramid_testkit::impl_arbitrary!(CardSiege, Action);
