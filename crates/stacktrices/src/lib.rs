//! Stacktrices (Gregory Lattanzio): a 7x7 battle of stacks of Looney pyramids, with a
//! trading post and a hidden thief, as ruled in the pyramid-games rulings.
//!
//! Every stack stands on an opaque base; a coloured movement piece (`P D Q`) gives it 1 to
//! 3 steps and clear skill pieces (`p d q`) give it directions. A turn is a main action
//! (a move, a capture or a warp), then the follow-ups it triggers (a steal from a captured
//! thief, the victim's new hide, a raid from the opponent's home row and the re-hide),
//! then a trade at the trading post. Each of these is its own decision point
//! ([`Decision`]); the victim's hide belongs to the seat that is not on turn.
//!
//! Each side's vulnerability hides under one of its drone bases; the other seat's
//! [`StacktricesView`] does not hold it, and [`pyramid_core::Information::sample_from_view`] draws
//! it uniformly among the possible stacks.
//!
//! ```
//! use pyramid_core::prelude::*;
//! use pyramid_core::{Seat, perft};
//! use stacktrices::{Stacktrices, Rules, Start};
//!
//! let mut game = Stacktrices::new(&Rules::default().with_start(Start::Standard));
//! assert_eq!(perft(&game, 2), 1743);
//! let queen_move = game.parse_action("d1-d4")?;
//! game.play(queen_move)?;
//! let trade = game.parse_action("trade=D@b1,d@b1>Q@b1")?;
//! game.play(trade)?;
//! assert_eq!(game.to_act(), Some(Seat(1)));
//! assert_eq!(game.store().letters(), "Ddq");
//! # Ok::<(), pyramid_core::PlayError>(())
//! ```
//!
//! Trades dominate the game tree (about 320 legal trades in a mid-game trade decision):
//! [`Game::random_action`](pyramid_core::Game::random_action) and
//! [`Game::play_random`](pyramid_core::Game::play_random) pick uniformly random
//! actions without walking the list: main actions from per-stack destination masks (the
//! same choice as `RandomBot::pick` for the same random draw), trades by rejection from a
//! larger set that is cheap to count and index (uniform over the legal trades and
//! `trade=none`, but not the same choice as `RandomBot::pick`). Trade counting
//! (`count_actions`, `nth_action`) keeps a per-thread memo of 2 MiB, allocated on first use.
//!
//! Rule options: `start=setup|standard` (the setup phase by default), `variant1=on|off`,
//! `variant2=on|off`. The notation, the position string and every choice made where the
//! rulings are silent are described in `crates/stacktrices/docs/rules.md`.
#![forbid(unsafe_code)]

mod action;
mod action_ids;
mod diagram;
mod evaluate;
mod explain;
pub use explain::{end_reason, seat_name};
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
mod view;
mod zobrist;

pub use action::{Action, PieceAt, Trade};
pub use geometry::{Base, GRID, Stack, StackKind};
pub use piece::{Piece, Pieces};
pub use rules::{Rules, Start};
pub use setup::{PositionError, Setup, SetupStack};
pub use state::{Decision, RECEIVED, START_STORE, Stacktrices};
pub use view::StacktricesView;

#[cfg(feature = "arbitrary")]
pyramid_testkit::impl_arbitrary!(Stacktrices, Action);
