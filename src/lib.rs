//! pyramid-games: rules engines for abstract games played with Looney pyramids, behind
//! one API ([`core::Game`]).
//!
//! This facade re-exports every game crate, so one dependency brings them all:
//!
//! ```
//! use pyramid_games::core::{Game, perft};
//! use pyramid_games::martian_chess::MartianChess;
//! let start = MartianChess::new(&Default::default());
//! assert_eq!(perft(&start, 2), 104);
//! ```
#![forbid(unsafe_code)]

pub use ataxx_ice;
pub use card_siege;
pub use martian_chess;
pub use stacktrices;
pub use pyramid_core as core;
