//! Shared foundations of the pyramid-games rules engines.
//!
//! - [`Size`]: pyramid sizes (pawn, drone, queen) and their pips;
//! - [`Square`], [`Grid`], [`Direction`]: squares named `a1`-style, boards, steps;
//! - [`Bitboard`]: a set of up to 64 squares, the board layout of every engine; [`bits`]:
//!   the bit helpers the engines share (set bits, binomials, per-byte counts, select);
//! - [`Game`] (the kernel: seat to act, outcome, actions, play), [`RuleSet`] and
//!   [`GameAction`], and the opt-in traits [`Notation`], [`Information`] (free for
//!   [`PerfectInformation`] games), [`Evaluate`], [`Diagram`], [`ActionIds`], [`PolicySpace`] and [`Observation`]; [`FullGame`]
//!   names them all. Perft, bots, matches, records and tests are written once over them;
//! - [`perft()`] with bulk counting at depth 1, [`divide`], and their parallel forms;
//! - [`Bot`], [`RandomBot`] and [`arena`] for bot games and reproducible matches;
//! - [`notation`] helpers for position strings; [`explain`] and [`svg`] for
//!   describing actions and drawing boards;
//! - [`nim`]: a tiny complete game, the smallest example of implementing [`Game`];
//! - `dynamic` (feature `dynamic`): the object-safe layer, games chosen by name at run
//!   time, states and bots behind trait objects, rule options and positions as text.
//!
//! The test tools written over these traits (the conformance harness, proptest
//! strategies, `arbitrary` inputs, fuzz bodies, criterion helpers and perft suites as
//! data) are the `pyramid-testkit` crate's, which game crates take as a dev-dependency.
//!
//! ```
//! use pyramid_core::{Game, RandomBot, arena::play_game, nim::Nim};
//! let start = Nim::new(&Default::default());
//! let (mut a, mut b) = (RandomBot::new(1), RandomBot::new(2));
//! let record = play_game(start, &mut [&mut a, &mut b], None)?;
//! assert!(record.outcome().is_some());
//! # Ok::<(), pyramid_core::arena::ArenaError>(())
//! ```
#![forbid(unsafe_code)]

pub mod arena;
mod bitboard;
pub mod bits;
mod bot;
#[cfg(feature = "dynamic")]
pub mod dynamic;
mod error;
pub mod explain;
mod game;
pub mod nim;
pub mod notation;
mod perft;
mod piece;
pub mod prelude;
mod seat;
mod square;
pub mod svg;

pub use bitboard::{Bitboard, Squares};
pub use bot::{Bot, RandomBot};
pub use error::{
    ActionParseError, EXCERPT_CHARS, PlayError, PositionError, RulesError, excerpt, parse_switch,
};
pub use game::{
    ActionIds, CommonRules, Diagram, Evaluate, FullGame, Game, GameAction, Information, Notation,
    Observation, PerfectInformation, PolicySpace, RuleSet, Svg, Zobrist, perfect_information,
    play_random_by, random_action_by_walk, zobrist_bits, zobrist_mix, zobrist_of, zobrist_table,
};
pub use perft::{divide, divide_parallel, perft, perft_parallel};
pub use piece::{Size, SizeParseError};
pub use seat::{Outcome, Seat};
pub use square::{Direction, Grid, Square, SquareError};

/// The random-number crate the traits use, re-exported so games and tools use the same
/// version.
pub use rand;
/// The seeded generator used for reproducible bots and matches.
pub use rand_chacha::ChaCha8Rng;
