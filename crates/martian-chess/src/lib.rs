//! Martian Chess (Andrew Looney) for two or four seats, on the
//! [`pyramid_core::Game`] traits.
//!
//! Colour means nothing: a seat moves only the pieces standing in its own zone (the
//! 4x4 quarter of the board next to it), and a piece that crosses a canal into another
//! zone changes hands. Pawns step one square diagonally, drones one or two squares
//! orthogonally, queens any distance in a straight line. Moving onto a piece of another
//! zone captures it for its pips; without a queen (drone) a seat may merge its own pieces
//! into one (field promotion). The game ends as soon as any zone is empty; the highest
//! score wins, ties going to the seat that made the final move.
//!
//! The rules as implemented, the notation and every choice the rulings left open are in
//! `crates/martian-chess/docs/rules.md`.
//!
//! Rule options also offer the rules AbstractPlay plays (see [`Rules`]):
//! `clock=on` (calling the clock, a move written `b2-c3*`; a shared highest score when the
//! clock runs out is a draw), `target=N`, `undo=capture-allowed` and `variant=ofkk`
//! (Of Knights and Kings). The [`abstractplay`] module reads and writes AbstractPlay's
//! move notation, so games played there replay here.
//!
//! ```
//! use martian_chess::{Action, MartianChess, Rules};
//! use pyramid_core::prelude::*;
//! use pyramid_core::{Seat, perft};
//!
//! let mut game = MartianChess::new(&Rules::default());
//! assert_eq!(game.position(), "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0");
//! assert_eq!(game.count_actions(), 10);
//! assert_eq!(perft(&game, 3), 1328);
//!
//! // Play a few plies: seat 0's pawn captures the pawn seat 1 brought to b5.
//! for text in ["b3-a4", "c6-b5", "a4xb5"] {
//!     let action = game.parse_action(text)?;
//!     game.play(action)?;
//! }
//! assert_eq!(game.score(Seat(0)), 1);
//! assert_eq!(game.position(), "1DQQ/1PDQ/1P1D/1P2/4/D1P1/QDP1/QQD1 1 1,0 a4-b5 3");
//! // The capturing pawn crossed the canal and is now seat 1's; no undo: seat 1 may not
//! // move it straight back.
//! assert!(!game.is_legal("b5-a4".parse::<Action>()?));
//!
//! // Four seats on the 8x8 board.
//! let rules = Rules::default().with_seats(4)?;
//! assert_eq!(MartianChess::new(&rules).count_actions(), 11);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Piece conservation
//!
//! Pips are conserved: a capture moves pips from the board to the mover's score, and a
//! field promotion merges two pieces into one with the same pips (drone + pawn = queen,
//! pawn + pawn = drone). So *pips on the board + the sum of the scores* never changes;
//! from a start position it is 18 per seat (36 with two seats, 72 with four). Piece
//! counts are not conserved (a merge turns two pieces into one), so this is the form of
//! "pieces on board + captured" that holds.
//!
//! # Speed
//!
//! The board is three `u64` bitboards (one per size) over precomputed tables; a state is
//! 56 bytes and cloned freely (copy-make). [`pyramid_core::Game::count_actions`] counts
//! set-wise (one popcount per direction group), which is what perft's bulk counting uses.
//! For random playouts, [`Game::random_action`](pyramid_core::Game::random_action) and
//! [`Game::play_random`](pyramid_core::Game::play_random) draw uniformly random legal
//! moves without listing them. Figures are in
//! `docs/performance.md`; `cargo run --release -p martian-chess --example speed` measures.
//!
//! # Passing
//!
//! A seat with no legal move passes, and if every seat passes in a row the game ends.
//! On these boards a seat with a piece in its zone always has a move (its piece nearest
//! the canal can step toward it or across it, and the two-seat no-undo rule bans only
//! one move, which never is the last), so passes do not occur in practice; the engine
//! still implements them.
#![forbid(unsafe_code)]

pub mod abstractplay;
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
mod playout;
mod policy;
mod rules;
mod running_totals;
mod setup;
mod state;
#[cfg(feature = "proptest")]
pub mod strategy;
mod svg;
mod view;
mod zobrist;

pub use action::Action;
pub use rules::{CLOCK_PLIES, Rules};
pub use setup::{PositionError, Setup};
pub use state::{MartianChess, PIPS_PER_SEAT};

#[cfg(feature = "arbitrary")]
pyramid_testkit::impl_arbitrary!(MartianChess, Action);
