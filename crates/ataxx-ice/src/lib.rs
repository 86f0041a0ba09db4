//! Ataxx with Icehouse pyramids ("ataxx-ice", G. Nick D'Andrea and Sniffnoy) for 2 to 4
//! seats, on the [`pyramid_core`] traits.
//!
//! Each seat has a stash of 5 small, 5 medium and 5 large pyramids and starts with one
//! small in its corner. A turn is one action: clone a piece to a neighbouring square,
//! jump it two squares away, grow it, or shrink it; clones and jumps capture adjacent
//! enemy pieces of the same size or smaller, shrinks capture every adjacent enemy (and
//! destroy the mover's own neighbours), grows reduce every neighbour. A seat wins when all
//! 15 of its pieces are on the board or when it is the last seat with pieces. The rules
//! as implemented, the notation and the position format are in `crates/ataxx-ice/docs/rules.md`.
//!
//! - [`AtaxxIce`]: the state (12 bitboards, copy-make), implementing [`Game`](pyramid_core::Game) and the
//!   opt-in traits (notation, views, evaluation, diagram, action ids, observation);
//! - [`Action`]: `a1-b2` (clone), `a1-c3` (jump), `+d4` (grow), `-d4` (shrink), `pass`,
//!   with relocation sources in brackets (`a1-b2[e4,e5]`);
//! - [`Rules`]: seats 2 to 4, board size 5 to 8 (`size=N`), optional ply limit;
//! - [`Setup`]: the unvalidated form serde reads, checked by `AtaxxIce::try_from`.
//!
//! ```
//! use ataxx_ice::{AtaxxIce, Rules};
//! use pyramid_core::prelude::*;
//! use pyramid_core::{Seat, perft};
//!
//! let rules = Rules::default().with_seats(2)?;
//! let mut game = AtaxxIce::new(&rules);
//! assert_eq!(game.position(), "7S1/8/8/8/8/8/8/S07 0 455,455 - 0");
//! assert_eq!(perft(&game, 2), 90);
//!
//! let clone = game.parse_action("a1-b2")?;
//! game.play(clone)?;
//! assert_eq!(game.to_act(), Some(Seat(1)));
//! assert_eq!(game.position(), "7S1/8/8/8/8/8/1S06/S07 1 355,455 - 1");
//!
//! let again = AtaxxIce::from_position(&game.position(), &rules)?;
//! assert_eq!(again, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod action;
mod action_ids;
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
mod view;
mod zobrist;

pub use action::{Action, ActionKind};
pub use rules::{Rules, RulesSetup};
pub use setup::{PlacedPiece, PositionError, Setup};
pub use state::{AtaxxIce, PIECES_PER_SEAT, PIECES_PER_SIZE};

#[cfg(feature = "arbitrary")]
pyramid_testkit::impl_arbitrary!(AtaxxIce, Action);
